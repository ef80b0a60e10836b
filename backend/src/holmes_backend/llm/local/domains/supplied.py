"""Supplied as stated, delivered as weighed: a contractor's "40 tonnes of Type 1 sub-base was
supplied and laid at the car park between 1 and 5 September" against the weighbridge tickets to
the car park in those days, 22.2 tonnes in all.

- Evidence: a sentence (not a record's row) stating a quantity of a material supplied,
  delivered, laid, poured or used ("40 tonnes of Type 1 sub-base", "12 m3 of C30 concrete") is a
  finding, with the days and the place it gives.
- Synthesis: the delivery records' rows (a weight or volume column, a material column naming
  what was stated; their destination, when they give one, the place stated; their day in the
  days stated) summed against the quantity stated: a tenth short or more is a contradiction,
  HIGH from a quarter.
"""

import re
from dataclasses import dataclass
from datetime import date

from holmes_backend.agents.schemas import Contradiction, Finding
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_period
from holmes_backend.llm.local.facts.lexicon import STOPWORDS
from holmes_backend.llm.local.facts.money import to_number
from holmes_backend.llm.local.facts.text import units

QUANTITY_STATED = "quantity_stated"

_UNITS = {
    "t": r"tonnes?|tons?|t",
    "kg": r"kg|kgs|kilograms?",
    "m3": r"m3|m\u00b3|cubic\s+met(?:re|er)s?",
    "l": r"litres?|liters?",
}
_STATED = re.compile(
    r"\b(?P<n>\d[\d,]*(?:\.\d+)?)\s*(?P<unit>"
    + "|".join(_UNITS.values())
    + r")\s+(?:of\s+)?(?P<what>[A-Za-z0-9][\w /.-]{2,40}?)\s+(?:was|were|has\s+been|have\s+been|"
    r"had\s+been)?\s*(?:supplied|delivered|laid|used|installed|placed|poured|provided|spread|"
    r"imported|brought)\b",
    re.IGNORECASE,
)
_AT = re.compile(
    r"\b(?:at|to|on)\s+(?:the\s+)?(?P<place>[A-Za-z][\w' -]{2,40}?)(?=\s+(?:between|on|from|"
    r"during|in|as|by)\b|[,.;]|$)",
    re.IGNORECASE,
)
_MATERIAL = re.compile(r"\b(?:material|product|grade|description|item|aggregate|load)\b", re.I)
_DESTINATION = re.compile(r"\b(?:destination|site|delivered\s+to|deliver\s+to|job|project)\b", re.I)
_TOLERANCE = 1.1
_HIGH = 1.25


@dataclass(frozen=True)
class Stated:
    quantity: float
    unit: str
    what: set[str]
    place: set[str]
    days: tuple[date, date] | None


def _unit(word: str) -> str:
    return next(
        (name for name, words in _UNITS.items() if re.fullmatch(words, word, re.I)), word.lower()
    )


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]{2,}", text.lower()) if w not in STOPWORDS}


def stated(text: str) -> Stated | None:
    match = _STATED.search(text)
    quantity = to_number(match["n"]) if match else None
    if match is None or quantity is None or quantity <= 0:
        return None
    rest = text[match.end() :]
    at = _AT.search(rest)
    return Stated(
        quantity,
        _unit(match["unit"]),
        _words(match["what"]),
        _words(at["place"]) if at else set(),
        find_period(rest, None),
    )


def quantities_stated(doc: EvidenceDoc) -> list[Finding]:
    found: list[Finding] = []
    for unit in units(doc):
        if unit.kind == "row" or (said := stated(unit.text)) is None:
            continue
        found.append(
            Finding(
                finding_type=QUANTITY_STATED,
                title=f"Stated as supplied: {said.quantity:g} {said.unit} ({doc.filename})",
                summary=unit.text[:300],
                confidence=0.75,
                severity="LOW",
                sources=[unit.ref],
            )
        )
    return found


def _measure(header: str) -> str | None:
    """The unit a weight or volume column is in: "Net weight (t)", "Volume m3", "Litres"."""
    lowered = header.lower()
    for name, words in _UNITS.items():
        if re.search(rf"(?:\(|\b)(?:{words})(?:\)|\b)", lowered):
            return name
    return "t" if "weight" in lowered or "tonnage" in lowered else None


def supplied_contradictions(findings: list[Finding], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for finding in findings:
        said = stated(finding.summary) if finding.finding_type == QUANTITY_STATED else None
        if said is None or not said.what or not finding.sources:
            continue
        rows = [
            (item, amount)
            for item in items
            if item.file_id != finding.sources[0].file_id
            and (amount := _delivered(item, said)) is not None
        ]
        if not rows:
            continue
        total = sum(amount for _, amount in rows)
        if said.quantity <= total * _TOLERANCE:
            continue
        days = (
            f" between {said.days[0].isoformat()} and {said.days[1].isoformat()}"
            if said.days
            else ""
        )
        found.append(
            Contradiction(
                claim=finding.summary,
                claim_source=finding.sources[0],
                evidence_against=unique_refs([item.source for item, _ in rows], 6),
                explanation=(
                    f"The document states {said.quantity:g} {said.unit} supplied, yet the "
                    f"{len(rows)} delivery record(s) of it{days} total {total:g} {said.unit}, "
                    f"{said.quantity - total:g} {said.unit} short."
                ),
                severity="HIGH" if said.quantity >= total * _HIGH else "MEDIUM",
            )
        )
    return found


def _delivered(item: Item, said: Stated) -> float | None:
    """The quantity a delivery row records of what was stated, to where and when it was."""
    fields = row_fields(item.description)
    measured = [(h, u) for h in fields if (u := _measure(h))]
    material = " ".join(v for h, v in fields.items() if _MATERIAL.search(h))
    destination = " ".join(v for h, v in fields.items() if _DESTINATION.search(h))
    elsewhere = bool(said.place and destination and not said.place & _words(destination))
    other_day = bool(said.days and not said.days[0] <= item.when.date() <= said.days[1])
    if not measured or not said.what & _words(material) or elsewhere or other_day:
        return None
    header, unit = measured[0]
    amount = to_number(fields[header])
    return None if amount is None else _in_unit(amount, unit, said.unit)


def _in_unit(amount: float, unit: str, wanted: str) -> float | None:
    if unit == wanted:
        return amount
    if {unit, wanted} == {"kg", "t"}:
        return amount / 1000 if unit == "kg" else amount * 1000
    return None
