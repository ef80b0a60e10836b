"""A gift that was a loan: a witness's "The £18,000 was a gift" or "There was never any agreement
that I would pay the money back" against the loan agreement naming them as its borrower and the
payment to them referenced "LOAN AS AGREED".

- Legal: a loan document (its title or opening: a loan agreement, a promissory note, an IOU, a
  loan note) naming its borrower ("Borrower: …", "… (the Borrower)") is a finding (LOAN_MADE:
  "Loan of GBP 18,000 from Margaret Ellery to Darren Kilby on 2025-03-13"), the sum the
  document lends, its parties and whether the borrower signed it.
- Synthesis: a claim calling money the speaker received a gift, or denying any duty to repay
  it, against loans to them of a sum their statement names (any of their loans when it names
  none) and payments to them whose reference calls them a loan: HIGH when the borrower signed
  the agreement or both records say so, MEDIUM from a payment's reference alone.
"""

import re

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim, Transaction
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony
from holmes_backend.llm.local.domains.interests import person_in
from holmes_backend.llm.local.domains.ledger import tx_date
from holmes_backend.llm.local.domains.records import written_day
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.money import find_money, format_money
from holmes_backend.llm.local.facts.names import same_party
from holmes_backend.llm.local.facts.text import units

LOAN_MADE = "loan_made"
_HEAD = 12
_LOAN_DOC = re.compile(
    r"\b(?:loan\s+(?:agreement|note|contract|deed|facility)|promissory\s+note|I\.?O\.?U\.?|"
    r"agreement\s+for\s+(?:a\s+)?loan|personal\s+loan)\b",
    re.IGNORECASE,
)
_ROLE = re.compile(
    r"^\s*(?:(?:the\s+)?(?P<role>lender|borrower|creditor|debtor))\s*:\s*(?P<who>.+)$", re.I
)
_ROLE_AFTER = re.compile(
    r"(?P<who>[^,(]{3,60})\s*\((?:the\s+)?[\"\u201c]?(?P<role>lender|borrower)", re.I
)
_SIGNED = re.compile(r"^\s*signed\b[^:]{0,40}:\s*(?P<who>.+)$", re.IGNORECASE)
_SUM = re.compile(r"\b(?:lends?|loan(?:ed)?|advance[sd]?|sum\s+of|principal)\b", re.IGNORECASE)
_TITLE = re.compile(
    r"^Loan of (?P<sum>.+?) from (?P<lender>.+?) to (?P<borrower>.+?) on (?P<day>\S+)"
    r"(?P<signed> \(signed by the borrower\))?$"
)
# What the speaker says the money was: a gift, or owed back by no one.
_GIFT = re.compile(
    r"\b(?:was|were|as)\s+(?:a|an|my)?\s*(?:outright\s+|genuine\s+)?(?:gift|present|donation)\b|"
    r"\b(?:gave|given|gifted)\s+(?:it\s+|them\s+)?(?:to\s+me\s+)?(?:as\s+a\s+gift|freely)\b|"
    r"\bgifted\s+(?:me|it)\b",
    re.IGNORECASE,
)
_NO_REPAY = re.compile(
    r"\b(?:never|not|no|nobody|no\s+one)\b[^.;]{0,50}\b(?:pay\s+(?:it|the\s+money|her|him|them)?"
    r"\s*back|repay\w*|loan|lent|borrow\w*)\b",
    re.IGNORECASE,
)
_LOAN_REF = re.compile(r"\b(?:loan|lent|lend|repayable|to\s+be\s+repaid)\b", re.IGNORECASE)
_SAME_SUM = 0.005


