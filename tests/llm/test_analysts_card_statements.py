"""A card's printed statement read by its columns: the amount under "Amount", not the litres or
the quantity beside it; the cardholder pays, the merchant (its "Site" column) is paid and is
where the card was used. A claim to have been at home "after 18:00 that day" holds until the
day's end, so the card used elsewhere that night contradicts it; so does "I never left the house
on Thursday night", written on the Friday. Where a form gives the witness's address, "home" is
that address: locking the van in their own street is no record of being elsewhere."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.demo.formats import make_pdf
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import lines_doc, load, run

_STATEMENT = [
    "Northgate Fleet Card - Monthly Statement",
    "Cardholder: MAREK SOBCZAK-HALL   Card number: **** 9021",
    "Date        Time   Site                          Product     Quantity   Amount EUR",
    "02/03/2027  07:55  Circle K Ringsend Dublin      Petrol      38.40      67.20",
    "11/03/2027  21:47  Applegreen Kinnegad N4        Petrol      12.10      21.54",
    # One space short of its columns: the amount is still the line's last figure.
    "11/03/2027  21:52  Applegreen Kinnegad N4        Fuel can 2.00        15.00",
]


async def _statement(tmp_path: Path) -> EvidenceDoc:
    path = tmp_path / "fleet_card_statement_march.pdf"
    path.write_bytes(make_pdf([_STATEMENT]))
    return await load(path, "application/pdf", path.stem)


def _declaration(time_words: str) -> EvidenceDoc:
    return lines_doc(
        "declaration",
        "theft_declaration_sobczak_hall.txt",
        [
            "DECLARATION OF MAREK SOBCZAK-HALL",
            f"I was at home on 11 March 2027 and I did not drive the van {time_words} that day.",
            "Signed: Marek Sobczak-Hall",
        ],
    )


def test_a_claim_after_a_time_of_day_holds_until_the_days_end() -> None:
    evidence, _ = run(EvidenceOutput, [_declaration("after 18:00")])
    assert [c.claimed_time for c in evidence.sworn_claims] == [
        "2027-03-11T18:00:00/2027-03-11T23:59:59"
    ]
    evidence, _ = run(EvidenceOutput, [_declaration("from 18:00 until 20:00")])
    assert [c.claimed_time for c in evidence.sworn_claims] == [
        "2027-03-11T18:00:00/2027-03-11T20:00:00"
    ]
