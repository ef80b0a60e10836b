"""A document whose file was made after the date it bears: minutes of a board meeting held on 3
March 2024 in a Word file created on 10 January 2025, and the chair's word that they were
written up on the day. A file created within a month of its date, or a witness speaking of
another day, is no contradiction; nor is a PDF (a scan is made whenever the paper is scanned)."""

import datetime
from pathlib import Path

import docx
from openpyxl import Workbook

from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.demo.formats import mime_type_of
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, run, synthesis_of, text_doc

_INTERVIEW = (
    "Record of interview with Alan Voss, 12 February 2025.\n\n"
    "Q: When were the minutes of the March 2024 meeting written?\n"
    "A: The minutes were written up on {day}, the day of the meeting, and signed by me.\n"
)


async def _docs(
    tmp_path: Path, created: datetime.datetime, day: str = "3 March 2024"
) -> list[EvidenceDoc]:
    document = docx.Document()
    document.add_heading("Minutes of the Board Meeting held on 3 March 2024", 1)
    document.add_paragraph("Present: Alan Voss (Chair), Priya Nandakumar, Tom Bexley.")
    document.add_paragraph("1. The board approved the agreement with Harrow Lane Advisory Ltd.")
    document.core_properties.created = created
    path = tmp_path / "board_minutes.docx"
    document.save(str(path))
    return [
        await load(path, mime_type_of(path.name)),
        await text_doc(tmp_path, "interview_voss.txt", _INTERVIEW.format(day=day)),
    ]


async def test_a_file_made_within_the_month_or_another_day_spoken_of(tmp_path: Path) -> None:
    on_time = await _docs(tmp_path, datetime.datetime(2024, 3, 5, 9, 0))
    assert synthesis_of(on_time).contradictions == []
    other_day = await _docs(tmp_path, datetime.datetime(2025, 1, 10), day="4 March 2024")
    assert synthesis_of(other_day).contradictions == []


async def test_a_register_is_made_after_its_first_entry(tmp_path: Path) -> None:
    """A ledger workbook created in April whose first row is dated January is no late document;
    nor is a Word table's first row a document's own date."""
    book = Workbook()
    sheet = book.active
    sheet.append(["Date", "Vendor", "Amount"])
    sheet.append(["2024-01-09", "Dunmore Truck Services", 4200])
    book.properties.created = datetime.datetime(2024, 4, 2)
    ledger = tmp_path / "ap_ledger.xlsx"
    book.save(ledger)
    document = docx.Document()
    table = document.add_table(rows=0, cols=2)
    for values in (("Date", "Entry"), ("9 January 2024", "Opened"), ("2 April 2024", "Closed")):
        for cell, value in zip(table.add_row().cells, values, strict=True):
            cell.text = value
    document.core_properties.created = datetime.datetime(2024, 4, 2)
    log = tmp_path / "log.docx"
    document.save(str(log))
    docs = [await load(path, mime_type_of(path.name)) for path in (ledger, log)]
    output, _ = run(EvidenceOutput, docs)
    assert [f for f in output.findings if f.finding_type == "created_after_date"] == []
