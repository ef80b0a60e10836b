"""One delivery, order or shipment counted differently in two records.

- Synthesis: table rows of different files that carry the same reference (a delivery note,
  an order or a consignment number: "DN-44810") and each a count ("Quantity delivered: 40",
  "Cases received: 28") that disagree: the second record is contradicted by the first (HIGH
  when more than a tenth apart). A statement that everything arrived ("all were received in
  full", "no shortages") is contradicted by the shortfalls.
"""

import re
from collections import defaultdict
from dataclasses import dataclass

from holmes_backend.agents.schemas import Contradiction, SourceRef, SwornClaim, TimedEvent
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs

_REFERENCE_HEADER = re.compile(
    r"\b(?:note|ref(?:erence)?|order|invoice|po|consignment|shipment|waybill|manifest|"
    r"docket|ticket|batch|lot)\b",
    re.IGNORECASE,
)
_REFERENCE_VALUE = re.compile(r"^(?=.*\d)[A-Z0-9][A-Z0-9/-]{3,24}$", re.IGNORECASE)
_COUNT_HEADER = re.compile(
    r"\b(?:quantity|qty|cases|units|pieces|pcs|items|count|pallets|boxes|cartons|bags|"
    r"crates|drums|parcels|packages|delivered|received|shipped|dispatched)\b",
    re.IGNORECASE,
)
_NOT_COUNT = re.compile(r"\b(?:price|amount|value|cost|total|date|time|weight|kg)\b", re.I)
_IN_FULL = re.compile(
    r"\b(?:received|delivered|arrived|checked\s+in|counted)\s+in\s+full\b|\bno\s+"
    r"(?:shortages?|shortfalls?|discrepanc(?:y|ies)|missing)\b|\bnothing\s+(?:was\s+)?missing\b|"
    r"\b(?:all|every)\b[^.]{0,60}\b(?:correct|complete|accounted\s+for)\b",
    re.IGNORECASE,
)
_APART = 0.1
_MAX = 8


@dataclass
class _Count:
    reference: str
    value: float
    header: str
    source: SourceRef


def _counts(events: list[TimedEvent]) -> list[_Count]:
    found: list[_Count] = []
    for event in events:
        if event.source.row is None:
            continue
        fields = row_fields(event.source.excerpt or event.description)
        reference = next(
            (
                v.strip().upper()
                for k, v in fields.items()
                if _REFERENCE_HEADER.search(k) and _REFERENCE_VALUE.match(v.strip())
            ),
            None,
        )
        count = next(
            (
                (k, number)
                for k, v in fields.items()
                if _COUNT_HEADER.search(k)
                and not _NOT_COUNT.search(k)
                and (number := _number(v)) is not None
            ),
            None,
        )
        if reference is not None and count is not None:
            found.append(_Count(reference, count[1], count[0], event.source))
    return found


def _number(value: str) -> float | None:
    """A count's cell: "40", "1,200" (not "2026-02-03", the "Received" column's date)."""
    text = value.replace(",", "").strip()
    return float(text) if re.fullmatch(r"\d{1,7}(?:\.\d+)?", text) else None


def quantity_contradictions(
    events: list[TimedEvent], claims: list[SwornClaim]
) -> list[Contradiction]:
    by_reference: dict[str, list[_Count]] = defaultdict(list)
    for count in _counts(events):
        by_reference[count.reference].append(count)
    found: list[Contradiction] = []
    shortfalls: list[tuple[_Count, _Count]] = []
    for reference, counts in by_reference.items():
        first = counts[0]
        other = next(
            (
                c
                for c in counts[1:]
                if c.source.file_id != first.source.file_id and c.value != first.value
            ),
            None,
        )
        if other is None:
            continue
        shortfalls.append((first, other))
        gap = abs(first.value - other.value)
        found.append(
            Contradiction(
                claim=other.source.excerpt or f"{other.header}: {other.value:g}",
                claim_source=other.source,
                evidence_against=[first.source],
                explanation=(
                    f"{reference}: {first.header} {first.value:g} in one record, "
                    f"{other.header} {other.value:g} in another ({gap:g} "
                    f"{'short' if other.value < first.value else 'over'})."
                ),
                severity="HIGH" if gap > _APART * max(first.value, other.value) else "MEDIUM",
            )
        )
    if shortfalls:
        listed = "; ".join(
            f"{a.reference} {a.value:g} against {b.value:g}" for a, b in shortfalls[:4]
        )
        for claim in claims:
            if _IN_FULL.search(claim.claim):
                found.append(
                    Contradiction(
                        claim=claim.claim,
                        claim_source=claim.source,
                        evidence_against=unique_refs(
                            [s for a, b in shortfalls for s in (a.source, b.source)], 8
                        ),
                        explanation=(
                            f"{claim.speaker or 'The statement'} says it all arrived, yet "
                            f"{len(shortfalls)} record(s) disagree on the count: {listed}."
                        ),
                        severity="HIGH",
                    )
                )
    return found[:_MAX]
