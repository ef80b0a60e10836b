"""Who approved a payment, as a witness tells it, against the record's own approver: "the payment
of £48,300 was approved by Sunil Patel, the Finance Manager" against the payment run's row of
GBP 48,300 whose "Approved by" is K. Dunn.

The claim names the act ("approved", "authorised", "signed off", "countersigned", "released"),
the person, and the payment by its amount or its reference; the payment's rows whose "<act> by"
field names someone else contradict it (HIGH: the record's own words). A row naming the claimed
person, or no one for that act, contradicts nothing.

What a witness says they approved, bounded ("I only approved two small invoices, each under
£5k", "I never signed off anything over £10,000"), against the rows whose "<act> by" field names
them: more rows than they allow, or rows at or above the bound they give (HIGH)."""

import re

from holmes_backend.agents.schemas import Contradiction, SwornClaim, Transaction
from holmes_backend.llm.local.domains.ledger import distinct_payments, norm_reference, references
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.cells import ACTED_BY
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.lexicon import NUMBER_WORDS
from holmes_backend.llm.local.facts.money import find_money, format_money
from holmes_backend.llm.local.facts.names import find_names, same_party, title_case

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


# "I only approved two small invoices, each under £5k", "I have never signed off anything over
# £10,000", "I approved no more than three payments".
_MY_ACT = re.compile(
    r"\bI\s+(?:have\s+|had\s+)?(?P<only>only\s+(?:ever\s+)?|just\s+|never\s+(?:ever\s+)?)?"
    r"(?P<act>approved|authori[sz]ed|signed\s+off|countersigned|released)\b(?P<rest>[^.;]*)",
    re.IGNORECASE,
)
_AT_MOST = re.compile(r"^\s*(?:(?:no|not)\s+more\s+than|at\s+most|only|just)?\s*(?P<n>\w+)\b", re.I)
_UNDER = re.compile(
    r"\b(?:under|below|less\s+than|not\s+(?:more|over)\s+than|up\s+to)\s+(?=\S*\d)", re.I
)
_OVER = re.compile(r"\b(?:over|above|more\s+than|exceeding|in\s+excess\s+of)\s+(?=\S*\d)", re.I)


def bounded_approval_contradictions(
    claims: list[SwornClaim], transactions: list[Transaction]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        said = _MY_ACT.search(claim.claim)
        if said is None or not claim.speaker:
            continue
        rest, only = said["rest"], (said["only"] or "").strip().lower()
        never = only.startswith("never")
        count = None
        if only and not never and (head := _AT_MOST.match(rest)):
            word = head["n"].lower()
            count = int(word) if word.isdigit() else NUMBER_WORDS.get(word)
        bound = _bound(rest, never)
        if count is None and bound is None:
            continue
        stem = _stem(said["act"])
        theirs = [
            tx
            for tx in distinct_payments(transactions)
            if any(same_party(p, claim.speaker) for p in _recorded(tx, stem))
        ]
        over = [tx for tx in theirs if bound is not None and tx.amount >= bound[0]]
        too_many = count is not None and len(theirs) > count
        if not over and not too_many:
            continue
        shown = over or theirs
        listed = "; ".join(
            f"{format_money(t.amount, t.currency)}{' on ' + t.date[:10] if t.date else ''}"
            + (f" ({t.reference})" if t.reference else "")
            for t in shown[:4]
        )
        who = title_case(claim.speaker) if claim.speaker.isupper() else claim.speaker
        act = said["act"].lower()
        what = (
            f"{len(over)} at or above {format_money(*bound)}"
            if over and bound
            else f"{len(theirs)}, more than the {count} they allow"
        )
        found.append(
            refuted(
                claim,
                unique_refs([t.source for t in shown], 6),
                f"{who} puts a limit on what they {act}; the records name them as having "
                f"{act} {len(theirs)} payment(s), {what}: {listed}.",
                "HIGH",
            )
        )
    return found


def _bound(rest: str, never: bool) -> tuple[float, str] | None:
    """The amount a claim says its approvals stayed under ("each under £5k"), or, said of what
    was never approved, the amount none reached ("never … anything over £10,000")."""
    cue = (_OVER if never else _UNDER).search(rest)
    money = find_money(rest[cue.end() :]) if cue else []
    return (money[0].value, money[0].currency) if money else None
