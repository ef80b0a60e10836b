"""Two reading details that decided what a case said: a blank line in a text file ends a
paragraph however long its last line is (the attendees' line of meeting notes ran into the next
sentence, making "Lane Capital Thomas Heacock" a person); and a payment recorded in two files
is kept once, as its earliest record, whatever order the files came in (a cap's "largest
payment" was dated by whichever file the run met first)."""

from pathlib import Path

from holmes_backend.analysis.domains.ledger import distinct_payments
from holmes_backend.analysis.facts.names import find_names
from holmes_backend.analysis.facts.text import units
from holmes_backend.contracts.agents import SourceRef, Transaction
from tests.llm.test_analysts_helpers import text_doc

_NOTES = (
    "INVESTOR MEETING NOTES\n"
    "Date: 25 November 2024\n"
    "Attendees: Thomas B. Heacock (CFO, The Buckle, Inc.), analysts from Harbor Lane Capital\n"
    "\n"
    "Thomas Heacock said that net income for the quarter was $51.8 million, as reported.\n"
)


async def test_a_blank_line_ends_the_paragraph(tmp_path: Path) -> None:
    doc = await text_doc(tmp_path, "notes.txt", _NOTES)
    texts = [u.text for u in units(doc)]
    assert texts[-2].endswith("analysts from Harbor Lane Capital")
    assert texts[-1].startswith("Thomas Heacock said that")
    people = {n.text for u in units(doc) for n in find_names(u.text) if n.kind == "person"}
    assert "Lane Capital Thomas Heacock" not in people


def _paid(file_id: str, day: str) -> Transaction:
    return Transaction(
        date=day,
        amount=84500.0,
        currency="USD",
        to_party="Lakeshore Consulting Group LLC",
        reference="LCG-2024-017",
        description="wire",
        source=SourceRef(file_id=file_id, row=1, excerpt="x"),
    )


def test_a_payment_in_two_files_is_kept_as_its_first_record() -> None:
    ledger, bank = _paid("ledger", "2024-03-07"), _paid("bank", "2024-03-08")
    assert distinct_payments([ledger, bank]) == [ledger]
    assert distinct_payments([bank, ledger]) == [ledger]
