"""Takings stated against takings recorded: a deli owner's "maybe $1,500 a week, it never goes
over $2,000" against her daily sales book; a trader's "around £600 a day" and "never less than
£500 a day" against the till's Z-readings; a quarter's declared turnover against the days it
declares; records that agree, records that do not cover the period and lists of sales (dates
repeated) say nothing."""

from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

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
