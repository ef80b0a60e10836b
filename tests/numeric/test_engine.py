"""Numeric validation offline: figures read with their scale, sign and precision, relations found
and evaluated, mismatches reviewed, on small documents and on a real press release."""

from pathlib import Path

import openpyxl
import pytest

from holmes_backend.demo.formats import make_pdf
from holmes_backend.numeric.engine import validate
from holmes_backend.numeric.figures import FigureBook, read_tables
from holmes_backend.numeric.schemas import NumericCheck
from tests.numeric.helpers import BUCKLE, html_table, read


def _by_status(checks: list[NumericCheck], status: str) -> list[NumericCheck]:
    return [c for c in checks if c.status == status]


async def test_scale_from_the_unit_note_but_not_for_per_share(tmp_path: Path) -> None:
    page = tmp_path / "results.html"
    page.write_text(
        html_table(
            "STATEMENT OF OPERATIONS",
            "(In thousands, except per share data)",
            ["", "2024", "2023"],
            [
                ["Revenue", "$12,500", "$11,800"],
                ["Cost of revenue", "7,400", "7,000"],
                ["Gross profit", "5,100", "4,800"],
                ["Net income", "5,100", "4,800"],
                ["Basic earnings per share", "$2.55", "$2.40"],
                ["Basic weighted average shares", "2,000", "2,000"],
            ],
        )
    )
    doc = await read(page, "text/html")
    book = FigureBook()
    (table,) = read_tables(doc, book)
    revenue = table.rows[0].figures[0]
    eps = table.rows[4].figures[0]
    assert revenue is not None
    assert eps is not None
    assert (revenue.value, revenue.half_unit) == (12_500_000, 500)
    assert (float(eps.value), eps.unit) == (2.55, "per_share")  # not 2,550
    checks, findings = validate([doc])
    gross = [c for c in checks if c.subject == "Gross profit"]
    assert {c.expression for c in gross} == {"f5 = f1 - f3", "f6 = f2 - f4"}
    assert all(c.status == "verified" and c.computed == 5_100_000 for c in gross[:1])
    per_share = [c for c in checks if c.check_type == "per_share"]
    assert [c.status for c in per_share] == ["verified", "verified"]
    assert per_share[0].computed == 2.55
    assert findings == []


async def test_bracketed_negatives_are_subtracted_by_addition(tmp_path: Path) -> None:
    page = tmp_path / "assets.html"
    page.write_text(
        html_table(
            "BALANCE SHEET",
            "(Amounts in thousands)",
            ["", "December 31, 2024", "December 31, 2023"],
            [
                ["Property and equipment", "508,273", "489,037"],
                ["Less accumulated depreciation", "(365,241)", "(360,200)"],
                ["Net property and equipment", "143,032", "128,837"],
            ],
        )
    )
    checks, _ = validate([await read(page, "text/html")])
    assert [(c.check_type, c.status) for c in checks] == [("footing", "verified")] * 2
    assert checks[0].figures[2].value == -365_241_000
    assert checks[0].computation == "143,032 = 508,273 + (365,241)"


async def test_rounding_tolerance_follows_the_written_precision(tmp_path: Path) -> None:
    # In millions to one decimal: each figure may be 0.05 off, so a total of four rounded
    # figures may be 0.2 from its lines' sum; 0.3 is more than rounding can explain.
    page = tmp_path / "segments.html"
    page.write_text(
        html_table(
            "STATEMENT OF INCOME",
            "($ in millions)",
            ["", "2024", "2023", "2022"],
            [
                ["Product revenue", "1.4", "2.0", "1.0"],
                ["Service revenue", "2.4", "3.0", "1.0"],
                ["Licence revenue", "3.4", "4.0", "1.0"],
                ["Total revenue", "7.4", "9.0", "3.3"],
            ],
        )
    )
    checks, findings = validate([await read(page, "text/html")])
    by_period = {c.period: c for c in checks}
    rounded = by_period["2024"]
    assert rounded.status == "verified"
    assert rounded.difference == 200_000
    assert rounded.tolerance == 200_000
    assert by_period["2023"].status == "verified"
    broken = by_period["2022"]
    assert broken.status == "mismatch"
    assert broken.stated == 3_300_000
    assert broken.computed == 3_000_000
    assert len(findings) == 1
    assert findings[0].check_ids == [broken.check_id]


