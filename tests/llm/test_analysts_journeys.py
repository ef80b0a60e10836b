"""A van driver's night run: the fleet sheet gives him the van by its plate, the van's tracker has
it standing with the ignition off for 35 minutes, and he says he never pulled over. Driving
from one town to another puts him at neither; a five-minute halt is no stop."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
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


async def test_a_standstill_against_never_pulled_over(tmp_path: Path) -> None:
    output = synthesis_of(await _docs(tmp_path))
    [stopped] = output.contradictions
    assert stopped.claim == "I never pulled over on the way."
    assert stopped.severity == "HIGH"
    assert "at a standstill 2026-03-11 22:40\u201323:15 (35 min" in stopped.explanation


async def test_a_short_halt_is_no_stop(tmp_path: Path) -> None:
    short = _TRACKER.replace(
        "23:15,KX-482-PL,50.9100,4.1200,Off", "22:45,KX-482-PL,50.9100,4.1200,Off"
    )
    assert synthesis_of(await _docs(tmp_path, short)).contradictions == []


# A lorry's tracker, a row per reading with its place; nothing ties the plate to the driver but
# his account of driving it, in a case with no other tracked vehicle.
_LORRY = (
    "timestamp_utc,vehicle,speed_kph,ignition,location\n"
    '2026-10-09 15:00,WX19 KTP,0,on,"Felixstowe Port, Trinity Terminal"\n'
    '2026-10-09 17:00,WX19 KTP,92,on,"A14 near Cambridge"\n'
    '2026-10-09 18:50,WX19 KTP,0,off,"Watford Gap Services, M1"\n'
    '2026-10-09 19:30,WX19 KTP,0,on,"Watford Gap Services, M1"\n'
    '2026-10-09 20:00,WX19 KTP,0,on,"Royal Oak Industrial Estate, Daventry"\n'
    '2026-10-09 20:55,WX19 KTP,0,on,"Royal Oak Industrial Estate, Daventry"\n'
    '2026-10-09 22:00,WX19 KTP,0,on,"Hams Hall Distribution Park, Coleshill"\n'
)
_DRIVER = (
    "WITNESS STATEMENT\n"
    "Name: Tomasz Wielgosz\n"
    "I collected the trailer from Felixstowe at about 15:00 on 9 October 2026.\n"
    "I stopped only once, at Watford Gap Services, for my 45-minute break.\n"
    "After my break I drove directly to the Hams Hall depot and arrived at about 22:00.\n"
    "I did not stop anywhere else.\n"
    "Signed: T. Wielgosz Dated: 11 October 2026\n"
)


async def test_a_stop_he_did_not_name_on_the_cases_only_tracked_lorry(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "tracker_WX19KTP.csv", _LORRY, "text/csv"),
        await text_doc(tmp_path, "statement_wielgosz.txt", _DRIVER),
    ]
    [stopped] = synthesis_of(docs).contradictions
    assert stopped.claim == "I did not stop anywhere else."
    # Watford Gap he named; standing at two places in a row is two stops, not one.
    assert "standstill 2026-10-09 20:00\u201320:55 (55 min, at Royal Oak" in stopped.explanation
    assert "Watford" not in stopped.explanation
    assert stopped.severity == "MEDIUM"  # the lorry is his by inference only
    assert [s.row for s in stopped.evidence_against] == [5, 6]
    # With a second tracked vehicle in the case, which one he drove is not known.
    other = _LORRY.replace("WX19 KTP", "YK21 LMN")
    docs.append(await text_doc(tmp_path, "tracker_YK21LMN.csv", other, "text/csv"))
    assert synthesis_of(docs).contradictions == []
