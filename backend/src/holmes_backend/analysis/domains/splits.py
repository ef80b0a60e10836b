"""Purchases split under an approval threshold: a rule requires someone's approval from an amount
("Any purchase of NZD 25,000 or more requires … approval by the Chief Financial Officer"), and
one payee is paid several amounts just under it within days, together above it (three orders of
NZD 24,790 to 24,940 to one supplier in four days). Each stays inside the approver's limit; together
they are what the rule was written for.

Checked at synthesis: the rule is the legal domain's clause, the payments the financial
domain's. It is a contradiction between the clause and the payments (HIGH from three payments or
twice the threshold), and an anomaly of that kind, which a denial ("I have never split an
order") is held against (conduct)."""

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import date

from holmes_backend.agents.schemas import Anomaly, Clause, Contradiction, Transaction
from holmes_backend.analysis.domains.anomalies import (
    STRUCTURING_BAND,
    STRUCTURING_WINDOW_DAYS,
    densest,
)
from holmes_backend.analysis.domains.ledger import (
    distinct_payments,
    is_payment,
    received,
    tx_date,
)
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.money import find_money, format_money
from holmes_backend.analysis.facts.names import name_key

SPLIT_BELOW_APPROVAL = "split_below_approval"
# "any series of related purchases", "in aggregate", "a cumulative value", "in total".
_AGGREGATE = re.compile(
    r"\b(?:series\s+of|related\s+(?:purchases|orders|contracts|payments)|in\s+(?:the\s+)?aggregate"
    r"|aggregated?|cumulative(?:ly)?|in\s+total|combined)\b",
    re.IGNORECASE,
)
_ANY_SPAN_DAYS = 366 * 100
_MIN_PARTS = 2
_SEVERE_PARTS = 3


@dataclass
class Split:
    clause: Clause
    payments: list[Transaction]
    anomaly: Anomaly


def split_purchases(clauses: list[Clause], transactions: list[Transaction]) -> list[Split]:
    found: list[Split] = []
    seen: set[tuple[str, float]] = set()
    for clause in clauses:
        if clause.kind != "approval_requirement" or not clause.amount:
            continue
        key = ((clause.party or "").lower(), clause.amount)
        if key in seen:
            continue
        seen.add(key)
        money = find_money(clause.text)
        currency = money[0].currency if money else None
        low = clause.amount * (1 - STRUCTURING_BAND)
        by_payee: dict[str, list[tuple[date, Transaction]]] = defaultdict(list)
        incoming = received(transactions)
        # A payment in the ledger and on the bank statement is one payment, not two parts.
        for tx in distinct_payments(transactions):
            day = tx_date(tx)
            if not is_payment(tx) or not tx.to_party or day is None or id(tx) in incoming:
                continue
            if low <= tx.amount < clause.amount and currency in (None, tx.currency):
                by_payee[name_key(tx.to_party)].append((day, tx))
        # A rule on a series of purchases, or their total, holds whatever time they span.
        days = _ANY_SPAN_DAYS if _AGGREGATE.search(clause.text) else STRUCTURING_WINDOW_DAYS
        for dated in by_payee.values():
            run = densest(sorted(dated, key=lambda pair: pair[0]), lambda pair: pair[0], days)
            total = sum(tx.amount for _, tx in run)
            if len(run) >= _MIN_PARTS and total >= clause.amount:
                payments = [tx for _, tx in run]
                found.append(Split(clause, payments, _anomaly(clause, payments, total)))
    return found


def _anomaly(clause: Clause, payments: list[Transaction], total: float) -> Anomaly:
    currency = payments[0].currency
    threshold = format_money(clause.amount or 0.0, currency)
    days = sorted(p.date or "" for p in payments)
    parts = "; ".join(
        f"{format_money(p.amount, p.currency)} on {p.date}"
        + (f" ({p.reference})" if p.reference else "")
        for p in payments[:6]
    )
    return Anomaly(
        kind=SPLIT_BELOW_APPROVAL,
        description=(
            f"{len(payments)} payments to {payments[0].to_party} just under the {threshold} "
            f"that needs approval of {clause.party or 'a named approver'}, between {days[0][:10]} "
            f"and {days[-1][:10]}, together {format_money(total, currency)}: {parts}"
        ),
        severity="HIGH"
        if len(payments) >= _SEVERE_PARTS or total >= 2 * (clause.amount or 0)
        else "MEDIUM",
        total_amount=round(total, 2),
        sources=unique_refs([p.source for p in payments], 8),
    )


def split_contradictions(splits: list[Split]) -> list[Contradiction]:
    return [
        Contradiction(
            claim=split.clause.text[:300],
            claim_source=split.clause.source,
            evidence_against=split.anomaly.sources[:6],
            explanation=(
                f"The rule requires approval of {split.clause.party or 'a named approver'} from "
                f"{format_money(split.clause.amount or 0.0, split.payments[0].currency)}; "
                f"{split.anomaly.description}. Split this way, no payment reached the approver."
            ),
            severity=split.anomaly.severity,
        )
        for split in splits
    ]
