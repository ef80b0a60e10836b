"""Hospitality from a bidder: the bidder's sales director's expense rows name a senator as their
guest; the senator denies any hospitality from the firm and any contact with the director.
A guest of someone unconnected, or rows without her, contradict nothing."""

from pathlib import Path

from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_EXPENSES = (
    "Date,Cardholder,Vendor,Attendees,Total (EUR)\n"
    "2026-04-09,Matteo Ricciardi,Osteria del Porto,Sen. Lucia Ferrante,410.00\n"
    "2026-04-23,Matteo Ricciardi,Hotel Splendido,Sen. Lucia Ferrante,2250.00\n"
    "2026-05-02,Matteo Ricciardi,Autogrill,,14.60\n"
)
_STATEMENT = (
    "Statement of Senator Lucia Ferrante\n"
    "Date: 9 July 2026\n"
    "I never accepted any meals or hotel stays from Ricciardi Costruzioni.\n"
    "I had no dealings with Matteo Ricciardi during the tender.\n"
)


async def test_a_guest_of_someone_unconnected_is_no_contradiction(tmp_path: Path) -> None:
    other = _EXPENSES.replace("Matteo Ricciardi", "Elena Bassi")
    docs = [
        await text_doc(tmp_path, "bassi_expenses.csv", other, "text/csv"),
        await text_doc(tmp_path, "statement_ferrante.txt", _STATEMENT),
    ]
    assert synthesis_of(docs).contradictions == []
