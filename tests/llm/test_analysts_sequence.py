"""What was said to come first, against the days the records give each act, written unlike
the other cases: a surgeon's statement that the patient "did not undergo surgery until she had
signed the consent form", a discharge summary saying the scan was reviewed before the patient
was discharged, and the ward's records dating each act; in the right order, nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, synthesis_of, text_doc

_STATEMENT = (
    "Witness statement of Mr Idris Kovac\n"
    "Date: 4 September 2026\n"
    "1. Mrs Aldana did not undergo surgery until she had signed the consent form.\n"
)
_SUMMARY = (
    "DISCHARGE SUMMARY - Ward 12\n"
    "Patient: Rosa Aldana\n"
    "The CT scan was reviewed by the registrar before the patient was discharged.\n"
)
_RECORDS = (
    "Date,Entry,Recorded by\n"
    "2026-06-11,Surgery performed: laparoscopic cholecystectomy,I Kovac\n"
    "2026-06-13,Consent form signed by patient,J Meyer\n"
    "2026-06-15,Patient discharged home,J Meyer\n"
    "2026-06-17,CT scan reviewed,P Osei\n"
    "2026-06-10,Surgery not performed: theatre overrun,I Kovac\n"
)


async def _docs(tmp_path: Path, records: str = _RECORDS) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_kovac.txt", _STATEMENT),
        await text_doc(tmp_path, "discharge_summary.txt", _SUMMARY),
        await text_doc(tmp_path, "ward_record.csv", records, "text/csv"),
    ]


async def test_acts_in_the_order_said_contradict_nothing(tmp_path: Path) -> None:
    ordered = _RECORDS.replace("2026-06-11,Surgery", "2026-06-14,Surgery").replace(
        "2026-06-17,CT", "2026-06-12,CT"
    )
    output = synthesis_of(await _docs(tmp_path, ordered))
    assert not [c for c in output.contradictions if "the records date" in c.explanation]


async def test_until_a_time_orders_no_acts(tmp_path: Path) -> None:
    """ "We did not approve the variation order until last Friday": a time, not an act that
    came first; the approval dated that Friday contradicts nothing."""
    docs = [
        await email_doc(
            tmp_path,
            "query.eml",
            {
                "From": "Priya Shah <priya.shah@lumenworks.co.uk>",
                "To": "Accounts <accounts@brightsparks.co.uk>",
                "Date": "Mon, 3 Mar 2025 10:02:00 +0000",
                "Subject": "Invoice BSE-2291",
            },
            "We did not approve the variation order until last Friday, so it should be dated "
            "after 28 February.\n",
        ),
        await email_doc(
            tmp_path,
            "approval.eml",
            {
                "From": "Daniel Okoro <d.okoro@lumenworks.co.uk>",
                "To": "Priya Shah <priya.shah@lumenworks.co.uk>",
                "Date": "Fri, 28 Feb 2025 16:40:00 +0000",
                "Subject": "Variation order VO-7",
            },
            "Priya, I approved VO-7 this afternoon.\n",
        ),
        # A record dated later, whose "Date:" reads like the act of "it should be dated".
        await text_doc(tmp_path, "minutes.txt", "Trustees' meeting\nDate: 12 March 2025\n"),
    ]
    assert synthesis_of(docs).contradictions == []
