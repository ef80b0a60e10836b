"""A stocktake that "balanced" and stock "never written off", against the count sheets and the
adjustments that say otherwise.

- Financial: a count sheet's rows whose counted quantity differs from the quantity the system or
  the books expected (or whose variance column is not nought) are a finding for the sheet: how
  many lines, how many units short or over, which items, who counted them.
- Synthesis: a witness's word that a count balanced ("the stocktake balanced", "there were no
  discrepancies", "all stock was accounted for") against those lines (HIGH when they counted
  them, MEDIUM otherwise); "No stock was written off in the first quarter of 2026" against
  dated rows of the case that write stock off in the period it gives (HIGH from two, MEDIUM
  from one).
"""

import re

from holmes_backend.agents.schemas import Contradiction, Finding, SourceRef, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted, refuted_by
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import naive, parse_span
from holmes_backend.llm.local.facts.money import to_number
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import units

STOCK_VARIANCE = "stock_variance"

_EXPECTED = re.compile(r"\b(?:system|book|books|expected|recorded|theoretical|ledger)\b", re.I)
_COUNTED = re.compile(r"\b(?:counted|physical|actual|found|on\s+hand|count)\b", re.IGNORECASE)
_VARIANCE = re.compile(
    r"\b(?:variance|difference|discrepancy|diff|shortage|over\s*/\s*short)\b", re.I
)
_QUANTITY = re.compile(r"\b(?:qty|quantity|units|stock|count|counted|level)\b", re.IGNORECASE)
_ITEM = re.compile(r"\b(?:sku|item|product|part|code|description|line)\b", re.IGNORECASE)
_COUNTER = re.compile(r"\b(?:counted\s+by|counter|checked\s+by|by)\b", re.IGNORECASE)
_LISTED = 4

# "The stocktake balanced", "there were no discrepancies", "all stock was accounted for".
_BALANCED = re.compile(
    r"\b(?:stock\s*take|stock\s+count|count)\s+(?:\w+\s+){0,2}(?:balanced|reconciled|matched)\b|"
    r"\bno\s+(?:\w+\s+)?(?:discrepanc(?:y|ies)|variances?|shortages?|shortfalls?|losses)\b|"
    r"\b(?:all|every)\s+(?:\w+\s+){0,2}(?:stock|item|items|unit|units)\s+(?:\w+\s+){0,2}"
    r"accounted\s+for\b|\bnothing\s+(?:was\s+)?missing\b",
    re.IGNORECASE,
)
# What a count is of: "the stocktake", "the power tools section", "all items".
_STOCK = re.compile(
    r"\b(?:stock\w*|inventory|count\w*|items?|units?|lines?|section|shelf|shelves|warehouse|"
    r"store\s*room|cellar|bins?)\b",
    re.IGNORECASE,
)
_WRITE_OFF_DENIED = re.compile(
    r"\b(?:no|never|not|none)\b[^.;]{0,40}?\bwr(?:itten|ote|ite)\s*-?\s*off\b", re.IGNORECASE
)
_WRITTEN_OFF = re.compile(r"\bwr(?:itten|ote|ite)\s*-?\s*offs?\b|\bw/o\b", re.IGNORECASE)


# A stock check written out: an item, the count its register expects, and the count found.
_PROSE_COUNT = re.compile(
    r"(?P<item>[^:;.]{3,80}):\s*(?:register|book|system|expected|recorded)\s+(?:balance|"
    r"quantity|stock|count)\s*:?\s*(?P<expected>\d[\d,]*(?:\.\d+)?),?\s+(?:physical|actual)\s+"
    r"(?:count|stock|quantity)\s*:?\s*(?P<got>\d[\d,]*(?:\.\d+)?)",
    re.IGNORECASE,
)


