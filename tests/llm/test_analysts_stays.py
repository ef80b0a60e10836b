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


async def test_spending_in_spain_or_once_abroad(tmp_path: Path) -> None:
    spain = _CARD.replace("PAISLEY GB", "MADRID ES").replace("RENFREW GB", "SEVILLA ES")
    assert synthesis_of(await _docs(tmp_path, card=spain)).contradictions == []
    once = "\n".join(_CARD.splitlines()[:3]) + "\n"
    assert synthesis_of(await _docs(tmp_path, card=once)).contradictions == []


_AWAY = (
    "WITNESS STATEMENT OF NNAMDI EZE\n\n"
    "1. I live at 4 Orchard Close, Kendal.\n"
    "2. My wife and I were on holiday in Faro, Portugal from 3 June 2026 until 12 June 2026.\n"
    "3. Nobody was at the house during that time.\n"
)
# A bank export: its holder and card in rows of their own above the header.
_HOME_CARD = (
    "Account holder,Nnamdi Eze\n"
    "Card,Debit ending 7710\n"
    "Date,Description,Location,Amount (GBP)\n"
    "01/06/2026,Booths,Kendal,-61.20\n"
    "04/06/2026,Pingo Doce,Faro,-18.40\n"
    "{inside}"
    "14/06/2026,Kendal Pharmacy,Kendal,-9.99\n"
)


async def test_spending_in_a_town_seen_only_during_the_stay_is_no_contradiction(
    tmp_path: Path,
) -> None:
    """A day trip from Faro to Tavira during a stay of more than a week is no sign of being at
    home."""
    inside = "05/06/2026,Cafe Central,Tavira,-12.00\n06/06/2026,Lidl,Tavira,-30.10\n"
    docs = [
        await text_doc(tmp_path, "statement_eze.txt", _AWAY),
        await text_doc(tmp_path, "eze_card.csv", _HOME_CARD.format(inside=inside), "text/csv"),
    ]
    assert synthesis_of(docs).contradictions == []
