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


async def test_a_routine_claimed_against_its_log(tmp_path: Path) -> None:
    [found] = synthesis_of(await _docs(tmp_path, _ROUNDS)).contradictions
    assert found.claim.startswith("I patrolled the container yard every two hours")
    assert found.severity == "MEDIUM"  # 5 h 04 min: fewer than three rounds missed
    assert "between 2026-06-17 23:58 and 2026-06-18 05:02 (5 h 04 min)" in found.explanation
    assert {r.row for r in found.evidence_against} == {3, 4}


async def test_rounds_on_time_or_another_log_contradict_nothing(tmp_path: Path) -> None:
    on_time = _ROUNDS.replace("2026-06-18 05:02", "2026-06-18 01:55")
    assert synthesis_of(await _docs(tmp_path, on_time)).contradictions == []
    # The same rows in a file named for something else are no record of the patrols.
    other = await _docs(tmp_path, _ROUNDS, "forklift_battery_charges.csv")
    assert synthesis_of(other).contradictions == []


_NURSE = (
    "Statement of Staff Nurse Priya Okonkwo-Hall\n"
    "Date: 4 February 2026\n"
    "On the night of 1 to 2 February 2026 I cared for the patient in bay 3, Mr Aled Pritchard.\n"
    "I took his observations every hour until the morning handover.\n"
    "I believe this statement is true.\n"
)
_CHART = (
    "Date,Time,Patient,Resp rate,SpO2,Pulse,NEWS2,Initials\n"
    "2026-02-01,22:00,Aled Pritchard,18,96,84,1,POH\n"
    "2026-02-01,23:02,Aled Pritchard,19,95,88,1,POH\n"
    "2026-02-02,00:05,Aled Pritchard,20,94,90,2,POH\n"
    "2026-02-02,04:20,Aled Pritchard,27,89,118,8,POH\n"
)


async def test_a_chart_named_by_its_short_form(tmp_path: Path) -> None:
    """The chart is named "obs", short for the observations the nurse says she took."""
    docs = [
        await text_doc(tmp_path, "statement_okonkwo_hall.txt", _NURSE),
        await text_doc(tmp_path, "obs_chart_bay3.csv", _CHART, "text/csv"),
    ]
    [found] = synthesis_of(docs).contradictions
    assert found.claim.startswith("I took his observations every hour")
    assert found.severity == "HIGH"  # 4 h 15 min: three rounds or more
    assert "between 2026-02-02 00:05 and 2026-02-02 04:20" in found.explanation
    # A chart whose short name is of something else says nothing of the observations.
    docs[1] = await text_doc(tmp_path, "med_chart_bay3.csv", _CHART, "text/csv")
    assert synthesis_of(docs).contradictions == []
