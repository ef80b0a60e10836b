"""Evidence gaps: what the case needs to prove its points and does not have: an amendment
raising a broken cap, an approval a clause requires, corroboration of a key claim, an invoice
of a series, a document the evidence refers to."""

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import timedelta

from holmes_backend.analysis.domains.absent_documents import DOCUMENT_ABSENT
from holmes_backend.analysis.domains.case import CaseView
from holmes_backend.analysis.domains.ledger import is_payment, norm_reference, received
from holmes_backend.analysis.domains.legal import AMENDMENT, REQUIREMENT, agreement_parties
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.dates import parse_span
from holmes_backend.analysis.facts.lexicon import wordset
from holmes_backend.analysis.facts.money import find_money, format_money
from holmes_backend.analysis.facts.names import distinctive_words, possessive, same_party
from holmes_backend.analysis.facts.text import units
from holmes_backend.analysis.nlp import parse
from holmes_backend.contracts.agents import (
    Clause,
    Contradiction,
    EvidenceGap,
    SourceRef,
    Transaction,
)

_RECORD = re.compile(
    r"\b(approved|ratified|authori[sz]ed|consented|resolved|resolution|minutes|sign-?off|"
    r"written consent|unanimous consent|approval (?:was|is hereby) (?:given|granted))\b",
    re.IGNORECASE,
)
_RECORD_FILES = re.compile(r"minute|resolution|approv|consent|ratif", re.IGNORECASE)
_MAX_COUNTERPARTY_GAPS = 5
# An invoice number: a lettered prefix (with any year or group parts), then its own number.
_SERIES = re.compile(r"^(?P<series>[A-Za-z]{2,}[-/ ](?:[A-Za-z0-9]+[-/ ])*?)\d+$")
_MAX_CLAIM_GAPS = 3


def approver_words(approver: str) -> set[str]:
    generic = {"the", "of", "its", "a", "prior", "written", "company", "and"}
    return {w.lower().strip(".,") for w in approver.split() if w.lower() not in generic} or {
        approver.lower()
    }


def _approval_records(view: CaseView, clause: Clause, subject: set[str]) -> list[SourceRef]:
    """Written records (not testimony) of the approver approving something naming one of the
    `subject` words, when given."""
    wanted = approver_words(clause.party or "")

    def names_it(text: str) -> bool:
        words = {w.lower().strip(".,;:()") for w in text.split()}
        return bool(wanted & words) and (not subject or bool(subject & words))

    found: list[SourceRef] = []
    for doc in view.documents:
        named_as_record = bool(_RECORD_FILES.search(doc.filename))
        for unit in units(doc):
            text, own = unit.text, unit.ref.file_id == clause.source.file_id
            if unit.ref.cue_start is not None or not _RECORD.search(text):
                continue
            if REQUIREMENT.search(text) and (own or not named_as_record):
                continue
            if names_it(text):
                found.append(unit.ref)
    return unique_refs(found, 6)


@dataclass
class Unapproved:
    """An approval a clause requires that no record in evidence gives."""

    clause: Clause
    approver: str
    over: list[Transaction]  # the payments above its threshold that needed it
    payees: list[str]  # theirs, when the clause's agreement names its parties


def unapproved(view: CaseView) -> list[Unapproved]:
    found: list[Unapproved] = []
    seen: set[tuple[str, float | None]] = set()
    for clause in view.legal.clauses:
        if clause.kind != "approval_requirement":
            continue
        key = ((clause.party or "").lower(), clause.amount)
        if key in seen:
            continue
        seen.add(key)
        above = _above(view.financial.transactions, clause)
        over = [t for t in above if not _row_approved(t, clause)]
        if (clause.amount and not above) or (above and not over):
            continue  # no payment needed the approval, or every row records its sign-off
        bound = agreement_parties(view.legal, clause.source.file_id)
        if bound:
            over = [t for t in over if t.to_party and any(same_party(t.to_party, p) for p in bound)]
        payees = sorted({t.to_party for t in over if t.to_party}) if bound else []
        if not _approval_records(view, clause, distinctive_words(payees)):
            approver = clause.party or "the required approver"
            found.append(Unapproved(clause, approver, over, payees))
    return found


