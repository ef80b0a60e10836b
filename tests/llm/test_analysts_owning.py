"""A denial of owning a thing ("I do not own a grey Ford Focus") against a record naming the
speaker as its owner or keeper, describing it in the denial's words (a vehicle record's
make/model and colour). A record of another thing, of another person, or of an ownership that
began after the time the denial is about, is no contradiction."""

from pathlib import Path

import pytest

from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT\n"
    "Statement of: Daniel Mercer\n"
    "\n"
    "On Sunday 12 May 2024 I went to bed early.\n"
    "I do not own a grey Ford Focus and I have never driven one.\n"
    "\n"
    "Signed: D. Mercer    Date: 20 May 2024\n"
)
_RECORD = (
    "VEHICLE RECORD\n"
    "Registration: KX19 PLM\n"
    "Make/Model: Ford Focus Zetec\n"
    "Colour: {colour}\n"
    "Registered keeper: {keeper}, 14 Larch Close, Halton\n"
    "Keeper since: {since}\n"
)


async def _case(tmp: Path, **record: str) -> list[object]:
    fields = {"colour": "Grey", "keeper": "Daniel Mercer", "since": "03/01/2023"} | record
    return [
        await text_doc(tmp, "statement_mercer.txt", _STATEMENT),
        await text_doc(tmp, "vehicle_record.txt", _RECORD.format(**fields)),
    ]


@pytest.mark.parametrize(
    "record",
    [
        {"colour": "Red"},  # not the car he denies
        {"keeper": "Kelly Ashworth"},  # not his
        {"since": "23/06/2024"},  # his only from after the day the statement is of
    ],
)
async def test_another_car_another_keeper_or_a_later_one(
    tmp_path: Path, record: dict[str, str]
) -> None:
    assert synthesis_of(await _case(tmp_path, **record)).contradictions == []
