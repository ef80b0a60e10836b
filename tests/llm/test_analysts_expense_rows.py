"""Expense and card records: the currency a column's header names, total rows, routine small
spending repeated on other days, and merchants, desks and mailboxes that are nobody."""

from pathlib import Path

import pytest
from openpyxl import Workbook

from holmes_backend.contracts.agents import FinancialOutput, GraphOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, load, run, text_doc

_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


async def _naming(tmp_path: Path, code: str) -> EvidenceDoc:
    """A memo naming another currency more often than the records do: the case's currency of
    bare amounts, which a header naming its own must beat."""
    lines = [f"Budget line {n}: {code} {n * 125},00 approved." for n in range(1, 13)]
    return await text_doc(tmp_path, "budget_memo.txt", "\n".join(lines) + "\n")


@pytest.mark.parametrize(
    ("header", "named", "majority"),
    [
        ("Amount GBP", "GBP", "EUR"),
        ("Amount (EUR)", "EUR", "USD"),
        ("Betrag EUR", "EUR", "GBP"),
        ("Amount \u00a3", "GBP", "USD"),
        ("Value (USD)", "USD", "EUR"),
        ("Montant (chf)", "CHF", "EUR"),
    ],
)
async def test_the_amount_column_header_names_its_rows_currency(
    tmp_path: Path, header: str, named: str, majority: str
) -> None:
    card = await text_doc(
        tmp_path,
        "card_statement_october.csv",
        f"Posted,Shop,Town,{header}\n"
        "2024-10-07,Kortebaan Parkeren,Rotterdam,7.00\n"
        "2024-10-09,Harbourside Taxis,Rotterdam,31.40\n"
        "2024-10-11,Veldhuis Boekhandel,Delft,54.95\n",
        mime="text/csv",
    )
    output, _ = run(FinancialOutput, [card, await _naming(tmp_path, majority)])
    rows = [t for t in output.transactions if t.source.file_id == card.file_id]
    assert [(t.amount, t.currency) for t in rows] == [
        (7.0, named),
        (31.4, named),
        (54.95, named),
    ]


async def test_a_row_naming_its_own_currency_keeps_it(tmp_path: Path) -> None:
    claim = await text_doc(
        tmp_path,
        "travel_claim.csv",
        "Date,Item,Amount (EUR),Currency\n"
        "2024-06-03,Hotel night Ghent,118.00,\n"
        "2024-06-04,Train Ghent-Basel,CHF 64.20,\n"
        "2024-06-05,Ferry crossing,45.00,GBP\n",
        mime="text/csv",
    )
    output, _ = run(FinancialOutput, [claim, await _naming(tmp_path, "USD")])
    assert [(t.amount, t.currency) for t in output.transactions] == [
        (118.0, "EUR"),
        (64.2, "CHF"),
        (45.0, "GBP"),
    ]


async def test_total_rows_are_no_transactions(tmp_path: Path) -> None:
    book = Workbook()
    sheet = book.active
    sheet.title = "Claim"
    sheet.append(["Mileage and subsistence claim, September 2023, Idris Kaplan"])
    sheet.append([])
    sheet.append(["Day", "Particulars", "Type", "Cost (CAD)", "Voucher"])
    for row in (
        ("2023-09-04", "Motel night, Kamloops", "Lodging", 139.00, "V-31"),
        ("2023-09-05", "Total Fuel Stop, Merritt", "Fuel", 76.25, "V-32"),
        ("", "Subtotal", "", 215.25, ""),
        ("2023-09-18", "Working lunch, Kelowna", "Meals", 48.60, "V-33"),
        ("", "Grand total", "", 263.85, ""),
        ("", "Balance brought forward", "", 1020.00, ""),
        ("TOTAL DUE", "", "", 1283.85, ""),
    ):
        sheet.append(list(row))
    path = tmp_path / "kaplan_claim_sept.xlsx"
    book.save(path)
    output, _ = run(FinancialOutput, [await load(path, _XLSX, "claim")])
    assert sorted(t.amount for t in output.transactions) == [48.6, 76.25, 139.0]
    assert all(t.date for t in output.transactions)
    overview = next(f for f in output.findings if f.finding_type == "transactions_overview")
    assert overview.title.startswith("3 transfers totalling CAD 263.85")


