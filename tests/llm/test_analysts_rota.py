"""A rota laid out a column per day, written unlike the other cases: each cell a shift
("06:00-14:00"), "OFF" or a code of absence ("A/L"); overtime claimed and an account of work
on the day the rota has the claimant on leave."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from tests.llm.test_analysts_helpers import run, text_doc

_ROTA = (
    "Name,Mon 13/04/2026,Tue 14/04/2026,Wed 15/04/2026,Thu 16/04/2026\n"
    "Beatriz Solano,06:00-14:00,A/L,OFF,06:00-14:00\n"
    "Kwame Asante,14:00-22:00,14:00-22:00,,OFF\n"
)


async def test_a_rota_a_column_per_day_is_read_day_by_day(tmp_path: Path) -> None:
    rota = await text_doc(tmp_path, "rota_april.csv", _ROTA, "text/csv")
    evidence, _ = run(EvidenceOutput, [rota])
    assert sorted(
        (e.timestamp, e.people[0], e.description.rsplit(": ", 1)[-1]) for e in evidence.events
    ) == [
        ("2026-04-13T06:00:00", "Beatriz Solano", "06:00-14:00"),
        ("2026-04-13T14:00:00", "Kwame Asante", "14:00-22:00"),
        ("2026-04-14", "Beatriz Solano", "A/L"),
        ("2026-04-14T14:00:00", "Kwame Asante", "14:00-22:00"),
        ("2026-04-15", "Beatriz Solano", "OFF"),
        ("2026-04-16", "Kwame Asante", "OFF"),
        ("2026-04-16T06:00:00", "Beatriz Solano", "06:00-14:00"),
    ]
