"""Fuel bought on a vehicle's card that the vehicle could not have taken: more than its tank holds
in one fill, or a fuel it does not run on, against its driver's "I only ever used the fuel card
to fill up my company van".

- Evidence: a record of a vehicle that gives its fuel or its tank's size ("Fuel type: Diesel",
  "Tank capacity: 70 litres", a fleet register, a hire agreement) is a finding for it
  (VEHICLE_RECORD).
- Synthesis: the card's purchases (rows of a volume column: "Litres: 118.40", and their product:
  "Product: Unleaded") against the vehicle: a fill over its tank (by a twentieth) or of another
  fuel was not for it. Held against its user's word that the card filled that vehicle alone
  ("only … my van", "never … any other vehicle"): HIGH from two such purchases, MEDIUM from one.
  The tank may also be told by the user ("The van's tank holds 70 litres"). The card is the one
  the speaker tells by its last digits in the same statement, else the case's card records.
"""

import re
from dataclasses import dataclass, field

from holmes_backend.agents.schemas import Contradiction, Finding, SourceRef, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.domains.weekdays import card_tails, of_card
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.text import units

VEHICLE_RECORD = "vehicle_record"

_GALLON_LITRES = 4.546  # an imperial gallon; a US gallon is 3.785 (told "US gallons")
_US_GALLON_LITRES = 3.785
_VOLUME = r"(?P<n>\d{1,4}(?:[.,]\d+)?)\s*(?P<u>litres?|liters?|ltrs?|l|(?:us\s+)?gallons?|gal)\b"
_CAPACITY = re.compile(
    r"\b(?:(?:fuel\s+)?tank(?:\s+(?:capacity|size))?|fuel\s+capacity)\s*(?::|holds|takes|of|is)?"
    r"\s*(?:about\s+|up\s+to\s+)?" + _VOLUME,
    re.IGNORECASE,
)
_FUEL_FIELD = re.compile(r"\bfuel(?:\s+type)?\s*:\s*(?P<fuel>[a-z][\w -]{2,20})", re.IGNORECASE)
_REGISTRATION = re.compile(
    r"\b(?:registration|reg(?:istration)?\s*(?:no\.?|number|mark)?|vrm|plate)\s*:\s*"
    r"(?P<reg>[A-Z0-9][A-Z0-9 -]{1,10}[A-Z0-9])\b",
    re.IGNORECASE,
)
# The kind of fuel a word names.
_KINDS = (
    ("diesel", re.compile(r"\b(?:diesel|derv|gas\s*oil|hvo)\b", re.IGNORECASE)),
    ("petrol", re.compile(r"\b(?:petrol|unleaded|gasoline|super|premium|e10|e5)\b", re.I)),
    ("electric", re.compile(r"\b(?:electric|ev|charging|kwh)\b", re.IGNORECASE)),
    ("lpg", re.compile(r"\b(?:lpg|autogas)\b", re.IGNORECASE)),
)
_VOLUME_HEADER = re.compile(r"\b(?:litres?|liters?|ltrs?|volume|gallons?|qty|quantity)\b", re.I)
_PRODUCT_HEADER = re.compile(r"\b(?:product|fuel|grade|description|item)\b", re.IGNORECASE)
_VEHICLE = r"(?:van|vehicle|car|lorry|truck|pick-?up|minibus|motorbike)"
_SOLE_VEHICLE = re.compile(
    rf"\bonly\b[^.;]{{0,60}}\b{_VEHICLE}\b|"
    rf"\b(?:never|not|n['\u2019]t)\b[^.;]{{0,40}}\b(?:any\s+other|another|other|a\s+different)\s+"
    rf"{_VEHICLE}s?\b",
    re.IGNORECASE,
)
_FUEL_CARD = re.compile(r"\b(?:fuel\s+card|card|fill(?:ed)?\s+up|refuel)", re.IGNORECASE)
_SLACK = 1.05  # a pump's and a gauge's error
_LISTED = 4


def vehicle_records(doc: EvidenceDoc) -> list[Finding]:
    """A record of a vehicle's fuel and tank size, one per vehicle a document lists (each
    registration opens the next); a witness's word about it is a claim, not a record."""
    if is_testimony(doc):
        return []
    found: list[Finding] = []
    vehicle = _Vehicle()
    for unit in units(doc):
        if reg := _REGISTRATION.search(unit.text):
            if vehicle.registration or vehicle.told():
                found += vehicle.record(doc)
                vehicle = _Vehicle()
            vehicle.registration = reg["reg"].strip()
        if vehicle.fuel is None and (field := _FUEL_FIELD.search(unit.text)):
            vehicle.fuel = _kind(field["fuel"])
            vehicle.refs += [unit.ref] if vehicle.fuel else []
        if vehicle.tank is None and (tank := _CAPACITY.search(unit.text)):
            vehicle.tank = _litres(tank)
            vehicle.refs += [unit.ref] if vehicle.tank else []
    return found + vehicle.record(doc)


