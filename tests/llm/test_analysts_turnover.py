"""Takings stated against takings recorded: a deli owner's "maybe $1,500 a week, it never goes
over $2,000" against her daily sales book; a trader's "around £600 a day" and "never less than
£500 a day" against the till's Z-readings; a quarter's declared turnover against the days it
declares; records that agree, records that do not cover the period and lists of sales (dates
repeated) say nothing."""

from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

from holmes_backend.agents.schemas import FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, run, synthesis_of, text_doc

_INTERVIEW = (
    "Record of interview with Marisol Vega\n"
    "Date: 12 May 2026\n"
    "Q: You own the Vega Deli on Pine Street?\n"
    "A: Yes, since 2021.\n"
    "Q: What did the deli take in an average week in April?\n"
    "A: Maybe $1,500 a week. It never goes over $2,000.\n"
    "Q: Who else works there?\n"
    "A: My cousin Teo on Saturdays.\n"
)


def _book(first: date, last: date, amount: Callable[[date], float], closed: int = 0) -> str:
    """A daily sales book: one row a day, none on the weekday it is closed (0 = Monday)."""
    rows = ["Trading date,Total sales,Cash sales,Card sales"]
    day = first
    while day <= last:
        if day.weekday() != closed:
            total = amount(day)
            rows.append(f"{day.isoformat()},{total:.2f},{total * 0.4:.2f},{total * 0.6:.2f}")
        day += timedelta(days=1)
    return "\n".join(rows) + "\n"


def _busy(day: date) -> float:
    return 700.0 + 40 * day.weekday()  # $4,400 to $4,800 a week


async def _deli(tmp: Path, book: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "interview_vega.txt", _INTERVIEW),
        await text_doc(tmp, "daily_sales_book.csv", book, "text/csv"),
    ]


async def test_a_weekly_figure_and_its_ceiling_against_the_sales_book(tmp_path: Path) -> None:
    docs = await _deli(tmp_path, _book(date(2026, 3, 23), date(2026, 5, 3), _busy))
    financial, _ = run(FinancialOutput, docs)
    recorded = [f for f in financial.findings if f.finding_type == "takings_recorded"]
    assert len(recorded) == 36  # six weeks of six trading days
    assert recorded[0].title == "Takings of USD 740 recorded for 2026-03-24"
    claims = [c for c in synthesis_of(docs).contradictions if c.claim_source.line == 6]
    assert len(claims) == 2, [c.claim for c in claims]
    about = next(c for c in claims if c.claim.startswith("Maybe"))
    ceiling = next(c for c in claims if c.claim.startswith("It never"))
    assert about.severity == "HIGH"
    assert ceiling.severity == "HIGH"
    # April's whole weeks only (Monday 6 to Sunday 26 April), not the weeks around them.
    assert "USD 5,040 a week on average over the 3 whole week(s)" in about.explanation
    assert "2026-04-06 to 2026-04-12: USD 5,040" in ceiling.explanation
    assert "2026-03-30" not in ceiling.explanation
    assert {r.file_id for r in ceiling.evidence_against} == {"daily_sales_book"}


async def test_a_deli_taking_what_she_said_is_no_contradiction(tmp_path: Path) -> None:
    def quiet(day: date) -> float:
        return 250.0 + 10 * day.weekday()  # $1,500 to $1,800 a week

    docs = await _deli(tmp_path, _book(date(2026, 3, 23), date(2026, 5, 3), quiet))
    assert not [c for c in synthesis_of(docs).contradictions if c.claim_source.line == 6]


async def test_what_she_takes_home_is_not_what_the_deli_takes(tmp_path: Path) -> None:
    interview = _INTERVIEW.replace(
        "A: Maybe $1,500 a week. It never goes over $2,000.",
        "A: I take home maybe $300 a week out of the business.",
    )
    docs = [
        await text_doc(tmp_path, "interview_vega.txt", interview),
        await text_doc(
            tmp_path,
            "daily_sales_book.csv",
            _book(date(2026, 3, 23), date(2026, 5, 3), _busy),
            "text/csv",
        ),
    ]
    assert not [c for c in synthesis_of(docs).contradictions if c.claim_source.line == 6]


async def test_a_list_of_sales_is_not_a_daily_record(tmp_path: Path) -> None:
    book = _book(date(2026, 4, 1), date(2026, 4, 30), _busy)
    rows = book.splitlines()
    repeated = "\n".join([*rows, *rows[1:]]) + "\n"  # each day twice: sales, not days
    docs = await _deli(tmp_path, repeated)
    financial, _ = run(FinancialOutput, docs)
    assert not [f for f in financial.findings if f.finding_type == "takings_recorded"]
    assert not [c for c in synthesis_of(docs).contradictions if c.claim_source.line == 6]


