"""The day a payer says they paid, against the record of that payment: "I returned the remaining
£250 of the deposit on 3 August 2026" against the bank's transfer of GBP 250 from G Marsh to P
Nair on 19 August 2026.

The claim is the speaker's own payment (I paid, returned, refunded, repaid, sent, transferred,
settled) of one amount on one day; the records are payments of that amount from the speaker
(or from a side the record leaves unnamed) on other days, none on the day claimed. HIGH when the
record names the speaker as the payer, MEDIUM otherwise."""

import re

from holmes_backend.agents.schemas import Contradiction, SwornClaim, Transaction
from holmes_backend.llm.local.domains.ledger import is_payment, tx_date
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments
from holmes_backend.llm.local.facts.money import find_money, format_money
from holmes_backend.llm.local.facts.names import same_party

_PAID = re.compile(
    r"\b(?:I|we)\s+(?:\w+\s+)?(?:paid|returned|refunded|repaid|sent|transferred|wired|settled|"
    r"reimbursed|made\s+(?:the\s+)?payment)\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"\b(?:not|never|n['\u2019]t|no)\b", re.IGNORECASE)


def payday_contradictions(
    claims: list[SwornClaim], transactions: list[Transaction]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        paid = _PAID.search(claim.claim)
        if paid is None or not claim.speaker or _NEGATED.search(paid.group()):
            continue
        money = find_money(claim.claim)
        days = {m.day for m in find_moments(claim.claim)}
        if len(money) != 1 or len(days) != 1:
            continue
        amount, day = money[0], days.pop()
        same = [
            tx
            for tx in transactions
            if is_payment(tx)
            and abs(tx.amount - amount.value) < 0.005
            and tx.currency == amount.currency
            and tx_date(tx) is not None
            and tx.source.file_id != claim.source.file_id
            and (tx.from_party is None or same_party(tx.from_party, claim.speaker))
        ]
        if not same or any(tx_date(tx) == day for tx in same):
            continue
        theirs = [tx for tx in same if tx.from_party]
        tx = (theirs or same)[0]
        to = f" to {tx.to_party}" if tx.to_party else ""
        found.append(
            refuted(
                claim,
                unique_refs([t.source for t in same], 6),
                (
                    f"{claim.speaker} says they paid {format_money(amount.value, amount.currency)} "
                    f"on {day.isoformat()}; the record of that payment{to} is dated "
                    f"{tx_date(tx)}."
                ),
                "HIGH" if theirs else "MEDIUM",
            )
        )
    return found
