"""Cash taken from someone's account while a carer, a helper or a visitor was with them, against
that person's word that they never used the card: a housebound client's ATM withdrawals at
11:42, 11:37, 11:51 and 11:45 on four days, each inside one of her carer's visits ("Time in:
11:05; Time out: 12:10"), and none on the days other carers came.

A visit is a dated row naming a person with the times they came and went ("Time in", "Arrived",
"Start" / "Time out", "Left", "Finish"). A withdrawal is a timed cash or ATM debit of an account
that is not the person's own. The denial is theirs: "I have never used her card or taken money
out for her", or a bare "No" to "Have you ever used Mrs Lowe's bank card?". Withdrawals within
the visits (from ten minutes before arriving to twenty after leaving) contradict it: HIGH when
three or more do and none of the account's withdrawals falls outside them, MEDIUM from two.
"""

import re
from datetime import datetime, timedelta

from holmes_backend.agents.schemas import Contradiction, SwornClaim, TimedEvent, Transaction
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_times, parse_iso
from holmes_backend.llm.local.facts.names import same_party

_CASH = re.compile(r"\b(?:atm|cash\s*(?:withdrawal|w/?d|machine|point)|cashpoint)\b", re.I)
_ARRIVED = re.compile(r"\b(?:time\s+in|in\s+time|arriv\w*|start\w*|check(?:ed)?[ -]?in)\b", re.I)
_LEFT = re.compile(
    r"\b(?:time\s+out|out\s+time|left|leav\w*|depart\w*|finish\w*|end(?:ed)?|"
    r"check(?:ed)?[ -]?out)\b",
    re.IGNORECASE,
)
_USED = re.compile(
    r"\b(?:us(?:e|ed|ing)|took|taken|tak(?:e|ing)|withdr[ae]w\w*|had|know|knew)\b[^.;?\]]{0,40}"
    r"\b(?:card|pin|cash|money\s+out|cashpoint|atm)\b",
    re.IGNORECASE,
)
_DENIED = re.compile(r"\b(?:no|never|not|n['\u2019]t)\b", re.IGNORECASE)
_BEFORE = timedelta(minutes=10)
_AFTER = timedelta(minutes=20)
_LISTED = 4


def _visits(events: list[TimedEvent], person: str) -> list[tuple[datetime, datetime, TimedEvent]]:
    found = []
    for event in events:
        day = parse_iso(event.timestamp)
        if day is None or not any(same_party(person, p) for p in event.people):
            continue
        fields = row_fields(event.description)
        came = [find_times(v) for k, v in fields.items() if _ARRIVED.search(k)]
        went = [find_times(v) for k, v in fields.items() if _LEFT.search(k)]
        if not (came and came[0] and went and went[0]):
            continue
        start = datetime.combine(day.date(), came[0][0][0])
        end = datetime.combine(day.date(), went[0][0][0])
        found.append((start - _BEFORE, end + _AFTER, event))
    return found


def _withdrawals(
    transactions: list[Transaction], person: str
) -> list[tuple[datetime, Transaction]]:
    found = []
    for tx in transactions:
        moment = parse_iso(tx.date)
        own = tx.from_party and same_party(person, tx.from_party)
        if moment is None or own or not _CASH.search(f"{tx.description} {tx.source.excerpt}"):
            continue
        if moment.hour or moment.minute:  # timed, not a day alone
            found.append((moment.replace(tzinfo=None), tx))
    return found


def withdrawal_contradictions(
    claims: list[SwornClaim], events: list[TimedEvent], transactions: list[Transaction]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        body = answer_of(claim).said
        if not claim.speaker or not _USED.search(claim.claim) or not _DENIED.search(body):
            continue
        visits = _visits(events, claim.speaker)
        cash = _withdrawals(transactions, claim.speaker) if visits else []
        during = [
            (when, tx, visit)
            for when, tx in cash
            for start, end, visit in visits
            if start <= when <= end
        ]
        if len(during) < 2:
            continue
        outside = len(cash) - len({id(tx) for _, tx, _ in during})
        listed = "; ".join(
            f"{when:%Y-%m-%d %H:%M} {tx.amount:,.2f}" for when, tx, _ in during[:_LISTED]
        )
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=unique_refs(
                    [ref for _, tx, visit in during for ref in (tx.source, visit.source)], 20
                ),
                explanation=(
                    f"{claim.speaker} denies using the card or taking cash, yet {len(during)} cash "
                    f"withdrawal(s) were made while they were visiting ({listed})"
                    + (
                        f", and {outside} outside their visits."
                        if outside
                        else ", and none at any other time."
                    )
                ),
                severity="HIGH" if len(during) >= 3 and not outside else "MEDIUM",
            )
        )
    return found
