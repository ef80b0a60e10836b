"""A denial written in an e-mail is its sender's word: the buyer tells audit he never received
anything from the haulier and did not approve its invoices; his own statement shows the
haulier's credits, the approvals log his name. What the message quotes below his reply is the
auditors' words, not his; a sender's denial is no record that the payments did not happen."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, synthesis_of, text_doc

_REPLY = (
    "Dear colleagues,\n\n"
    "I have never received any payment or gift from Kestrel Haulage or anyone connected with "
    "it. I did not approve the Kestrel invoices in August; that was Lena's team.\n\n"
    "Regards,\nMarcus\n\n"
    "On Mon, 13 Oct 2025 at 17:40, Audit Team <audit@orbisfreight.de> wrote:\n"
    "> Marcus, we never had an answer from you about the Kestrel invoices in August.\n"
)
_STATEMENT = (
    "Account holder: Marcus Feld\n"
    "Date,Description,Amount EUR\n"
    "2025-08-29,SEPA CR KESTREL HAULAGE GMBH REF BERATUNG,4500.00\n"
    "2025-09-30,SEPA CR KESTREL HAULAGE GMBH REF BERATUNG,4500.00\n"
)
_APPROVALS = (
    "Invoice,Supplier,Amount EUR,Approved by,Approved on\n"
    "KH-0817,Kestrel Haulage GmbH,48200.00,Marcus Feld,2025-08-12\n"
    "KH-0824,Kestrel Haulage GmbH,51900.00,Marcus Feld,2025-08-26\n"
)


async def _docs(tmp_path: Path, approvals: str = _APPROVALS) -> list[EvidenceDoc]:
    headers = {
        "From": "Marcus Feld <m.feld@orbisfreight.de>",
        "To": "Audit Team <audit@orbisfreight.de>",
        "Date": "Tue, 14 Oct 2025 09:05:00 +0200",
        "Subject": "Re: Kestrel Haulage payments",
    }
    return [
        await email_doc(tmp_path, "reply_feld.eml", headers, _REPLY),
        await text_doc(tmp_path, "statement_feld.csv", _STATEMENT, "text/csv"),
        await text_doc(tmp_path, "approvals.csv", approvals, "text/csv"),
    ]


async def test_approvals_by_someone_else(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, _APPROVALS.replace("Marcus Feld", "Lena Vogt"))
    found = synthesis_of(docs).contradictions
    assert [c.claim[:30] for c in found] == ["I have never received any paym"]


async def test_approvals_after_the_time_denied(tmp_path: Path) -> None:
    """ "I did not approve the Kestrel invoices in August": approvals in October are others."""
    later = _APPROVALS.replace("2025-08-12", "2025-10-20").replace("2025-08-26", "2025-10-27")
    found = synthesis_of(await _docs(tmp_path, later)).contradictions
    assert [c.claim[:30] for c in found] == ["I have never received any paym"]
