"""Counters that run backwards: odometers, hour meters and utility meters read over time.

- Readings: a dated table row whose column is a counter ("Odometer (miles)", "Mileage",
  "Meter reading", "Engine hours") is a reading of the thing its row names (a registration, a
  serial, a meter number column) or of its file's one thing; a sentence stating a reading
  ("with 41,000 miles on the clock", "Recorded mileage at sale: 41,200") is a reading on the day
  it gives, else the day its document is dated (evidence and financial findings,
  STATED_READING).
- Synthesis: a recorded reading lower than one recorded before it says the counter was wound
  back (the lower row is held against the higher one); a stated reading lower than a reading
  recorded before its day is contradicted by it (HIGH); a denial of tampering ("I have never
  altered the odometer", "the mileage was genuine") is held against a counter wound back
  (MEDIUM: the speaker may not have done it).
"""

import re
from dataclasses import dataclass
from datetime import date

from holmes_backend.agents.schemas import Contradiction, Finding, SourceRef, SwornClaim, TimedEvent
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import told_on
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.dates import find_period, parse_iso
from holmes_backend.llm.local.facts.text import units

STATED_READING = "stated_reading"

_COUNTER = re.compile(
    r"\b(?:odometer|mileage|miles|kilomet(?:er|re)s|km|meter\s+reading|reading|hour\s*meter|"
    r"engine\s+hours|hours\s+run|counter)\b",
    re.IGNORECASE,
)
_SUBJECT = re.compile(
    r"\b(?:registration|reg(?:istration)?\.?\s*(?:no|number)?|vrm|vin|plate|vehicle|serial|"
    r"meter(?:\s+(?:no|number|id))?|asset|unit)\b",
    re.IGNORECASE,
)
_NUMBER = r"(?P<{}>\d{{1,3}}(?:[,.\s]\d{{3}})+|\d{{3,7}})"
_STATED = re.compile(
    rf"{_NUMBER.format('value')}\s*(?:miles|mi|km|kilomet(?:er|re)s)\b"
    rf"|\b(?:mileage|odometer(?:\s+reading)?|hour\s*meter|engine\s+hours|meter\s+reading)\b"
    rf"[^.;:\d]{{0,30}}[:\s]\s*{_NUMBER.format('label')}",
    re.IGNORECASE,
)
_MONTH_BEFORE = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*$", re.IGNORECASE
)
_TAMPERING = re.compile(
    r"\b(?:(?:never|not|didn['\u2019]t|did\s+not)\s+(?:\w+\s+){0,2}?(?:alter|altered|tamper|"
    r"tampered|clock|clocked|adjust|adjusted|wind|wound|roll|rolled|change|changed)\b[^.]{0,40}"
    r"\b(?:odometer|mileage|clock|meter|counter)|\b(?:mileage|odometer|reading)s?\b[^.]{0,30}"
    r"\b(?:genuine|correct|accurate|original))",
    re.IGNORECASE,
)
_DROP = 0.9  # a later reading below 90 % of an earlier one is no rounding or misreading


@dataclass
class _Reading:
    subject: str
    day: date
    value: float
    source: SourceRef


def _number(raw: str) -> float | None:
    digits = re.sub(r"[,.\s]", "", raw)
    return float(digits) if digits.isdigit() else None


def _recorded(events: list[TimedEvent]) -> list[_Reading]:
    found: list[_Reading] = []
    for event in events:
        if event.source.row is None:
            continue
        fields = row_fields(event.source.excerpt or event.description)
        counter = next((v for k, v in fields.items() if _COUNTER.search(k)), None)
        value = _number(counter.split()[0]) if counter and counter.split() else None
        when = parse_iso(event.timestamp)
        if value is None or when is None:
            continue
        subject = next((v for k, v in fields.items() if _SUBJECT.search(k) and v), "")
        key = re.sub(r"[\s-]", "", subject).upper() or event.source.file_id
        found.append(_Reading(key, when.date(), value, event.source))
    return found