@pytest.mark.parametrize(
    "continuation", [["BALANCE SHEET (continued)", "2024 2023"], []], ids=["repeated", "bare"]
)
async def test_a_statement_split_across_pdf_pages_is_one_table(
    tmp_path: Path, continuation: list[str]
) -> None:
    pdf = tmp_path / "accounts.pdf"
    pdf.write_bytes(
        make_pdf(
            [
                [
                    "NORTHWIND TRADING LTD",
                    "BALANCE SHEET",
                    "(in thousands)",
                    "2024 2023",
                    "Cash 1,250 980",
                    "Trade receivables 3,400 3,150",
                    "Inventory 2,100 1,900",
                    "Page 1 of 2",
                ],
                [
                    *continuation,
                    "Prepayments 350 270",
                    "Total current assets 7,100 6,300",
                ],
            ]
        )
    )
    checks, findings = validate([await read(pdf, "application/pdf")])
    assert [c.status for c in checks] == ["verified", "verified"]
    first = checks[0]
    assert first.expression.count("+") == 3
    assert {f.source.page for f in first.figures} == {1, 2}
    total = first.figures[0]
    assert (total.label, total.value, total.source.page) == ("Total current assets", 7.1e6, 2)
    assert findings == []


async def test_an_invoice_whose_lines_do_not_sum_to_its_total(tmp_path: Path) -> None:
    invoice = tmp_path / "invoice.csv"
    invoice.write_text(
        "Description,Quantity,Unit Price,Amount\n"
        "Steel brackets,10,12.50,125.00\n"
        "Anchor bolts,4,50.00,200.00\n"
        "Site visit,2,30.00,60.00\n"
        "Total,,,400.00\n"
    )
    checks, findings = validate([await read(invoice, "text/csv")])
    lines = [c for c in checks if c.check_type == "line_amount"]
    assert [c.status for c in lines] == ["verified"] * 3
    (total,) = _by_status(checks, "mismatch")
    assert total.check_type == "footing"
    assert (total.stated, total.computed) == (400.0, 385.0)
    assert [f.source.row for f in total.figures] == [4, 1, 2, 3]
    assert total.computation == "400.00 = 125.00 + 200.00 + 60.00"
    (finding,) = findings
    assert finding.suspect_figure is not None
    assert finding.suspect_figure.label == "Total"
    assert {s.row for s in finding.sources} == {1, 2, 3, 4}


