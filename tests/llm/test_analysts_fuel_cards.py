"""A fuel card's payments against its holder's word: "I never used the card on Sundays" against
payments made with it on Sundays; "I only used the card for my pool car" against fills larger
than the car's tank and a fuel it does not run on (the fleet list's "Fuel: Petrol", "Tank
capacity: 50 litres"). Another card's payments, fills the car could take, and a case with two
cars of different tanks say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Aoife Brennan\n"
    "Date: 2 February 2026\n"
    "1. I am a community nurse with Glenmore Health Trust and drive pool car LD21 XRT.\n"
    "2. I was given fuel card number xxxx0932 in 2025.\n"
    "3. I only used the card for my pool car.\n"
    "4. I never used the card on Sundays because I do not work on Sundays.\n"
)
_FLEET = (
    "Glenmore Health Trust - pool vehicles\n"
    "Registration: LD21 XRT\n"
    "Fuel: Petrol\n"
    "Tank capacity: 50 litres\n"
)
_PAYMENTS = (
    "Date,Card number,Merchant,Fuel grade,Volume (L),Value (EUR)\n"
    "06/01/2026,xxxx{card},Applegreen Naas,Unleaded,41.0,69.70\n"
    "11/01/2026,xxxx{card},Circle K Kildare,Unleaded,38.5,65.45\n"
    "14/01/2026,xxxx{card},Circle K Kildare,{grade},{volume},120.60\n"
    "18/01/2026,xxxx{card},Maxol Newbridge,Unleaded,35.2,59.84\n"
    "21/01/2026,xxxx{card},Applegreen Naas,Unleaded,44.9,76.33\n"
)


async def _docs(
    tmp: Path, card: str = "0932", grade: str = "Diesel", volume: str = "71.0", fleet: str = _FLEET
) -> list[EvidenceDoc]:
    payments = _PAYMENTS.format(card=card, grade=grade, volume=volume)
    return [
        await text_doc(tmp, "statement_brennan.txt", _STATEMENT),
        await text_doc(tmp, "fleet_list.txt", fleet),
        await text_doc(tmp, "card_payments.csv", payments, "text/csv"),
    ]


async def test_another_card_and_fills_it_could_take_say_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, card="7710")).contradictions == []
    fitting = await _docs(tmp_path, grade="Unleaded", volume="48.0")
    assert not any("pool car" in c.claim for c in synthesis_of(fitting).contradictions)
    two_cars = _FLEET + "Registration: LD19 KPA\nFuel: Diesel\nTank capacity: 70 litres\n"
    mixed = await _docs(tmp_path, fleet=two_cars)
    # Two vehicles' facts: which one the card filled is not known from the list.
    assert not any("pool car" in c.claim for c in synthesis_of(mixed).contradictions)
