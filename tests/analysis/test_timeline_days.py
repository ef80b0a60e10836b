"""A time of day written alone belongs to the day written just before it, but not to a birth
date or a period's end."""

from pathlib import Path

import pytest

from holmes_backend.contracts.agents import EvidenceOutput
from tests.llm.test_analysts_helpers import run, text_doc


@pytest.mark.parametrize(
    "identified",
    [
        "Identified as Ivo HORVAT (DOB 02/02/1989).",
        "Subject: Marta Kowalczyk, date of birth 14 May 1991.",
        "The driver, born on 3 March 1979, gave his name as Adebayo.",
    ],
)
async def test_a_time_after_a_birth_date_keeps_the_day_of_the_log(
    tmp_path: Path, identified: str
) -> None:
    log = await text_doc(
        tmp_path,
        "review.txt",
        "CCTV REVIEW NOTE\n"
        "Footage date: Saturday 19th July 2025\n"
        "14:05 Camera 22: a man enters the shop.\n"
        f"{identified}\n"
        "14:09 The same man leaves without paying.\n",
    )
    output, _ = run(EvidenceOutput, [log])
    stamps = [e.timestamp for e in output.events if "leaves without paying" in e.description]
    assert stamps, [e.timestamp for e in output.events]
    assert all(s.startswith("2025-07-19T14:09") for s in stamps), stamps
