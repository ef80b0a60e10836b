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
from datetime import timedelta

from holmes_backend.agents.schemas import SwornClaim
from holmes_backend.analysis.domains.links import Item
from holmes_backend.analysis.facts.names import find_names, same_party

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
