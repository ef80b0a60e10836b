"""A time of day written without a date belongs to the day written just before it, unless that
date ends a period ("the quarter ended 28 October 2023"): a results release's "call at 10:00 a.m."
is not on the last day of the comparative quarter."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from tests.llm.test_analysts_helpers import run, text_doc

_RELEASE = (
    "Harrowgate Retail reports third quarter results\n"
    "Net sales for the quarter ended 2 November 2024 were GBP 120.4 million, compared to "
    "GBP 118.2 million for the quarter ended 28 October 2023.\n"
    "Management will hold a conference call at 10:00 a.m. to discuss the results.\n"
    "On 14 March 2025 the auditors arrived at the head office.\n"
    "At 09:40 they met the finance director.\n"
)


async def test_a_period_end_lends_no_day_to_a_later_time(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, [await text_doc(tmp_path, "release.txt", _RELEASE)])
    stamps = {e.description[:20]: e.timestamp for e in evidence.events}
    assert "Management will hol" not in {k[:19] for k in stamps}  # no day to give it
    assert stamps["At 09:40 they met th"] == "2025-03-14T09:40:00"  # an event's day carries