_STATEMENT = (
    "Witness statement of Gareth Pryce\n"
    "Dated 2 October 2025\n"
    "1. I run Pryce Hardware on the high street in Aberaeron.\n"
    "2. Before the flood the shop took around £600 a day.\n"
    "3. On a bad day we never took less than £500 a day.\n"
    "I believe that the facts stated in this witness statement are true.\n"
)


def _z_readings(first: date, last: date, amount: Callable[[date], float]) -> str:
    rows = ["Z No,Date,Gross Sales,Net Sales,VAT,Operator"]
    day, number = first, 880
    while day <= last:
        if day.weekday() != 6:  # closed on Sundays
            gross = amount(day)
            rows.append(
                f"{number},{day.strftime('%d/%m/%Y')},£{gross:,.2f},£{gross / 1.2:,.2f},"
                f"£{gross - gross / 1.2:,.2f},Gareth Pryce"
            )
            number += 1
        day += timedelta(days=1)
    return "\n".join(rows) + "\n"


async def test_a_day_figure_and_a_floor_against_the_z_readings(tmp_path: Path) -> None:
    def trade(day: date) -> float:
        return 240.0 if day.day % 5 == 0 else 280.0 + 5 * day.weekday()

    docs = [
        await text_doc(tmp_path, "statement_pryce.txt", _STATEMENT),
        await text_doc(
            tmp_path,
            "z_readings_summer_2025.csv",
            _z_readings(date(2025, 6, 2), date(2025, 8, 30), trade),
            "text/csv",
        ),
    ]
    found = {c.claim_source.line: c for c in synthesis_of(docs).contradictions}
    assert found[4].severity == "HIGH"  # "around £600 a day" against ~£280
    assert "puts the takings at about GBP 600 a day" in found[4].explanation
    assert found[5].severity == "HIGH"  # "never less than £500": every day was less
    assert "no less than GBP 500 a day" in found[5].explanation


_RETURN = (
    "VAT RETURN\n"
    "Trader: Pryce Hardware, Aberaeron\n"
    "For the quarter ended 31 August 2025\n"
    "Box 6 Total value of sales excluding VAT: £9,800\n"
    "Box 7 Total value of purchases: £6,100\n"
    "I declare that the information given in this return is true and complete.\n"
    "Signed: Gareth Pryce\n"
)


async def test_a_quarters_declared_sales_against_the_days_it_declares(tmp_path: Path) -> None:
    def trade(day: date) -> float:
        return 420.0 + 5 * day.weekday()  # ~£33,000 over the quarter

    async def case(first: date) -> list[EvidenceDoc]:
        return [
            await text_doc(tmp_path, "vat_return_q2.txt", _RETURN),
            await text_doc(
                tmp_path,
                "z_readings.csv",
                _z_readings(first, date(2025, 8, 30), trade),
                "text/csv",
            ),
        ]

    docs = await case(date(2025, 6, 2))
    financial, _ = run(FinancialOutput, docs)
    declared = [f for f in financial.findings if f.finding_type == "takings_declared"]
    assert [f.title for f in declared] == [
        "Takings declared: GBP 9,800 for 2025-06-01 to 2025-08-31 (declared by Gareth Pryce)"
    ]
    [anomaly] = [a for a in financial.anomalies if a.kind == "takings_under_declared"]
    assert anomaly.severity == "HIGH"
    assert anomaly.sources[0].file_id == "vat_return_q2"
    [contradiction] = [
        c for c in synthesis_of(docs).contradictions if c.claim_source.file_id == "vat_return_q2"
    ]
    assert contradiction.claim.startswith("Box 6 Total value of sales")
    assert "Gareth Pryce signed a declaration" in contradiction.explanation

    # Records of August alone do not cover the quarter: nothing is read as under-declared.
    docs = await case(date(2025, 8, 1))
    financial, _ = run(FinancialOutput, docs)
    assert not [a for a in financial.anomalies if a.kind == "takings_under_declared"]


_INTERVIEW_PRYCE = (
    "Interview with Gareth Pryce\n"
    "Date: 20 October 2025\n"
    "Q: Is the figure on your VAT return correct?\n"
    "A: Yes. All of our sales are declared, every penny.\n"
    "Q: Does anyone else do your books?\n"
    "A: My bookkeeper, Ffion Rees.\n"
)


