"""An employee's tribunal statement against the records of her employer: she says she never
received a written warning (she signed for one), that nobody told her attendance was a problem
(the warning she signed for is about her attendance), and that she did not attend any
disciplinary hearing (its minutes list her as attending, in a Word table). Minutes listing her
under apologies, an unsigned letter, or a meeting of another kind contradict nothing."""

from pathlib import Path

import docx

from holmes_backend.demo.formats import mime_type_of
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, synthesis_of, text_doc

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


async def test_apologies_an_unsigned_letter_or_another_kind_of_meeting(tmp_path: Path) -> None:
    unsigned = _WARNING.split("ACKNOWLEDGEMENT", maxsplit=1)[0]
    apologies = [("Howard Pell", "Chair"), ("Kezia Mbatha", "Apologies - absent")]
    assert synthesis_of(await _docs(tmp_path, unsigned, attendees=apologies)).contradictions == []
    board = await _docs(tmp_path, unsigned, heading="Board Meeting - Minutes")
    assert synthesis_of(board).contradictions == []
