"""Documents whose file was made after the date they bear: minutes "of the meeting held on 3
March 2024" in a Word file its properties say was created on 10 January 2025.

- Evidence: a Word file (its properties travel with the file; a scanned PDF is made whenever
  the paper is scanned, and a spreadsheet or register after its first entry) whose own date (the
  first date of its opening prose: a letter's date, "Date: …", "Minutes of the meeting held on
  …") is more than 30 days before the file's creation is a finding (MEDIUM): the document was
  typed after the day it speaks for, or re-typed, which its author should explain.
- Synthesis: a witness's word that the document was made, written or signed on the day it bears
  is contradicted by it (HIGH)."""

import re
from datetime import date

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.backdating import made_on
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.dates import find_moments, parse_iso
from holmes_backend.llm.local.facts.text import units

CREATED_AFTER_DATE = "created_after_date"

_WORD = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
_HEAD = 6
_SLACK_DAYS = 30
_KINDS = re.compile(
    r"\b(minutes|agreement|contract|letter|memo(?:randum)?|invoice|report|resolution|"
    r"policy|notice|declaration|statement|note|record|plan|budget|quote|quotation)\b",
    re.IGNORECASE,
)
_TITLE = re.compile(r"^(?P<name>.+) bears the date (?P<on>\d{4}-\d{2}-\d{2}) ")


def created_after_date(doc: EvidenceDoc) -> list[Finding]:
    created = parse_iso(doc.metadata.get("created"))
    if doc.mime_type != _WORD or created is None:
        return []
    # Its own date is in its opening prose (a letter's date, "Minutes of the meeting held on
    # …"), not in a table's first row: a register is made after its first entry.
    head = [u for u in units(doc)[:_HEAD] if u.kind == "prose"]
    dated = next(((u, m) for u in head for m in find_moments(u.text)), None)
    if dated is None:
        return []
    unit, moment = dated
    late = (created.date() - moment.day).days
    if late <= _SLACK_DAYS or moment.day.year < 1990:
        return []
    kind = _KINDS.search(" ".join(u.text for u in head) + " " + doc.filename.replace("_", " "))
    return [
        Finding(
            finding_type=CREATED_AFTER_DATE,
            title=(
                f"{doc.filename} bears the date {moment.day.isoformat()} but its file was "
                f"created on {created.date().isoformat()}, {late} days later"
            ),
            summary=f"{kind[1].lower() if kind else 'document'}: {unit.text[:160]}",
            confidence=0.75,
            severity="MEDIUM",
            sources=[unit.ref],
        )
    ]


def created_after_contradictions(
    findings: list[Finding], claims: list[SwornClaim]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for record in (f for f in findings if f.finding_type == CREATED_AFTER_DATE):
        title = _TITLE.match(record.title)
        if title is None:
            continue
        kind = record.summary.partition(":")[0]
        on = date.fromisoformat(title["on"])
        for claim in claims:
            if claim.source.file_id == record.sources[0].file_id:
                continue
            if not made_on(claim.claim, "" if kind == "document" else kind, on.isoformat()):
                continue
            found.append(
                refuted(
                    claim,
                    record.sources,
                    (
                        f"{claim.speaker or 'The witness'} dates the {kind} to "
                        f"{on.isoformat()}, yet {record.title}."
                    ),
                    "HIGH",
                )
            )
    return found
