"""A payment diverted by a spoofed supplier e-mail: the bank-change request came from
"harrow-metals.co" while the supplier master file holds "accounts@harrowmetals.co.uk" (the same
name but for a hyphen, under another suffix). The clerk says it came from the supplier's usual
address and that the Finance Controller, "Ewan Tait, the Finance Controller", approved the
payment; the payment run's "Approved by" is the clerk. With the request from the supplier's own
domain and the payment approved by Ewan Tait, nothing is contradicted."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, synthesis_of, text_doc

_MASTER = (
    "Supplier,Contact e-mail,Sort code,Account number,Changed by\n"
    "Harrow Metals Ltd,accounts@harrowmetals.co.uk,40-11-62,51887320,P. Lund\n"
    "Harrow Metals Ltd,accounts@harrowmetals.co.uk,20-44-91,73019945,Mia Rourke\n"
)
_RUN = (
    "Payment date,Supplier,Invoice,Amount,Approved by\n"
    "2026-02-27,Harrow Metals Ltd,HM-2244,12400.00,E. Tait\n"
    "2026-03-09,Harrow Metals Ltd,HM-2291,48300.00,{approver}\n"
)
_POLICY = "Payments over £10,000 must be approved by the Finance Controller.\n"
_NOTES = (
    "INTERVIEW NOTES - MIA ROURKE (Accounts Payable)\n"
    "Date: 17 March 2026\n"
    "Interviewer: R. Selby\n\n"
    "MR said that she received the e-mail from Harrow on 9 March and that it came from their "
    "usual address.\n"
    "MR said that the payment of £48,300 was approved by Ewan Tait, the Finance Controller.\n"
)


async def _docs(
    tmp_path: Path, sender: str = "harrow-metals.co", approver: str = "M. Rourke"
) -> list[EvidenceDoc]:
    return [
        await email_doc(
            tmp_path,
            "bank_change.eml",
            {
                "From": f"Accounts - Harrow Metals <accounts@{sender}>",
                "To": "payables@client.co.uk",
                "Date": "Mon, 9 Mar 2026 10:14:00 +0000",
                "Subject": "Updated bank details",
            },
            "Please pay invoice HM-2291 to our new account: sort code 20-44-91, 73019945.\n",
        ),
        await text_doc(tmp_path, "supplier_master.csv", _MASTER, "text/csv"),
        await text_doc(tmp_path, "payment_run.csv", _RUN.format(approver=approver), "text/csv"),
        await text_doc(tmp_path, "payments_policy.txt", _POLICY),
        await text_doc(tmp_path, "interview_rourke.txt", _NOTES),
    ]


async def test_the_suppliers_own_domain_and_the_right_approver(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, sender="harrowmetals.co.uk", approver="E. Tait")
    synthesis = synthesis_of(docs)
    assert synthesis.contradictions == []
    assert not any(g.element.startswith("Approval by") for g in synthesis.evidence_gaps)
