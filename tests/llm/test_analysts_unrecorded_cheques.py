"""Cheques that cleared the bank but are not in the cheque register: the register skips 100234
and 100237, the bank statement pays both, and the treasurer says every cheque she writes is in
the register. A register with every cleared cheque, or cheques far outside its run (another
book), is no anomaly."""

from pathlib import Path

from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, text_doc

_REGISTER = [
    "100231,03/02/2025,Hallam Stationers,86.40",
    "100232,10/02/2025,City Water,212.10",
    "100233,17/02/2025,Pennyfield Cleaning Ltd,640.00",
    "100235,24/02/2025,Hallam Stationers,55.00",
    "100236,03/03/2025,Northern Power,301.77",
]
_BANK = (
    "Date,Details,Debit,Credit,Balance\n"
    "05/02/2025,CHQ 100231,86.40,,9163.60\n"
    "12/02/2025,CHQ 100232,212.10,,8951.50\n"
    "19/02/2025,CHQ 100233,640.00,,8311.50\n"
    "21/02/2025,CHQ 100234,1850.00,,6461.50\n"
    "26/02/2025,CHQ 100235,55.00,,6406.50\n"
    "05/03/2025,CHQ 100236,301.77,,6104.73\n"
    "07/03/2025,CHQ 100237,2400.00,,3704.73\n"
)
_STATEMENT = (
    "Statement of Rita Okafor, Treasurer\nDated 2 April 2025\n\n"
    "I keep the cheque book and every cheque I write is entered in the cheque register.\n"
)


async def _docs(tmp_path: Path, register: list[str] = _REGISTER) -> list[EvidenceDoc]:
    rows = "Cheque no,Date,Payee,Amount\n" + "\n".join(register) + "\n"
    return [
        await text_doc(tmp_path, "cheque_register.csv", rows, "text/csv"),
        await text_doc(tmp_path, "bank_statement.csv", _BANK, "text/csv"),
        await text_doc(tmp_path, "statement_okafor.txt", _STATEMENT),
    ]


async def test_a_complete_register_or_another_book(tmp_path: Path) -> None:
    complete = [
        *_REGISTER[:3],
        "100234,20/02/2025,Hall hire refund,1850.00",
        *_REGISTER[3:],
        "100237,06/03/2025,Roof repair,2400.00",
    ]
    financial, _ = run(FinancialOutput, await _docs(tmp_path, complete))
    assert [a for a in financial.anomalies if a.kind == "unrecorded_cheque"] == []
    other_book = [r.replace("1002", "2002") for r in _REGISTER]
    financial, _ = run(FinancialOutput, await _docs(tmp_path, other_book))
    assert [a for a in financial.anomalies if a.kind == "unrecorded_cheque"] == []
