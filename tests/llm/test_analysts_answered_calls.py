"""A nurse-call export's rows hold each call and its answer ("Call raised: … ; Call cancelled:
…"): a carer's "Every time Mrs Pike's call bell went off that night I answered it within five
minutes" against the calls of her room answered 35 and 26 minutes later. The carer's fob is hers
by the staff fob list ("FOB-22: Grace Mensah"); her "at 04:00", told after a night shift from
20:00 on the 9th to 08:00 on the 10th, is the 10th's; where the resident lives is no place the
carer claims to have been."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

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


async def test_calls_answered_in_time_say_nothing(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, first="01:50:00", last="04:35:10")
    assert synthesis_of(docs).contradictions == []
