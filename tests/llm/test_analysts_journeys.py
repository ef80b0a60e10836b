"""A van driver's night run: the fleet sheet gives him the van by its plate, the van's tracker has
it standing with the ignition off for 35 minutes, and he says he never pulled over. Driving
from one town to another puts him at neither; a five-minute halt is no stop."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_FLEET = (
    "Date,Reg,Allocated to\n2026-03-11,KX-482-PL,Tobiasz Wren\n2026-03-11,GF-19-AB,Ola Brandt\n"
)
_TRACKER = (
    "Timestamp,Plate,Latitude,Longitude,Ignition\n"
    "2026-03-11 22:05,KX-482-PL,50.8503,4.3517,On\n"
    "2026-03-11 22:40,KX-482-PL,50.9100,4.1200,Off\n"
    "2026-03-11 23:15,KX-482-PL,50.9100,4.1200,Off\n"
    "2026-03-11 23:20,KX-482-PL,50.9300,4.0500,On\n"
)
_STATEMENT = (
    "Statement of Tobiasz Wren\n"
    "Date: 13 March 2026\n"
    "On 11 March 2026 I drove the van from Brussels to Ghent.\n"
    "I never pulled over on the way.\n"
)


async def _docs(tmp_path: Path, tracker: str = _TRACKER) -> list:
    return [
        await text_doc(tmp_path, "fleet_sheet.csv", _FLEET, "text/csv"),
        await text_doc(tmp_path, "tracker.csv", tracker, "text/csv"),
        await text_doc(tmp_path, "statement_wren.txt", _STATEMENT),
    ]


async def test_a_plate_is_its_drivers_and_a_journey_is_no_place(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))
    tracked = [e.people for e in evidence.events if e.source.file_id == "tracker"]
    assert tracked == [["Tobiasz Wren"]] * 4
    [drove] = [c for c in evidence.sworn_claims if "drove" in c.claim]
    assert drove.claimed_place is None  # on the road, at neither end


async def test_a_short_halt_is_no_stop(tmp_path: Path) -> None:
    short = _TRACKER.replace(
        "23:15,KX-482-PL,50.9100,4.1200,Off", "22:45,KX-482-PL,50.9100,4.1200,Off"
    )
    assert synthesis_of(await _docs(tmp_path, short)).contradictions == []
