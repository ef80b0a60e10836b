"""Running balances that do not follow their rows: a transfer of 1,200.00 after which the
balance fell by 2,200.00 (an amount altered after the fact). Statements that reconcile, oldest
or newest first, with debit and credit columns or one signed amount column, have no break."""

from pathlib import Path

import pytest

from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.demo.formats import make_pdf
from tests.llm.test_analysts_helpers import load, run, text_doc

_ROWS = [
    "01/03/2025,Opening balance,,,4210.55",
    "03/03/2025,DD COUNCIL TAX,142.00,,4068.55",
    "07/03/2025,FPI SALARY ACME LTD,,2650.00,6718.55",
    "12/03/2025,TFR J WHELAN,500.00,,6218.55",
    "18/03/2025,CARD TESCO STORES,86.40,,6132.15",
    "21/03/2025,TFR M OKAFOR,1200.00,,4932.15",
    "28/03/2025,DD ENERGY,95.10,,4837.05",
]
_HEADER = "Date,Description,Paid out,Paid in,Balance\n"


@pytest.mark.parametrize("newest_first", [False, True])
async def test_statements_that_reconcile(tmp_path: Path, newest_first: bool) -> None:
    rows = list(reversed(_ROWS)) if newest_first else _ROWS
    two_columns = await text_doc(tmp_path, "a.csv", _HEADER + "\n".join(rows), "text/csv")
    signed = "Date,Description,Amount,Balance\n" + "\n".join(
        f"{d},{what},{-float(out) if out else float(inn or 0)},{bal}"
        for d, what, out, inn, bal in (row.split(",") for row in rows[1:])
    )
    one_column = await text_doc(tmp_path, "b.csv", signed, "text/csv")
    output, _ = run(FinancialOutput, [two_columns, one_column])
    assert [a for a in output.anomalies if a.kind == "balance_break"] == []


async def test_balances_printed_only_at_each_days_end(tmp_path: Path) -> None:
    """Many statements print the balance on a day's last line only: the day's earlier lines
    are added in (debit and credit columns), or the statement is left alone (one unsigned
    amount column, or a printed page) rather than called broken."""
    columns = _HEADER + "\n".join(
        [
            "01/03/2025,Opening balance,,,1000.00",
            "03/03/2025,DD GAS,10.00,,",
            "03/03/2025,DD WATER,20.00,,970.00",
            "05/03/2025,FPI REFUND,,30.00,",
            "05/03/2025,CARD SHOP,5.00,,995.00",
            "07/03/2025,DD PHONE,15.00,,980.00",
            "09/03/2025,CARD CAFE,4.00,,976.00",
        ]
    )
    signed = "Date,Description,Amount,Balance\n" + "\n".join(
        [
            "03/03/2025,DD GAS,10.00,",
            "03/03/2025,DD WATER,20.00,970.00",
            "05/03/2025,CARD SHOP,5.00,965.00",
            "07/03/2025,DD PHONE,15.00,950.00",
            "09/03/2025,CARD CAFE,4.00,946.00",
        ]
    )
    page = tmp_path / "statement.pdf"
    page.write_bytes(
        make_pdf(
            [
                [
                    "01 May 2025 Balance brought forward        1,000.00",
                    "03 May 2025 DD GAS              10.00",
                    "03 May 2025 DD WATER            20.00      970.00",
                    "05 May 2025 CARD SHOP            5.00      965.00",
                    "07 May 2025 DD PHONE            15.00      950.00",
                    "09 May 2025 CARD CAFE            4.00      946.00",
                ]
            ]
        )
    )
    docs = [
        await text_doc(tmp_path, "a.csv", columns, "text/csv"),
        await text_doc(tmp_path, "b.csv", signed, "text/csv"),
        await load(page, "application/pdf"),
    ]
    output, _ = run(FinancialOutput, docs)
    assert [a for a in output.anomalies if a.kind == "balance_break"] == []
