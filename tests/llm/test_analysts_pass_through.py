"""A personal account's printed statement, written unlike the other cases: one unsigned Amount
column beside the balance, each line led by its booking code ("SALARY", "TFR TO", "CARD",
"FPS CR", "DD"); money that came in and went straight out again to someone else."""

from pathlib import Path

from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.demo.formats import make_pdf
from tests.llm.test_analysts_helpers import load, run

_HEAD = [
    "MERIDIAN BANK - CURRENT ACCOUNT STATEMENT",
    "Account holder: Oskar Lindgren     Account no: 55-20-19 88120377",
    "Date        Description                          Amount       Balance",
    "01/04/2026  Opening balance                                     1,020.00",
]
_LINES = [
    "02/04/2026  SALARY NORDVIK SHIPPING                2,410.00     3,430.00",
    "03/04/2026  TFR TO K LINDGREN                        600.00     2,830.00",
    "07/04/2026  CARD ICA MAXI 0412                        72.40     2,757.60",
    "14/04/2026  FPS CR ALDER FREIGHT LTD                6,200.00     8,957.60",
    "15/04/2026  TFR TO VESTA HOLDINGS                   6,150.00     2,807.60",
    "27/04/2026  DD STOCKHOLM ENERGI                        41.90     2,765.70",
]


async def _statement(tmp_path: Path, lines: list[str]) -> FinancialOutput:
    path = tmp_path / "statement_april.pdf"
    path.write_bytes(make_pdf([[*_HEAD, *lines]]))
    financial, _ = run(FinancialOutput, [await load(path, "application/pdf")])
    return financial


async def test_pay_spent_at_once_and_money_kept_are_no_pass_through(tmp_path: Path) -> None:
    lines = [
        "02/04/2026  SALARY NORDVIK SHIPPING                2,410.00     3,430.00",
        "03/04/2026  TFR TO SKARP LETTINGS                 2,400.00     1,030.00",
        "14/04/2026  FPS CR ALDER FREIGHT LTD                6,200.00     7,230.00",
        "20/04/2026  TFR TO VESTA HOLDINGS                   6,150.00     1,080.00",
    ]
    financial = await _statement(tmp_path, lines)
    assert len(financial.transactions) == 4
    assert not [a for a in financial.anomalies if a.kind == "pass_through"]
