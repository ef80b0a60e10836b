"""Deadlines missed: an agreement's "shall deliver … no later than 30 June 2024" against the
case's records of that act ("Date of delivery: 12 July 2024", "the timber will now arrive on
12 July"): when every record of it is dated after the deadline, the clause and the records
contradict each other, by so many days, at what a "per day of delay" clause of the same
agreement makes that cost; and a witness's "we delivered on time" is contradicted too, as is a
record's own word that it was (a supplier's letter: "We delivered all 12 pallets ... on 3 March
2026, on time and in full"), which is a claim of its writer's, not a record of the act.

The records are the evidence domain's findings (acts_recorded), the clauses the legal domain's:
the two meet at synthesis (deadline_contradictions), as the agents that read them may differ.
An act is known by its word's first letters (deliver, delivery; arrive, arrival: one act), so a
record need not use the clause's own verb form."""

import re
from dataclasses import dataclass
from datetime import date

from holmes_backend.agents.schemas import Clause, Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony
from holmes_backend.llm.local.domains.legal import is_contract
from holmes_backend.llm.local.domains.records import record_author
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments
from holmes_backend.llm.local.facts.money import find_money, format_money
from holmes_backend.llm.local.facts.text import Unit, units

ACT_RECORDED = "act_recorded"
ON_TIME_STATED = "on_time_stated"
# Each act by the first letters its words share; synonyms that record the same act.
_ACTS: dict[str, tuple[str, ...]] = {
    "delivery": ("deliver", "arriv", "ship", "dispatch"),
    "completion": ("complet", "finish", "hand over", "handover"),
    "payment": ("pay", "paid", "remit", "settl"),
    "submission": ("submit", "submiss", "filed", "lodg"),
    "installation": ("install",),
    "return": ("return",),
    "repayment": ("repay",),
}
_BY = re.compile(
    r"\b(?:no later than|not later than|on or before|by no later than|by|before|until)\s+"
    # a credit's or a contract's "Latest date of shipment:", "Deadline for delivery:"
    r"|^\s*(?:latest|last|final)\s+(?:date|day)\b|^\s*(?:deadline|due\s+date|expiry)\b",
    re.I,
)
_PER_DAY = re.compile(
    r"\bper (?:calendar |working |business )?day\b|\b(?:for )?(?:each|every) (?:calendar |working "
    r"|business )?day of (?:delay|lateness)\b",
    re.IGNORECASE,
)
# "2% of the order value", and its cap ("up to a maximum of 10%").
_PERCENT_OF_VALUE = re.compile(
    r"(?P<pct>\d{1,2}(?:\.\d+)?)\s?%\s+of\s+the\s+(?:order|contract|purchase)\s+(?:value|price)",
    re.I,
)
_PERCENT_CAP = re.compile(
    r"\b(?:up\s+to\s+)?(?:a\s+)?maximum\s+of\s+(?P<pct>\d{1,2}(?:\.\d+)?)\s?%", re.I
)
_ON_TIME = re.compile(
    r"\b(?:on time|in time|on schedule|punctually|before the deadline|within the deadline|"
    r"by the deadline|as (?:the )?(?:agreement|contract) required|as agreed|as required)\b",
    re.IGNORECASE,
)
_RECORDED = re.compile(r"^(?P<act>\w+) recorded on (?P<day>\d{4}-\d{2}-\d{2}) in ")
# A goods-received note's "Date received", a delivery's day in the receiver's words.
_RECEIVED_HEADER = re.compile(r"\b(?:date\s+received|received\s+(?:on|date)|goods\s+in)\b", re.I)
_PER_FILE = 5
# Where people arrive, not goods: "the arrivals hall", a timetable's "Departs 06:40 Arrives".
_PEOPLE_ARRIVING = re.compile(r"\barrivals\b|\bdepart(?:s|ed|ure|ing)?\b", re.IGNORECASE)
_NEAR = 60  # characters between an act's word and the date it is done on
_RIGHT_AFTER = 2  # the date follows "by" at once ("by 30 June"), not later in the clause


