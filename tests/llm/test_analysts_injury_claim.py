"""An employer's liability claim: the claimant says he slipped on water with no warning sign
there and has played no sport since the accident; the accident book records that no water was
found and that a wet floor sign was in place, and a five-a-side league's results name him as a
scorer twice after the accident (once before it, which says nothing). The same records agreeing
with him contradict nothing."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
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


async def test_the_records_agreeing_with_him(tmp_path: Path) -> None:
    docs = await _docs(
        tmp_path,
        found="Water from a leaking chiller",
        sign="No warning sign had been put out.",
        after="",
    )
    assert synthesis_of(docs).contradictions == []


_ENTRY = (
    "ACCIDENT BOOK ENTRY\n"
    "Injured person: Rory Bannon\n"
    "Reported to: Ann Kerr (Supervisor) on {day}\n"
)


async def test_a_report_made_is_an_event_of_its_day(tmp_path: Path) -> None:
    """The accident book's "Reported to: … on 5 February 2026" is on the timeline (it reached
    only the evidence agent, which read no event in it before)."""
    docs = [await text_doc(tmp_path, "accident_book.txt", _ENTRY.format(day="5 February 2026"))]
    evidence, _ = run(EvidenceOutput, docs)
    assert [(e.timestamp, e.description) for e in evidence.events] == [
        ("2026-02-05", "Reported to: Ann Kerr (Supervisor) on 5 February 2026")
    ]
