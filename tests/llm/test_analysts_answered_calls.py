"""A nurse-call export's rows hold each call and its answer ("Call raised: … ; Call cancelled:
…"): a carer's "Every time Mrs Pike's call bell went off that night I answered it within five
minutes" against the calls of her room answered 35 and 26 minutes later. The carer's fob is hers
by the staff fob list ("FOB-22: Grace Mensah"); her "at 04:00", told after a night shift from
20:00 on the 9th to 08:00 on the 10th, is the 10th's; where the resident lives is no place the
carer claims to have been."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT\n"
    "Name: Grace Mensah\n"
    "Date: 14 October 2026\n\n"
    "1. I worked the night shift from 20:00 on 9 October 2026 to 08:00 on 10 October 2026.\n"
    "2. Mrs Doreen Pike lives in Room 14.\n"
    "3. {every} Mrs Pike's call bell went off that night I answered it within five minutes.\n"
    "4. I checked on Mrs Pike at 04:00 and she was asleep in bed.\n"
)
_CALLS = (
    "Room,Resident,Call raised,Call cancelled,Cancelled by\n"
    "Room 11,Arthur Bell,09/10/2026 22:14:03,09/10/2026 22:16:40,FOB-22\n"
    "Room 14,Doreen Pike,10/10/2026 01:47:10,10/10/2026 {first},FOB-22\n"
    "Room 14,Doreen Pike,10/10/2026 03:10:05,10/10/2026 03:12:31,FOB-22\n"
    "Room 14,Doreen Pike,10/10/2026 04:31:50,10/10/2026 {last},FOB-31\n"
)
_FOBS = (
    "ELMFIELD HOUSE - STAFF FOB ALLOCATION\n"
    "FOB-22: Grace Mensah (Senior Care Assistant, first floor)\n"
    "FOB-31: Tomasz Wolny (Care Assistant)\n"
)
_DOORS = "Timestamp,Door,Fob,Direction\n10/10/2026 04:02:10,Ground floor staff room,FOB-22,Entry\n"


async def _docs(
    tmp_path: Path, every: str = "Every time", first: str = "02:21:45", last: str = "04:58:19"
) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_mensah.txt", _STATEMENT.format(every=every)),
        await text_doc(
            tmp_path, "nurse_calls.csv", _CALLS.format(first=first, last=last), "text/csv"
        ),
        await text_doc(tmp_path, "staff_fobs.txt", _FOBS),
        await text_doc(tmp_path, "door_log.csv", _DOORS, "text/csv"),
    ]


async def test_every_call_answered_late_against_within_five_minutes(tmp_path: Path) -> None:
    [found] = synthesis_of(await _docs(tmp_path)).contradictions
    assert found.claim.startswith("Every time Mrs Pike's call bell")
    assert found.severity == "HIGH"
    assert found.explanation == (
        "Grace Mensah says the call was answered within five minutes; the log has Call raised "
        "2026-10-10 01:47, Call cancelled 02:21 (35 minutes); Call raised 2026-10-10 04:31, Call "
        "cancelled 04:58 (26 minutes)."
    )
    assert [r.row for r in found.evidence_against] == [2, 4]  # not Room 11's, nor the quick one


async def test_one_call_told_of_is_the_first_late_one(tmp_path: Path) -> None:
    [found] = synthesis_of(await _docs(tmp_path, every="When")).contradictions
    assert found.severity == "HIGH"
    assert [r.row for r in found.evidence_against] == [2]


async def test_calls_answered_in_time_say_nothing(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, first="01:50:00", last="04:35:10")
    assert synthesis_of(docs).contradictions == []


async def test_the_fob_list_the_shift_and_the_residents_room(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))
    door = next(e for e in evidence.events if "Ground floor staff room" in e.description)
    assert door.people == ["Grace Mensah"]
    claims = {c.claim[:20]: c for c in evidence.sworn_claims}
    assert claims["I checked on Mrs Pik"].claimed_time == "2026-10-10T04:00:00"
    assert claims["Mrs Doreen Pike live"].claimed_place is None


async def test_during_my_shift_is_the_shift_told_before(tmp_path: Path) -> None:
    statement = (
        "WITNESS STATEMENT\nName: Grace Mensah\nDate: 14 October 2026\n\n"
        "1. I worked the night shift from 20:00 on 9 October 2026 to 08:00 on 10 October 2026.\n"
        "2. I was the senior carer on the first floor.\n"
        "3. Mrs Doreen Pike lives in Room 14.\n"
        "4. I did not notice anything wrong.\n"
        "5. I did not leave the first floor at any time during my shift.\n"
    )
    doors = (
        "Timestamp,Door,Fob,Direction\n"
        "10/10/2026 02:35:12,First floor stairwell,FOB-22,Exit\n"
        "10/10/2026 02:58:40,Ground floor staff room,FOB-22,Entry\n"
        "10/10/2026 03:05:55,First floor stairwell,FOB-22,Entry\n"
    )
    docs = [
        await text_doc(tmp_path, "statement_mensah.txt", statement),
        await text_doc(tmp_path, "staff_fobs.txt", _FOBS),
        await text_doc(tmp_path, "door_log.csv", doors, "text/csv"),
    ]
    evidence, _ = run(EvidenceOutput, docs)
    claims = {c.claim[:20]: c for c in evidence.sworn_claims}
    # Its own span, and the span of the sentence four paragraphs on that speaks of it.
    shift = "2026-10-09T20:00:00/2026-10-10T08:00:00"
    assert claims["I worked the night s"].claimed_time == shift
    assert claims["I did not leave the "].claimed_time == shift
    [left] = synthesis_of(docs).contradictions
    assert left.claim.startswith("I did not leave the first floor")
    assert "going out at 2026-10-10 02:35" in left.explanation
    # In through the ground floor's staff room is not back on the first floor.
    assert left.explanation.endswith("and not back in until 2026-10-10 03:05.")