def _act(text: str) -> str | None:
    lowered = text.lower()
    for act, stems in _ACTS.items():
        if any(re.search(rf"\b{re.escape(stem)}", lowered) for stem in stems):
            return act
    return None


@dataclass
class _Deadline:
    clause: Clause
    act: str
    due: date


def _deadlines(clauses: list[Clause]) -> list[_Deadline]:
    found: list[_Deadline] = []
    for clause in clauses:
        by = _BY.search(clause.text)
        act = _act(clause.text[: by.start()]) if by else None
        moments = find_moments(clause.text[by.end() :]) if by else []
        if by and act and moments and moments[0].start <= _RIGHT_AFTER:
            found.append(_Deadline(clause, act, moments[0].day))
    return found


def _dated_act(unit: Unit) -> tuple[str, date] | None:
    """The act a record dates, and its day: in a table's row, an act its headers name
    ("Date of delivery: 12 July 2024"; not "Outcome: Completed" on a visit's date); in a
    sentence, the act written nearest a date ("the report was delivered today, 25 February")."""
    if unit.kind == "row":
        for header, value in row_fields(unit.text).items():
            act = _act(header) or ("delivery" if _RECEIVED_HEADER.search(header) else None)
            if act and (moments := find_moments(value)):
                return act, moments[0].day
        return None
    best: tuple[int, str, date] | None = None
    for moment in find_moments(unit.text):
        for act, stems in _ACTS.items():
            for stem in stems:
                for match in re.finditer(rf"\b{re.escape(stem)}", unit.text, re.IGNORECASE):
                    if stem == "arriv" and _PEOPLE_ARRIVING.search(unit.text):
                        continue  # an arrivals hall, a flight's "Departs … Arrives …": people
                    gap = min(abs(match.start() - moment.end), abs(moment.start - match.end()))
                    if gap <= _NEAR and (best is None or gap < best[0]):
                        best = (gap, act, moment.day)
    return (best[1], best[2]) if best else None


def acts_recorded(docs: list[EvidenceDoc]) -> list[Finding]:
    """Dated records of an act (delivery, completion, payment…): what a deadline is held
    against at synthesis. Agreements and testimony are no such record (a witness's "delivered
    on time" is a claim to test, not a record)."""
    found: list[Finding] = []
    for doc in docs:
        if is_contract(doc) or is_testimony(doc):
            continue
        hits = 0
        author = record_author(doc)
        for unit in units(doc)[:400]:
            if _BY.search(unit.text):
                continue
            if unit.kind != "row" and _ON_TIME.search(unit.text) and (act := _act(unit.text)):
                # The writer's word that the act was on time: theirs to answer for.
                found.append(
                    Finding(
                        finding_type=ON_TIME_STATED,
                        title=f"{act.capitalize()} on time, says {author or doc.filename}",
                        summary=unit.text[:300],
                        confidence=0.7,
                        severity="LOW",
                        entities=[author] if author else [],
                        sources=[unit.ref],
                    )
                )
                continue
            if (dated := _dated_act(unit)) is None:
                continue
            act, day = dated
            found.append(
                Finding(
                    finding_type=ACT_RECORDED,
                    title=f"{act.capitalize()} recorded on {day.isoformat()} in {doc.filename}",
                    summary=unit.text[:300],
                    confidence=0.7,
                    severity="LOW",
                    sources=[unit.ref],
                )
            )
            hits += 1
            if hits >= _PER_FILE:
                break
    return found


def recorded_act(finding: Finding) -> tuple[str, date] | None:
    """(act, day) of an act_recorded finding ("Completion recorded on 2026-04-09 in …")."""
    match = _RECORDED.match(finding.title)
    return (match["act"].lower(), date.fromisoformat(match["day"])) if match else None