async def test_a_ledger_whose_running_balance_breaks(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.csv"
    ledger.write_text(
        "Date,Description,Debit,Credit,Balance\n"
        "2024-03-01,Opening balance,,,5000.00\n"
        "2024-03-02,Invoice 101 paid,,1200.00,6200.00\n"
        "2024-03-04,Rent,900.00,,5300.00\n"
        "2024-03-07,Supplier payment,450.00,,4950.00\n"
        "2024-03-09,Invoice 102 paid,,800.00,5650.00\n"
        "2024-03-12,Payroll,2100.00,,3550.00\n"
    )
    checks, findings = validate([await read(ledger, "text/csv")])
    running = [c for c in checks if c.check_type == "running_balance"]
    assert len(running) == 5
    broken = _by_status(checks, "mismatch")
    # Row 4 should read 4,850.00: its own relation and the next row's both read its balance.
    assert [c.period for c in broken] == ["row 4", "row 5"]
    assert broken[0].computed == 4850.0
    assert broken[0].stated == 4950.0
    (finding,) = findings
    assert finding.suspect_figure is not None
    assert finding.suspect_figure.written == "4950.00"
    assert finding.suspect_figure.source.row == 4
    assert all(c.suspect_figure == finding.suspect_figure.id for c in broken)


async def test_buckle_press_release_is_consistent() -> None:
    checks, findings = validate([await read(BUCKLE, "text/html", "buckle")])
    verified = _by_status(checks, "verified")
    statements = {c.statement for c in verified}
    assert "CONSOLIDATED STATEMENTS OF INCOME" in statements
    assert "CONSOLIDATED BALANCE SHEETS" in statements
    assert "narrative" in statements
    for statement in statements:
        assert sum(c.statement == statement for c in verified) >= 5, statement
    assert len(verified) >= 15
    assert _by_status(checks, "mismatch") == []
    assert findings == []
    kinds = {c.check_type for c in verified}
    assert {"footing", "difference", "per_share", "balance_identity"} <= kinds
    assert {"same_figure", "percent_change"} <= kinds
    sales = next(c for c in verified if c.check_type == "percent_change")
    assert sales.computation.startswith("decreased 3.2 percent = ")
    assert sales.figures[0].source.line == 16


async def test_doctored_buckle_flags_only_the_changed_figures(tmp_path: Path) -> None:
    html = BUCKLE.read_text()
    assert html.count("140,071") == 1
    assert html.count("3.2 percent") == 1
    doctored = tmp_path / "doctored.html"
    doctored.write_text(html.replace("140,071", "140,971").replace("3.2 percent", "3.8 percent"))
    checks, findings = validate([await read(doctored, "text/html", "doctored")])
    mismatches = _by_status(checks, "mismatch")
    assert sorted(c.subject for c in mismatches) == [
        "Gross profit",
        "INCOME FROM OPERATIONS",
        "SALES, Net of returns and allowances change",
    ]
    assert len(_by_status(checks, "verified")) == len(checks) - 3
    gross = next(c for c in mismatches if c.subject == "Gross profit")
    assert gross.computation == "140,971 = $293,618 - 153,547"
    assert (gross.stated, gross.computed) == (140_971_000, 140_071_000)
    operations = next(c for c in mismatches if c.subject == "INCOME FROM OPERATIONS")
    assert operations.computation == "54,483 = 140,971 - 85,588"
    shared = gross.figures[0]
    assert shared.written == "140,971"
    assert gross.suspect_figure == operations.suspect_figure == shared.id
    assert "Gross profit" in gross.note
    assert "140,971" in gross.note
    percent = next(c for c in mismatches if c.check_type == "percent_change")
    assert percent.suspect_figure == percent.figures[0].id
    assert percent.figures[0].written == "decreased 3.8 percent"
    assert len(findings) == 2
    named = {f.suspect_figure.written for f in findings if f.suspect_figure}
    assert named == {"140,971", "decreased 3.8 percent"}


async def test_the_same_line_in_two_documents_is_checked_across_them(tmp_path: Path) -> None:
    rows = [["Revenue", "$12,500", "$11,800"], ["Net income", "2,100", "1,900"]]
    report = tmp_path / "annual.html"
    report.write_text(
        html_table("STATEMENT OF INCOME", "(in thousands)", ["", "2024", "2023"], rows)
    )
    summary = tmp_path / "summary.html"
    altered = [["Revenue", "$12,500", "$11,800"], ["Net income", "2,400", "1,900"]]
    summary.write_text(
        html_table("STATEMENT OF INCOME", "(in thousands)", ["", "2024", "2023"], altered)
    )
    docs = [await read(report, "text/html", "annual"), await read(summary, "text/html", "summary")]
    checks, findings = validate(docs)
    across = [c for c in checks if c.check_type == "same_figure"]
    assert len(across) == 4
    (broken,) = _by_status(checks, "mismatch")
    assert (broken.subject, broken.period, broken.file_id) == ("Net income", "2024", "summary")
    assert broken.computation == "2,400 = 2,100"
    assert [f.source.file_id for f in broken.figures] == ["summary", "annual"]
    assert len(findings) == 1


async def test_a_statement_in_a_csv_with_periods_as_columns(tmp_path: Path) -> None:
    statement = tmp_path / "income.csv"
    statement.write_text(
        "Line item,2024,2023,2022\n"
        'Revenue,"12,500","11,800","10,900"\n'
        'Cost of revenue,"(7,400)","(7,000)","(6,600)"\n'
        'Gross profit,"5,100","4,900","4,300"\n'
    )
    checks, _ = validate([await read(statement, "text/csv")])
    statuses = [(c.period, c.status) for c in checks]
    assert statuses == [("2024", "verified"), ("2023", "mismatch"), ("2022", "verified")]
    broken = checks[1]
    assert broken.computation == "4,900 = 11,800 + (7,000)"
    assert [f.source.row for f in broken.figures] == [3, 1, 2]
    assert broken.statement == "income.csv"


async def test_a_statement_in_a_workbook_sheet(tmp_path: Path) -> None:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "Income"
    for row in [
        ["Line item", 2024, 2023, 2022],
        ["Revenue", 12500, 11800, 10900],
        ["Cost of revenue", -7400, -7000, -6600],
        ["Gross profit", 5100, 4900, 4300],
    ]:
        sheet.append(row)
    path = tmp_path / "accounts.xlsx"
    workbook.save(path)
    xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    checks, findings = validate([await read(path, xlsx)])
    assert [c.status for c in checks] == ["verified", "mismatch", "verified"]
    assert checks[1].computed == 4800
    assert checks[1].stated == 4900
    assert {(f.source.sheet, f.source.row) for f in checks[1].figures} == {
        ("Income", 1),
        ("Income", 2),
        ("Income", 3),
    }
    assert len(findings) == 1


@pytest.mark.parametrize("second_total", ["300.00", "310.00"])
async def test_a_long_section_is_footed_after_the_subtotal_before_it(
    tmp_path: Path, second_total: str
) -> None:
    """A ticket list in sections, each closed by its subtotal: the second subtotal sums only its
    own rows (more than a short run), not the first subtotal; a wrong one is still caught."""
    rows = ["Ticket,Product,Net t", "1,Sand,20.00", "2,Sand,30.00", ",TOTAL SAND (2),50.00"]
    rows += [f"{10 + i},Gravel,25.00" for i in range(12)]
    rows.append(f",TOTAL GRAVEL (12),{second_total}")
    tickets = tmp_path / "tickets.csv"
    tickets.write_text("\n".join(rows) + "\n")
    checks, _ = validate([await read(tickets, "text/csv")])
    last = [c for c in checks if c.subject.startswith("TOTAL GRAVEL")]
    assert len(last) == 1
    assert last[0].status == ("verified" if second_total == "300.00" else "mismatch")
    assert not [c for c in checks if c.subject.startswith("TOTAL SAND") and c.status != "verified"]
