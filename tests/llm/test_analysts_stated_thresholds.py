"""Payments split to stay under a threshold the case's own documents state (an approval limit,
a tender band), whatever language or layout the policy is in; not under one it does not."""

from pathlib import Path

from holmes_backend.contracts.agents import FinancialOutput
from tests.llm.test_analysts_helpers import run, text_doc

_LEDGER = (
    "Date,Payee,Amount,Reference\n"
    "2024-06-03,Marrowby Fitout Ltd,38750.00,PO-5511\n"
    "2024-06-07,Marrowby Fitout Ltd,37900.00,PO-5518\n"
    "2024-06-12,Marrowby Fitout Ltd,39400.00,PO-5524\n"
    "2024-06-12,Brannock Stationery,412.30,PO-5525\n"
)


def _structuring(output: FinancialOutput) -> list[str]:
    return [a.description for a in output.anomalies if a.kind == "structuring"]


async def test_split_under_a_limit_a_prose_policy_states(tmp_path: Path) -> None:
    policy = await text_doc(
        tmp_path,
        "purchasing_policy.txt",
        "Purchasing policy, March 2024.\n"
        "3.2 Any order of GBP 40,000 or more needs three written quotes and the approval of "
        "the finance director.\n",
    )
    ledger = await text_doc(tmp_path, "orders.csv", _LEDGER, "text/csv")

    output, _ = run(FinancialOutput, [policy, ledger])

    [split] = _structuring(output)
    assert "Marrowby Fitout Ltd" in split
    assert "40,000 threshold the case's documents state" in split
    assert "116,050" in split


async def test_split_under_a_band_of_a_policy_table_in_dutch(tmp_path: Path) -> None:
    policy = await text_doc(
        tmp_path,
        "inkoopbeleid.csv",
        "Opdrachtwaarde;Procedure\ntot € 40.000;1 offerte\n€ 40.000 tot € 90.000;3 offertes\n",
        "text/csv",
    )
    ledger = await text_doc(
        tmp_path,
        "bestellingen.csv",
        "Datum;Leverancier;Bedrag\n03-06-2024;Marrowby Fitout B.V.;38.750,00\n"
        "07-06-2024;Marrowby Fitout B.V.;37.900,00\n12-06-2024;Marrowby Fitout B.V.;39.400,00\n",
        "text/csv",
    )

    output, _ = run(FinancialOutput, [policy, ledger])

    [split] = _structuring(output)
    assert "Marrowby Fitout B.V." in split


async def test_no_split_without_a_stated_limit_or_across_payees(tmp_path: Path) -> None:
    ledger = await text_doc(tmp_path, "orders.csv", _LEDGER, "text/csv")
    assert _structuring(run(FinancialOutput, [ledger])[0]) == []

    policy = await text_doc(
        tmp_path, "policy.txt", "Orders of GBP 40,000 or more need three written quotes.\n"
    )
    spread = await text_doc(
        tmp_path,
        "spread.csv",
        "Date,Payee,Amount\n2024-06-03,Marrowby Fitout Ltd,38750.00\n"
        "2024-06-07,Ostler Joinery,37900.00\n2024-06-12,Quennell Glass,39400.00\n",
        "text/csv",
    )
    assert _structuring(run(FinancialOutput, [policy, spread])[0]) == []
