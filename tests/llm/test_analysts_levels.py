"""A tank's level told against the level recorded: "I brought the van back with a full tank"
against the depot's return sheet, "Fuel gauge on return: 2/8", that day. A level within half a
tank, another day's sheet, and a witness's own words about the level say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Bethan Rowe\n"
    "1. On 22 June 2026 I brought the van back to the Cardiff depot with a full tank.\n"
    "Signed: Bethan Rowe\n"
)
_SHEET = (
    "VANLINE HIRE - RETURN SHEET\n"
    "Hire: VH-20931\n"
    "Vehicle: Ford Transit RX22 LPO\n"
    "Returned: {day} June 2026 16:40\n"
    "Fuel gauge on return: {level}\n"
    "Checked by: Huw Price\n"
)


async def _docs(tmp: Path, level: str = "2/8", day: str = "22") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "statement_rowe.txt", _STATEMENT),
        await text_doc(tmp, "return_sheet.txt", _SHEET.format(level=level, day=day)),
    ]


async def test_near_levels_or_another_day_say_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, level="7/8")).contradictions == []
    assert synthesis_of(await _docs(tmp_path, day="25")).contradictions == []
