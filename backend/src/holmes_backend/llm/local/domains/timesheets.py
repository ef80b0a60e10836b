"""Hours billed against hours present: a timesheet or invoice row bills a person's hours on a
day ("Hours: 10"), and the access records of that day (a gate, badge or sign-in log with "In"
and "Out") have them on site for far less (09:41 to 12:55). Checked at synthesis: the bills are
the financial domain's rows, the log the evidence domain's events.

A day counts when the log has both an entry and an exit of the person that day, and the time
between the first and the last is under three quarters of the hours billed and at least 90
minutes short. One contradiction per person, citing the rows and the log; HIGH from two such
days or four hours short. The person's own "every hour on my timesheet was worked" is held
against it too."""

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime

from holmes_backend.agents.schemas import Contradiction, SwornClaim, Transaction
from holmes_backend.llm.local.domains.ledger import tx_date
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.names import same_party

_HOURS = re.compile(
    r"\b(?:hours?(?:\s+worked|\s+billed)?|hrs|time\s*\(h(?:ours)?\))\s*:\s*(?P<h>\d{1,2}(?:[.,]\d+)?)",
    re.IGNORECASE,
)
_IN = re.compile(
    r"\b(?:in|entry|entered|enter|arrived?|arrival|clock(?:ed)?[ -]?in|sign(?:ed)?[ -]?in|"
    r"check(?:ed)?[ -]?in|on\s+site)\b",
    re.IGNORECASE,
)
_OUT = re.compile(
    r"\b(?:out|exit(?:ed)?|left|leave|depart(?:ed|ure)?|clock(?:ed)?[ -]?out|sign(?:ed)?[ -]?out|"
    r"check(?:ed)?[ -]?out|off\s+site)\b",
    re.IGNORECASE,
)
_DIRECTION = re.compile(r"\b(?:direction|event|action|type|status)\s*:\s*(?P<v>[^;]+)", re.I)
_IN_FIELD = re.compile(
    r"\b(?:time\s+in|in|clock(?:ed)?[ -]?in|sign(?:ed)?[ -]?in|arrived|arrival|start(?:ed)?)"
    r"(?:\s+time)?\s*:\s*(?P<t>\d{1,2}:\d{2})",
    re.IGNORECASE,
)
_OUT_FIELD = re.compile(
    r"\b(?:time\s+out|out|clock(?:ed)?[ -]?out|sign(?:ed)?[ -]?out|left|departed|departure|"
    r"end(?:ed)?|finish(?:ed)?)(?:\s+time)?\s*:\s*(?P<t>\d{1,2}:\d{2})",
    re.IGNORECASE,
)
_AFFIRMS = re.compile(
    r"\b(?:every|all|each)\s+(?:hour|day)s?\b|\bfull\s+(?:\w+[- ])?(?:hour\s+)?days?\b|"
    r"\bworked\s+(?:all|the|those|my)\s+(?:hours|days)\b|\btimesheets?\b",
    re.IGNORECASE,
)
_SHARE = 0.75
_SHORT_HOURS = 1.5
_SEVERE_HOURS = 4.0


@dataclass
class _Short:
    person: str
    day: date
    billed: float
    present: float
    first_in: datetime
    last_out: datetime
    bill: Transaction
    log: list[Item]


def hours_contradictions(
    transactions: list[Transaction], items: list[Item], claims: list[SwornClaim]
) -> list[Contradiction]:
    shorts = _short_days(transactions, items)
    by_person: dict[str, list[_Short]] = defaultdict(list)
    for short in shorts:
        key = next((k for k in by_person if same_party(k, short.person)), short.person)
        by_person[key].append(short)
    found: list[Contradiction] = []
    for person, days in by_person.items():
        days.sort(key=lambda s: s.day)
        missing = sum(s.billed - s.present for s in days)
        severity = "HIGH" if len(days) >= 2 or missing >= _SEVERE_HOURS else "MEDIUM"
        listing = "; ".join(
            f"{s.day.isoformat()}: {s.billed:g} h billed, on site {s.first_in:%H:%M}\u2013"
            f"{s.last_out:%H:%M} ({s.present:.1f} h)"
            for s in days[:6]
        )
        evidence = unique_refs(
            [ref for s in days for ref in [s.bill.source, *(i.source for i in s.log)]], 8
        )
        found.append(
            Contradiction(
                claim=days[0].bill.description[:300],
                claim_source=days[0].bill.source,
                evidence_against=evidence,
                explanation=(
                    f"{person}'s hours billed exceed their time on site by "
                    f"{missing:.1f} h over {len(days)} day(s): {listing}."
                ),
                severity=severity,
            )
        )
        for claim in claims:
            if claim.speaker and same_party(claim.speaker, person) and _AFFIRMS.search(claim.claim):
                found.append(
                    Contradiction(
                        claim=claim.claim,
                        claim_source=claim.source,
                        evidence_against=evidence,
                        explanation=f"{claim.speaker} says the hours were worked, yet: {listing}.",
                        severity=severity,
                    )
                )
    return found


def _short_days(transactions: list[Transaction], items: list[Item]) -> list[_Short]:
    found: list[_Short] = []
    for tx in transactions:
        hours = _HOURS.search(tx.description)
        day = tx_date(tx)
        people = [p for p in (tx.to_party, tx.from_party) if p]
        if hours is None or day is None or not people:
            continue
        billed = float(hours["h"].replace(",", "."))
        for person in people:
            log = [
                i
                for i in items
                if i.timed
                and i.when.date() == day
                and i.kind != "transaction"
                and i.file_id != tx.source.file_id
                and any(same_party(person, p) for p in i.people)
                and (_direction(i.description) or _row_span(i))
            ]
            ins = [i.when for i in log if _direction(i.description) == "in"]
            outs = [i.when for i in log if _direction(i.description) == "out"]
            for item in log:
                if span := _row_span(item):
                    ins.append(span[0])
                    outs.append(span[1])
            if not ins or not outs or max(outs) <= min(ins):
                continue
            present = (max(outs) - min(ins)).total_seconds() / 3600
            if present < billed * _SHARE and billed - present >= _SHORT_HOURS:
                found.append(_Short(person, day, billed, present, min(ins), max(outs), tx, log))
                break
    return found


def _row_span(item: Item) -> tuple[datetime, datetime] | None:
    """A log row with both times ("Time in: 09:41; Time out: 12:55") on the row's day."""
    came, went = _IN_FIELD.search(item.description), _OUT_FIELD.search(item.description)
    if came is None or went is None:
        return None
    start = _at(item.when, came["t"])
    end = _at(item.when, went["t"])
    return (start, end) if start and end and end > start else None


def _at(day: datetime, clock: str) -> datetime | None:
    hours, minutes = (int(part) for part in clock.split(":")[:2])
    if hours > 23 or minutes > 59:
        return None
    return day.replace(hour=hours, minute=minutes, second=0, microsecond=0)


def _direction(description: str) -> str | None:
    field = _DIRECTION.search(description)
    text = field["v"] if field else ""
    if not text:
        return None
    if _OUT.search(text):
        return "out"
    if _IN.search(text):
        return "in"
    return None