async def test_the_makers_word_that_all_is_declared(tmp_path: Path) -> None:
    def trade(day: date) -> float:
        return 420.0 + 5 * day.weekday()

    async def case(interview: str) -> list[EvidenceDoc]:
        return [
            await text_doc(tmp_path, "vat_return_q2.txt", _RETURN),
            await text_doc(tmp_path, "interview.txt", interview),
            await text_doc(
                tmp_path,
                "z_readings.csv",
                _z_readings(date(2025, 6, 2), date(2025, 8, 30), trade),
                "text/csv",
            ),
        ]

    found = {
        c.claim_source.line: c
        for c in synthesis_of(await case(_INTERVIEW_PRYCE)).contradictions
        if c.claim_source.file_id == "interview"
    }
    assert found[4].claim.startswith("All of our sales are declared")
    assert "Gareth Pryce vouches for what was declared" in found[4].explanation
    assert found[4].evidence_against[0].file_id == "vat_return_q2"
    # The bookkeeper's word is not the maker's.
    other = _INTERVIEW_PRYCE.replace("Interview with Gareth Pryce", "Interview with Ffion Rees")
    assert not [
        c
        for c in synthesis_of(await case(other)).contradictions
        if c.claim_source.file_id == "interview"
    ]


_CLAIM_FORM = (
    "BUSINESS INTERRUPTION CLAIM FORM\n"
    "Insured: Harbour Noodle Bar Ltd, 12 Dock Road, Cardiff\n"
    "Contact: Wen Li (director)\n"
    "Cause of loss: Flood, premises closed from 2 February 2026\n"
    "Average weekly turnover in the year before the flood: £9,000\n"
    "I declare that the information given on this form is true and complete.\n"
    "Signed: Wen Li\n"
)


async def test_a_claim_forms_weekly_turnover_against_the_till_export(tmp_path: Path) -> None:
    """Over-stated, on a form, against a spreadsheet; the closure the line before it dates is
    not the period of the figure."""
    import openpyxl  # noqa: PLC0415 - only this test writes a workbook

    def workbook(per_day: float) -> Path:
        book = openpyxl.Workbook()
        sheet = book.active
        assert sheet is not None
        sheet.append(["Date", "Covers", "Food sales", "Drink sales", "Total takings"])
        day = date(2025, 11, 3)
        while day < date(2026, 2, 2):
            sheet.append([day, 60, per_day * 0.7, per_day * 0.3, per_day])
            day += timedelta(days=1)
        path = tmp_path / f"till_export_{int(per_day)}.xlsx"
        book.save(path)
        return path

    form = await text_doc(tmp_path, "bi_claim_form.txt", _CLAIM_FORM)
    xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    docs = [form, await load(workbook(600.0), xlsx)]  # £4,200 a week
    [contradiction] = [
        c for c in synthesis_of(docs).contradictions if c.claim_source.file_id == "bi_claim_form"
    ]
    assert contradiction.claim.startswith("Average weekly turnover")
    assert contradiction.severity == "HIGH"  # less than half what the form gives
    assert "GBP 4,200 a week on average over the 13 whole week(s)" in contradiction.explanation
    docs = [form, await load(workbook(1250.0), xlsx)]  # £8,750 a week: about what it says
    assert not [
        c for c in synthesis_of(docs).contradictions if c.claim_source.file_id == "bi_claim_form"
    ]


async def test_printed_z_reports_one_a_page(tmp_path: Path) -> None:
    """A PDF of the till's Z-reports, one a page: each page's gross sales on its day."""
    from holmes_backend.demo.formats import make_pdf  # noqa: PLC0415 - only this test prints

    pages = []
    day = date(2026, 4, 1)
    while day <= date(2026, 4, 30):
        pages.append(
            [
                "Z REPORT  #" + str(5000 + day.day),
                f"Date: {day.strftime('%d/%m/%Y')}   Terminal: 01",
                f"GROSS SALES        ${700 + 40 * day.weekday():,.2f}",
                "NET SALES          $0.00",
                "CASH IN DRAWER     $310.00",
            ]
        )
        day += timedelta(days=1)
    path = tmp_path / "z_reports_april.pdf"
    path.write_bytes(make_pdf(pages))
    docs = [
        await text_doc(tmp_path, "interview_vega.txt", _INTERVIEW),
        await load(path, "application/pdf", path.stem),
    ]
    financial, _ = run(FinancialOutput, docs)
    recorded = [f for f in financial.findings if f.finding_type == "takings_recorded"]
    assert len(recorded) == 30
    assert recorded[0].title == "Takings of USD 780 recorded for 2026-04-01"  # a Wednesday
    claims = [c for c in synthesis_of(docs).contradictions if c.claim_source.line == 6]
    assert {c.severity for c in claims} == {"HIGH"}
    assert len(claims) == 2
