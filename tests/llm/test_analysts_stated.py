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


def _payslip(pay_date: str, basic: str, frequency: str = "") -> str:
    return (
        "HAVNEGATA LOGISTIKK AS - PAYSLIP\n"
        f"Employee: Ingrid Solberg{frequency}\n"
        f"Pay date: {pay_date}\n"
        f"Basic salary        NOK {basic}\n"
        "Income tax          NOK 9,120.00\n"
        f"Net pay             NOK {basic}\n"
    )


async def test_a_declared_income_against_her_payslips(tmp_path: Path) -> None:
    """A payslip's salary is the pay period's: a year's is twelve months' (fifty-two weeks' when
    the payslip is weekly); the tax on it is no income."""
    docs = [
        await text_doc(tmp_path, "application.txt", _APPLICATION),
        await text_doc(tmp_path, "payslip_march.txt", _payslip("25/03/2026", "43,000.00")),
    ]
    financial, _ = run(FinancialOutput, docs)
    titles = sorted(f.title for f in financial.findings if f.finding_type == "stated_figure")
    assert titles == [
        "Income stated: NOK 516,000 a year (NOK 43,000 a month on a payslip)",
        "Income stated: NOK 980,000 (declared)",
    ]
    [stated] = synthesis_of(docs).contradictions
    assert "NOK 516,000 a year" in stated.explanation
    weekly = _payslip("27/03/2026", "9,900.00", "   Pay frequency: weekly")
    docs[1] = await text_doc(tmp_path, "payslip_week_13.txt", weekly)
    financial, _ = run(FinancialOutput, docs)
    assert "Income stated: NOK 514,800 a year (NOK 9,900 a week on a payslip)" in {
        f.title for f in financial.findings
    }
    # A payslip of about a twelfth of what she declared agrees with it.
    docs[1] = await text_doc(tmp_path, "payslip_march.txt", _payslip("25/03/2026", "80,500.00"))
    assert synthesis_of(docs).contradictions == []


_ENTRY = (
    "IMPORT ENTRY SUMMARY\n"
    "Entry no: E-55120\n"
    "Container: TGHU 8830215\n"
    "Importer: Baltic Lumen Oy\n"
    "Declared value: EUR 9,750.00\n"
)
_SELLER_INVOICE = (
    "PROFORMA AND FINAL INVOICE 2026/118\n"
    "Seller: Anhui Kemei Lighting Co.\n"
    "Shipped in container TGHU 8830215\n"
    "Invoice total: EUR 41,300.00\n"
)


async def test_a_declared_value_against_the_invoice_of_the_same_container(
    tmp_path: Path,
) -> None:
    docs = [
        await text_doc(tmp_path, "entry_summary.txt", _ENTRY),
        await text_doc(tmp_path, "seller_invoice.txt", _SELLER_INVOICE),
    ]
    [value] = [
        c for c in synthesis_of(docs).contradictions if "value of the goods" in c.explanation
    ]
    assert value.claim == "Declared value: EUR 9,750.00"
    assert value.explanation.startswith(
        "The value of the goods is stated as EUR 9,750 here; another document states EUR 41,300"
    )
    # Another container's invoice is about other goods.
    other = _SELLER_INVOICE.replace("TGHU 8830215", "TGHU 8830999")
    docs[1] = await text_doc(tmp_path, "seller_invoice.txt", other)
    assert not [
        c for c in synthesis_of(docs).contradictions if "value of the goods" in c.explanation
    ]
