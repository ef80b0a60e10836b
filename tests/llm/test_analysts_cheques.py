"""A cheque altered after it was written: the cheque register records cheque 001043 to the
stationer for 295.00, written by Joan Doyle; the bank cleared it to J DOYLE for 2,950.00. A
cheque cleared as written is counted once, not once per record of it."""

from pathlib import Path

from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, text_doc

_REGISTER = (
    "Cheque no,Date written,Payee,Amount,Purpose,Written by\n"
    "001041,2025-06-02,Office Supplies Direct Ltd,312.50,Stationery,Joan Doyle\n"
    "001042,2025-06-09,Harbour Cleaning Services,480.00,June cleaning,Joan Doyle\n"
    "001043,2025-06-16,Office Supplies Direct Ltd,295.00,Toner,Joan Doyle\n"
)
_CLEARED = (
    "Cleared,Cheque number,Paid to,Amount\n"
    "2025-06-05,001041,OFFICE SUPPLIES DIRECT LTD,312.50\n"
    "2025-06-12,001042,HARBOUR CLEANING SERVICES,480.00\n"
    "2025-06-19,001043,J DOYLE,2950.00\n"
)


async def _docs(tmp_path: Path, cleared: str = _CLEARED) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "cheque_register.csv", _REGISTER, "text/csv"),
        await text_doc(tmp_path, "cleared_cheques.csv", cleared, "text/csv"),
    ]


async def test_a_cheque_cleared_to_its_writer_for_ten_times_the_sum(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    financial, _ = run(FinancialOutput, docs)
    [altered] = [a for a in financial.anomalies if a.kind == "amount_mismatch"]
    assert altered.description == (
        "Different amounts and payees for reference 001043 across documents: USD 295 to Office "
        "Supplies Direct Ltd in cheque_register.csv; USD 2,950 to J DOYLE in cleared_cheques.csv"
    )
    assert altered.severity == "HIGH"
