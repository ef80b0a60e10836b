"""Done within the time: a driver's "I reported the accident to my insurer within 7 days of the
collision" against the insurer's claim record, reported 28 days after the collision it records;
a landlord's "within 30 days of 28 January"; reports in time say nothing."""

from pathlib import Path

from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT OF HUGO LINDBERG\n"
    "Dated 20 May 2026\n"
    "1. I reported the accident to my insurer within 7 days of the collision.\n"
    "2. I protected the tenant's deposit within 30 days of 28 January 2026.\n"
    "I believe that the facts stated in this witness statement are true.\n"
)
_CLAIM_RECORD = (
    "Northwind Insurance - claim record CL-55021\n"
    "Policyholder: Hugo Lindberg\n"
    "Date of collision: 02/03/2026\n"
    "Date reported: {reported}\n"
)
_CERTIFICATE = (
    "Tenancy Deposit Scheme - certificate\nLandlord: Hugo Lindberg\nDate protected: {protected}\n"
)


async def _found(tmp: Path, reported: str, protected: str) -> dict[int, str]:
    docs = [
        await text_doc(tmp, "statement_lindberg.txt", _STATEMENT),
        await text_doc(tmp, "claim_record.txt", _CLAIM_RECORD.format(reported=reported)),
        await text_doc(tmp, "deposit_certificate.txt", _CERTIFICATE.format(protected=protected)),
    ]
    return {
        c.claim_source.line: c.explanation
        for c in synthesis_of(docs).contradictions
        if c.claim_source.file_id == "statement_lindberg"
    }


async def test_acts_recorded_in_time_say_nothing(tmp_path: Path) -> None:
    assert await _found(tmp_path, "06/03/2026", "20/02/2026") == {}
