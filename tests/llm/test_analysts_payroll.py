"""A payroll written unlike the other cases: each payee's name over two columns ("Surname",
"Forename"), the staff number headed one way on the payroll ("Emp No") and another on the HR
list ("Employee number"), and two payees paid into one account."""

from pathlib import Path

from holmes_backend.agents.schemas import FinancialOutput
from tests.llm.test_analysts_helpers import run, text_doc

_PAYROLL = (
    "Pay date,Emp No,Surname,Forename,Net pay,Sort code,Account no\n"
    "28/02/2026,2201,NAKASHIMA,Emi,3120.40,11-22-33,40001234\n"
    "28/02/2026,2202,BRANDT,Ulrike,2870.00,22-33-44,40005678\n"
    "28/02/2026,2207,COLLINS,Roisin,2990.15,33-44-55,40009999\n"
    "28/02/2026,2219,DOYLE,Martin,2755.60,33-44-55,40009999\n"
)
_STAFF = (
    "Employee number,Name,Department\n"
    "2201,Emi Nakashima,Sales\n"
    "2202,Ulrike Brandt,Sales\n"
    "2207,Roisin Collins,Payroll\n"
)


async def test_a_name_over_two_columns_and_a_staff_number_headed_two_ways(
    tmp_path: Path,
) -> None:
    docs = [
        await text_doc(tmp_path, "payroll_feb.csv", _PAYROLL, "text/csv"),
        await text_doc(tmp_path, "staff_list.csv", _STAFF, "text/csv"),
    ]
    financial, _ = run(FinancialOutput, docs)
    assert [t.to_party for t in financial.transactions] == [
        "Emi Nakashima",
        "Ulrike Brandt",
        "Roisin Collins",
        "Martin Doyle",
    ]
    by_kind = {a.kind: a for a in financial.anomalies}
    assert by_kind["payee_not_on_list"].description.startswith("Martin Doyle is paid (1 payment(s)")
    assert "which lists 3 of the other 3 payees" in by_kind["payee_not_on_list"].description
    assert "Roisin Collins" in by_kind["shared_account"].description
    assert "Martin Doyle" in by_kind["shared_account"].description
