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


async def test_acts_said_to_come_first_that_the_records_date_after(tmp_path: Path) -> None:
    output = synthesis_of(await _docs(tmp_path))
    by_file = {
        c.claim_source.file_id: c
        for c in output.contradictions
        if "the records date" in c.explanation
    }
    consent = by_file["statement_kovac"]
    assert consent.explanation.endswith(
        "the records date the latter to 2026-06-11 and the former no earlier than 2026-06-13."
    )
    assert "Idris Kovac says" in consent.explanation  # the witness's own claim
    assert {r.row for r in consent.evidence_against} == {1, 2}  # not the surgery not performed
    scan = by_file["discharge_summary"]
    assert scan.severity == "HIGH"
    assert "date the latter to 2026-06-15" in scan.explanation
    assert "no earlier than 2026-06-17" in scan.explanation


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


_HANDOVER = (
    "HANDOVER NOTE - Unit 4 fit-out\n"
    "Prepared by: Carys Penhale, site manager\n"
    "The distribution board was energised on 14 March, after the installation had been tested "
    "by the electrician.\n"
    "No plasterboard was fixed before the wiring inspection.\n"
)
_SITE_LOG = (
    "Date,Work,By\n"
    "11/03/2026,Plasterboard fixed to ceilings,Drywall team\n"
    "12/03/2026,Distribution board energised,K Obi\n"
    "16/03/2026,Wiring inspection - first fix,K Obi\n"
    "18/03/2026,Installation tested and certificate issued,K Obi\n"
)


async def test_after_a_comma_and_a_denied_first_act_order_the_acts(tmp_path: Path) -> None:
    """ "X on a day, after Y had been done" orders Y first; "No X was done before Y" says Y came
    first too: the site log dates the energising and the plasterboard before what was said to
    precede them."""
    docs = [
        await text_doc(tmp_path, "handover_note.txt", _HANDOVER),
        await text_doc(tmp_path, "site_log.csv", _SITE_LOG, "text/csv"),
    ]
    found = {
        c.claim.split()[1]: c.explanation
        for c in synthesis_of(docs).contradictions
        if "the records date" in c.explanation
    }
    assert found["distribution"].endswith(
        "the records date the latter to 2026-03-12 and the former no earlier than 2026-03-18."
    )
    assert (
        "\u201cthe wiring inspection\u201d came before \u201cNo plasterboard was fixed"
        in (found["plasterboard"])
    )
    assert found["plasterboard"].endswith(
        "the records date the latter to 2026-03-11 and the former no earlier than 2026-03-16."
    )