def stock_variances(doc: EvidenceDoc) -> list[Finding]:
    """The count sheet's lines counted other than expected."""
    lines: list[tuple[str, float, str | None, SourceRef]] = []
    for unit in units(doc):
        if unit.kind != "row" and (said := _PROSE_COUNT.search(unit.text)):
            # "Morphine sulphate 10mg ampoules: register balance 14, physical count 12."
            got, expected = to_number(said["got"]), to_number(said["expected"])
            if got is not None and expected is not None and abs(got - expected) >= 1e-9:
                lines.append((said["item"].strip(), got - expected, None, unit.ref))
            continue
        if unit.kind != "row" or not (fields := row_fields(unit.text)):
            continue
        variance = _variance(fields)
        if variance is None or abs(variance) < 1e-9:
            continue
        item = next((v for h, v in fields.items() if _ITEM.search(h) and v), "")
        counter = next(
            (
                n.text
                for h, v in fields.items()
                if _COUNTER.search(h)
                for n in find_names(v.title() if v.isupper() else v)
                if n.kind == "person"
            ),
            None,
        )
        lines.append((item, variance, counter, unit.ref))
    if not lines:
        return []
    short = sum(-v for _, v, _, _ in lines if v < 0)
    over = sum(v for _, v, _, _ in lines if v > 0)
    counters = sorted({c for _, _, c, _ in lines if c})
    listed = ", ".join(
        f"{item or 'a line'} {variance:+g}" for item, variance, _, _ in lines[:_LISTED]
    )
    by = f"; counted by {', '.join(counters)}" if counters else ""
    return [
        Finding(
            finding_type=STOCK_VARIANCE,
            title=(
                f"Stock count variances in {doc.filename}: {len(lines)} line(s), "
                f"{short:g} unit(s) short, {over:g} over ({listed}){by}"
            ),
            summary="; ".join(ref.excerpt or "" for *_, ref in lines[:3])[:300],
            confidence=0.85,
            severity="HIGH" if short else "MEDIUM",
            entities=counters,
            sources=unique_refs([ref for *_, ref in lines], 8),
        )
    ]


def _variance(fields: dict[str, str]) -> float | None:
    """Counted less expected: a variance column's own figure, else the two counts'."""
    for header, value in fields.items():
        if _VARIANCE.search(header) and (number := to_number(value)) is not None:
            return number
    expected = next(
        (
            n
            for h, v in fields.items()
            if _EXPECTED.search(h) and _QUANTITY.search(h) and (n := to_number(v)) is not None
        ),
        None,
    )
    counted = next(
        (
            n
            for h, v in fields.items()
            if _COUNTED.search(h) and not _EXPECTED.search(h) and (n := to_number(v)) is not None
        ),
        None,
    )
    return None if expected is None or counted is None else counted - expected


def balanced_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    variances = [f for f in findings if f.finding_type == STOCK_VARIANCE]
    found: list[Contradiction] = []
    for claim in claims if variances else []:
        said = answer_of(claim).said
        if not claim.speaker or not _BALANCED.search(said) or not _STOCK.search(said):
            continue
        speaker = claim.speaker
        theirs = any(same_party(speaker, e) for f in variances for e in f.entities)
        found.append(
            refuted(
                claim,
                unique_refs([r for f in variances for r in f.sources], 6),
                f"{speaker} says the count balanced, yet "
                + "; ".join(f.title for f in variances[:2])
                + (" - lines they counted." if theirs else "."),
                "HIGH" if theirs else "MEDIUM",
            )
        )
    return found


def write_off_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        span = parse_span(claim.claimed_time)
        if not claim.speaker or not _WRITE_OFF_DENIED.search(said):
            continue
        rows = [
            i
            for i in items
            if i.kind not in ("claim",)
            and i.file_id != claim.source.file_id
            and _WRITTEN_OFF.search(i.description)
            and (span is None or naive(span[0]) <= naive(i.when) <= naive(span[1]))
        ]
        if rows:
            found.append(
                refuted_by(
                    claim,
                    rows,
                    f"{claim.speaker} says no stock was written off then, yet {len(rows)} "
                    "record(s) write stock off",
                )
            )
    return found


__all__ = ["balanced_contradictions", "stock_variances", "write_off_contradictions"]
