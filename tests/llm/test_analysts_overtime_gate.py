"""Overtime claimed in a workbook against a gate log's day rows ("Time in: 07:49; Time out:
17:05", the name written surname first), and the supervisor who approved the claims: his "I
checked every overtime claim against the gate log" and his word that the hours were worked."""

from pathlib import Path

from docx import Document
from openpyxl import Workbook

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, synthesis_of

_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def _book(path: Path, header: list[str], rows: list[tuple[object, ...]]) -> Path:
    book = Workbook()
    sheet = book.active
    sheet.append(header)
    for row in rows:
        sheet.append(list(row))
    book.save(path)
    return path


async def _docs(tmp: Path, out: str) -> list[EvidenceDoc]:
    claims = _book(
        tmp / "overtime_claims.xlsx",
        ["Employee", "Date", "Start", "Finish", "Hours", "Approved by"],
        [
            ("Leon Mbeki", "2026-09-08", "18:00", "22:00", 4, "Carla Ruiz"),
            ("Leon Mbeki", "2026-09-15", "17:30", "21:30", 4, "Carla Ruiz"),
        ],
    )
    gate = _book(
        tmp / "gate_log.xlsx",
        ["Badge", "Name", "Date", "Time in", "Time out"],
        [
            ("G-17", "MBEKI L", "08/09/2026", "07:40", out),
            ("G-17", "MBEKI L", "15/09/2026", "07:45", out),
        ],
    )
    statement = Document()
    statement.add_paragraph("Statement of Carla Ruiz, Depot Supervisor")
    statement.add_paragraph(
        "I checked every overtime claim against the gate log before approving it."
    )
    statement.add_paragraph("Leon Mbeki worked all of the overtime he claimed in September 2026.")
    statement.add_paragraph("Signed: Carla Ruiz, 1 October 2026")
    statement.save(tmp / "statement_ruiz.docx")
    return [
        await load(claims, _XLSX),
        await load(gate, _XLSX),
        await load(tmp / "statement_ruiz.docx", _DOCX),
    ]


async def test_out_after_the_finish_says_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, "22:10")).contradictions == []
