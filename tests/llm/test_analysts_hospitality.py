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


async def test_hospitality_and_contact_denied_against_the_bidders_expense_rows(
    tmp_path: Path,
) -> None:
    docs = [
        await text_doc(tmp_path, "ricciardi_expenses.csv", _EXPENSES, "text/csv"),
        await text_doc(tmp_path, "statement_ferrante.txt", _STATEMENT),
    ]
    by_claim = {c.claim: c for c in synthesis_of(docs).contradictions}
    meals = by_claim["I never accepted any meals or hotel stays from Ricciardi Costruzioni."]
    assert meals.severity == "HIGH"
    assert "2 record(s) name them as the guest of Matteo Ricciardi" in meals.explanation
    assert "EUR 2,250 at Hotel Splendido on 2026-04-23" in meals.explanation
    assert {r.row for r in meals.evidence_against} == {1, 2}
    dealings = by_claim["I had no dealings with Matteo Ricciardi during the tender."]
    assert "denies contact with Matteo Ricciardi" in dealings.explanation


async def test_a_guest_of_someone_unconnected_is_no_contradiction(tmp_path: Path) -> None:
    other = _EXPENSES.replace("Matteo Ricciardi", "Elena Bassi")
    docs = [
        await text_doc(tmp_path, "bassi_expenses.csv", other, "text/csv"),
        await text_doc(tmp_path, "statement_ferrante.txt", _STATEMENT),
    ]
    assert synthesis_of(docs).contradictions == []


async def test_every_gift_declared_against_the_register(tmp_path: Path) -> None:
    register = (
        "Date,Member,Given by,Item,Value (EUR)\n"
        "2026-04-10,Sen. Lucia Ferrante,Matteo Ricciardi,Dinner,410.00\n"
    )
    statement = _STATEMENT + "I recorded all hospitality in the register.\n"
    docs = [
        await text_doc(tmp_path, "ricciardi_expenses.csv", _EXPENSES, "text/csv"),
        await text_doc(tmp_path, "gifts_register_2026.csv", register, "text/csv"),
        await text_doc(tmp_path, "statement_ferrante.txt", statement),
    ]
    [undeclared] = [c for c in synthesis_of(docs).contradictions if "register" in c.claim]
    # The dinner is entered (a day later); the hotel is not.
    assert "no entry of theirs for 1 hospitality record(s)" in undeclared.explanation
    assert "Hotel Splendido on 2026-04-23" in undeclared.explanation
    assert [r.row for r in undeclared.evidence_against] == [2]
