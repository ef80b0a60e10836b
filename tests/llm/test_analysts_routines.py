"""Done "every two hours", against the record of doing it: a guard who says he patrolled the
yard every two hours through the night, and the patrol log with no round between 23:58 and
05:02. Rounds logged on time, or a log named for something else, contradict nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT OF LEVENT ASHWORTH-BOYLE\n"
    "Occupation: Night security officer, Brindle Quay freight yard\n"
    "1. I was on duty at Brindle Quay on the night of 17 to 18 June 2026.\n"
    "2. I patrolled the container yard every two hours throughout the night and saw nobody.\n"
    "I believe that the facts stated in this witness statement are true.\n"
)
_ROUNDS = (
    "round_started,checkpoint,officer\n"
    "2026-06-17 20:01,Gate A,L Ashworth-Boyle\n"
    "2026-06-17 22:03,Gate A,L Ashworth-Boyle\n"
    "2026-06-17 23:58,Gate A,L Ashworth-Boyle\n"
    "2026-06-18 05:02,Gate A,L Ashworth-Boyle\n"
)


async def _docs(
    tmp_path: Path, rounds: str, name: str = "yard_patrol_rounds.csv"
) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_ashworth_boyle.txt", _STATEMENT),
        await text_doc(tmp_path, name, rounds, "text/csv"),
    ]


async def test_rounds_on_time_or_another_log_contradict_nothing(tmp_path: Path) -> None:
    on_time = _ROUNDS.replace("2026-06-18 05:02", "2026-06-18 01:55")
    assert synthesis_of(await _docs(tmp_path, on_time)).contradictions == []
    # The same rows in a file named for something else are no record of the patrols.
    other = await _docs(tmp_path, _ROUNDS, "forklift_battery_charges.csv")
    assert synthesis_of(other).contradictions == []
