"""Expense claims over the policy's limit for their kind: a travel policy's table ("Category:
Hotel; Limit (EUR): 180; Basis: per night") against the claims of that category ("Category:
Hotel; Amount (EUR): 412"), and the claimant's "All my claims were within the policy limits".

- Financial: a table's row giving a category (its category, type, expense or item column) and
  a limit in money (a limit, maximum, cap, allowance or "up to" column), with the basis a column
  or the row gives ("per night", "per day"), is a finding (POLICY_LIMIT).
- Synthesis: the payments whose row gives a limit's category (its words), in its currency, above
  it (each claim; under a per-day limit, one claimant's claims of the category on one day
  together) contradict the limit: MEDIUM, HIGH from three claims or one at twice the limit. A
  claimant's own word that their claims kept within the policy is contradicted by theirs (HIGH).
"""

import re
from collections import defaultdict
from dataclasses import dataclass

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim, Transaction
from holmes_backend.analysis.domains.ledger import is_payment
from holmes_backend.analysis.domains.refuted import refuted
from holmes_backend.analysis.facts.answers import answer_of
from holmes_backend.analysis.facts.cells import row_fields
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.money import format_money, header_currency, parse_cell
from holmes_backend.analysis.facts.names import same_party
from holmes_backend.analysis.facts.text import units
from holmes_backend.llm.evidence import EvidenceDoc

POLICY_LIMIT = "policy_limit"

