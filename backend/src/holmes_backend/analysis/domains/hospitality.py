"""Hospitality on record: an expense or card row that names its guests ("Employee: Derek Holm;
Merchant: Le Mousse Restaurant; Guests: Cllr. Joan Mabry") is the payer's hospitality to them,
and puts payer and guests together that day.

- A guest's "I have never accepted hospitality from Holm Paving or anyone connected with it"
  is contradicted by rows where they are the guest and the payer is that party or tied to it
  (the same person; a name that carries the firm's distinctive word, "Derek Holm" of "Holm
  Paving"; or a register's record of the payer as its officer or owner).
- "I had no contact with Derek Holm" is contradicted by rows of the two together (see
  contradictions.denial_contradictions, which reads `together`).
- "I declared every gift I received in the register" is contradicted by rows naming them as
  the guest that the gifts register (a file named as one) has no entry of theirs near.
"""

import re
from dataclasses import dataclass
from datetime import datetime

from holmes_backend.agents.schemas import Transaction
from holmes_backend.analysis.domains.ledger import tx_date
from holmes_backend.analysis.facts.money import format_money
from holmes_backend.analysis.facts.names import find_names, same_party

_GUESTS = re.compile(
    r"\b(?:guests?(?:\s+names?)?|attendees?|entertained|beneficiar(?:y|ies)|hosted|"
    r"recipients?|in\s+attendance)\s*:\s*(?P<v>[^;]+)",
    re.IGNORECASE,
)
_PAYER = re.compile(
    r"\b(?:employee|cardholder|card\s+holder|claimant|paid\s+by|submitted\s+by|host)\s*:\s*"
    r"(?P<v>[^;]+)",
    re.IGNORECASE,
)
_DENIES = re.compile(
    r"\b(?:never|not|no|n['\u2019]t)\b[^.;]{0,40}?\b(?:accept(?:ed|ing)?|receiv(?:e|ed|ing)|took|"
    r"taken|take|got|enjoyed|had)\b[^.;]{0,30}?\b(?:hospitality|gifts?|meals?|dinners?|"
    r"lunch(?:es)?|trips?|travel|hotels?|stays?|entertainment|tickets?|favou?rs?|benefits?|"
    r"inducements?)\b[^.;]{0,20}?\bfrom\b",
    re.IGNORECASE,
)

# A register's columns: who gave it, and the officer who received it.
_GIVER = re.compile(
    r"\b(?:(?:provided|given|offered|paid|donated|hosted)\s+by|donor|provider|giver|"
    r"offered\s+from|source)\s*:\s*(?P<v>[^;]+)",
    re.IGNORECASE,
)
_TAKER = re.compile(
    r";\s*(?:officer|recipient|received\s+by|member|councillor|staff\s+member|official|"
    r"name\s+of\s+(?:officer|recipient))\s*:\s*(?P<v>[^;]+)",
    re.IGNORECASE,
)
_HEAD_ROWS = 20
_WHAT = re.compile(r"\b(?:description|details|item|nature)\s*:\s*(?P<v>[^;]+)", re.IGNORECASE)
# "from any bidder": the case's bidders (tenders.bid_findings).
_ANY_BIDDER = re.compile(r"^\s*any\s+(?:of\s+the\s+)?(?:bidders?|tenderers?)\b", re.IGNORECASE)

_DECLARED_ALL = re.compile(
    r"\b(?:declared|registered|recorded|disclosed|reported|listed|entered)\s+(?:every|all|each|"
    r"any)\s+(?:single\s+|of\s+the\s+)?(?:gifts?|hospitality|benefits?|meals?|invitations?)\b",
    re.IGNORECASE,
)
_REGISTER_FILE = re.compile(r"gift|hospitality|register|declaration|interest", re.IGNORECASE)
_DECLARED_DAYS = 3


@dataclass
class Hosted:
    payer: str
    guests: list[str]
    tx: Transaction
    what: str | None = None  # a register's description of it ("Dinner at The Old Mill")


def hosted(transactions: list[Transaction]) -> list[Hosted]:
    found: list[Hosted] = []
    for tx in transactions:
        guests = _GUESTS.search(tx.description)
        if guests is None:
            if (given := _registered(tx)) is not None:
                found.append(given)
            continue
        names = [n.text for n in find_names(guests["v"]) if n.kind == "person"]
        payer_field = _PAYER.search(tx.description)
        payer = (
            next((n.text for n in find_names(payer_field["v"]) if n.kind == "person"), None)
            if payer_field
            else tx.from_party
        )
        if names and payer:
            found.append(Hosted(payer, names, tx))
    return found


def _registered(tx: Transaction) -> Hosted | None:
    """A gifts and hospitality register's row: its officer received what its provider gave
    ("Officer: Ruth Farrant; Provided by: Greenway Grounds Ltd; Description: Dinner")."""
    giver = _GIVER.search(tx.description)
    taker = _TAKER.search(f"; {tx.description}")
    if giver is None or taker is None:
        return None
    taken = [n.text for n in find_names(taker["v"]) if n.kind == "person"]
    given = giver["v"].strip()
    what = _WHAT.search(tx.description)
    return (
        Hosted(given, taken[:1], tx, what["v"].strip() if what else None)
        if taken and given
        else None
    )


def together(rows: list[Hosted], one: str, other: str) -> list[Transaction]:
    """Rows of hospitality between the two (either the payer, the other a guest)."""
    return [
        row.tx
        for row in rows
        if any(
            same_party(row.payer, a) and any(same_party(g, b) for g in row.guests)
            for a, b in ((one, other), (other, one))
        )
    ]


# An e-mail arranging something for its recipient that the sender's side pays for: "the box at
# Ashbrook Rovers is booked for Saturday, Greenline is paying as usual".
_TREAT = re.compile(
    r"\b(?:box|tickets?|table|dinner|lunch|hotel|suite|hospitality|golf|trip|flights?|weekend|"
    r"spa|cruise|concert)\b",
    re.IGNORECASE,
)
_ON_US = re.compile(
    r"\b(?:is|are|we['\u2019]re|we\s+are|I['\u2019]m|I\s+am)\s+paying\b|\bwill\s+pay\b|"
    r"\bpaid\s+for\b|\bon\s+us\b|\b(?:our|my)\s+treat\b|\bcomplimentary\b|"
    r"\bpicking\s+up\s+the\s+(?:bill|tab)\b",
    re.IGNORECASE,
)
_OFFER_TITLE = re.compile(r" on (?P<day>\d{4}-\d{2}-\d{2})$")


def _listing(rows: list[Hosted]) -> str:
    return "; ".join(
        (
            f"{r.what}, {format_money(r.tx.amount, r.tx.currency)}"
            if r.what
            else f"{format_money(r.tx.amount, r.tx.currency)} at {r.tx.to_party or 'a merchant'}"
        )
        + f" on {tx_date(r.tx) or r.tx.date or 'an unknown date'}, paid by {r.payer}"
        for r in rows[:5]
    )


def _names(text: str, person: str) -> bool:
    return any(same_party(n.text, person) for n in find_names(text) if n.kind == "person")


def _within(tx: Transaction, span: tuple[datetime, datetime, bool]) -> bool:
    day = tx_date(tx)
    return day is None or span[0].date() <= day <= span[1].date()
