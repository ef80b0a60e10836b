"""Not in yet: "I got to work at 06:45" and "I checked the freezer temperatures at 07:00" on a
day the speaker's own fob first lets them in at 08:52, while the door log was recording others
from 06:30. An entry within half an hour, a log that recorded no one before the time claimed,
and a speaker inside since the evening before say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_INTERVIEW = (
    "Record of interview with Tomasz Wrobel, kitchen supervisor\n"
    "Interviewer: Hannah Cole\n"
    "Q: What happened on the morning of Monday 3 November 2025?\n"
    "A: I got to work at 06:45 as usual.\n"
    "Q: Who checked the freezer temperatures?\n"
    "A: I checked the freezer temperatures myself at 07:00 and wrote them on the sheet.\n"
)
_DOORS = (
    "Date,Time,Door,Fob holder,Direction\n"
    "{before}"
    "03/11/2025,06:30,Back door,Lena Fischer,In\n"
    "03/11/2025,06:41,Back door,Sam Okafor,In\n"
    "03/11/2025,{his},Back door,Tomasz Wrobel,In\n"
    "03/11/2025,15:02,Back door,Tomasz Wrobel,Out\n"
)


async def _docs(tmp: Path, his: str = "08:52", before: str = "") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "interview_wrobel.txt", _INTERVIEW),
        await text_doc(tmp, "door_log.csv", _DOORS.format(his=his, before=before), "text/csv"),
    ]


async def test_an_entry_soon_after_says_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, his="07:10")).contradictions == []


async def test_a_log_recording_no_one_before_says_nothing(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    later = _DOORS.replace("06:30", "08:30").replace("06:41", "08:41")
    docs[1] = await text_doc(
        tmp_path, "door_log.csv", later.format(his="08:52", before=""), "text/csv"
    )
    assert synthesis_of(docs).contradictions == []


async def test_inside_since_the_evening_before_says_nothing(tmp_path: Path) -> None:
    night = "02/11/2025,21:58,Back door,Tomasz Wrobel,In\n"
    assert synthesis_of(await _docs(tmp_path, before=night)).contradictions == []
