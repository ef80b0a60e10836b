"""Approvals by someone the register ties to the payee: purchase orders to Brightwell Facilities
Ltd whose rows read "Approved by: P. Venkataraman", when the company's register lists Priya
Venkataraman as one of its directors or owners.

The approval a record shows exists to be an independent check; given by an officer or owner of
the firm that is paid, it is none. The orders, invoices or payments of one payee that one such
person approved (or authorised, signed off, released) are one contradiction:

- against the case's rule, when a clause forbids someone with an interest to approve ("must not
  approve any order placed with that supplier"; HIGH: the rule and the record's own words);
- else against the approval record itself, the check it records (MEDIUM: a question of
  independence to put to the approver, which the case's rules may or may not settle).
"""

import re

from holmes_backend.analysis.domains.interests import INTEREST
from holmes_backend.analysis.domains.ledger import total_of
from holmes_backend.analysis.facts.cells import ACTED_BY
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.names import find_names, same_party
from holmes_backend.contracts.agents import Clause, Contradiction, Finding, SourceRef, Transaction

# The roles of a row that are an approval: "Approved by", "Authorised by", "Signed off by".
_APPROVING = re.compile(r"^(?:approv|authori[sz]|sign(?:ed)?\s*off|releas)", re.IGNORECASE)
# A rule that someone with an interest must not approve: "an employee who has an interest in a
# supplier … must not approve any order placed with that supplier".
_INTEREST_WORDS = re.compile(r"\b(?:interest(?:ed)?|conflict|connected|related)\b", re.IGNORECASE)
_NOT_APPROVE = re.compile(
    r"\b(?:must|shall|may|should|will)\s+not\s+(?:\w+\s+){0,3}?(?:approve|authori[sz]e|sign\s+off)"
    r"|\b(?:never|not)\s+(?:be\s+)?(?:approved|authori[sz]ed)\s+by\b",
    re.IGNORECASE,
)


def _approvers(tx: Transaction) -> list[str]:
    """The people a row names in its approval fields ("Approved by: P. Venkataraman")."""
    return [
        n.text
        for field in ACTED_BY.finditer(tx.source.excerpt or tx.description)
        if _APPROVING.match(field["role"])
        for n in find_names(field["who"])
        if n.kind == "person"
    ]


def _rule(clauses: list[Clause]) -> Clause | None:
    return next(
        (c for c in clauses if _INTEREST_WORDS.search(c.text) and _NOT_APPROVE.search(c.text)),
        None,
    )


def conflicted_approvals(
    interests: list[Finding], transactions: list[Transaction], clauses: list[Clause]
) -> list[Contradiction]:
    ties = [f for f in interests if f.finding_type == INTEREST and len(f.entities) == 2]
    if not ties:
        return []
    rule = _rule(clauses)
    found: list[Contradiction] = []
    seen: set[tuple[str, str]] = set()
    for tie in ties:
        person, entity = tie.entities
        if (person, entity) in seen:
            continue  # a register listing them twice (director, and owner): one contradiction
        approved = [
            (tx, approver)
            for tx in transactions
            if tx.to_party and same_party(tx.to_party, entity)
            for approver in _approvers(tx)[:1]
            if same_party(approver, person)
        ]
        if not approved:
            continue
        seen.add((person, entity))
        rows = [tx for tx, _ in approved]
        # Cited: the register, and the rows (the first is the claim when no rule is).
        cited = rows if rule is not None else rows[1:]
        role = tie.title.split(": ", 1)[-1]
        what = (
            f"{len(rows)} order(s) or payment(s) to {entity}, {total_of(rows)}, were approved by "
            f"{approved[0][1]}; the register lists {person} as {role}"
        )
        first: SourceRef = rows[0].source
        found.append(
            Contradiction(
                claim=rule.text if rule is not None else first.excerpt or rows[0].description,
                claim_source=rule.source if rule is not None else first,
                evidence_against=unique_refs([*tie.sources, *(t.source for t in cited)], 8),
                explanation=(
                    f"The rule forbids an interested person to approve, yet {what}."
                    if rule is not None
                    else f"The approval is meant to be an independent check, yet {what}."
                ),
                severity="HIGH" if rule is not None else "MEDIUM",
            )
        )
    return found
