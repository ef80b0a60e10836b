"""Deadlines missed: an agreement's "shall deliver … no later than 30 June 2024" against the
case's records of that act ("Date of delivery: 12 July 2024", "the timber will now arrive on
12 July"): when every record of it is dated after the deadline, a finding says by how many days,
and what a "per day of delay" clause of the same agreement makes that cost.

An act is known by its word's first letters (deliver, delivery, delivered; arrive, arrival: one
act), so the record need not use the clause's own verb form. Synthesis holds a witness's "we
delivered on time" against the finding (late_contradictions)."""

import re
from dataclasses import dataclass
from datetime import date

from holmes_backend.agents.schemas import Clause, Contradiction, Finding, SourceRef, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments
from holmes_backend.llm.local.facts.money import find_money, format_money
from holmes_backend.llm.local.facts.text import units

DEADLINE_MISSED = "deadline_missed"
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
    r"\b(?:no later than|not later than|on or before|by no later than|by|before|until)\s+", re.I
)
_PER_DAY = re.compile(r"\bper (?:calendar |working |business )?day\b", re.IGNORECASE)
_ON_TIME = re.compile(
    r"\b(?:on time|in time|on schedule|punctually|before the deadline|within the deadline|"
    r"by the deadline|as (?:the )?(?:agreement|contract) required|as agreed|as required)\b",
    re.IGNORECASE,
)
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


def _done(docs: list[EvidenceDoc], deadline: _Deadline) -> list[tuple[date, SourceRef]]:
    """The dates the records (not the agreement itself) give the act."""
    found: list[tuple[date, SourceRef]] = []
    for doc in docs:
        if doc.file_id == deadline.clause.source.file_id:
            continue
        for unit in units(doc)[:400]:
            if _act(unit.text) != deadline.act or _BY.search(unit.text):
                continue
            moments = find_moments(unit.text)
            if moments:
                found.append((moments[0].day, unit.ref))
    return found


def missed_deadlines(docs: list[EvidenceDoc], clauses: list[Clause]) -> list[Finding]:
    findings: list[Finding] = []
    for deadline in _deadlines(clauses):
        done = _done(docs, deadline)
        if not done or any(day <= deadline.due for day, _ in done):
            continue  # not recorded, or recorded in time
        first, ref = min(done, key=lambda d: d[0])
        late = (first - deadline.due).days
        same = [
            c
            for c in clauses
            if c.source.file_id == deadline.clause.source.file_id and _PER_DAY.search(c.text)
        ]
        rate = find_money(same[0].text) if same else []
        cost = (
            f" At {format_money(rate[0].value, rate[0].currency)} per day of delay (its "
            f"clause on lateness), that is {format_money(rate[0].value * late, rate[0].currency)}."
            if rate
            else ""
        )
        party = deadline.clause.party
        who = (f"the {party}" if " " not in party else party) if party else "a party"
        findings.append(
            Finding(
                finding_type=DEADLINE_MISSED,
                title=f"{deadline.act.capitalize()} {late} day(s) late against its deadline",
                summary=(
                    f"The agreement required {who} to complete the {deadline.act} by "
                    f"{deadline.due.isoformat()} (\u201c{deadline.clause.text[:140]}\u201d); the "
                    f"records give it on {first.isoformat()}, {late} day(s) late.{cost}"
                ),
                confidence=0.75,
                severity="HIGH",
                entities=[deadline.clause.party] if deadline.clause.party else [],
                sources=unique_refs(
                    [deadline.clause.source, ref, *(r for _, r in done), *(c.source for c in same)],
                    6,
                ),
            )
        )
    return findings


def late_contradictions(findings: list[Finding], claims: list[SwornClaim]) -> list[Contradiction]:
    """A witness saying the act was done on time against a deadline the records show missed."""
    missed = [f for f in findings if f.finding_type == DEADLINE_MISSED and f.sources]
    found: list[Contradiction] = []
    for claim in claims if missed else []:
        if not _ON_TIME.search(claim.claim) or not claim.speaker:
            continue
        act = _act(claim.claim)
        against = [f for f in missed if act and f.title.lower().startswith(act)]
        if against:
            found.append(
                Contradiction(
                    claim=claim.claim,
                    claim_source=claim.source,
                    evidence_against=against[0].sources[:6],
                    explanation=f"{claim.speaker} says it was on time; {against[0].summary}",
                    severity="HIGH",
                )
            )
    return found
