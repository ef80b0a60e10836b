"""A supplier at the facilities manager's home: the vendor master registers Brightline
Maintenance Services at 17 Wharfedale Crescent, LS21 3HP, the staff extract gives that as Tom
Pollard's home address, and he approved the payments to it. A vendor at its own address is
nobody's."""

from pathlib import Path

from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, text_doc

_VENDORS = (
    "Vendor ID,Vendor name,Address,Postcode,Created by\n"
    "V-10442,Northfield Facilities Ltd,Unit 2 Mill Park,LS11 5QB,A. Greaves\n"
    "V-10587,Brightline Maintenance Services,17 Wharfedale Crescent,LS21 3HP,T. Pollard\n"
)
_STAFF = (
    "Employee no,Name,Job title,Home address,Postcode\n"
    "E-2231,Tom Pollard,Facilities Manager,17 Wharfedale Cres.,LS21 3HP\n"
    "E-2310,Alison Greaves,AP Supervisor,4 Church View,LS18 4NR\n"
)
_PAYMENTS = (
    "Payment date,Vendor name,Invoice,Amount GBP,Approved by\n"
    "2024-10-01,Brightline Maintenance Services,BMS-001,4850.00,T. Pollard\n"
    "2024-11-04,Brightline Maintenance Services,BMS-002,4920.00,T. Pollard\n"
    "2024-10-15,Northfield Facilities Ltd,NF-8812,12400.00,A. Greaves\n"
)


async def _docs(tmp_path: Path, staff: str = _STAFF) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "vendor_master.csv", _VENDORS, "text/csv"),
        await text_doc(tmp_path, "staff_extract.csv", staff, "text/csv"),
        await text_doc(tmp_path, "ap_payments.csv", _PAYMENTS, "text/csv"),
    ]


async def test_a_vendor_at_an_employees_home(tmp_path: Path) -> None:
    financial, _ = run(FinancialOutput, await _docs(tmp_path))
    [shared] = [a for a in financial.anomalies if a.kind == "shared_address"]
    # The street written two ways ("Crescent", "Cres."): the same house and postcode.
    assert shared.description == (
        "Brightline Maintenance Services is registered at 17 Wharfedale Crescent, LS21 3HP, the "
        "address on record for Tom Pollard; 2 payment(s) to Brightline Maintenance Services "
        "totalling GBP 9,770."
    )
    assert (shared.severity, shared.total_amount) == ("HIGH", 9770.0)
    assert {(r.file_id, r.row) for r in shared.sources} >= {
        ("vendor_master", 2),
        ("staff_extract", 1),
    }


async def test_vendors_at_their_own_addresses(tmp_path: Path) -> None:
    staff = _STAFF.replace("17 Wharfedale Cres.,LS21 3HP", "9 Ilkley Road,LS29 8AB")
    financial, _ = run(FinancialOutput, await _docs(tmp_path, staff))
    assert [a for a in financial.anomalies if a.kind == "shared_address"] == []
