"""One figure stated two ways: a tenancy application's income against the payroll letter, a
buyer's stated price against the transfer deed; a monthly figure is no annual one, and a
figure about someone else is no contradiction."""

from pathlib import Path

from holmes_backend.agents.schemas import FinancialOutput
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_APPLICATION = (
    "TENANCY APPLICATION\n"
    "Applicant: Ingrid Solberg\n"
    "Property: 14 Harbour View, Stavanger\n"
    "Gross annual salary: NOK 980,000\n"
    "Signed: Ingrid Solberg\n"
)
_LETTER = (
    "Vestfjord Shipping AS\n"
    "3 March 2026\n"
    "We confirm that Ingrid Solberg is employed by us as a clerk. Her annual salary is "
    "NOK 520,000.\n"
)


async def test_a_declared_income_against_the_employers_letter(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "application.txt", _APPLICATION),
        await text_doc(tmp_path, "employer_letter.txt", _LETTER),
    ]
    financial, _ = run(FinancialOutput, docs)
    titles = sorted(f.title for f in financial.findings if f.finding_type == "stated_figure")
    assert titles == ["Income stated: NOK 520,000", "Income stated: NOK 980,000 (declared)"]
    [stated] = synthesis_of(docs).contradictions
    assert stated.claim == "Gross annual salary: NOK 980,000"
    assert stated.severity == "HIGH"
    assert "another document states NOK 520,000" in stated.explanation
    assert stated.evidence_against[0].file_id == "employer_letter"


async def test_monthly_figures_and_other_people_are_no_contradiction(tmp_path: Path) -> None:
    monthly = _LETTER.replace("Her annual salary is NOK 520,000", "She earns NOK 81,000 a month")
    other = _LETTER.replace("Ingrid Solberg", "Per Halvorsen")
    for letter in (monthly, other):
        docs = [
            await text_doc(tmp_path, "application.txt", _APPLICATION),
            await text_doc(tmp_path, "employer_letter.txt", letter),
        ]
        assert synthesis_of(docs).contradictions == []