_SEVERAL = re.compile(r"\b(?:two|2|both|dual|joint)\b", re.IGNORECASE)
# A row's fields naming who signed it off: "Authorised by", "Second signatory".
_SIGNER_FIELD = re.compile(
    r"(?:^|;\s*)(?:[\w ]{0,20}\b(?:signator(?:y|ies)|approver|authori[sz]er|countersign\w*|"
    r"sign-?off)|"
    r"(?:approved|authori[sz]ed|signed(?:\s+off)?|countersigned)\s+by)\s*:\s*(?P<who>[^;]+)",
    re.IGNORECASE,
)


def _row_approved(tx: Transaction, clause: Clause) -> bool:
    """Whether a payment's row records the sign-off (two signers when two are required)."""
    signers = [m["who"] for m in _SIGNER_FIELD.finditer(tx.description)]
    if _SEVERAL.search(clause.party or ""):
        return len({s.strip().lower() for s in signers} - {""}) >= 2
    wanted = approver_words(clause.party or "")
    return any(wanted <= {w.lower().strip(".,()") for w in who.split()} for who in signers)


def approval_gaps(missing: list[Unapproved]) -> list[EvidenceGap]:
    """Approvals the evidence lacks."""
    gaps: list[EvidenceGap] = []
    for item in missing:
        clause, approver, over, payees = item.clause, item.approver, item.over, item.payees
        if over:
            total = sum(t.amount for t in over)
            to = f" to {', '.join(payees)}" if payees else ""
            gaps.append(
                EvidenceGap(
                    element=f"Approval by {approver} of {len(over)} payment(s){to} above "
                    f"{_threshold(clause)} (total {format_money(total, over[0].currency)})",
                    current_strength="MISSING",
                    recommendation=f"Obtain the minutes, resolutions or written consents of "
                    f"{approver} approving these payments; without them the payments breach the "
                    "approval clause.",
                    sources=unique_refs([clause.source] + [t.source for t in over], 8),
                )
            )
        else:
            gaps.append(
                EvidenceGap(
                    element=f"Approval record of {approver} required by: {clause.text[:160]}",
                    current_strength="MISSING",
                    recommendation=f"Request {possessive(approver)} minutes, resolutions or "
                    "written consents for the period; no approval document is in the evidence.",
                    sources=[clause.source],
                )
            )
    return gaps


def _threshold(clause: Clause) -> str:
    money = find_money(clause.text)
    return format_money(clause.amount or 0.0, money[0].currency if money else "")


def _above(transactions: list[Transaction], clause: Clause) -> list[Transaction]:
    if not clause.amount:
        return []
    money = find_money(clause.text)
    currency = money[0].currency if money else None
    # A tier of a table of authority stops where the next one begins.
    ceilings = [
        m.value
        for m in money
        if m.value > clause.amount and _CEILING.search(clause.text[: m.start][-40:])
    ]
    ceiling = ceilings[0] if ceilings else None
    incoming = received(transactions)
    return [
        t
        for t in transactions
        if is_payment(t)
        and id(t) not in incoming
        and t.amount > clause.amount
        and (ceiling is None or t.amount <= ceiling)
        and (currency is None or t.currency == currency)
    ]


_CEILING = re.compile(
    r"\b(?:not\s+(?:exceeding|more\s+than|above|over)|up\s+to|at\s+most|below|under|less\s+than|"
    r"to)\b[^\d]*$",
    re.IGNORECASE,
)


_PRESENCE_SPAN = timedelta(days=7)
# Verbs of being somewhere or going there: what a camera, a card or a log can bear on.
_WHEREABOUTS = wordset(
    "be stay remain go come get drive walk ride fly travel arrive leave return head visit attend "
    "spend sleep work start finish wait sit meet eat drink park pick collect deliver shop"
)


def _own_whereabouts(text: str) -> bool:
    """Whether the sentence says where its speaker was or went ("I was at home all evening")."""
    return any(
        token.dep_ in ("nsubj", "nsubjpass")
        and token.lower_ in ("i", "we")
        and token.head.lemma_ in _WHEREABOUTS
        for token in parse(text)
    )


