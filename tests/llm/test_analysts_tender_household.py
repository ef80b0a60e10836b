"""An evaluator's declaration of no family connection with any bidder, against a register
extract of several companies (each under its name and number) listing a director who, by the
electoral roll, lives at the evaluator's home."""

from pathlib import Path

from holmes_backend.agents.schemas import LegalOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, run, synthesis_of, text_doc

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


async def test_each_company_of_the_extract_has_its_own_officers(tmp_path: Path) -> None:
    legal, _ = run(LegalOutput, await _docs(tmp_path, "8 Linnet Way, Tamworth B77 2QS"))
    interests = sorted(f.title for f in legal.findings if f.finding_type == "interest")
    assert interests == [
        "Owen Tarrant: Director of Fernvale Cleaning Ltd",
        "Sian Calloway: Director of Brightmoor Services (Midlands) Ltd",
        "Sian Calloway: Person with significant control of Brightmoor Services (Midlands) Ltd",
    ]


async def test_a_bidders_director_at_the_evaluators_home(tmp_path: Path) -> None:
    [found] = synthesis_of(await _docs(tmp_path, "8 Linnet Way, Tamworth B77 2QS")).contradictions
    assert found.severity == "HIGH"
    assert "Sian Calloway, who lives at Rhys Calloway's home address" in found.explanation
    assert {r.file_id for r in found.evidence_against} == {"register_extract", "electoral_roll"}


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


_GIFTS = "I have not received any gift or hospitality from any bidder in the last twelve months.\n"


async def test_an_email_from_a_bidders_director_arranging_hospitality(tmp_path: Path) -> None:
    """The evaluator's denial of hospitality from any bidder against an e-mail to him from the
    bidder's director arranging a box the bidder pays for: MEDIUM (arranged, not shown taken).
    Out of the twelve months, or from someone tied to no bidder, it says nothing."""

    async def found(sender: str, sent: str) -> list[str]:
        docs = await _docs(tmp_path, "8 Linnet Way, Tamworth B77 2QS")
        docs[0] = await text_doc(
            tmp_path, "declaration.txt", _DECLARATION.replace("Signed:", _GIFTS + "Signed:")
        )
        docs.append(
            await email_doc(
                tmp_path,
                "email_box.eml",
                {
                    "From": f"{sender} <s@brightmoor.example>",
                    "To": "Rhys Calloway <r.calloway@council.example>",
                    "Subject": "Saturday",
                    "Date": sent,
                },
                "Rhys - the box at the County Ground is booked for Saturday, we are paying.\n",
            )
        )
        return [
            c.explanation
            for c in synthesis_of(docs).contradictions
            if c.claim.startswith("I have not received any gift")
        ]

    [explanation] = await found("Sian Calloway", "Fri, 14 Nov 2025 18:22:00 +0000")
    assert "Sian Calloway, of Brightmoor Services (Midlands) Ltd, wrote to them" in explanation
    assert await found("Sian Calloway", "Fri, 15 Nov 2024 18:22:00 +0000") == []
    assert await found("Priya Lal", "Fri, 14 Nov 2025 18:22:00 +0000") == []
