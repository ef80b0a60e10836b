"""Activity logs (a tachograph's, a duty log's) against what a witness says they were doing: a
break claimed over a time the log has them driving or working, and "never more than four and a
half hours without a break" against a longer stretch of it. A log that bears the break out, and
another person's log, contradict nothing."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
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


async def test_the_tachograph_against_the_break_and_the_hours_he_gives(tmp_path: Path) -> None:
    synthesis = synthesis_of(await _docs(tmp_path))
    by_claim = {c.claim[:12]: c for c in synthesis.contradictions}
    brk = by_claim["I took my fu"]
    assert brk.severity == "HIGH"
    assert brk.explanation == (
        "Marek Nowicki gives a break from 10:15 to 11:00 on 2026-11-12 (45 min by that account), "
        "yet the activity log records Driving from 06:14 to 10:58, 43 min of that time; the "
        "breaks it records that day: 10:58 to 11:20 (22 min)."
    )
    assert {r.row for r in brk.evidence_against} == {2, 3}
    hours = by_claim["I did not dr"]
    assert hours.explanation == (
        "Marek Nowicki says no more than 4 h 30 min of driving without a break, yet the activity "
        "log records 4 h 44 min of it between 06:14 and 10:58 on 2026-11-12 with no break."
    )
    # A limit kept is no denial of driving at all.
    assert len([c for c in synthesis.contradictions if c.claim.startswith("I did not dr")]) == 1


async def test_a_log_that_bears_the_break_out(tmp_path: Path) -> None:
    synthesis = synthesis_of(await _docs(tmp_path, stop="10:12", resume="11:02"))
    assert synthesis.contradictions == []
    # Borne out by the log, the break needs no corroboration.
    assert not [g for g in synthesis.evidence_gaps if "45 minute break" in g.element]


async def test_another_drivers_log_says_nothing_of_him(tmp_path: Path) -> None:
    synthesis = synthesis_of(await _docs(tmp_path, driver="KOWALSKI J"))
    assert synthesis.contradictions == []


async def test_a_duty_log_of_other_words_and_fields(tmp_path: Path) -> None:
    statement = (
        "Interview with Priya Raman, forklift operator, 3 March 2026.\n\n"
        "I had my lunch break from 12:30 to 13:00 on 24 February 2026, as I always do.\n"
        "I have never worked more than 6 hours without a rest.\n"
    )
    log = (
        "Operator,Date,Time from,Time to,Status\n"
        "Priya Raman,24/02/2026,06:00,09:10,Working\n"
        "Priya Raman,24/02/2026,09:10,09:25,Rest\n"
        "Priya Raman,24/02/2026,09:25,13:05,Working\n"
        "Priya Raman,24/02/2026,13:05,13:35,Lunch\n"
        "Priya Raman,25/02/2026,06:00,12:50,Working\n"
        "Priya Raman,25/02/2026,12:50,13:20,Lunch\n"
    )
    docs = [
        await text_doc(tmp_path, "interview_raman.txt", statement),
        await text_doc(tmp_path, "truck_duty_log.csv", log, "text/csv"),
    ]
    by_claim = {c.claim[:8]: c for c in synthesis_of(docs).contradictions}
    assert by_claim["I had my"].explanation.startswith(
        "Priya Raman gives a break from 12:30 to 13:00 on 2026-02-24, yet the activity log "
        "records Working from 09:25 to 13:05, 30 min of that time; the breaks it records that "
        "day: 09:10 to 09:25 (15 min), 13:05 to 13:35 (30 min)."
    )
    assert by_claim["I have n"].explanation == (
        "Priya Raman says no more than 6 h 00 min of work without a break, yet the activity log "
        "records 6 h 50 min of it between 06:00 and 12:50 on 2026-02-25 with no break."
    )


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


async def test_patrolling_against_the_guard_tours_break(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "statement_okeke.txt", _GUARD),
        await text_doc(tmp_path, "guard_tours.csv", _TOUR.format(back="02:40"), "text/csv"),
    ]
    evidence, _ = run(EvidenceOutput, docs)
    claims = {c.claim[:12]: c.claimed_time for c in evidence.sworn_claims}
    # The small hours of "the night of 24 to 25 November" are the 25th's.
    assert claims["I took my br"] == "2026-11-25T01:00:00/2026-11-25T01:30:00"
    # "I was on duty" over the night says nothing of breaks; the patrol's own hours do.
    [found] = synthesis_of(docs).contradictions
    assert found.explanation == (
        "Samuel Okeke gives patrolling from 01:30 to 03:00 on 2026-11-25, yet the activity log "
        "records Break from 00:55 to 02:40, 1 h 10 min of that time."
    )


async def test_a_break_the_tour_log_ends_in_time(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "statement_okeke.txt", _GUARD),
        await text_doc(tmp_path, "guard_tours.csv", _TOUR.format(back="01:32"), "text/csv"),
    ]
    assert synthesis_of(docs).contradictions == []