def loans_made(doc: EvidenceDoc) -> list[Finding]:
    if is_testimony(doc):
        return []
    doc_units = units(doc)
    head = " ".join(u.text for u in doc_units[:_HEAD])
    if not _LOAN_DOC.search(f"{doc.filename.replace('_', ' ')} {head}"):
        return []
    parties: dict[str, str] = {}
    signers: list[str] = []
    amount = None
    for unit in doc_units:
        text = unit.text.strip()
        for match in [_ROLE.match(text), *_ROLE_AFTER.finditer(text)]:
            if match is None:
                continue
            role = "lender" if match["role"].lower() in ("lender", "creditor") else "borrower"
            who = person_in(match["who"])
            if who and role not in parties:
                parties[role] = who
        if (line := _SIGNED.match(text)) and (who := person_in(line["who"])):
            signers.append(who)
        if amount is None and _SUM.search(text) and (money := find_money(text)):
            amount = money[0]
    borrower = parties.get("borrower")
    day = written_day(doc)
    if borrower is None or amount is None or day is None:
        return []
    lender = parties.get("lender", "the lender")
    signed = any(same_party(borrower, s) for s in signers)
    return [
        Finding(
            finding_type=LOAN_MADE,
            title=(
                f"Loan of {format_money(amount.value, amount.currency)} from {lender} to "
                f"{borrower} on {day}" + (" (signed by the borrower)" if signed else "")
            ),
            summary=" ".join(u.text.strip() for u in doc_units[:_HEAD])[:300],
            confidence=0.8,
            severity="MEDIUM",
            entities=[p for p in (parties.get("lender"), borrower) if p],
            sources=[doc_units[0].ref],
        )
    ]


def _sums(claim: SwornClaim, claims: list[SwornClaim]) -> list[float]:
    """The sums a claim speaks of: its own, else those its speaker names in the same file."""
    own = [m.value for m in find_money(claim.claim)]
    if own:
        return own
    return [
        m.value
        for c in claims
        if c.source.file_id == claim.source.file_id and c.speaker == claim.speaker
        for m in find_money(c.claim)
    ]


def _same_sum(value: float, sums: list[float]) -> bool:
    return not sums or any(abs(value - s) <= _SAME_SUM * max(s, 1.0) for s in sums)


def gift_contradictions(
    claims: list[SwornClaim], findings: list[Finding], transactions: list[Transaction]
) -> list[Contradiction]:
    loans = [
        (f, m) for f in findings if f.finding_type == LOAN_MADE if (m := _TITLE.match(f.title))
    ]
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        speaker = claim.speaker
        if not speaker or not (_GIFT.search(said) or _NO_REPAY.search(said)):
            continue
        sums = _sums(claim, claims)
        theirs = [
            (f, m)
            for f, m in loans
            if same_party(m["borrower"], speaker)
            and (money := find_money(m["sum"]))
            and _same_sum(money[0].value, sums)
        ]
        paid = [
            t
            for t in transactions
            if t.to_party
            and same_party(t.to_party, speaker)
            and _LOAN_REF.search(f"{t.description} {t.source.excerpt or ''}")
            and _same_sum(abs(t.amount), sums)
        ]
        if not theirs and not paid:
            continue
        signed = any(m["signed"] for _, m in theirs)
        parts = [
            f"a loan agreement of {m['day']} lends {m['sum']} to {m['borrower']}"
            + (", who signed it" if m["signed"] else "")
            for _, m in theirs[:2]
        ] + [
            f"the payment to them of {format_money(abs(t.amount), t.currency)}"
            + (f" on {day.isoformat()}" if (day := tx_date(t)) else "")
            + f" is referenced {t.description[:80]!r}"
            for t in paid[:2]
        ]
        found.append(
            refuted(
                claim,
                unique_refs([f.sources[0] for f, _ in theirs] + [t.source for t in paid], 6),
                (
                    f"{speaker} says the money was a gift, not to be repaid; yet "
                    + "; ".join(parts)
                    + "."
                ),
                "HIGH" if signed or (theirs and paid) else "MEDIUM",
            )
        )
    return found


__all__ = ["LOAN_MADE", "gift_contradictions", "loans_made"]
