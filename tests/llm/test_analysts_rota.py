"""A rota laid out a column per day, written unlike the other cases: each cell a shift
("06:00-14:00"), "OFF" or a code of absence ("A/L"); overtime claimed and an account of work
on the day the rota has the claimant on leave."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_ROTA = (
    "Name,Mon 13/04/2026,Tue 14/04/2026,Wed 15/04/2026,Thu 16/04/2026\n"
    "Beatriz Solano,06:00-14:00,A/L,OFF,06:00-14:00\n"
    "Kwame Asante,14:00-22:00,14:00-22:00,,OFF\n"
)
_OVERTIME = (
    "Employee,Date worked,Hours,Total EUR\n"
    "Beatriz Solano,14/04/2026,6,132.00\n"
    "Kwame Asante,14/04/2026,2,44.00\n"
)
_STATEMENT = (
    "STATEMENT OF BEATRIZ SOLANO\n"
    "1. On 14 April 2026 I worked the early shift at the Getafe warehouse from 06:00 to 12:00.\n"
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


async def test_overtime_and_an_account_of_work_on_a_rota_day_of_leave(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "rota_april.csv", _ROTA, "text/csv"),
        await text_doc(tmp_path, "overtime_april.csv", _OVERTIME, "text/csv"),
        await text_doc(tmp_path, "statement_solano.txt", _STATEMENT),
    ]
    found = synthesis_of(docs).contradictions
    assert sorted((c.claim_source.file_id, c.severity) for c in found) == [
        ("overtime_april", "HIGH"),
        ("statement_solano", "MEDIUM"),
    ]
    claimed = next(c for c in found if c.claim_source.file_id == "overtime_april")
    assert claimed.claim_source.row == 1  # Kwame Asante's overtime was on a working day
    assert claimed.explanation == (
        "Claimed by Beatriz Solano for 2026-04-14, a day the leave record has them absent "
        "(Tue 14/04/2026: A/L, 2026-04-14 to 2026-04-14)."
    )
