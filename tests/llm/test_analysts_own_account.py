"""What a witness denies of their own account, against its statement (a PDF): cash paid in ("I
have never deposited large sums of cash" against three deposits of 9,500 to 9,800), money sent
abroad ("I have never sent money abroad" against 28,000 to a Dubai free-zone company), and one
source of income ("My only income is my salary from Kirkstall Motors" against 29,000 paid in
from elsewhere). A statement of salary and household bills alone contradicts none of them. The
statement names no currency: a UK bank's PLC and its sort-coded account make it pounds."""

from pathlib import Path

from holmes_backend.agents.schemas import FinancialOutput, SynthesisOutput
from holmes_backend.demo.formats import make_pdf
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.facts.conventions import decide
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


async def test_cash_in_money_abroad_and_other_income(tmp_path: Path) -> None:
    synthesis = await _synthesis(tmp_path, [*_SUSPECT, *_ORDINARY])
    by_start = {c.explanation.split(",")[0]: c for c in synthesis.contradictions}
    cash = by_start["Kwame Asante-Boateng denies paying cash in"]
    assert cash.claim.startswith("No. I have never deposited large sums of cash.")
    assert cash.explanation.startswith(
        "Kwame Asante-Boateng denies paying cash in, yet their own statement records 3 cash "
        "deposit(s) totalling GBP 29,000: 2026-09-02 GBP 9,500 CASH DEPOSIT LEEDS BRIGGATE BR;"
    )
    assert cash.severity == "HIGH"
    abroad = by_start["Kwame Asante-Boateng denies sending money abroad"]
    assert abroad.explanation == (
        "Kwame Asante-Boateng denies sending money abroad, yet their own statement records 1 "
        "payment(s) out to payees abroad totalling GBP 28,000: 2026-09-08 GBP 28,000 FPO TO DELTA "
        "TRADING FZE DUBAI."
    )
    income = by_start["Kwame Asante-Boateng gives Kirkstall Motors as the only income"]
    assert "3 credit(s) from elsewhere totalling GBP 29,000 beside GBP 2,310" in income.explanation
    # The PDF's rows are cited by their page (one place for the three deposits), the salary not.
    assert [(r.file_id, r.page) for r in income.evidence_against] == [("statement_sept_2026", 1)]
    assert "SALARY" not in (income.evidence_against[0].excerpt or "")


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


async def test_the_deposits_are_structured_as_cash_deposits(tmp_path: Path) -> None:
    statement = tmp_path / "statement_sept_2026.pdf"
    statement.write_bytes(make_pdf([[*_HEAD, *_SUSPECT]]))
    financial, _ = run(FinancialOutput, [await load(statement, "application/pdf")])
    [structuring] = [a for a in financial.anomalies if a.kind == "structuring"]
    # Three branches' deposits: not "transfers by" the first branch.
    assert structuring.description.startswith(
        "3 cash deposits of 8,500\u201310,000 (just under the GBP 10,000 reporting threshold) "
        "within 4 day(s), totalling GBP 29,000"
    )


async def test_the_same_denials_in_other_words(tmp_path: Path) -> None:
    statement = tmp_path / "statement_sept_2026.pdf"
    statement.write_bytes(make_pdf([[*_HEAD, *_SUSPECT, *_ORDINARY]]))
    words = (
        "WITNESS STATEMENT of Kwame Asante-Boateng, dated 14 October 2026.\n\n"
        "1. I've never paid cash into my account.\n"
        "2. I haven't transferred any money overseas.\n"
        "3. Apart from my wages from Kirkstall Motors I have no other income.\n"
    )
    docs = [
        await load(statement, "application/pdf"),
        await text_doc(tmp_path, "statement_kwame.txt", words),
    ]
    found = {
        c.claim[:6]: c.explanation.split(",")[0]
        for c in synthesis_of(docs).contradictions
        if c.claim_source.file_id == "statement_kwame"  # (the rows' balances run apart too)
    }
    assert found == {
        "I've n": "Kwame Asante-Boateng denies paying cash in",
        "I have": "Kwame Asante-Boateng denies sending money abroad",
        "Apart ": "Kwame Asante-Boateng gives Kirkstall Motors as the only income",
    }