def _cost_of_delay(agreement: list[Clause], late: int) -> str:
    """What the agreement's clause on lateness makes `late` days cost: a sum per day, or a
    share of the order's value per day (of the sum its payment clause gives), to its cap."""
    lateness = [c for c in agreement if _PER_DAY.search(c.text)]
    for clause in lateness:
        if rates := find_money(clause.text)[:1]:
            rate, currency = rates[0].value, rates[0].currency
            return (
                f" At {format_money(rate, currency)} per day of delay (its clause on lateness), "
                f"that is {format_money(rate * late, currency)}."
            )
    values = [c for c in agreement if c.kind == "payment_obligation" and c.amount]
    for clause in lateness:
        share = _PERCENT_OF_VALUE.search(clause.text)
        if share is None or not values:
            continue
        money = find_money(values[0].text)[:1]
        value = values[0].amount or 0.0
        code = money[0].currency if money else "USD"
        percent = float(share["pct"]) * late
        cap = _PERCENT_CAP.search(clause.text)
        if cap is not None:
            percent = min(percent, float(cap["pct"]))
        return (
            f" At {share['pct']}% of the order value per day of delay (its clause on lateness), "
            f"that is {percent:g}% of {format_money(value, code)}: "
            f"{format_money(value * percent / 100, code)}."
        )
    return ""


def deadline_contradictions(
    clauses: list[Clause], findings: list[Finding], claims: list[SwornClaim]
) -> list[Contradiction]:
    """Each deadline every record of its act misses (the clause against the records), and a
    witness's "on time" against it."""
    done = [(r, f) for f in findings if f.finding_type == ACT_RECORDED and (r := recorded_act(f))]
    found: list[Contradiction] = []
    for deadline in _deadlines(clauses) if done else []:
        records = [
            (day, f.sources[0])
            for (act, day), f in done
            if act == deadline.act and f.sources[0].file_id != deadline.clause.source.file_id
        ]
        if not records or any(day <= deadline.due for day, _ in records):
            continue  # not recorded, or recorded in time
        first = min(day for day, _ in records)
        late = (first - deadline.due).days
        cost = _cost_of_delay(
            [c for c in clauses if c.source.file_id == deadline.clause.source.file_id], late
        )
        party = deadline.clause.party
        who = (f"the {party}" if " " not in party else party) if party else "a party"
        summary = (
            f"The agreement required {who} to complete the {deadline.act} by "
            f"{deadline.due.isoformat()}; the records give it on {first.isoformat()}, {late} "
            f"day(s) late.{cost}"
        )
        evidence = unique_refs([ref for _, ref in sorted(records, key=lambda r: r[0])], 6)
        found.append(
            Contradiction(
                claim=deadline.clause.text[:500],
                claim_source=deadline.clause.source,
                evidence_against=evidence,
                explanation=summary,
                severity="HIGH",
            )
        )
        for stated in findings:
            source = stated.sources[0] if stated.sources else None
            if (
                stated.finding_type == ON_TIME_STATED
                and source is not None
                and source.file_id != deadline.clause.source.file_id
                and _act(stated.summary) == deadline.act
            ):
                writer = stated.entities[0] if stated.entities else "Its writer"
                found.append(
                    Contradiction(
                        claim=stated.summary,
                        claim_source=source,
                        evidence_against=unique_refs([deadline.clause.source, *evidence], 6),
                        explanation=f"{writer} says it was on time; {summary}",
                        severity="HIGH",
                    )
                )
        for claim in claims:
            if claim.speaker and _ON_TIME.search(claim.claim) and _act(claim.claim) == deadline.act:
                found.append(
                    Contradiction(
                        claim=claim.claim,
                        claim_source=claim.source,
                        evidence_against=unique_refs([deadline.clause.source, *evidence], 6),
                        explanation=f"{claim.speaker} says it was on time; {summary}",
                        severity="HIGH",
                    )
                )
    return found
