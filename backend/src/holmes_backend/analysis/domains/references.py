"""Figures stated for a document reference ("PO 4471 was raised for R185 000", "contract
MSA-0917 was signed on 2 March 2024"): a sentence naming one reference and one amount, or one
date with a verb of dating, with the words qualifying it (net, gross, tax, approximate)."""

import re
from dataclasses import dataclass
from datetime import date

from holmes_backend.analysis.facts.dates import find_moments
from holmes_backend.analysis.facts.money import find_money, format_money
from holmes_backend.analysis.facts.text import units
from holmes_backend.contracts.agents import Finding, SourceRef, Transaction
from holmes_backend.llm.evidence import EvidenceDoc

REFERENCED_FIGURE = "referenced_figure"

_DOC_WORD = (
    r"(?:invoice|inv|purchase\s+order|order|po|contract|agreement|claim|policy|quote|quotation|"
    r"credit\s+note|delivery\s+note|receipt|bill|statement|ref(?:erence)?|voucher|cheque|check)"
)
_LABELLED = re.compile(
    rf"\b{_DOC_WORD}\.?\s*(?:no\.?|number|num\.?|#|nr\.?)?\s*:?\s*"
    r"(?P<ref>[A-Z]{0,6}[-/]?\d[\dA-Z]*(?:[-/][\dA-Z]+)*)\b",
    re.IGNORECASE,
)
_CODE = re.compile(r"\b(?P<ref>[A-Z]{2,6}[-/]\d{2,}(?:[-/][\dA-Z]+)*)\b")
_DATING = re.compile(r"\b(?:dated|signed|issued|raised|executed|countersigned|sent)\b", re.I)
_APPROXIMATE = re.compile(
    r"\b(?:about|approximately|approx\.?|around|roughly|circa|nearly|almost|some|c\.)\s*$", re.I
)
_TAXED = re.compile(
    r"\b(?:vat|gst|hst|tax|btw|mwst|iva|tva|net|gross|before\s+tax|after\s+tax)\b", re.I
)
_MAX_SENTENCE = 400
# "the order", "that invoice": a document the text has just named by its reference.
_DEFINITE = re.compile(rf"\b(?:the|that|this|this\s+same)\s+{_DOC_WORD}\b", re.IGNORECASE)
_ANAPHORA = 8  # units after the reference


@dataclass(frozen=True)
class Figure:
    reference: str
    source: SourceRef
    amount: float | None = None
    currency: str = ""
    day: date | None = None
    approximate: bool = False
    taxed: bool = False  # the sentence speaks of tax, net or gross
    record: bool = False  # a table's row, not a sentence


def reference_key(reference: str) -> tuple[str, str]:
    """(letters, digits) of a reference, upper case."""
    upper = re.sub(r"[^A-Z0-9]", "", reference.upper())
    return re.sub(r"\d", "", upper), re.sub(r"\D", "", upper)


def same_reference(a: str, b: str) -> bool:
    (la, da), (lb, db) = reference_key(a), reference_key(b)
    return len(da) >= 3 and da == db and (la == lb or not la or not lb)


def _references(text: str) -> list[str]:
    found: list[str] = []
    for pattern in (_LABELLED, _CODE):
        for match in pattern.finditer(text):
            ref = match["ref"]
            if len(re.sub(r"\D", "", ref)) >= 3 and not any(same_reference(ref, f) for f in found):
                found.append(ref)
    return found


def referenced_figures(doc: EvidenceDoc) -> list[Finding]:
    """The figures the document's sentences state for a reference, as findings."""
    found: list[Finding] = []
    last: tuple[int, str] | None = None  # the latest reference named, and where
    for number, unit in enumerate(units(doc)):
        if unit.kind == "row" or unit.heading or len(unit.text) > _MAX_SENTENCE:
            continue
        refs = _references(unit.text)
        if refs:
            last = (number, refs[0]) if len(refs) == 1 else None
        elif last and number - last[0] <= _ANAPHORA and _DEFINITE.search(unit.text):
            refs = [last[1]]  # "It was PO 4471." … "the order was for R185 000"
        if len(refs) != 1:
            continue
        money = [m for m in find_money(unit.text) if m.value > 0]
        moments = find_moments(unit.text)
        parts: list[str] = []
        if len(money) == 1:
            approx = _APPROXIMATE.search(unit.text[: money[0].start])
            amount = format_money(money[0].value, money[0].currency)
            parts.append(f"amount {amount}" + (" (approximate)" if approx else ""))
            parts += ["taxed"] if _TAXED.search(unit.text) else []
        if len(moments) == 1 and _DATING.search(unit.text):
            parts.append(f"dated {moments[0].day.isoformat()}")
        if not parts:
            continue
        found.append(
            Finding(
                finding_type=REFERENCED_FIGURE,
                title=f"{refs[0]}: " + "; ".join(parts),
                summary=unit.text[:300],
                confidence=0.7,
                severity="LOW",
                entities=[refs[0]],
                sources=[unit.ref],
            )
        )
    return found


_AMOUNT = re.compile(r"amount (?P<money>.+?)(?: \(approximate\))?(?:;|$)")
_DATED = re.compile(r"dated (?P<day>\d{4}-\d{2}-\d{2})")


def figure_of(finding: Finding) -> Figure | None:
    """The figure a referenced_figure finding states."""
    if finding.finding_type != REFERENCED_FIGURE or not finding.entities or not finding.sources:
        return None
    amount = _AMOUNT.search(finding.title)
    money = find_money(amount["money"]) if amount else []
    dated = _DATED.search(finding.title)
    return Figure(
        reference=finding.entities[0],
        source=finding.sources[0],
        amount=money[0].value if money else None,
        currency=money[0].currency if money else "",
        day=date.fromisoformat(dated["day"]) if dated else None,
        approximate="(approximate)" in finding.title,
        taxed="taxed" in finding.title.split("; "),
    )


def record_figure(tx: Transaction) -> Figure | None:
    """A ledger or register row's figure for its reference."""
    if not tx.reference or len(re.sub(r"\D", "", tx.reference)) < 3:
        return None
    moments = find_moments(tx.date) if tx.date else []
    return Figure(
        reference=tx.reference,
        source=tx.source,
        amount=tx.amount,
        currency=tx.currency or "",
        day=moments[0].day if moments else None,
        taxed=bool(_TAXED.search(tx.description or "")),
        record=True,
    )
