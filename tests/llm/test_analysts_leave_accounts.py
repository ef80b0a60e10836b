"""Expense claims and accounts of work against a leave register kept as a workbook.

The register's dates are Excel date cells; the claims register names its claimant in an
"Employee" column beside the merchant and says whether a receipt came ("Receipt attached: No"
is no money received); the claimant's hard-wrapped e-mail to the auditors gives their account."""

from datetime import datetime
from pathlib import Path

import openpyxl

from holmes_backend.agents.schemas import FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, load, run, synthesis_of, text_doc

_CLAIMS = (
    "Ref,Employee,Date incurred,Merchant,Purpose,Amount EUR,Receipt attached\n"
    "C-71,Joris van der Berg,2026-04-02,Hotel Arena Gent,Site survey,164.00,Yes\n"
    "C-74,Joris van der Berg,2026-04-22,Brasserie Roosevelt,Lunch with Kuyper buyers,312.60,No\n"
    "C-75,Joris van der Berg,2026-04-23,Taxi Antwerpen,Taxi to Kuyper depot,48.10,No\n"
    "C-79,Joris van der Berg,2026-05-06,Kiosk Centraal,Coffee,4.20,No\n"
)
_ACCOUNT = (
    "Dear audit team,\n"
    "\n"
    "On 22 April I met the Kuyper buyers at Brasserie Roosevelt in Antwerp to\n"
    "review the spring orders, and the next day I visited their depot.\n"
    "On 6 May I did not work; I was at home.\n"
    "\n"
    "Joris\n"
)


async def _docs(tmp_path: Path) -> list[EvidenceDoc]:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Absences"
    sheet.append(["Name", "Leave type", "From", "To"])
    sheet.append(
        ["Joris van der Berg", "Annual leave", datetime(2026, 4, 20), datetime(2026, 4, 24)]
    )
    sheet.append(["Mette Aalbers", "Annual leave", datetime(2026, 4, 1), datetime(2026, 4, 3)])
    path = tmp_path / "leave_2026.xlsx"
    book.save(path)
    xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    return [
        await text_doc(tmp_path, "expense_claims.csv", _CLAIMS, "text/csv"),
        await load(path, xlsx),
        await email_doc(
            tmp_path,
            "reply.eml",
            {
                "From": "Joris van der Berg <j.vanderberg@example.be>",
                "To": "Internal Audit <audit@example.be>",
                "Subject": "RE: Audit query on April expenses",
                "Date": "Mon, 18 May 2026 10:02:00 +0200",
            },
            _ACCOUNT,
        ),
    ]


async def test_an_expense_row_is_its_claimants_spending_and_needs_its_receipt(
    tmp_path: Path,
) -> None:
    docs = await _docs(tmp_path)
    financial, _ = run(FinancialOutput, docs[:1])
    # "Receipt attached" names no money received: the claimant paid the merchant.
    assert [(t.from_party, t.to_party) for t in financial.transactions] == [
        ("Joris van der Berg", m)
        for m in ("Hotel Arena Gent", "Brasserie Roosevelt", "Taxi Antwerpen", "Kiosk Centraal")
    ]
    gaps = synthesis_of(docs).evidence_gaps
    [receipts] = [g for g in gaps if g.element.startswith("Receipts for")]
    assert receipts.element == (
        "Receipts for 3 expense claim(s) by Joris van der Berg totalling EUR 364.90"
    )
    assert [s.row for s in receipts.sources] == [2, 3, 4]
    # A merchant of a claim needs no contract behind it.
    assert not [g for g in gaps if g.element.startswith("Basis for")]
