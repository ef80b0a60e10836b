"""A bankrupt's statement of affairs, answered question by question, against the records: a
title register showing their house passed to their wife for GBP 1, and a bank export paying
their brother; answers the records bear out give no contradiction."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_AFFAIRS = (
    "STATEMENT OF AFFAIRS OF GRAHAM PETTIFER-HOLT\n"
    "Date of bankruptcy order: 2 April 2026\n"
    "Section 9 - Transfers and gifts\n"
    "Have you sold, transferred or given away any property, money or assets in the two years "
    "before the bankruptcy order?  No.\n"
    "Section 10 - Payments to family\n"
    "Have you made any payments to relatives in the last two years?  No.\n"
    "Statement of truth: I believe that the facts stated in this statement of affairs are true.\n"
    "Signed: Graham Pettifer-Holt\n"
)
_TITLE = (
    "HM Land Registry - Official copy of register of title\n"
    "Title number: WK448120\n"
    "Property: 7 Orchard Rise, Kenilworth CV8 2QP\n"
    "B: Proprietorship Register\n"
    "1. (18 December 2025) PROPRIETOR: SANDRA PETTIFER-HOLT of 7 Orchard Rise, Kenilworth.\n"
    "2. (18 December 2025) The price stated to have been paid on 11 December 2025 was GBP 1.\n"
    "3. Previous proprietor: GRAHAM PETTIFER-HOLT (registered 3 May 2011).\n"
)
_BANK = (
    "Date,Description,Paid out,Paid in,Balance\n"
    "09/01/2026,FPO N PETTIFER-HOLT REF LOAN REPAY,40000.00,,8210.55\n"
    "15/01/2026,DD BRITISH GAS,112.40,,8098.15\n"
    "31/01/2026,SALARY ACME TOOLING,,2840.00,10938.15\n"
    "04/02/2026,FPO N PETTIFER-HOLT REF GIFT,5000.00,,5938.15\n"
)


async def _docs(tmp_path: Path, title: str = _TITLE, bank: str = _BANK) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_of_affairs.txt", _AFFAIRS),
        await text_doc(tmp_path, "title_wk448120.txt", title),
        await text_doc(tmp_path, "bank_export.csv", bank, "text/csv"),
    ]


async def test_answers_the_records_bear_out(tmp_path: Path) -> None:
    """Someone else's house changing hands, and payments to strangers and to the bankrupt
    himself, are not what he denied."""
    title = _TITLE.replace("GRAHAM PETTIFER-HOLT", "MARTIN ASHCROFT")
    bank = (
        _BANK.replace("N PETTIFER-HOLT", "K ODUYA").replace("REF GIFT", "REF RENT")
        + "05/02/2026,FPO G PETTIFER-HOLT REF SAVINGS,300.00,,5638.15\n"
    )
    assert synthesis_of(await _docs(tmp_path, title, bank)).contradictions == []
