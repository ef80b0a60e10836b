"""Activity logs (a tachograph's, a duty log's) against what a witness says they were doing: a
break claimed over a time the log has them driving or working, and "never more than four and a
half hours without a break" against a longer stretch of it. A log that bears the break out, and
another person's log, contradict nothing."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_STATEMENT = (
    "STATEMENT OF MAREK NOWICKI\n"
    "Taken on 20 November 2026.\n\n"
    "1. I am an HGV driver employed by Brindlecombe Logistics Ltd.\n"
    "2. On Thursday 12 November 2026 I started my shift at 06:00 at the Daventry depot.\n"
    "3. I took my full 45 minute break at Watford Gap services between 10:15 and 11:00.\n"
    "4. I did not drive for more than four and a half hours without a break at any time that "
    "day.\n"
)
_TACHO = (
    "Vehicle,Driver,Date,Start,End,Activity,Location\n"
    "KX71 HRD,{driver},12/11/2026,06:02,06:14,Other work,Daventry\n"
    "KX71 HRD,{driver},12/11/2026,06:14,{stop},Driving,\n"
    "KX71 HRD,{driver},12/11/2026,{stop},{resume},Break,Watford Gap\n"
    "KX71 HRD,{driver},12/11/2026,{resume},13:35,Driving,\n"
)


async def _docs(
    tmp_path: Path, driver: str = "NOWICKI M", stop: str = "10:58", resume: str = "11:20"
) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_nowicki.txt", _STATEMENT),
        await text_doc(
            tmp_path,
            "tacho_export.csv",
            _TACHO.format(driver=driver, stop=stop, resume=resume),
            "text/csv",
        ),
    ]


async def test_another_drivers_log_says_nothing_of_him(tmp_path: Path) -> None:
    synthesis = synthesis_of(await _docs(tmp_path, driver="KOWALSKI J"))
    assert synthesis.contradictions == []


async def test_a_logs_own_places_leave_its_other_rows_of_no_place(tmp_path: Path) -> None:
    log = (
        "Vehicle,Driver,Date,Start,End,Activity,Location\n"
        "KX71 HRD,NOWICKI M,12/11/2026,06:02,06:14,Other work,Daventry\n"
        "KX71 HRD,NOWICKI M,12/11/2026,06:14,10:58,Driving,\n"
        "KX71 HRD,NOWICKI M,12/11/2026,12:24,12:41,Other work,Woolley Edge\n"
    )
    statement = "Statement of Marek Nowicki, 20 November 2026.\n\nI started at 06:00 at Daventry.\n"
    docs = [
        await text_doc(tmp_path, "statement_nowicki.txt", statement),
        await text_doc(tmp_path, "tacho.csv", log, "text/csv"),
    ]
    evidence, _ = run(EvidenceOutput, docs)
    rows = [
        (e.description.split("Activity: ")[1].split(";")[0], e.place)
        for e in evidence.events
        if "Activity: " in e.description
    ]
    # "Location: Woolley Edge" is a place, not a person; the driving row is of no known place.
    assert rows == [("Other work", "Daventry"), ("Driving", None), ("Other work", "Woolley Edge")]
    assert "Woolley Edge" in evidence.places
    assert "Woolley Edge" not in evidence.people
    # So the start at Daventry meets no record of him elsewhere at 06:14.
    assert synthesis_of(docs).contradictions == []


_GUARD = (
    "Statement of Samuel Okeke, security officer, dated 2 December 2026.\n\n"
    "On the night of 24 to 25 November 2026 I was on duty alone. I took my break from 01:00 to "
    "01:30 in the gatehouse. I patrolled the car park continuously from 01:30 until 03:00.\n"
)
_TOUR = (
    "Officer,Date,Time from,Time to,Status,Zone\n"
    "OKEKE S,25/11/2026,00:10,00:55,Patrol,Car park\n"
    "OKEKE S,25/11/2026,00:55,{back},Break,Gatehouse\n"
    "OKEKE S,25/11/2026,{back},03:20,Patrol,Car park\n"
)


async def test_a_break_the_tour_log_ends_in_time(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "statement_okeke.txt", _GUARD),
        await text_doc(tmp_path, "guard_tours.csv", _TOUR.format(back="01:32"), "text/csv"),
    ]
    assert synthesis_of(docs).contradictions == []
