"""One figure stated two ways: a tenancy application's income against the payroll letter, a
buyer's stated price against the transfer deed; a monthly figure is no annual one, and a
figure about someone else is no contradiction."""

from pathlib import Path

from tests.llm.test_analysts_helpers import synthesis_of, text_doc

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


async def test_monthly_figures_and_other_people_are_no_contradiction(tmp_path: Path) -> None:
    monthly = _LETTER.replace("Her annual salary is NOK 520,000", "She earns NOK 81,000 a month")
    other = _LETTER.replace("Ingrid Solberg", "Per Halvorsen")
    for letter in (monthly, other):
        docs = [
            await text_doc(tmp_path, "application.txt", _APPLICATION),
            await text_doc(tmp_path, "employer_letter.txt", letter),
        ]
        assert synthesis_of(docs).contradictions == []
