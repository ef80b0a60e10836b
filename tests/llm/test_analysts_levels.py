"""A tank's level told against the level recorded: "I brought the van back with a full tank"
against the depot's return sheet, "Fuel gauge on return: 2/8", that day. A level within half a
tank, another day's sheet, and a witness's own words about the level say nothing."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

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


async def test_a_full_tank_told_against_the_return_sheet(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    evidence, _ = run(EvidenceOutput, docs)
    assert [f.title for f in evidence.findings if f.finding_type == "level_recorded"] == [
        "Fuel level recorded: 0.25 (2/8) on 2026-06-22"
    ]
    [found] = synthesis_of(docs).contradictions
    assert found.explanation == (
        "Bethan Rowe says the tank was full, yet the record of 2026-06-22 has its fuel at 2/8: "
        "Fuel gauge on return: 2/8."
    )
    assert found.severity == "HIGH"


async def test_near_levels_or_another_day_say_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, level="7/8")).contradictions == []
    assert synthesis_of(await _docs(tmp_path, day="25")).contradictions == []