_CATEGORY = re.compile(
    r"^(?:expense\s+)?(?:category|type|item|expense|class)(?:\s+of\s+expense)?$", re.IGNORECASE
)
_LIMIT = re.compile(r"\b(?:limit|maximum|max|cap|allowance|up\s+to|ceiling)\b", re.IGNORECASE)
_BASIS = re.compile(
    r"\bper\s+(?P<unit>night|day|journey|trip|person|head|meal|item|claim|month)\b", re.I
)
_CLAIMANT = re.compile(r"^(?:employee|claimant|claimed\s+by|staff(?:\s+member)?|name)$", re.I)
_WITHIN = re.compile(
    r"\bwithin\s+(?:the\s+)?(?:(?:travel|expenses?)\s+)?(?:policy|limits?|rules)\b|\bnever\s+"
    r"claimed\s+more\s+than\b|\bin\s+line\s+with\s+(?:the\s+)?policy\b|\bcompl(?:ied|y)\s+with\s+"
    r"(?:the\s+)?(?:travel\s+|expenses?\s+)?(?:policy|rules)\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"\b(?:not|n['\u2019]t)\s+(?:always\s+)?(?:within|in\s+line)\b", re.I)
_WORD = re.compile(r"[a-z]{3,}")
_LISTED = 4
_HIGH_COUNT = 3


@dataclass(frozen=True)
class _Limit:
    category: str
    amount: float
    currency: str | None
    basis: str | None  # "night", "day" …
    finding: Finding


def _read(text: str) -> tuple[str, float, str | None, str | None] | None:
    """(category, limit, currency, basis) of a policy table's row."""
    fields = row_fields(text)
    category = next((v for k, v in fields.items() if _CATEGORY.match(k.strip()) and v), None)
    limit = next(
        ((k, parsed) for k, v in fields.items() if _LIMIT.search(k) and (parsed := parse_cell(v))),
        None,
    )
    if category is None or limit is None or limit[1][0] <= 0:
        return None
    header, (amount, currency) = limit
    basis = _BASIS.search(text)
    return (
        category,
        amount,
        currency or header_currency(header),
        (basis["unit"].lower() if basis else None),
    )


def policy_limits(doc: EvidenceDoc) -> list[Finding]:
    found: list[Finding] = []
    for unit in units(doc):
        if unit.kind != "row" or (read := _read(unit.text)) is None:
            continue
        category, amount, currency, basis = read
        per = f" per {basis}" if basis else ""
        found.append(
            Finding(
                finding_type=POLICY_LIMIT,
                title=f"Policy limit: {category}, {format_money(amount, currency or '')}{per}",
                summary=unit.text[:300],
                confidence=0.75,
                severity="LOW",
                sources=[unit.ref],
            )
        )
    return found


def _limits(findings: list[Finding]) -> list[_Limit]:
    limits: dict[tuple[str, str], _Limit] = {}
    for finding in findings:
        if finding.finding_type != POLICY_LIMIT or (read := _read(finding.summary)) is None:
            continue
        limits.setdefault((finding.title, finding.summary), _Limit(*read, finding))
    return list(limits.values())


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def _claim_of(tx: Transaction, limit: _Limit) -> str | None:
    """The claimant of an expense row of the limit's category (None when it is of another)."""
    fields = row_fields(tx.description)
    category = next((v for k, v in fields.items() if _CATEGORY.match(k.strip())), None)
    if category is None:
        return None
    wanted, given = _words(limit.category), _words(category)
    if not wanted or not (wanted <= given or given <= wanted):
        return None
    claimant = next((v for k, v in fields.items() if _CLAIMANT.match(k.strip())), None)
    return claimant or tx.from_party or ""


def _over(limit: _Limit, transactions: list[Transaction]) -> list[tuple[str, list[Transaction]]]:
    """(claimant, the claims that together exceed the limit once) for each excess."""
    groups: dict[tuple[str, str], list[Transaction]] = defaultdict(list)
    for tx in transactions:
        if limit.currency and tx.currency and tx.currency != limit.currency:
            continue
        claimant = _claim_of(tx, limit)
        if claimant is None:
            continue
        key = (claimant, (tx.date or "")[:10]) if limit.basis == "day" else (claimant, str(id(tx)))
        groups[key].append(tx)
    return [
        (claimant, claims)
        for (claimant, _), claims in groups.items()
        if sum(t.amount for t in claims) > limit.amount
    ]


def allowance_contradictions(
    findings: list[Finding], transactions: list[Transaction], claims: list[SwornClaim]
) -> list[Contradiction]:
    payments = [t for t in transactions if is_payment(t)]
    found: list[Contradiction] = []
    theirs: dict[str, list[tuple[_Limit, list[Transaction]]]] = defaultdict(list)
    for limit in _limits(findings) if payments else []:
        over = _over(limit, payments)
        if not over:
            continue
        bound = format_money(limit.amount, limit.currency or over[0][1][0].currency or "")
        per = f" per {limit.basis}" if limit.basis else ""
        listed = "; ".join(
            f"{format_money(sum(t.amount for t in txs), txs[0].currency or '')} on "
            f"{txs[0].date or 'an unknown date'} ({claimant})"
            for claimant, txs in over[:_LISTED]
        )
        worst = max(sum(t.amount for t in txs) for _, txs in over)
        found.append(
            Contradiction(
                claim=limit.finding.summary,
                claim_source=limit.finding.sources[0],
                evidence_against=unique_refs([t.source for _, txs in over for t in txs], 6),
                explanation=(
                    f"{len(over)} claim(s) of {limit.category} exceed the policy's limit of "
                    f"{bound}{per}: {listed}."
                ),
                severity="HIGH"
                if len(over) >= _HIGH_COUNT or worst >= 2 * limit.amount
                else "MEDIUM",
            )
        )
        for claimant, txs in over:
            theirs[claimant].append((limit, txs))
    for claim in claims:
        said = answer_of(claim).said
        if not claim.speaker or not _WITHIN.search(said) or _NEGATED.search(said):
            continue
        exceeded = [
            (limit, txs)
            for claimant, items in theirs.items()
            if same_party(claimant, claim.speaker)
            for limit, txs in items
        ]
        if not exceeded:
            continue
        listed = "; ".join(
            f"{limit.category} {format_money(sum(t.amount for t in txs), txs[0].currency or '')}"
            f" on {txs[0].date or 'an unknown date'} (limit "
            f"{format_money(limit.amount, limit.currency or txs[0].currency or '')})"
            for limit, txs in exceeded[:_LISTED]
        )
        found.append(
            refuted(
                claim,
                unique_refs([t.source for _, txs in exceeded for t in txs], 6),
                f"{claim.speaker} says their claims kept within the policy, yet "
                f"{len(exceeded)} of theirs exceed its limits: {listed}.",
                "HIGH",
            )
        )
    return found


__all__ = ["POLICY_LIMIT", "allowance_contradictions", "policy_limits"]
