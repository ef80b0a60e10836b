"""An expenses workbook against the claimant's access report: a mileage row "Derby - Lincoln
return" (the journey's far end is where the claimant says they were), a second sheet of
approvals joined to the claims by their reference, and a Word access report whose table of first
in and last out names no one, its head giving the cardholder. A journey to the report's own
town, or a claim approved by someone else, is nothing to report."""

from pathlib import Path

import docx
import openpyxl

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, synthesis_of

_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


async def _docs(tmp_path: Path, journey: str, approver: str) -> list[EvidenceDoc]:
    book = openpyxl.Workbook()
    claims = book.active
    claims.title = "Claims"
    claims.append(["Claim ref", "Claimant", "Date of expense", "Category", "Description", "Amount"])
    claims.append(["TR-88", "Marta Lindqvist", "2026-04-22", "Mileage", journey, 61.20])
    claims.append(["TR-91", "Joel Amsel", "2026-04-23", "Rail", "Derby - Leicester", 14.10])
    approvals = book.create_sheet("Approvals")
    approvals.append(["Claim ref", "Approved by", "Approved on"])
    approvals.append(["TR-88", approver, "2026-04-30"])
    book.save(tmp_path / "travel_claims_april.xlsx")
    report = docx.Document()
    report.add_heading("Door access report - Derby office", 1)
    report.add_paragraph("Period: 20 to 24 April 2026. Cardholder: Marta Lindqvist (card 5521).")
    table = report.add_table(rows=1, cols=3)
    for cell, text in zip(table.rows[0].cells, ("Date", "First in", "Last out"), strict=True):
        cell.text = text
    for row in (("2026-04-21", "08:31", "16:58"), ("2026-04-22", "08:12", "17:40")):
        for cell, text in zip(table.add_row().cells, row, strict=True):
            cell.text = text
    report.save(tmp_path / "access_derby_lindqvist.docx")
    return [
        await load(tmp_path / "travel_claims_april.xlsx", _XLSX),
        await load(tmp_path / "access_derby_lindqvist.docx", _DOCX),
    ]


async def test_a_journey_to_the_reports_own_town_is_nothing(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, "Lincoln - Derby return, site survey", "K. Osei")
    assert not [c for c in synthesis_of(docs).contradictions if "attendance" in c.explanation]
