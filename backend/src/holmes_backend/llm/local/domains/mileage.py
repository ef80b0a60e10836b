"""Miles claimed against miles driven: a mileage claim's "03/06/2026 … Miles claimed: 248"
against the claimant's own car's telematics that day, "Distance (miles): 31".

- Synthesis: a claim's row of miles for a day (a column of miles or mileage claimed, a row of a
  mileage claim) of a person, against the distance another file records that day for a vehicle
  of theirs (a distance column, or its odometer's end less its start): more than a quarter and
  twenty miles (or kilometres) over is a contradiction, HIGH from two such days. The person's
  word that the mileage is accurate is held against the same days.
"""

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import date

from holmes_backend.agents.schemas import Contradiction, Severity, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.money import to_number
from holmes_backend.llm.local.facts.names import same_party

_CLAIMED = re.compile(
    r"\b(?:miles?|mileage|kms?|kilomet(?:re|er)s?)\b.*\bclaim|\bclaim\w*\b.*\b(?:miles?|mileage|km)",
    re.IGNORECASE,
)
_DISTANCE = re.compile(r"\b(?:distance|miles?\s+driven|km\s+driven|trip\s+(?:miles|km))\b", re.I)
_ODOMETER_START = re.compile(
    r"\b(?:start|opening|begin\w*)\b.*\b(?:odometer|mileage|odo)\b|\b(?:odometer|odo)\b.*\bstart",
    re.IGNORECASE,
)
_ODOMETER_END = re.compile(
    r"\b(?:end|closing|finish\w*)\b.*\b(?:odometer|mileage|odo)\b|\b(?:odometer|odo)\b.*\bend",
    re.IGNORECASE,
)
_ACCURATE = re.compile(
    r"\b(?:mileage|miles|journeys?)\b[^.;]{0,60}\b(?:accurate|correct|true|genuine)\b", re.I
)
_SHARE = 1.25
_MILES = 20.0
_LISTED = 4


@dataclass
class _Over:
    person: str
    day: date
    claimed: float
    driven: float
    claim_row: Item
    record: Item


def mileage_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    claimed = [(i, n) for i in items if i.people and (n := _field(i, _CLAIMED)) is not None]
    driven = [(i, n) for i in items if i.people and (n := _driven(i)) is not None]
    overs: dict[str, list[_Over]] = defaultdict(list)
    for row, miles in claimed:
        for record, distance in driven:
            if record.file_id == row.file_id or record.when.date() != row.when.date():
                continue
            person = next(
                (p for p in row.people if any(same_party(p, q) for q in record.people)), None
            )
            if person and miles > distance * _SHARE and miles - distance >= _MILES:
                key = next((k for k in overs if same_party(k, person)), person)
                overs[key].append(_Over(person, row.when.date(), miles, distance, row, record))
                break
    found: list[Contradiction] = []
    for person, days in overs.items():
        days.sort(key=lambda o: o.day)
        listed = "; ".join(
            f"{o.day.isoformat()}: {o.claimed:g} claimed, {o.driven:g} driven"
            for o in days[:_LISTED]
        )
        evidence = unique_refs([r for o in days for r in (o.claim_row.source, o.record.source)], 8)
        severity: Severity = "HIGH" if len(days) >= 2 else "MEDIUM"
        found.append(
            Contradiction(
                claim=days[0].claim_row.description[:300],
                claim_source=days[0].claim_row.source,
                evidence_against=evidence,
                explanation=(
                    f"{person}'s mileage claimed exceeds what their vehicle's records show "
                    f"driven on {len(days)} day(s): {listed}."
                ),
                severity=severity,
            )
        )
        found += [
            refuted(
                claim,
                evidence,
                f"{claim.speaker} says the mileage is accurate, yet: {listed}.",
                severity,
            )
            for claim in claims
            if claim.speaker and same_party(claim.speaker, person) and _ACCURATE.search(claim.claim)
        ]
    return found


def _field(item: Item, header: re.Pattern[str]) -> float | None:
    # A text table's row is described as a row; a payment's row is its excerpt.
    fields = row_fields(item.description) or row_fields(item.source.excerpt or "")
    for name, value in fields.items():
        if header.search(name) and (
            number := to_number(value.strip().split()[0] if value.strip() else "")
        ):
            return number
    return None


def _driven(item: Item) -> float | None:
    """The distance a record gives for its day: its distance column, or its odometer's end
    less its start."""
    if (distance := _field(item, _DISTANCE)) is not None and not _CLAIMED.search(item.description):
        return distance
    start, end = _field(item, _ODOMETER_START), _field(item, _ODOMETER_END)
    return end - start if start is not None and end is not None and end >= start else None


__all__ = ["mileage_contradictions"]
