"""An employee's tribunal statement against the records of her employer: she says she never
received a written warning (she signed for one), that nobody told her attendance was a problem
(the warning she signed for is about her attendance), and that she did not attend any
disciplinary hearing (its minutes list her as attending, in a Word table). Minutes listing her
under apologies, an unsigned letter, or a meeting of another kind contradict nothing."""

from pathlib import Path

import docx

from holmes_backend.agents.schemas import EvidenceOutput, LegalOutput, SynthesisOutput
from holmes_backend.demo.formats import mime_type_of
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.facts.dates import find_period
from tests.llm.test_analysts_helpers import findings, load, run, synthesis_of, text_doc

_STATEMENT = [
    "I, Kezia Mbatha, of 14 Alder Road, Luton, will say as follows:",
    "1. I was employed by Corvane Logistics Ltd as a warehouse operative from 3 April 2023 "
    "until my dismissal on 14 October 2025.",
    "2. I never received any written warning before I was dismissed.",
    "3. Nobody told me that my attendance was a problem.",
    "4. I was not invited to any disciplinary hearing and I did not attend one.",
    "5. I believe the facts stated in this witness statement are true.",
    "Signed: Kezia Mbatha",
]
_WARNING = """CORVANE LOGISTICS LTD

2 June 2025

PRIVATE AND CONFIDENTIAL
Ms Kezia Mbatha

FIRST WRITTEN WARNING - ATTENDANCE

Dear Kezia,

I am writing to confirm that you are given a first written warning for unsatisfactory attendance.

Howard Pell
Operations Manager

ACKNOWLEDGEMENT OF RECEIPT
I acknowledge that I have received this letter.
Signed: K. Mbatha
Date: 3 June 2025
"""
_ATTENDEES = [("Howard Pell", "Chair"), ("Kezia Mbatha", "Employee"), ("Sunita Rao", "HR")]


def _docx(path: Path, heading: str, paragraphs: list[str], rows: list[tuple[str, str]]) -> Path:
    document = docx.Document()
    document.add_heading(heading, 1)
    for text in paragraphs:
        document.add_paragraph(text)
    if rows:
        table = document.add_table(rows=0, cols=2)
        for values in rows:
            for cell, value in zip(table.add_row().cells, values, strict=True):
                cell.text = value
    document.save(str(path))
    return path


async def _docs(
    tmp_path: Path,
    warning: str = _WARNING,
    heading: str = "Disciplinary Hearing - Minutes",
    attendees: list[tuple[str, str]] = _ATTENDEES,
) -> list[EvidenceDoc]:
    statement = _docx(tmp_path / "statement_mbatha.docx", "Witness Statement", _STATEMENT, [])
    minutes = _docx(
        tmp_path / "minutes.docx",
        heading,
        ["Date: 22 September 2025, 10:00. Venue: Meeting Room 2."],
        [("Attendee", "Role"), *attendees],
    )
    return [
        await load(statement, mime_type_of(statement.name)),
        await load(minutes, mime_type_of(minutes.name)),
        await text_doc(tmp_path, "warning_letter.txt", warning),
    ]


async def test_a_signed_for_warning_and_minuted_attendance_contradict_her(
    tmp_path: Path,
) -> None:
    synthesis = synthesis_of(await _docs(tmp_path))
    received, attended, told = synthesis.contradictions
    assert received.claim == "I never received any written warning before I was dismissed."
    assert (received.severity, received.explanation) == (
        "HIGH",
        "Kezia Mbatha denies having it, yet K. Mbatha acknowledged receiving FIRST WRITTEN "
        "WARNING - ATTENDANCE on 2025-06-03 (their signed acknowledgement).",
    )
    assert [(r.file_id, r.line) for r in received.evidence_against] == [
        ("warning_letter", 18),  # "ACKNOWLEDGEMENT OF RECEIPT"
        ("warning_letter", 20),  # signed and dated
    ]
    assert attended.claim.startswith("I was not invited to any disciplinary hearing")
    assert (attended.severity, attended.explanation) == (
        "HIGH",
        "Kezia Mbatha denies attending, yet the minutes list them: Kezia Mbatha attended the "
        "Disciplinary Hearing on 2025-09-22.",
    )
    assert [(r.file_id, r.sheet, r.row) for r in attended.evidence_against] == [
        ("minutes", "Table 1", 2)
    ]
    assert told.claim == "Nobody told me that my attendance was a problem."
    assert told.severity == "MEDIUM"
    # Her years of employment are a span, not a night to corroborate; the statement of truth
    # is no claim.
    assert synthesis.evidence_gaps == []


async def test_apologies_an_unsigned_letter_or_another_kind_of_meeting(tmp_path: Path) -> None:
    unsigned = _WARNING.split("ACKNOWLEDGEMENT", maxsplit=1)[0]
    apologies = [("Howard Pell", "Chair"), ("Kezia Mbatha", "Apologies - absent")]
    assert synthesis_of(await _docs(tmp_path, unsigned, attendees=apologies)).contradictions == []
    board = await _docs(tmp_path, unsigned, heading="Board Meeting - Minutes")
    assert synthesis_of(board).contradictions == []


def test_a_period_from_one_date_until_another() -> None:
    text = "employed from 3 April 2023 until my dismissal on 14 October 2025"
    assert [d.isoformat() for d in find_period(text, None) or ()] == ["2023-04-03", "2025-10-14"]


async def test_routed_as_the_pipeline_routes_them(tmp_path: Path) -> None:
    """The minutes read by the legal agent alone, the statement and the letter by the evidence
    agent: the attendance is still held against her, and a claim spanning her years of
    employment asks for no CCTV or phone records."""
    statement, minutes, warning = await _docs(tmp_path)
    blocks = [
        findings("legal", run(LegalOutput, [minutes])[0]),
        findings("evidence", run(EvidenceOutput, [statement, warning])[0]),
        findings("files", {d.file_id: d.filename for d in (statement, minutes, warning)}, "stage"),
    ]
    synthesis, _ = run(SynthesisOutput, [], blocks=blocks)
    assert len(synthesis.contradictions) == 3
    assert synthesis.evidence_gaps == []


async def test_minutes_listing_her_apologies_bear_out_her_absence(tmp_path: Path) -> None:
    minutes = _docx(
        tmp_path / "committee_minutes.docx",
        "Minutes of the Finance Committee Meeting",
        ["Date: 12 June 2025, 14:00. Venue: Board Room."],
        [
            ("Name", "Attendance"),
            ("Laura Pike", "Present (Chair)"),
            ("Desmond Achebe", "Present"),
            ("Fiona Grant", "Apologies"),
            ("Ravi Menon", "Present"),
        ],
    )
    statement = await text_doc(
        tmp_path,
        "statement_grant.txt",
        "Witness statement of Fiona Grant\nDated 2 September 2025\n\n"
        "1. I am a trustee of Westmere Housing Trust.\n"
        "2. I did not attend the finance committee meeting on 12 June 2025; I sent my "
        "apologies.\n",
    )
    synthesis = synthesis_of([await load(minutes, mime_type_of(minutes.name)), statement])
    assert synthesis.contradictions == []
    # Her absence is borne out by the minutes: no corroboration is asked for.
    assert not [g for g in synthesis.evidence_gaps if "committee meeting" in g.element]