def stated_readings(doc: EvidenceDoc) -> list[Finding]:
    """Readings a document states in its sentences, on the day it is dated."""
    day = told_on(doc)
    if day is None:
        return []
    found: list[Finding] = []
    for unit in units(doc):
        if unit.kind == "row" or (match := _STATED.search(unit.text)) is None:
            continue
        value = _number(match["value"] or match["label"])
        if value is None or (
            match["label"] and _MONTH_BEFORE.search(unit.text, 0, match.start("label"))
        ):
            continue  # "MILEAGE CLAIM - JUNE 2026": a month's year, no reading
        # The day the sentence gives ("in January 2026"), else the document's.
        period = find_period(unit.text, day)
        when = period[0] if period else day
        found.append(
            Finding(
                finding_type=STATED_READING,
                title=f"Reading stated: {value:,.0f} on {when.isoformat()}",
                summary=unit.text[:300],
                confidence=0.7,
                severity="LOW",
                sources=[unit.ref],
            )
        )
    return found


def _stated(finding: Finding) -> tuple[float, date] | None:
    match = re.search(r"Reading stated: ([\d,]+) on (\d{4}-\d{2}-\d{2})", finding.title)
    if match is None:
        return None
    return float(match[1].replace(",", "")), date.fromisoformat(match[2])


def meter_contradictions(
    events: list[TimedEvent], findings: list[Finding], claims: list[SwornClaim]
) -> list[Contradiction]:
    readings = sorted(_recorded(events), key=lambda r: r.day)
    found: list[Contradiction] = []
    drops: list[tuple[_Reading, _Reading]] = []
    for index, later in enumerate(readings):
        earlier = [r for r in readings[:index] if r.subject == later.subject and r.day < later.day]
        if earlier and later.value < _DROP * (peak := max(earlier, key=lambda r: r.value)).value:
            drops.append((peak, later))
            found.append(
                Contradiction(
                    claim=later.source.excerpt or f"{later.value:,.0f} on {later.day}",
                    claim_source=later.source,
                    evidence_against=[peak.source],
                    explanation=(
                        f"The counter reads {later.value:,.0f} on {later.day.isoformat()}, below "
                        f"the {peak.value:,.0f} recorded on {peak.day.isoformat()}: it was wound "
                        "back or replaced."
                    ),
                    severity="HIGH",
                )
            )
    subjects = {r.subject for r in readings}
    seen: set[tuple[str, int | None, int | None]] = set()
    for finding in findings:
        stated = _stated(finding) if finding.finding_type == STATED_READING else None
        source = finding.sources[0] if finding.sources else None
        if stated is None or source is None or len(subjects) != 1:
            continue  # which thing a sentence reads is known only when the case has one
        key = (source.file_id, source.line, source.page)
        if key in seen:
            continue
        seen.add(key)
        value, day = stated
        higher = [r for r in readings if r.day < day and r.value > value / _DROP]
        if higher:
            top = max(higher, key=lambda r: r.value)
            found.append(
                Contradiction(
                    claim=finding.summary,
                    claim_source=source,
                    evidence_against=[r.source for r in higher][:6],
                    explanation=(
                        f"It gives {value:,.0f} on {day.isoformat()}; {top.value:,.0f} was "
                        f"already recorded on {top.day.isoformat()}."
                    ),
                    severity="HIGH",
                )
            )
    if drops and len(subjects) == 1:
        peak, low = drops[0]
        for claim in claims:
            if _TAMPERING.search(claim.claim):
                found.append(
                    Contradiction(
                        claim=claim.claim,
                        claim_source=claim.source,
                        evidence_against=[peak.source, low.source],
                        explanation=(
                            f"{claim.speaker or 'The speaker'} vouches for the reading, yet the "
                            f"counter fell from {peak.value:,.0f} ({peak.day.isoformat()}) to "
                            f"{low.value:,.0f} ({low.day.isoformat()})."
                        ),
                        severity="MEDIUM",
                    )
                )
    return found
