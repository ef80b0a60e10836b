"""A hotel's booking confirmation against where its guest says they were during the stay."""

from pathlib import Path

from holmes_backend.demo.formats import make_pdf
from tests.llm.test_analysts_helpers import load, synthesis_of, text_doc

_BOOKING = [
    "PENSION ALPENBLICK INNSBRUCK",
    "Hoehenstrasse 4, 6020 Innsbruck, Austria",
    "Reservation confirmation 55120",
    "Guest: Mr Lars Eriksen",
    "Arrival: 3 February 2026",
    "Departure: 8 February 2026",
]


async def _docs(tmp_path: Path, statement: str) -> list:
    path = tmp_path / "booking.pdf"
    path.write_bytes(make_pdf([_BOOKING]))
    return [
        await load(path, "application/pdf"),
        await text_doc(
            tmp_path, "statement_eriksen.txt", f"STATEMENT OF LARS ERIKSEN\n{statement}"
        ),
    ]


async def test_the_stays_own_town_and_its_travel_days_are_no_contradiction(
    tmp_path: Path,
) -> None:
    for said in (
        "1. On 5 February 2026 I was skiing near Innsbruck all day.\n",
        "1. On 3 February 2026 I was at my office in Bergen until noon.\n",
    ):
        assert synthesis_of(await _docs(tmp_path, said)).contradictions == []
