"""Conditions reported in prose: a defect ("the transmission needs a full replacement") or
arrears ("your account is 60 days past due"), each a finding citing its sentence and naming the
people the record concerns (an e-mail's sender and recipients, the people its text names).
Synthesis holds them against a witness's denial (contradictions.condition_contradictions).
Testimony is left out: a witness denies or asserts, the records report."""

import re
from datetime import date

from holmes_backend.agents.schemas import Finding
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony
from holmes_backend.llm.local.domains.timeline import doc_people
from holmes_backend.llm.local.facts import condition
from holmes_backend.llm.local.facts.dates import find_moments, parse_iso
from holmes_backend.llm.local.facts.names import kind_of
from holmes_backend.llm.local.facts.text import units

CONDITION_REPORTED = "condition_reported"
_PER_FILE = 5
_HEADING_UNITS = 4
_ON = re.compile(r" on (\d{4}-\d{2}-\d{2})$")
_PEOPLE = 6


def conditions_reported(docs: list[EvidenceDoc]) -> list[Finding]:
    found: list[Finding] = []
    for doc in docs:
        if is_testimony(doc):
            continue
        reports = [
            (unit, kind)
            for unit in units(doc)
            if unit.kind != "row" and (kind := condition.reported(unit.text))
        ][:_PER_FILE]
        if not reports:
            continue
        people = list(dict.fromkeys(p for p in doc_people(doc) if kind_of(p) == "person"))
        written = written_day(doc)
        for unit, kind in reports:
            moments = find_moments(unit.text)
            when = moments[0].day.isoformat() if moments else written
            found.append(
                Finding(
                    finding_type=CONDITION_REPORTED,
                    title=f"{'Defect' if kind == 'defect' else 'Arrears'} reported in "
                    f"{doc.filename}" + (f" on {when}" if when else ""),
                    summary=unit.text[:300],
                    confidence=0.6,
                    severity="MEDIUM",
                    entities=people[:_PEOPLE],
                    sources=[unit.ref],
                )
            )
    return found


def written_day(doc: EvidenceDoc) -> str | None:
    """The day a record was written: its e-mail date, else the first date in its heading."""
    sent = parse_iso(str(doc.metadata.get("date") or ""))
    if sent is not None:
        return sent.date().isoformat()
    for unit in units(doc)[:_HEADING_UNITS]:
        if moments := find_moments(unit.text):
            return moments[0].day.isoformat()
    return None


def written_on(finding: Finding) -> date | None:
    """The day a condition_reported finding says its record was written."""
    match = _ON.search(finding.title)
    return date.fromisoformat(match[1]) if match else None
