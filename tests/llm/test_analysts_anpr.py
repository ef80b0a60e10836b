"""A suspect's account of a night against number-plate camera hits of his car.

The interview is a record of taped interview, questions and answers led by "Q." and "A.", its
times written as British prose writes them ("9.30pm"); a keeper check ties the plate to him."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_INTERVIEW = (
    "RECORD OF TAPED INTERVIEW\n"
    "Person interviewed: Darren Kilbride\n"
    "Date: 20 January 2026. Interviewing officer: DC Amira Shah\n"
    "Q. Where were you on the evening of Saturday 17 January?\n"
    "A. I was at the Red Lion in Stone from about 9.30pm until closing, then I walked home.\n"
    "Q. Did you use your car that night?\n"
    "A. No. The car stayed parked outside my house all night.\n"
)
_KEEPER = (
    "DVLA KEEPER ENQUIRY - RESULT\nRegistration: YX68 UFT\nRegistered keeper: Darren Kilbride\n"
    "Keeper address: 14 Mill Lane, Stone ST15 8BQ\n"
)


def _hits(*stamps: str) -> str:
    rows = [f'YX68 UFT,ST-0412,"A520 Leek Road, Cheadle",{stamp}' for stamp in stamps]
    return "VRM,Camera,Location,Date/Time\n" + "\n".join(rows) + "\n"


async def _docs(tmp_path: Path, *stamps: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "interview_kilbride.txt", _INTERVIEW),
        await text_doc(tmp_path, "dvla_keeper_check.txt", _KEEPER),
        await text_doc(tmp_path, "anpr_hits.csv", _hits(*stamps), "text/csv"),
    ]


async def test_a_dotted_pm_time_and_all_night_set_the_claims_windows(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, (await _docs(tmp_path, "17/01/2026 23:41"))[:1])
    times = {c.claim[:19]: (c.claimed_time, c.claimed_place) for c in evidence.sworn_claims}
    # "from about 9.30pm until closing": from 21:30, not the whole evening.
    assert times["I was at the Red Li"][0] == "2026-01-17T21:30:00/2026-01-17T23:59:59"
    # "all night": until the morning after; "outside my house" is at home.
    assert times["No. The car stayed "] == ("2026-01-17T20:00:00/2026-01-18T06:59:59", "home")


async def test_his_car_on_camera_after_midnight_against_all_night_at_home(tmp_path: Path) -> None:
    found = synthesis_of(await _docs(tmp_path, "18/01/2026 01:58")).contradictions
    [home] = [c for c in found if c.claim.startswith("No. The car stayed")]
    assert "places them elsewhere at 2026-01-18T01:58" in home.explanation
    # Before he says he reached the pub, the camera contradicts neither answer.
    assert not synthesis_of(await _docs(tmp_path, "17/01/2026 19:10")).contradictions
