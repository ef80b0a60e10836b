"""A vehicle said left parked and its own records moving, written unlike the other cases: a
care worker's statement that she left pool car PC-04 at the office "and did not drive the car
again that day", and that "the car remained in the car park all night", against the car's
tracker and the car park barrier's rows for PC-04 that evening; rows of another car, or rows
that only record it standing, contradict nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT\n"
    "Statement of: Hanne Sorensen\n"
    "Date: 12 August 2026\n"
    "On Thursday 6 August 2026 I returned pool car PC-04 to the office at about 16:45 and did "
    "not drive the car again that day.\n"
    "The car remained in the car park all night.\n"
)


def _tracker(event: str, car: str = "PC-04") -> str:
    return (
        "Vehicle,Timestamp,Event,Speed (km/h)\n"
        f"{car},2026-08-06 16:47,Ignition off,0\n"
        f"{car},2026-08-06 20:12,{event}\n"
        f"{car},2026-08-06 20:31,Ignition off,0\n"
    )


async def _docs(tmp_path: Path, tracker: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_sorensen.txt", _STATEMENT),
        await text_doc(tmp_path, "pool_car_tracker.csv", tracker, "text/csv"),
    ]


async def test_another_car_or_a_car_standing_contradicts_nothing(tmp_path: Path) -> None:
    for tracker in (_tracker("Moving,48", car="PC-07"), _tracker("Stationary,0")):
        output = synthesis_of(await _docs(tmp_path, tracker))
        assert not [c for c in output.contradictions if "show it moving" in c.explanation]
