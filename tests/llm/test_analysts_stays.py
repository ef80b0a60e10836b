"""A stay abroad against card spending at home: a travel claim declares the policyholder was in
Spain from 2 to 14 July (the bag stolen in Barcelona on the 10th), and a card statement has
purchases in Paisley and Glasgow on 9, 10 and 12 July. A town the statement itself places
("BARCELONA ES") is read as in that country; spending in Spain, a single row abroad (an online
booking billed from the airline's seat) or a statement the case gives to someone else is no
contradiction."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_FORM = (
    "TRAVEL INSURANCE CLAIM FORM\nPolicyholder: Mr Callum Ferrie\n\n"
    "Date of loss: 10 July 2025\n"
    "What happened: My rucksack was stolen from a cafe table on La Rambla while I was paying.\n\n"
    "Declaration: I declare that the information I have given is true and that I was in "
    "{place} from 2 July to 14 July 2025.\n"
    "Signed: Callum Ferrie\n"
)
_CARD = (
    "Transaction date,Merchant,Location,Amount (GBP)\n"
    "05/07/2025,HOTEL COLON BARCELONA,BARCELONA ES,412.00\n"
    "08/07/2025,RYANAIR 8837261,DUBLIN IE,64.99\n"
    "09/07/2025,TESCO EXPRESS 2291,PAISLEY GB,23.45\n"
    "10/07/2025,SHELL PAISLEY,PAISLEY GB,58.20\n"
    "12/07/2025,ODEON BRAEHEAD,RENFREW GB,18.50\n"
)


async def _docs(
    tmp_path: Path, place: str = "Spain", card: str = _CARD, name: str = "card_statement.csv"
) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "claim_form.txt", _FORM.format(place=place)),
        await text_doc(tmp_path, name, card, "text/csv"),
    ]


async def test_a_stay_in_spain_against_the_card_used_in_scotland(tmp_path: Path) -> None:
    [stay] = synthesis_of(await _docs(tmp_path)).contradictions
    assert stay.claim == "I was in Spain from 2 July to 14 July 2025."
    assert stay.severity == "MEDIUM"  # the statement does not say whose card it is
    assert stay.explanation == (
        "Callum Ferrie says they were in Spain then; a card statement of the case was used in "
        "person elsewhere 4 time(s) on 4 day(s): 2025-07-08 at DUBLIN IE; 2025-07-09 at PAISLEY "
        "GB; 2025-07-10 at PAISLEY GB; 2025-07-12 at RENFREW GB."
    )
    assert [r.row for r in stay.evidence_against] == [2, 3, 4, 5]
    # Barcelona is in Spain by the statement's own "BARCELONA ES"; his statement makes it HIGH.
    named = await _docs(tmp_path, "Barcelona", name="ferrie_card_statement.csv")
    [stay] = synthesis_of(named).contradictions
    assert stay.severity == "HIGH"
    assert stay.explanation.startswith("Callum Ferrie says they were in Barcelona then; Mr. Callum")


async def test_spending_in_spain_or_once_abroad(tmp_path: Path) -> None:
    spain = _CARD.replace("PAISLEY GB", "MADRID ES").replace("RENFREW GB", "SEVILLA ES")
    assert synthesis_of(await _docs(tmp_path, card=spain)).contradictions == []
    once = "\n".join(_CARD.splitlines()[:3]) + "\n"
    assert synthesis_of(await _docs(tmp_path, card=once)).contradictions == []
