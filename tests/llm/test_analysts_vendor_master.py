"""A clerk's supplier at her own address, written unlike the other cases: the vendor master
records who created each vendor by login ("Created by: mbaptiste"), the staff list gives each
person's login, home address and job ("Role"), the payments name their approver, and the clerk
answers the interviewer's questions with a bare "No." and a denial of any dealings."""

from pathlib import Path

from holmes_backend.contracts.agents import TriageResult
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_VENDORS = (
    "Vendor no,Vendor name,Remit-to address,Created by,Created on\n"
    'V-100,Arklow Medical Ltd,"2 Harbour Road, Arklow Y14 H2P3",system,03/02/2020\n'
    'V-417,Greystones Clinical Supplies,"9 Church Lane, Greystones A63 KD50",mbaptiste,'
    "11/08/2025\n"
)
_STAFF = (
    "Employee,Role,Home address,Username\n"
    'Maelle Baptiste,Payables Officer,"9 Church Lane, Greystones A63 KD50",mbaptiste\n'
    'Ciaran Dunne,Head of Finance,"40 Main Street, Bray A98 X2C4",cdunne\n'
)
_PAYMENTS = (
    "Payment date,Vendor,Amount EUR,Approved by\n"
    "01/09/2025,Greystones Clinical Supplies,2400.00,Maelle Baptiste\n"
    "02/10/2025,Arklow Medical Ltd,9800.00,Ciaran Dunne\n"
)
_POLICY = (
    "Payments policy\n"
    "4.2 Any payment of EUR 5,000 or more requires approval by the Head of Finance.\n"
)
_INTERVIEW = (
    "Record of interview - Maelle Baptiste\n"
    "Date: 12 January 2026\n"
    "Q: Did you set up Greystones Clinical Supplies as a vendor?\n"
    "A: No.\n"
    "Q: Do you have any connection with Greystones Clinical Supplies?\n"
    "A: I have never had any dealings with them outside work.\n"
)


async def _docs(tmp_path: Path) -> list:
    return [
        await text_doc(tmp_path, "vendor_master.csv", _VENDORS, "text/csv"),
        await text_doc(tmp_path, "staff_list.csv", _STAFF, "text/csv"),
        await text_doc(tmp_path, "payments.csv", _PAYMENTS, "text/csv"),
        await text_doc(tmp_path, "payments_policy.txt", _POLICY),
        await text_doc(tmp_path, "interview_baptiste.txt", _INTERVIEW),
    ]


async def test_an_approver_without_the_role_leaves_the_approval_missing(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    docs[1] = await text_doc(
        tmp_path, "staff_list.csv", _STAFF.replace("Head of Finance", "Finance Clerk"), "text/csv"
    )
    gaps = [g for g in synthesis_of(docs).evidence_gaps if g.element.startswith("Approval by")]
    assert [g.element for g in gaps] == [
        "Approval by Head of Finance of 1 payment(s) above EUR 5,000 (total EUR 9,800)"
    ]


async def test_a_staff_list_of_logins_and_jobs_reaches_the_evidence_agent(tmp_path: Path) -> None:
    staff = await text_doc(tmp_path, "staff_list.csv", _STAFF, "text/csv")
    result, _ = run(TriageResult, [staff])
    assert result.files[0].domain_scores.evidence >= 0.4
