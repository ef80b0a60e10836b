"""Within a distance of a place, denied: "I have not been within 100 metres of 7 Larkin Close
since 5 May 2026" against the speaker's tag positions inside it, the tag theirs by the
monitoring record's "Tag ID" and "Subject" fields, and the place's coordinates those of the
record's zone. Positions outside it, before the day, or of another tag say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Liam Corcoran\n"
    "1. I have not been within 100 metres of 7 Larkin Close since 5 May 2026.\n"
    "Signed: Liam Corcoran\n"
)
_RECORD = (
    "Electronic monitoring record\n"
    "Tag ID: GX-3090\n"
    "Subject: Liam Corcoran\n"
    "Exclusion zone: 100 m radius of 7 Larkin Close (51.45210, -2.58830)\n"
)
_POSITIONS = (
    "Timestamp,Tag ID,Latitude,Longitude\n"
    "{day}/05/2026 22:10,{tag},51.45190,-2.58860\n"
    "{day}/05/2026 22:16,{tag},51.45215,-2.58822\n"
    "18/05/2026 23:05,{tag},51.46010,-2.60010\n"
)


async def _docs(tmp: Path, day: str = "17", tag: str = "GX-3090") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "statement_corcoran.txt", _STATEMENT),
        await text_doc(tmp, "monitoring_record.txt", _RECORD),
        await text_doc(tmp, "tag_positions.csv", _POSITIONS.format(day=day, tag=tag), "text/csv"),
    ]


async def test_before_the_day_or_another_tag_says_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, day="02")).contradictions == []
    assert synthesis_of(await _docs(tmp_path, tag="GX-4411")).contradictions == []