def claim_gaps(
    view: CaseView, tested: set[tuple[str, int | None, int | None]]
) -> list[EvidenceGap]:
    gaps: list[EvidenceGap] = []
    for claim in view.evidence.sworn_claims:
        key = (claim.source.file_id, claim.source.line, claim.source.page)
        # A key claim puts its speaker at a place at a short time: what records can show.
        if key in tested or not (claim.claimed_time and claim.claimed_place):
            continue
        span = parse_span(claim.claimed_time) if _own_whereabouts(claim.claim) else None
        if span is None or span[1] - span[0] > _PRESENCE_SPAN:
            continue
        gaps.append(
            EvidenceGap(
                element=f"Corroboration of {possessive(claim.speaker or 'a witness')} claim: "
                f"{claim.claim[:140]}",
                current_strength="WEAK",
                recommendation="The claim rests on a single source. Seek phone location data, "
                "CCTV, card or badge records, or witnesses for the claimed time "
                f"({claim.claimed_time}).",
                sources=[claim.source],
            )
        )
        if len(gaps) >= _MAX_CLAIM_GAPS:
            break
    return gaps


def cap_gaps(view: CaseView, caps: list[tuple[Clause, Contradiction]]) -> list[EvidenceGap]:
    """A cap the payments broke needs the amendment that raised it, unless one is mentioned
    outside the agreement itself."""
    gaps: list[EvidenceGap] = []
    texts = [(c.text, c.source) for c in view.legal.clauses]
    texts += [(d.description, d.source) for d in view.legal.dates]
    texts += [
        (f"{f.title} {f.summary}", s)
        for f in view.legal.findings + view.evidence.findings
        for s in f.sources[:1]
    ]
    for clause, broken in caps:
        if any(
            AMENDMENT.search(text) and source.file_id != clause.source.file_id
            for text, source in texts
        ):
            continue
        gaps.append(
            EvidenceGap(
                element=f"A signed amendment raising the cap: {clause.text[:160]}",
                current_strength="MISSING",
                recommendation=f"{broken.explanation} Obtain any amendment, change order or "
                "waiver, or treat the excess as paid without contractual basis.",
                sources=[clause.source, *broken.evidence_against[:5]],
            )
        )
    return gaps


def invoice_gaps(view: CaseView) -> list[EvidenceGap]:
    """Payments against an invoice of a series whose other invoices are in evidence, not it."""
    invoiced: dict[str, set[str]] = defaultdict(set)  # series -> references with an invoice
    paid: dict[str, list[Transaction]] = defaultdict(list)
    for tx in view.financial.transactions:
        if not tx.reference or not _SERIES.match(tx.reference):
            continue
        reference = norm_reference(tx.reference)
        if is_payment(tx):
            paid[reference].append(tx)
        else:
            invoiced[_series(tx.reference)].add(reference)
    gaps: list[EvidenceGap] = []
    for reference, txs in paid.items():
        series = _series(txs[0].reference or "")
        if not invoiced.get(series) or reference in invoiced[series]:
            continue
        first = min(txs, key=lambda t: t.date or "")
        on = f" of {first.date[:10]}" if first.date else ""
        gaps.append(
            EvidenceGap(
                element=f"Invoice {txs[0].reference} behind the "
                f"{format_money(first.amount, first.currency)} payment{on}",
                current_strength="MISSING",
                recommendation="Other invoices of the series are in the evidence but not this one:"
                " obtain it from both the payer's and the payee's files, with the work it bills.",
                sources=unique_refs([t.source for t in txs], 6),
            )
        )
    return gaps[:_MAX_COUNTERPARTY_GAPS]


def _series(reference: str) -> str:
    match = _SERIES.match(reference)
    return match["series"].upper() if match else ""


def absent_document_gaps(view: CaseView) -> list[EvidenceGap]:
    """The documents the evidence says are missing or still to come."""
    return [
        EvidenceGap(
            element=finding.title,
            current_strength="MISSING",
            recommendation="The evidence refers to this document but the case does not hold it: "
            "obtain it from whoever issued or holds it, or a statement that it does not exist.",
            sources=finding.sources,
        )
        for finding in view.evidence.findings
        if finding.finding_type == DOCUMENT_ABSENT
    ]
