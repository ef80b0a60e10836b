"""A flight said taken on a day its booking gives otherwise, written unlike the other cases: a
traveller's expense claim that he flew to Dublin "on flight EI 153 on Tuesday 8 September" for a
client meeting, against the airline's e-ticket receipt for that flight in his name dated 10
September; a booking in someone else's name, or for the day he gives, contradicts nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_CLAIM = (
    "EXPENSE CLAIM - TRAVEL\n"
    "Employee: Declan Moriarty\n"
    "Date submitted: 21 September 2026\n"
    "I flew to Dublin on flight EI 153 on Tuesday 8 September 2026 for the Carrow Foods "
    "meeting and returned the same evening.\n"
    "I declare that these expenses were incurred wholly for business.\n"
    "Signed: Declan Moriarty\n"
)


def _ticket(passenger: str, day: str) -> str:
    return (
        "AER LINGUS - E-TICKET RECEIPT\n"
        f"Passenger: {passenger}\n"
        "Ticket number: 053 2184 660193\n"
        "Flight: EI153  London Heathrow - Dublin\n"
        f"Date: {day}   Departs 07:10   Arrives 08:25\n"
    )


async def _docs(tmp_path: Path, ticket: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "expense_claim.txt", _CLAIM),
        await text_doc(tmp_path, "eticket_receipt.txt", ticket),
    ]


async def test_someone_elses_ticket_or_the_day_given_contradicts_nothing(tmp_path: Path) -> None:
    for ticket in (
        _ticket("MS NIAMH BRENNAN", "Thursday 10 September 2026"),
        _ticket("MR DECLAN MORIARTY", "Tuesday 8 September 2026"),
    ):
        output = synthesis_of(await _docs(tmp_path, ticket))
        assert not [c for c in output.contradictions if "flight EI153" in c.explanation]
