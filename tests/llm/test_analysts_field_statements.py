"""Accounts written a line per figure ("Turnover: £2,310,000" under "ABRIDGED ACCOUNTS - YEAR
ENDED 31 MARCH 2025", no table) are reported figures, and a loan application's "our turnover for
the year to March 2025 was £3.6 million" is held against them. A telling that agrees, or lines
without a statement's head, are nothing."""

from pathlib import Path

from holmes_backend.analysis.facts.money import find_money, parse_cell
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_ACCOUNTS = (
    "{head}\n"
    "Prepared by: Hollis & Dane, Chartered Accountants\n\n"
    "Profit and loss account\n"
    "Turnover: £2,310,000\n"
    "Cost of sales: £1,480,000\n"
    "Creditors falling due after one year: £610,000\n"
)
_APPLICATION = (
    "BUSINESS LOAN APPLICATION - FERNHILL JOINERY LTD\n"
    "Date: 14 May 2025\n\n"
    "Our turnover for the year to March 2025 was {told}.\n"
)


async def test_agreeing_or_headless_figures_are_nothing(tmp_path: Path) -> None:
    head = "FERNHILL JOINERY LTD - ABRIDGED ACCOUNTS - YEAR ENDED 31 MARCH 2025"
    accounts = await text_doc(tmp_path, "accounts_2025.txt", _ACCOUNTS.format(head=head))
    agrees = await text_doc(
        tmp_path, "loan_application.txt", _APPLICATION.format(told="£2.31 million")
    )
    assert synthesis_of([accounts, agrees]).contradictions == []


def test_brackets_after_the_currency_mark_a_negative_amount() -> None:
    assert parse_cell("$(3,400,000)") == (-3400000.0, "USD")
    assert parse_cell("£(12,000)") == (-12000.0, "GBP")
    assert parse_cell("$(3,400,000") == (3400000.0, "USD")
    told = find_money("a loss of $(3.4 million) against fees of £1,200")
    assert [(m.value, m.currency) for m in told] == [(-3400000.0, "USD"), (1200.0, "GBP")]


_PITCH = "INVESTOR UPDATE - ORBITAL PAYMENTS INC\nDate: 3 March 2025\n\n{said}\n"
_LOAN_ACCOUNTS = (
    "ORBITAL PAYMENTS INC - AUDITED FINANCIAL STATEMENTS - YEAR ENDED DECEMBER 31, 2024\n"
    "Revenue: $8,950,000\n"
    "Bank loans: $2,750,000\n"
    "Loans to customers: $5,100,000\n"
)


async def test_no_debt_of_an_earlier_year_or_only_loans_made_are_nothing(tmp_path: Path) -> None:
    said = "In 2019 we had no bank borrowings at all."
    update = await text_doc(tmp_path, "investor_update.txt", _PITCH.format(said=said))
    accounts = await text_doc(tmp_path, "audited_2024.txt", _LOAN_ACCOUNTS)
    assert synthesis_of([accounts, update]).contradictions == []
    lent = _LOAN_ACCOUNTS.replace("Bank loans: $2,750,000\n", "")
    only_lent = await text_doc(tmp_path, "audited_2024.txt", lent)
    now = "We are debt-free."
    update = await text_doc(tmp_path, "investor_update.txt", _PITCH.format(said=now))
    assert synthesis_of([only_lent, update]).contradictions == []
    none_made = "No loan was made to the director in 2024."
    update = await text_doc(tmp_path, "investor_update.txt", _PITCH.format(said=none_made))
    assert synthesis_of([accounts, update]).contradictions == []
