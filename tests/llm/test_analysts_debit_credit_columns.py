"""A statement typed as plain text, one line a file line: Debit and Credit columns with one of
them left blank on each line (so a line has fewer cells than its header has columns), dates
written day-first with hyphens ("07-03-2024"), amounts the continental way. Each line's money
goes the way the column it stands under says, and its date is read whichever way it is written."""

from pathlib import Path

import pytest

from holmes_backend.analysis.facts.dates import find_moments
from holmes_backend.contracts.agents import FinancialOutput
from tests.llm.test_analysts_helpers import run, text_doc

_STATEMENT = [
    "Harbour Savings Bank - Account statement",
    "Account holder: Tamsin Okafor",
    "Date        Description                                 Debit (EUR)    Credit (EUR)",
    "07-03-2024  SEPA transfer Quillon Advisory BV                49.900,00",
    "21-03-2024  SEPA transfer Quillon Advisory BV                49.750,00",
    "15-04-2024  Customer receipt Marlowe Apotheek                               212.400,00",
    "30-04-2024  Card payment Veldhuis Kantoorartikelen               86,15",
]


async def _moved(
    tmp_path: Path, lines: list[str]
) -> list[tuple[str, float, str | None, str | None]]:
    doc = await text_doc(tmp_path, "statement_march_april.txt", "\n".join(lines) + "\n")
    financial, _ = run(FinancialOutput, [doc])
    return [(t.date, t.amount, t.from_party, t.to_party) for t in financial.transactions]


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("07-03-2024", ["2024-07-03"]),  # ambiguous, no day-first evidence: month first
        ("21-03-2024", ["2024-03-21"]),  # only day first reads
        ("03-21-2024", ["2024-03-21"]),  # only month first reads
        ("ref 12-03-24", []),  # a two-digit year after hyphens is a reference
        ("tel 020-12-03-2024", []),  # inside a longer run of numbers
        ("2024-07-03", ["2024-07-03"]),  # ISO stays ISO
    ],
)
def test_hyphenated_numeric_dates(text: str, iso: list[str]) -> None:
    assert [m.iso() for m in find_moments(text)] == iso


_CREDIT_UNION = [
    "Coastal Federal Credit Union",
    "Member: Rosa Delgado",
    "Date        Transaction                              Withdrawals    Deposits      Balance",
    "05/02/2025  ACH PAYROLL BRIGHTLINE MEDICAL                           3,412.18      5,120.40",
    "05/06/2025  ZELLE TO MARCO DELGADO                       900.00                    4,220.40",
    "05/09/2025  CHECK 1042                                 1,250.00                    2,970.40",
]


_CHANNEL_FIRST = (
    "Date,Description,Debit,Credit,Balance\n"
    '14/08/2023,ONLINE TRANSFER TO K J OSEI 112-004 55012 REF MARQUEE,"9,400.00",,"3,100.00"\n'
    '27/09/2023,INTERNET DEPOSIT FROM K OSEI REF REFUND,,"9,400.00","12,500.00"\n'
)


async def test_a_banks_channel_before_the_booking_type(tmp_path: Path) -> None:
    # "ONLINE TRANSFER TO …", "INTERNET DEPOSIT FROM …": the other side is named after the
    # booking type whatever channel comes first; initials and a surname are a person's name.
    doc = await text_doc(tmp_path, "landcare_statement.csv", _CHANNEL_FIRST, "text/csv")
    financial, _ = run(FinancialOutput, [doc])
    assert [(t.date, t.amount, t.from_party, t.to_party) for t in financial.transactions] == [
        ("2023-08-14", 9400.0, None, "K J Osei"),
        ("2023-09-27", 9400.0, "K Osei", None),
    ]