async def test_a_total_labelled_in_a_column_of_figures_is_no_transaction(tmp_path: Path) -> None:
    sheet = await text_doc(
        tmp_path,
        "daywork.csv",
        "Date,Trade,Operatives,Rate GBP/h,Amount GBP\n"
        "09/03/2026,Groundworker,6,32.5,1560\n"
        "10/03/2026,Scaffolder,2,32.5,520\n"
        ",,,Total,2080\n",
        mime="text/csv",
    )
    output, _ = run(FinancialOutput, [sheet])
    assert sorted(t.amount for t in output.transactions) == [520.0, 1560.0]


async def test_small_spending_again_on_another_day_is_no_duplicate(tmp_path: Path) -> None:
    card = await text_doc(
        tmp_path,
        "card_february.csv",
        "Booking date,Merchant,Amount CHF,Card ref\n"
        "2025-02-03,ZURILINIE TICKET,4.40,\n"
        "2025-02-04,ZURILINIE TICKET,4.40,\n"
        "2025-02-05,ZURILINIE TICKET,4.40,\n"
        "2025-02-04,KIOSK HAUPTBAHNHOF,6.90,\n"
        "2025-02-06,KIOSK HAUPTBAHNHOF,6.90,\n"
        "2025-02-10,BACKEREI LINDEN,3.10,\n"
        "2025-02-10,BACKEREI LINDEN,3.10,\n"
        "2025-02-12,ALPSTEIN OPTIK,19.80,AO-5521\n"
        "2025-02-19,ALPSTEIN OPTIK,19.80,AO-5521\n"
        "2025-02-13,FELDMANN SANITAR,1875.00,\n"
        "2025-02-14,FELDMANN SANITAR,1875.00,\n",
        mime="text/csv",
    )
    output, _ = run(FinancialOutput, [card])
    flagged = {
        (a.severity, tuple(sorted(s.row for s in a.sources)))
        for a in output.anomalies
        if a.kind == "duplicate_payment"
    }
    # Only one reference charged twice: an amount again on the same or the next day is no
    # duplicate without its reference (fares, snacks, a second visit).
    assert flagged == {("HIGH", (8, 9))}


async def test_merchants_desks_and_mailboxes_are_nobody(tmp_path: Path) -> None:
    card = await text_doc(
        tmp_path,
        "corporate_card_verhoef.csv",
        "Posted,Merchant,Town,Amount EUR\n"
        "2024-10-07,VISHANDEL HOEKSTRA,ROTTERDAM,23.50\n"
        "2024-10-08,KORTEBAAN PARKEREN,ROTTERDAM,7.00\n"
        "2024-10-08,Harbourside Taxis,Rotterdam,31.00\n"
        "2024-10-09,Restaurant Zeezicht,Scheveningen,64.00\n"
        "2024-10-10,JOHAN DE BOER,ROTTERDAM,150.00\n",
        mime="text/csv",
    )
    claim = await text_doc(
        tmp_path,
        "expense_claim_verhoef.csv",
        "Date,Description,Amount (EUR)\n"
        "2024-10-11,Taxi Delfshaven Kralingen to office,27.50\n"
        "2024-10-12,Osprey Catering Ltd,88.00\n",
        mime="text/csv",
    )
    mail = await email_doc(
        tmp_path,
        "hotel_answer.eml",
        {
            "From": "Bookings <bookings@hotel-maasoever.example>",
            "To": "Annelies Verhoef <a.verhoef@brandwijk.example>",
            "Date": "Mon, 21 Oct 2024 09:15:00 +0200",
            "Subject": "Your stay",
        },
        "Dear Ms Verhoef,\n\nNo stay is recorded in your name in October.\n\n"
        "Kind regards,\nMarit Jansen\nCustomer Service Manager, Hotel Maasoever\n",
    )
    output, _ = run(GraphOutput, [card, claim, mail])
    kinds = {e.name.lower(): e.type for e in output.entities}
    assert kinds["vishandel hoekstra"] == "organization"
    assert kinds["kortebaan parkeren"] == "organization"
    assert kinds["harbourside taxis"] == "organization"
    assert kinds["restaurant zeezicht"] == "place"
    assert kinds["osprey catering ltd"] == "organization"
    assert kinds["johan de boer"] == "person"  # a given name first: a person, in capitals too
    people = {name for name, kind in kinds.items() if kind == "person"}
    assert people >= {"annelies verhoef", "marit jansen"}
    assert not [p for p in people if "taxi" in p or "bookings" in p or "maasoever" in p]
    assert "customer service" not in kinds
    assert "bookings" not in kinds
