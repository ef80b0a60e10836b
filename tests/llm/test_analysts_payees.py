"""Who is really paid, and who asked for it: a vendor paid into an employee's IBAN and missing
from the vendor master; the employee's e-mail asking for that vendor to be added, against her
interview denying she added it. Identifiers of a payee ("Vendor ID", "IBAN") are no payment
references: a vendor paid twice under its own ID is no duplicate for it."""

from pathlib import Path

from holmes_backend.agents.schemas import FinancialOutput
from tests.llm.test_analysts_helpers import email_doc, run, text_doc

_MASTER = (
    "Vendor ID,Vendor name,Status,Approved on\n"
    "V-1001,Harlow Civil Ltd,Active,2021-02-11\n"
    "V-1002,Tamsin Print Co,Active,2022-06-30\n"
    "V-1003,Oakridge Fuels,Active,2020-09-14\n"
)
_PAYMENTS = (
    "Payment date,Vendor ID,Payee,Amount,IBAN\n"
    "2025-02-03,V-1001,Harlow Civil Ltd,18400.00,GB29 NWBK 6016 1331 9268 19\n"
    "2025-02-03,V-7781,Corvid Supplies Ltd,9650.00,GB94 BARC 2020 1530 0934 59\n"
    "2025-02-10,V-1002,Tamsin Print Co,1220.00,GB33 BUKB 2020 1555 5555 55\n"
    "2025-02-17,V-7781,Corvid Supplies Ltd,9650.00,GB94 BARC 2020 1530 0934 59\n"
    "2025-02-24,V-1003,Oakridge Fuels,3310.00,GB82 WEST 1234 5698 7654 32\n"
)
_PAYROLL = (
    "Pay date,Staff ID,Employee,Net pay,IBAN\n"
    "2025-02-28,S-220,Priya Raman,3900.00,GB94 BARC 2020 1530 0934 59\n"
    "2025-02-28,S-231,Owen Tully,3650.00,GB15 MIDL 4005 1512 3456 78\n"
)
_INTERVIEW = (
    "Interview notes: Priya Raman\n"
    "Date: 12 March 2025\n"
    "Q: Did you add Corvid Supplies to the vendor file?\n"
    "A: No. I never added Corvid Supplies Ltd to anything.\n"
    "Q: Who did?\n"
    "A: I have no idea; Owen Tully handles new vendors.\n"
)


async def _docs(tmp_path: Path) -> list:
    return [
        await text_doc(tmp_path, "vendor_master.csv", _MASTER, "text/csv"),
        await text_doc(tmp_path, "ap_payments_feb2025.csv", _PAYMENTS, "text/csv"),
        await text_doc(tmp_path, "payroll_feb2025.csv", _PAYROLL, "text/csv"),
        await text_doc(tmp_path, "interview_raman.txt", _INTERVIEW),
        await email_doc(
            tmp_path,
            "new_vendor.eml",
            {
                "From": "Priya Raman <p.raman@kestrel.example>",
                "To": "Owen Tully <o.tully@kestrel.example>",
                "Date": "Thu, 30 Jan 2025 18:05:00 +0000",
                "Subject": "New supplier",
            },
            "Please find attached the rate card.\n"
            "Could you please add Corvid Supplies Ltd (V-7781) to the vendor file and release "
            "the first payment on Monday.\n"
            "Please pay attention to the cut-off.\n",
        ),
    ]


async def test_payees_sharing_an_account_and_missing_from_the_master(tmp_path: Path) -> None:
    financial, _ = run(FinancialOutput, await _docs(tmp_path))
    kinds = [a.kind for a in financial.anomalies]
    [shared] = [a for a in financial.anomalies if a.kind == "shared_account"]
    assert shared.severity == "HIGH"
    assert "account ending 3459" in shared.description
    assert "Corvid Supplies Ltd (2 payment(s)" in shared.description
    assert "Priya Raman (1 payment(s)" in shared.description
    assert {s.file_id for s in shared.sources} == {"ap_payments_feb2025", "payroll_feb2025"}
    [ghost] = [a for a in financial.anomalies if a.kind == "payee_not_on_list"]
    assert ghost.description.startswith("Corvid Supplies Ltd is paid (2 payment(s)")
    assert "not on vendor_master.csv, which lists 3 of the other 3 payees" in ghost.description
    # Paid twice under its own vendor ID and IBAN: those identify it, they are no reference
    # shared by two payments.
    assert "duplicate_payment" not in kinds


_SUPPLIER_RUN = (
    "Paid on,Payee,Invoice,Account number,Amount\n"
    "2026-01-12,Vellacott Aggregates Ltd,VA-311,41120087,12400.00\n"
    "2026-02-09,Vellacott Aggregates Ltd,VA-340,41120087,9870.00\n"
    "2026-03-09,Vellacott Aggregates Ltd,VA-366,{third},15220.00\n"
    "2026-03-09,Penrose Haulage,PH-77,55018832,2300.00\n"
)


async def test_a_payee_paid_into_a_new_account(tmp_path: Path) -> None:
    run_doc = await text_doc(
        tmp_path, "supplier_run.csv", _SUPPLIER_RUN.format(third="70093145"), "text/csv"
    )
    financial, _ = run(FinancialOutput, [run_doc])
    [switched] = [a for a in financial.anomalies if a.kind == "payee_account_switched"]
    assert switched.description.startswith(
        "Vellacott Aggregates Ltd was paid into the account ending 0087 (2 payment(s)"
    )
    assert "then into the account ending 3145 (1 payment(s), USD 15,220" in switched.description
    assert {s.row for s in switched.sources} == {2, 3}
    same = await text_doc(
        tmp_path, "supplier_run.csv", _SUPPLIER_RUN.format(third="41120087"), "text/csv"
    )
    financial, _ = run(FinancialOutput, [same])
    assert not [a for a in financial.anomalies if a.kind == "payee_account_switched"]
