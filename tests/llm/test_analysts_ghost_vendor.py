"""A vendor set up by the accounts supervisor on her own bank account: the vendor master and the
HR bank details give one account to the vendor and to her, and the master's "Created by" holds
her to her "It wasn't me." when asked who set the vendor up."""

from pathlib import Path

from holmes_backend.agents.schemas import FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, text_doc

_MASTER = (
    "Vendor ID,Vendor name,Sort code,Account number,Created by,Created on\n"
    "V-310,Marrow Lane Advisory,40-12-09,{account},D. Osei,17/09/2025\n"
    "V-311,Pellow Freight Ltd,20-33-71,61554210,K. Lund,02/03/2024\n"
)
_HR = "Employee,Payroll no,Sort code,Account number\nDana Osei,P-77,40-12-09,31884706\n"
_INTERVIEW = (
    "Record of interview - Dana Osei\nDate: 4 February 2026\n"
    "Q: Who set up Marrow Lane Advisory as a vendor?\nA: I don't know. It wasn't me.\n"
)


async def _docs(tmp: Path, account: str = "31884706") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "vendor_master.csv", _MASTER.format(account=account), "text/csv"),
        await text_doc(tmp, "hr_bank_details.csv", _HR, "text/csv"),
        await text_doc(tmp, "interview_osei.txt", _INTERVIEW),
    ]


async def test_a_vendor_and_an_employee_given_one_account(tmp_path: Path) -> None:
    financial, _ = run(FinancialOutput, await _docs(tmp_path))
    [shared] = [a for a in financial.anomalies if a.kind == "shared_account"]
    assert shared.description.startswith("Marrow Lane Advisory and Dana Osei are given one")
    assert {r.file_id for r in shared.sources} == {"vendor_master", "hr_bank_details"}
    financial, _ = run(FinancialOutput, await _docs(tmp_path, "90017733"))
    assert not [a for a in financial.anomalies if a.kind == "shared_account"]
