"""One supplier invoice paid twice weeks apart: under its number with a letter added, or under
its own date again (anomalies.duplicates), against the clerk's word that nothing is paid
twice."""

from pathlib import Path

from holmes_backend.contracts.agents import FinancialOutput
from tests.llm.test_analysts_helpers import run, text_doc

_PAID = (
    "Paid on,Vendor,Inv No,Inv. date,Net amount,Authorised\n"
    "2026-03-02,Pellow Catering Ltd,PC/7781,2026-02-20,2415.50,R. Oakes\n"
    "2026-03-04,Dunmere Print,DP-118,2026-02-25,380.00,R. Oakes\n"
    "2026-03-30,Pellow Catering Ltd,PC/7781B,2026-02-20,2415.50,R. Oakes\n"
    "2026-04-03,Dunmere Print,DP-131,2026-03-27,380.00,R. Oakes\n"
    "2026-04-14,Stanway Couriers,SC-4410,2026-03-12,1190.00,R. Oakes\n"
    "2026-05-12,Stanway Couriers,SC-4482,2026-03-12,1190.00,R. Oakes\n"
)


async def test_one_invoice_paid_twice_weeks_apart(tmp_path: Path) -> None:
    docs = [await text_doc(tmp_path, "payments.csv", _PAID, "text/csv")]
    output = run(FinancialOutput, docs)[0]
    assert isinstance(output, FinancialOutput)
    found = sorted(a.description for a in output.anomalies if a.kind == "duplicate_payment")
    assert len(found) == 2
    assert found[0].startswith("Possible duplicate payment (one invoice number with a letter")
    assert "Pellow Catering Ltd" in found[0]
    # Stanway's two invoices of one date: the same invoice, whatever its second number says.
    assert found[1].startswith("Possible duplicate payment (the same invoice date)")
    # Dunmere's monthly 380.00 under two numbers and two dates is a recurring charge.
    assert not [f for f in found if "Dunmere" in f]
