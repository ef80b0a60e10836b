"""A vehicle said stolen, and its owner travelling with it: "My car, registration KX19 TRV, was
stolen from outside my home" against the plate's camera records (M4 Junction 12 at 23:34, the
A34 near Oxford at 00:18) and the owner's own phone records at the same places minutes apart
(Theale, M4 J12, at 23:36; Oxford South, A34, at 00:21).

The records of a vehicle a witness says was stolen, which name them by its plate alone, tell
where the vehicle was, not where they were (place_contradictions leaves them out). Records that
name the witness in their own words at the place where the vehicle was seen, within a quarter
of an hour of it, from the time it was said taken, put the witness with it:

- Synthesis: the claim of the theft against those pairs of records (HIGH from two places, MEDIUM
  from one).
"""

import re
from datetime import datetime, timedelta, tzinfo

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item, instant
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import parse_span
from holmes_backend.llm.local.facts.names import find_names, same_party

_STOLEN = re.compile(
    r"\b(?:was|were|had\s+been|has\s+been|got)\s+(?:\w+\s+)?(?:stolen|taken|driven\s+away|nicked)\b",
    re.IGNORECASE,
)
_PLATE_WRITTEN = re.compile(r"\b[A-Z]{1,3}\d{1,4}[ -]?[A-Z]{1,3}\b|\b[A-Z]{2}\d{2}[ -]?[A-Z]{3}\b")
_TOGETHER = timedelta(minutes=15)
# Words of a place that do not tell it from another: directions, "near", "road".
_GENERIC = frozenset({
    "near", "road", "rd", "street", "st", "lane", "northbound", "southbound", "eastbound",
    "westbound", "north", "south", "east", "west", "the", "of", "at", "by", "and", "junction",
    "jct", "j", "exit", "services", "site", "cell", "area",
})  # fmt: skip
_JUNCTION = re.compile(r"\b(?:junction|jct|j)\s*(\d{1,3})\b", re.IGNORECASE)


def plate_key(text: str) -> str:
    return text.replace(" ", "").replace("-", "").upper()


def stolen_plates(claims: list[SwornClaim]) -> dict[str, set[str]]:
    """speaker -> the plates of the vehicles they say were stolen."""
    stolen: dict[str, set[str]] = {}
    for claim in claims:
        if claim.speaker and _STOLEN.search(claim.claim):
            for plate in _PLATE_WRITTEN.findall(claim.claim):
                if any(c.isdigit() for c in plate):
                    stolen.setdefault(claim.speaker, set()).add(plate_key(plate))
    return stolen


def names_directly(item: Item, person: str) -> bool:
    """Whether a record names the person in its own words (not by a number or plate of theirs)."""
    return any(same_party(n.text, person) for n in find_names(item.description))


def _place_words(place: str) -> set[str]:
    """A place's distinctive words, a junction written either way ("Junction 12", "J12")."""
    text = _JUNCTION.sub(lambda m: f" j{m.group(1)} ", place.lower())
    return {w for w in re.findall(r"[a-z0-9]+", text) if w not in _GENERIC and len(w) > 1}


def _taken_from(claim: SwornClaim, zone: tzinfo) -> datetime | None:
    span = parse_span(claim.claimed_time)
    return instant(span[0].isoformat(), zone) if span else None


def travelled_with_contradictions(
    claims: list[SwornClaim], items: list[Item], zone: tzinfo
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        if not claim.speaker or not _STOLEN.search(claim.claim):
            continue
        plates = stolen_plates([claim]).get(claim.speaker, set())
        taken = _taken_from(claim, zone)
        if not plates or taken is None:
            continue
        seen = [
            i
            for i in items
            if i.place and i.when >= taken and any(p in plate_key(i.description) for p in plates)
        ]
        theirs = [
            i
            for i in items
            if i.place
            and i.when >= taken
            and i.file_id != claim.source.file_id
            and not any(p in plate_key(i.description) for p in plates)
            and names_directly(i, claim.speaker)
        ]
        pairs: list[tuple[Item, Item]] = []
        for car in seen:
            words = _place_words(car.place or "")
            match = next(
                (
                    i
                    for i in theirs
                    if abs(i.when - car.when) <= _TOGETHER and words & _place_words(i.place or "")
                ),
                None,
            )
            if match is not None:
                pairs.append((car, match))
        if not pairs:
            continue
        listed = "; ".join(
            f"{car.at()[11:16]} {car.place} and {them.at()[11:16]} {them.place}"
            for car, them in pairs[:3]
        )
        found.append(
            refuted(
                claim,
                unique_refs([s for pair in pairs for s in (pair[0].source, pair[1].source)], 6),
                f"{claim.speaker}'s own records were where the vehicle they say was stolen was "
                f"seen, minutes apart: {listed}.",
                "HIGH" if len(pairs) >= 2 else "MEDIUM",
            )
        )
    return found
