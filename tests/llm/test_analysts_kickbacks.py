"""A buyer's kickbacks, written unlike the other cases: a Dutch personal account export in a
workbook (an "Af Bij" column says which way each sum went, the narrative runs past the payer's
legal form: "Overboeking Brinkhorst Verpakking BV advies"), the employer's supplier payments a few
days before each. (A denial of receiving anything "from a supplier", naming none, is no longer
read as naming every payee of the employer: that rule fired on no case.)"""

from datetime import date
from pathlib import Path

import openpyxl

from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, run, text_doc

_SUPPLIERS = (
    "Payment date,Supplier,Invoice,Amount (EUR),Approved by\n"
    "2026-04-02,Brinkhorst Verpakking BV,BV-77,22400.00,Joris Tammes\n"
    "2026-05-06,Brinkhorst Verpakking BV,BV-81,23100.00,Joris Tammes\n"
    "2026-05-20,Kolding Kartong A/S,KK-5,9100.00,Femke Lutz\n"
)
_INTERVIEW = (
    "Record of interview - Joris Tammes\n"
    "Date: 1 July 2026\n"
    "Q: Are you paid by anyone besides your employer?\n"
    "A: No. I have never received any money from a supplier.\n"
)


async def _account(tmp_path: Path) -> EvidenceDoc:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Datum", "Omschrijving", "Af Bij", "Bedrag (EUR)"])
    sheet.append([date(2026, 4, 7), "Overboeking Brinkhorst Verpakking BV advies", "Bij", 1792.0])
    sheet.append([date(2026, 4, 9), "Jumbo Supermarkt Zwolle", "Af", 61.2])
    sheet.append([date(2026, 5, 11), "Overboeking Brinkhorst Verpakking BV advies", "Bij", 1848.0])
    path = tmp_path / "tammes_private_account.xlsx"
    book.save(path)
    mime = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    return await load(path, mime)


async def _docs(tmp_path: Path) -> list[EvidenceDoc]:
    return [
        await _account(tmp_path),
        await text_doc(tmp_path, "supplier_payments.csv", _SUPPLIERS, "text/csv"),
        await text_doc(tmp_path, "interview_tammes.txt", _INTERVIEW),
    ]


async def test_the_export_says_which_way_and_who_paid(tmp_path: Path) -> None:
    financial, _ = run(FinancialOutput, await _docs(tmp_path))
    private = [t for t in financial.transactions if t.source.file_id == "tammes_private_account"]
    assert [(t.from_party, t.to_party) for t in private] == [
        ("Brinkhorst Verpakking BV", None),
        (None, "Jumbo Supermarkt Zwolle"),
        ("Brinkhorst Verpakking BV", None),
    ]
