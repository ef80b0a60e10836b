"""What a witness denies of their own account, against its statement (a PDF): cash paid in ("I
have never deposited large sums of cash" against three deposits of 9,500 to 9,800), money sent
abroad ("I have never sent money abroad" against 28,000 to a Dubai free-zone company), and one
source of income ("My only income is my salary from Kirkstall Motors" against 29,000 paid in
from elsewhere). A statement of salary and household bills alone contradicts none of them. The
statement names no currency: a UK bank's PLC and its sort-coded account make it pounds."""

from pathlib import Path

from holmes_backend.analysis.facts.conventions import decide
from holmes_backend.contracts.agents import FinancialOutput, SynthesisOutput
from holmes_backend.demo.formats import make_pdf
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, run, synthesis_of, text_doc

_HEAD = [
    "NORTHERN ALLIED BANK PLC",
    "Current Account Statement",
    "Account holder: Mr Kwame Asante-Boateng",
    "Account number: 40-22-19 71839402",
    "",
    "Date        Description                          Paid out     Paid in      Balance",
    "01/09/2026  Opening balance                                                 1,204.55",
]
_SUSPECT = [
    "02/09/2026  CASH DEPOSIT LEEDS BRIGGATE BR                    9,500.00    10,704.55",
    "03/09/2026  CASH DEPOSIT HARROGATE BR                         9,800.00    20,504.55",
    "05/09/2026  CASH DEPOSIT YORK CONEY ST BR                     9,700.00    30,204.55",
    "08/09/2026  FPO TO DELTA TRADING FZE DUBAI    28,000.00                    2,204.55",
]
_ORDINARY = [
    "03/09/2026  DD BRITISH GAS                        84.20                    1,120.35",
    "15/09/2026  SALARY KIRKSTALL MOTORS LTD                       2,310.00     3,430.35",
]
_INTERVIEW = (
    "Interview with Kwame Asante-Boateng, 12 October 2026, conducted by DC Helen Marr.\n\n"
    "HM: Have you paid large amounts of cash into your account?\n"
    "KA: No. I have never deposited large sums of cash. My only income is my salary from "
    "Kirkstall Motors.\n"
    "HM: Have you sent money abroad?\n"
    "KA: I have never sent money abroad.\n"
)


async def _synthesis(tmp_path: Path, rows: list[str]) -> SynthesisOutput:
    statement = tmp_path / "statement_sept_2026.pdf"
    statement.write_bytes(make_pdf([[*_HEAD, *rows]]))
    docs: list[EvidenceDoc] = [
        await load(statement, "application/pdf"),
        await text_doc(tmp_path, "interview_asante.txt", _INTERVIEW),
    ]
    return synthesis_of(docs)


async def test_salary_and_bills_alone_contradict_nothing(tmp_path: Path) -> None:
    synthesis = await _synthesis(
        tmp_path,
        [
            *_ORDINARY,
            "20/09/2026  FPO TO H WALSH PLUMBING LEEDS      350.00                  3,080.35",
        ],
    )
    assert synthesis.contradictions == []


def test_a_uk_bank_and_its_sort_coded_account_mean_pounds() -> None:
    assert decide(["\n".join(_HEAD)]).currency == "GBP"
    assert decide(["NORTHERN ALLIED BANK PLC\nAccount number: 71839402"]).currency == "USD"


async def test_the_deposits_are_structured(tmp_path: Path) -> None:
    statement = tmp_path / "statement_sept_2026.pdf"
    statement.write_bytes(make_pdf([[*_HEAD, *_SUSPECT]]))
    financial, _ = run(FinancialOutput, [await load(statement, "application/pdf")])
    [structuring] = [a for a in financial.anomalies if a.kind == "structuring"]
    # Three branches' deposits into her account: not "transfers by" the first branch.
    assert structuring.description.startswith(
        "3 transfers to Mr Kwame Asante-Boateng of 8,500\u201310,000 (just under the GBP 10,000 "
        "reporting threshold) within 4 day(s), totalling GBP 29,000"
    )
