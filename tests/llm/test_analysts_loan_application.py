"""A loan application against the applicant's payslip and credit file: the salary he declares
against the payslip's annual salary (a year's figure, not the month's), and "Other borrowing
(loans, credit cards, car finance): None" against the accounts his credit file lists."""

from pathlib import Path

from holmes_backend.agents.schemas import FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_APPLICATION = (
    "PERSONAL LOAN APPLICATION\nApplicant: Nadia Forsyth\nAddress: 2 Orchard Row, Bath BA2 4QS\n"
    "Gross annual salary: £61,000\nOther borrowing (loans, credit cards, car finance): None\n"
    "I confirm that the information in this application is true and complete.\n"
    "Signed: Nadia Forsyth   Date: 9 September 2026\n"
)
_PAYSLIP = (
    "AVONSIDE DENTAL LTD - PAYSLIP\nEmployee: Nadia Forsyth\nPay period: August 2026\n"
    "Annual salary: £29,800\nGross pay this period: £2,483.33\n"
)


async def _docs(tmp: Path, accounts: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "application.txt", _APPLICATION),
        await text_doc(tmp, "payslip_august.txt", _PAYSLIP),
        await text_doc(tmp, "credit_file_forsyth.csv", accounts, "text/csv"),
    ]


_ACCOUNTS = (
    "Lender,Account type,Opened,Balance (GBP),Status\n"
    'Kestrel Motor Finance,Car finance,04/02/2025,"11,300",Active\n'
    'Arbor Loans,Personal loan,21/07/2026,"6,000",Active\n'
)


async def test_a_payslips_annual_salary_is_a_year_s(tmp_path: Path) -> None:
    financial, _ = run(FinancialOutput, await _docs(tmp_path, _ACCOUNTS))
    stated = [f.title for f in financial.findings if f.finding_type == "stated_figure"]
    assert "Income stated: GBP 29,800" in stated  # not GBP 357,600 a year
    found = synthesis_of(await _docs(tmp_path, _ACCOUNTS)).contradictions
    [salary] = [c for c in found if c.claim.startswith("Gross annual salary")]
    assert "GBP 29,800" in salary.explanation


async def test_a_declared_job_title_and_birth_date_against_the_records(tmp_path: Path) -> None:
    """The job title and date of birth an application declares, against the payslip's and the
    credit file's: another title is MEDIUM, another date of birth HIGH; the same, nothing."""

    async def found(title: str, born: str) -> dict[str, str]:
        application = _APPLICATION.replace(
            "Gross annual salary",
            "Job title: Practice Manager\nDate of birth: 14/09/1988\nGross annual salary",
        )
        payslip = _PAYSLIP.replace(
            "Pay period", f"Job title: {title}\nDate of birth: {born}\nPay period"
        )
        docs = [
            await text_doc(tmp_path, "application.txt", application),
            await text_doc(tmp_path, "payslip_august.txt", payslip),
        ]
        return {
            c.claim: c.severity
            for c in synthesis_of(docs).contradictions
            if c.claim.startswith(("Job title", "Date of birth"))
        }

    assert await found("Dental Nurse", "14/09/1988") == {"Job title: Practice Manager": "MEDIUM"}
    assert await found("Practice manager", "19/04/1990") == {"Date of birth: 14/09/1988": "HIGH"}
    assert await found("Practice Manager", "14/09/1988") == {}
