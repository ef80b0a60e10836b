"""A backdated agreement: the CFO's e-mail of 20 March asks the adviser to sign the agreement
and "date it 1 March", so it covers a payment already made; the agreement bears 1 March and her
answer to internal audit says it was signed then, before any payment. An e-mail asking for a
date on or after its own day backdates nothing."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, run, synthesis_of, text_doc

_AGREEMENT = (
    "ADVISORY SERVICES AGREEMENT\n"
    "This Agreement is made on 1 March 2025 between:\n"
    '(1) Halvorsen Marine AS, Strandkaien 14, 5013 Bergen ("the Company"); and\n'
    '(2) Tidewell Advisory Ltd, 9 Quay Street, Aberdeen ("the Adviser").\n'
    "1. Fees. The Company shall pay the Adviser a monthly fee of NOK 450,000 against invoices.\n"
    "Signed for the Company: Ingrid Solberg\n"
)
_MAIL = (
    "Attached is the advisory agreement we discussed this afternoon. Please sign it and date "
    "it 1 March so that it covers the February invoice and the payment we already made.\n"
)
_PAYMENTS = (
    "Value date,Beneficiary,Reference,Amount NOK\n"
    "2025-03-05,Tidewell Advisory Ltd,TW-2025-002 February advisory,450000\n"
    "2025-04-03,Tidewell Advisory Ltd,TW-2025-003 March advisory,450000\n"
)
_AUDIT = (
    "Response to internal audit query IA-2025-11\n"
    "From: Ingrid Solberg, Chief Financial Officer\n"
    "Date: 12 June 2025\n"
    "I confirm that the advisory agreement with Tidewell Advisory Ltd was signed on 1 March "
    "2025, before any payment was made to Tidewell.\n"
)


async def _docs(tmp_path: Path, mail: str = _MAIL) -> list[EvidenceDoc]:
    headers = {
        "From": "Ingrid Solberg <ingrid.solberg@halvorsen-marine.no>",
        "To": "Rory Buchanan <rory@tidewell-advisory.co.uk>",
        "Date": "Thu, 20 Mar 2025 21:47:00 +0100",
        "Subject": "Agreement",
    }
    return [
        await text_doc(tmp_path, "advisory_agreement.txt", _AGREEMENT),
        await email_doc(tmp_path, "email_agreement.eml", headers, mail),
        await text_doc(tmp_path, "payments.csv", _PAYMENTS, "text/csv"),
        await text_doc(tmp_path, "audit_response.txt", _AUDIT),
    ]


async def test_a_date_on_or_after_the_message_backdates_nothing(tmp_path: Path) -> None:
    mail = _MAIL.replace("date it 1 March", "date it 21 March")
    docs = await _docs(tmp_path, mail)
    evidence, _ = run(EvidenceOutput, docs)
    assert [f for f in evidence.findings if f.finding_type == "backdating_asked"] == []
    assert synthesis_of(docs).contradictions == []
