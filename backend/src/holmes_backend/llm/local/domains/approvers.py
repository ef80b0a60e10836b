"""Who approved a payment, as a witness tells it, against the record's own approver: "the payment
of £48,300 was approved by Sunil Patel, the Finance Manager" against the payment run's row of
GBP 48,300 whose "Approved by" is K. Dunn.

The claim names the act ("approved", "authorised", "signed off", "countersigned", "released"),
the person, and the payment by its amount or its reference; the payment's rows whose "<act> by"
field names someone else contradict it (HIGH: the record's own words). A row naming the claimed
person, or no one for that act, contradicts nothing."""

import re

from holmes_backend.agents.schemas import Contradiction, SwornClaim, Transaction
from holmes_backend.llm.local.domains.ledger import norm_reference, references
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.cells import ACTED_BY
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.money import find_money, format_money
from holmes_backend.llm.local.facts.names import find_names, same_party

_TOLD = re.compile(
    r"\b(?:was|were|had\s+been|has\s+been|been|is)\s+(?P<act>approved|authori[sz]ed|signed\s+off|"
    r"countersigned|released)\s+by\s+(?P<who>[^,;.()]{3,60})",
    re.IGNORECASE,
)
_NOT = re.compile(r"\b(?:not|never|n['\u2019]t)\s*$", re.IGNORECASE)


def _stem(act: str) -> str:
    return act.lower().replace(" ", "")[:5]


def _recorded(tx: Transaction, stem: str) -> list[str]:
    """The people a payment's row names for the act ("Approved by: K. Dunn")."""
    return [
        n.text
        for field in ACTED_BY.finditer(tx.source.excerpt or tx.description)
        if _stem(field["role"]) == stem
        for n in find_names(field["who"])
        if n.kind == "person"
    ]


def _same_payment(tx: Transaction, amounts: list[float], refs: set[str]) -> bool:
    if tx.reference and norm_reference(tx.reference) in refs:
        return True
    return any(abs(tx.amount - amount) < 0.005 for amount in amounts)


def approver_contradictions(
    claims: list[SwornClaim], transactions: list[Transaction]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        told = _TOLD.search(claim.claim)
        if told is None or _NOT.search(claim.claim[: told.start("act")]):
            continue
        named = [n.text for n in find_names(told["who"]) if n.kind == "person"]
        amounts = [m.value for m in find_money(claim.claim)]
        refs = {norm_reference(r) for r in references(claim.claim)}
        if not named or not (amounts or refs):
            continue
        stem = _stem(told["act"])
        against = [
            (tx, people)
            for tx in transactions
            if _same_payment(tx, amounts, refs)
            and (people := _recorded(tx, stem))
            and not any(same_party(p, named[0]) for p in people)
        ]
        if not against:
            continue
        tx, people = against[0]
        found.append(
            refuted(
                claim,
                unique_refs([t.source for t, _ in against], 6),
                (
                    f"{claim.speaker or 'The witness'} says it was {told['act'].lower()} by "
                    f"{named[0]}; the record of the payment of "
                    f"{format_money(tx.amount, tx.currency)}"
                    f"{' on ' + tx.date[:10] if tx.date else ''} names {people[0]}."
                ),
                "HIGH",
            )
        )
    return found