@dataclass
class _Vehicle:
    registration: str | None = None
    fuel: str | None = None
    tank: float | None = None
    refs: list[SourceRef] = field(default_factory=list)

    def told(self) -> list[str]:
        return ([f"fuel: {self.fuel}"] if self.fuel else []) + (
            [f"tank: {self.tank:g} litres"] if self.tank else []
        )

    def record(self, doc: EvidenceDoc) -> list[Finding]:
        told = self.told()
        if not told:
            return []
        return [
            Finding(
                finding_type=VEHICLE_RECORD,
                title=f"Vehicle {self.registration or doc.filename}: {'; '.join(told)}",
                summary=f"{doc.filename} records the vehicle's {' and '.join(told)}.",
                confidence=0.8,
                severity="LOW",
                sources=self.refs[:2],
            )
        ]


def _kind(word: str) -> str | None:
    return next((kind for kind, pattern in _KINDS if pattern.search(word)), None)


def _litres(match: re.Match[str]) -> float | None:
    try:
        number = float(match["n"].replace(",", "."))
    except ValueError:
        return None
    unit = match["u"].lower()
    if unit.startswith("us"):
        return number * _US_GALLON_LITRES
    return number * _GALLON_LITRES if unit.startswith("gal") else number


# -- Synthesis ------------------------------------------------------------------------------

_TITLE_FUEL = re.compile(r"\bfuel: (\w+)")
_TITLE_TANK = re.compile(r"\btank: ([\d.]+) litres")


def fuel_contradictions(
    claims: list[SwornClaim], findings: list[Finding], items: list[Item]
) -> list[Contradiction]:
    records = [f for f in findings if f.finding_type == VEHICLE_RECORD]
    fuels = {m[1] for f in records if (m := _TITLE_FUEL.search(f.title))}
    tanks = {float(m[1]) for f in records if (m := _TITLE_TANK.search(f.title))}
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        if not claim.speaker or not _SOLE_VEHICLE.search(said):
            continue
        told = [
            c
            for c in claims
            if c.source.file_id == claim.source.file_id and c.speaker == claim.speaker
        ]
        if not any(_FUEL_CARD.search(c.claim) for c in told):
            continue
        tank = tanks | {t for c in told if (m := _CAPACITY.search(c.claim)) and (t := _litres(m))}
        # One vehicle's facts: two tank sizes or two fuels are two vehicles, not this one.
        if len(tank) > 1 or len(fuels) > 1 or not (tank or fuels):
            continue
        tails = card_tails(claim, claims)
        unfit = _unfit(items, claim, tails, next(iter(tank), None), next(iter(fuels), None))
        if unfit:
            listed = "; ".join(why for _, why in unfit[:_LISTED])
            found.append(
                refuted(
                    claim,
                    unique_refs([i.source for i, _ in unfit], 6),
                    f"{claim.speaker} says the card filled that vehicle alone, yet {len(unfit)} "
                    f"purchase(s) on it could not have gone into it: {listed}.",
                    "HIGH" if len(unfit) >= 2 else "MEDIUM",
                )
            )
    return found


def _unfit(
    items: list[Item], claim: SwornClaim, tails: set[str], tank: float | None, fuel: str | None
) -> list[tuple[Item, str]]:
    """The card's purchases the vehicle could not have taken, each with why."""
    unfit: list[tuple[Item, str]] = []
    for item in items:
        if item.kind != "transaction" or item.file_id == claim.source.file_id:
            continue
        if not of_card(item, tails):
            continue
        fields = row_fields(item.source.excerpt or item.description)
        volume = next(
            (
                number * (_GALLON_LITRES if "gal" in h.lower() else 1)
                for h, v in fields.items()
                if _VOLUME_HEADER.search(h) and (number := _number(v))
            ),
            None,
        )
        product = next((_kind(v) for h, v in fields.items() if _PRODUCT_HEADER.search(h)), None)
        day = item.when.date().isoformat()
        if fuel and product and product != fuel:
            unfit.append((item, f"{product} on {day} for a {fuel} vehicle"))
        elif tank and volume and volume > tank * _SLACK:
            unfit.append((item, f"{volume:g} litres on {day} into a {tank:g}-litre tank"))
    unfit.sort(key=lambda pair: pair[0].when)
    return unfit


def _number(value: str) -> float | None:
    try:
        return float(value.strip().split()[0].replace(",", ""))
    except (ValueError, IndexError):
        return None


__all__ = ["VEHICLE_RECORD", "fuel_contradictions", "vehicle_records"]
