"""An evaluator's declaration of no family connection with any bidder, against a register
extract of several companies (each under its name and number) listing a director who, by the
electoral roll, lives at the evaluator's home."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_DECLARATION = (
    "DECLARATION OF INTERESTS - TENDER EVALUATION PANEL\n"
    "Panel member: Rhys Calloway, Head of Facilities\nDate: 3 March 2026\n"
    "I confirm that I have no personal, family or financial connection with any of the bidders "
    "for this tender.\nSigned: Rhys Calloway\n"
)
_BIDS = (
    "Bidder,Company number,Price (GBP)\n"
    'Fernvale Cleaning Ltd,10442871,"412,000"\n'
    'Brightmoor Services (Midlands) Ltd,07731904,"419,500"\n'
)
_REGISTER = (
    "COMPANIES REGISTER - OFFICERS AND PERSONS WITH SIGNIFICANT CONTROL\n\n"
    "Fernvale Cleaning Ltd (10442871)\nDirector: Owen Tarrant, appointed 2 June 2017\n\n"
    "Brightmoor Services (Midlands) Ltd (07731904)\nDirector: Sian Calloway, appointed 5 May 2020\n"
    "Person with significant control: Sian Calloway (75% or more of shares)\n"
)
_ROLL = "Electoral register extract\nAddress: {address}\nElectors: Rhys Calloway; Sian Calloway\n"


async def _docs(tmp: Path, address: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "declaration.txt", _DECLARATION),
        await text_doc(tmp, "bids.csv", _BIDS, "text/csv"),
        await text_doc(tmp, "register_extract.txt", _REGISTER),
        await text_doc(tmp, "electoral_roll.txt", _ROLL.format(address=address)),
    ]


async def test_a_roll_of_another_household_is_no_tie(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, "8 Linnet Way, Tamworth B77 2QS")
    docs[3] = await text_doc(
        tmp_path,
        "electoral_roll.txt",
        "Electoral register extract\nAddress: 8 Linnet Way, Tamworth B77 2QS\n"
        "Electors: Rhys Calloway\n\nAddress: 51 Kestrel Rise, Lichfield WS13 7TT\n"
        "Electors: Sian Calloway\n",
    )
    assert synthesis_of(docs).contradictions == []
