"""Within a distance of a place, denied: "I have not gone within 200 metres of 41 Mossley Road"
against the speaker's own positions (a tag's, a phone's, a vehicle's rows) 20 m from it, where
a record gives the place's coordinates ("Exclusion zone: 200 m radius of 41 Mossley Road
(53.49120, -2.04800)").

- Evidence: a line giving a place with its coordinates and a distance around it (an exclusion
  zone, a bail condition, an order's map) is a finding, PLACE_ZONE.
- Synthesis: a claim of not having been within a distance of a place (its words, or the
  distance of the zone of that place), from its "since …" day, against the speaker's positioned
  records inside that distance of the place's coordinates: HIGH from two, MEDIUM from one.
"""

import re

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted_by
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.dates import since_day
from holmes_backend.llm.local.facts.geo import distance_km
from holmes_backend.llm.local.facts.names import same_party
from holmes_backend.llm.local.facts.text import units

PLACE_ZONE = "place_zone"

_DISTANCE = (
    r"(?P<n>\d{1,5}(?:\.\d+)?)\s*(?P<unit>m|metres|meters|km|kilometres|kilometers|miles?|yards?)"
)
_ZONE = re.compile(
    _DISTANCE + r"\b(?:\s+radius)?\s+(?:of|around|from)\s+(?P<place>[^(;]{3,60}?)\s*\(\s*"
    r"(?P<lat>-?\d{1,2}\.\d{3,})\s*,\s*(?P<lon>-?\d{1,3}\.\d{3,})\s*\)",
    re.IGNORECASE,
)
_NOT_WITHIN = re.compile(
    r"\b(?:not|never|n['\u2019]t)\s+(?:\w+\s+){0,2}?(?:gone|been|come|went|go|entered|enter)\s+"
    r"(?:(?:any)?where\s+)?(?:within\s+)?" + _DISTANCE + r"\s+of\s+(?P<place>[^,.;]{3,60})",
    re.IGNORECASE,
)
_TITLE = re.compile(
    r"^Zone: (?P<m>[\d.]+) m of (?P<place>.+) \((?P<lat>-?[\d.]+), (?P<lon>-?[\d.]+)\)$"
)
_METRES = {"m": 1.0, "km": 1000.0, "mil": 1609.3, "yar": 0.9144, "met": 1.0, "kil": 1000.0}


def place_zones(doc: EvidenceDoc) -> list[Finding]:
    found: list[Finding] = []
    for unit in units(doc):
        if not (zone := _ZONE.search(unit.text)):
            continue
        metres = _metres(zone["n"], zone["unit"])
        place = " ".join(zone["place"].split())
        found.append(
            Finding(
                finding_type=PLACE_ZONE,
                title=f"Zone: {metres:g} m of {place} ({zone['lat']}, {zone['lon']})",
                summary=unit.text[:300],
                confidence=0.8,
                severity="LOW",
                sources=[unit.ref],
            )
        )
    return found


def _metres(number: str, unit: str) -> float:
    return float(number) * _METRES.get(unit.lower()[:3], _METRES.get(unit.lower(), 1.0))


def zone_contradictions(
    claims: list[SwornClaim], findings: list[Finding], items: list[Item]
) -> list[Contradiction]:
    zones = [m for f in findings if f.finding_type == PLACE_ZONE and (m := _TITLE.match(f.title))]
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        denial = _NOT_WITHIN.search(said)
        if not claim.speaker or denial is None:
            continue
        place = " ".join(denial["place"].split()).lower()
        zone = next(
            (z for z in zones if place in z["place"].lower() or z["place"].lower() in place), None
        )
        if zone is None:
            continue
        centre = (float(zone["lat"]), float(zone["lon"]))
        limit_km = _metres(denial["n"], denial["unit"]) / 1000
        since = since_day(said)
        inside = [
            i
            for i in items
            if i.position is not None
            and i.file_id != claim.source.file_id
            and any(same_party(claim.speaker, p) for p in i.people)
            and (since is None or i.when.date() >= since)
            and distance_km(i.position, centre) <= limit_km
        ]
        if inside:
            nearest = min(distance_km(i.position, centre) for i in inside if i.position) * 1000
            found.append(
                refuted_by(
                    claim,
                    inside,
                    f"{claim.speaker} says they have not been within {denial['n']} "
                    f"{denial['unit']} of {zone['place']}, yet {len(inside)} record(s) of their "
                    f"position put them inside it (nearest {nearest:.0f} m)",
                )
            )
    return found


__all__ = ["PLACE_ZONE", "place_zones", "zone_contradictions"]
