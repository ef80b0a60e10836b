"""An employer's liability claim: the claimant says he slipped on water with no warning sign
there and has played no sport since the accident; the accident book records that no water was
found and that a wet floor sign was in place, and a five-a-side league's results name him as a
scorer twice after the accident (once before it, which says nothing). The same records agreeing
with him contradict nothing."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT OF RORY BANNON\n"
    "Date: 2 March 2026\n\n"
    "1. I work as a picker at the Selby depot of Ousefield Foods Ltd.\n"
    "2. At about 10:30 on 3 February 2026 I slipped on a patch of water in the loading bay and "
    "fell onto my back.\n"
    "3. There was no warning sign near the water.\n"
    "4. Since the accident I have been unable to lift anything heavy and I have not played "
    "any sport.\n"
)
_BOOK = (
    "OUSEFIELD FOODS LTD - ACCIDENT BOOK ENTRY\n"
    "Date of entry: 4 February 2026\n"
    "Injured person: Rory Bannon\n"
    "Description: Employee reports slipping near the dock door. {found} was found when the area "
    "was checked at 11:50. {sign}\n"
)
_RESULTS = (
    "Date,Team,Player,Goals,Venue\n"
    "25/01/2026,Selby Vets,Rory Bannon,1,Selby Leisure Centre\n"
    "{after}"
    "22/02/2026,Selby Vets,Sam Pike,0,Selby Leisure Centre\n"
)
_AFTER = "15/02/2026,Selby Vets,Rory Bannon,2,Selby Leisure Centre\n"


async def _docs(
    tmp_path: Path,
    found: str = "No water or spillage",
    sign: str = "A wet floor sign was in place at the dock door from 08:00.",
    after: str = _AFTER,
) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_bannon.txt", _STATEMENT),
        await text_doc(tmp_path, "accident_book.txt", _BOOK.format(found=found, sign=sign)),
        await text_doc(tmp_path, "league_results.csv", _RESULTS.format(after=after), "text/csv"),
    ]


async def test_the_accident_book_and_the_league_against_him(tmp_path: Path) -> None:
    by_claim = {c.claim[:20]: c for c in synthesis_of(await _docs(tmp_path)).contradictions}
    water = by_claim["At about 10:30 on 3 "]
    assert water.explanation.startswith(
        "Rory Bannon gives water or spillage as what happened, yet the examining record found no "
        "sign of it"
    )
    sign = by_claim["There was no warning"]
    assert sign.explanation == (
        "Rory Bannon says there was no warning sign, yet a record says one was there: "
        "\u201cA wet floor sign was in place at the dock door from 08:00\u201d."
    )
    sport = by_claim["Since the accident I"]
    # The game after the accident, not the one before it.
    assert [r.row for r in sport.evidence_against] == [2]
    assert "first on 2026-02-15" in sport.explanation


async def test_the_records_agreeing_with_him(tmp_path: Path) -> None:
    docs = await _docs(
        tmp_path,
        found="Water from a leaking chiller",
        sign="No warning sign had been put out.",
        after="",
    )
    assert synthesis_of(docs).contradictions == []


_REPORTED = (
    "STATEMENT OF RORY BANNON\n"
    "Date: 2 March 2026\n\n"
    "1. At about 10:30 on 3 February 2026 I slipped in the loading bay.\n"
    "2. I reported the accident to my supervisor, Ann Kerr, straight away.\n"
)
_ENTRY = (
    "ACCIDENT BOOK ENTRY\n"
    "Injured person: Rory Bannon\n"
    "Reported to: Ann Kerr (Supervisor) on {day}\n"
)


async def _statement_and_book(tmp_path: Path, statement: str, book: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_bannon.txt", statement),
        await text_doc(tmp_path, "accident_book.txt", book),
    ]


async def test_reported_straight_away_against_the_day_it_was_recorded(tmp_path: Path) -> None:
    docs = await _statement_and_book(tmp_path, _REPORTED, _ENTRY.format(day="5 February 2026"))
    [late] = synthesis_of(docs).contradictions
    assert late.explanation == (
        "Rory Bannon says it was reported straight away, on 2026-02-03; the record of it dates "
        "it 2026-02-05, 2 day(s) later."
    )
    same_day = _ENTRY.format(day="3 February 2026")
    assert (
        synthesis_of(await _statement_and_book(tmp_path, _REPORTED, same_day)).contradictions == []
    )


async def test_a_report_made_is_an_event_of_its_day(tmp_path: Path) -> None:
    """The accident book's "Reported to: … on 5 February 2026" is on the timeline (it reached
    only the evidence agent, which read no event in it before)."""
    docs = [await text_doc(tmp_path, "accident_book.txt", _ENTRY.format(day="5 February 2026"))]
    evidence, _ = run(EvidenceOutput, docs)
    assert [(e.timestamp, e.description) for e in evidence.events] == [
        ("2026-02-05", "Reported to: Ann Kerr (Supervisor) on 5 February 2026")
    ]


_TIMED = (
    "STATEMENT OF RORY BANNON\n"
    "Date: 2 March 2026\n\n"
    "1. At about 10:30 on 3 February 2026 I slipped in the loading bay and fell.\n"
)
_BOOK_TIME = (
    "ACCIDENT BOOK ENTRY\n"
    "Injured person: Rory Bannon\n"
    "Date and time of accident: 3 February 2026, {at}\n"
)


async def test_the_time_he_gives_against_the_books(tmp_path: Path) -> None:
    docs = await _statement_and_book(tmp_path, _TIMED, _BOOK_TIME.format(at="11:40"))
    [late] = synthesis_of(docs).contradictions
    assert late.explanation == (
        "Rory Bannon puts it at 10:30; the record of it gives 11:40, 70 minutes apart: Date and "
        "time of accident: 3 February 2026, 11:40."
    )
    near = await _statement_and_book(tmp_path, _TIMED, _BOOK_TIME.format(at="10:45"))
    assert synthesis_of(near).contradictions == []
