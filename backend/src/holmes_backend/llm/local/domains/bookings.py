"""A booked stay against a claim of being elsewhere during it: a hotel's confirmation for "Ms
Priyanka Rao", check-in 11 August, check-out 18 August, at the Hotel Miramar in Malaga, against
her "On 14 August I hosted the buyers at The Ivy in Manchester".

- Evidence: a short document that gives a guest (or passenger, lead name, booked for), an
  arrival and a departure day by their labels (check-in / check-out, arrival / departure,
  from / to under a booking) and where (its heading's or an address line's place) is a stay
  booked, one finding per document.
- Synthesis: the guest's claim of a place on a day inside the stay (after arrival day, before
  departure day) that shares no name with the stay's place is contradicted (MEDIUM: a booking
  shows where they meant to be; the hotel's folio or the card would show they were there).
"""

import re
from dataclasses import dataclass
from datetime import date

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.domains.timeline import places_in
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, parse_span
from holmes_backend.llm.local.facts.names import UPPER, find_names, same_party, title_case
from holmes_backend.llm.local.facts.text import Unit, units

STAY_BOOKED = "stay_booked"
_ARRIVE = re.compile(r"\b(?:check[\s-]?in|arrival|arriving|arrive)\b[^:]{0,12}:", re.IGNORECASE)
_LEAVE = re.compile(r"\b(?:check[\s-]?out|departure|departing|depart)\b[^:]{0,12}:", re.IGNORECASE)
_GUEST = re.compile(
    r"^\s*(?:guest|lead\s+(?:guest|name|passenger)|passenger|booked\s+for|name\s+of\s+guest|"
    r"guest\s+name|traveller|traveler)s?\s*(?:name)?\s*:\s*(?P<v>.+)$",
    re.IGNORECASE,
)
_BOOKING = re.compile(r"\b(?:booking|reservation|confirmation|itinerary|folio)\b", re.IGNORECASE)
_HEAD = 8
_MAX_UNITS = 60  # a confirmation, not a brochure
_TITLE = re.compile(
    r"^Stay of (?P<guest>.+?) at (?P<place>.+?) from (?P<a>[\d-]+) to (?P<b>[\d-]+)$"
)
_PROPER = re.compile(rf"[{UPPER}][\w'\u2019-]+")
_GENERIC = frozenset(
    {"hotel", "the", "inn", "house", "apartment", "apartments", "suites", "resort"}
)


@dataclass(frozen=True)
class _Stay:
    guest: str
    place: str
    arrive: date
    leave: date
    finding: Finding


def stays_booked(doc: EvidenceDoc) -> list[Finding]:
    doc_units = units(doc)
    if len(doc_units) > _MAX_UNITS or not any(_BOOKING.search(u.text) for u in doc_units):
        return []
    arrive = _day_after(doc_units, _ARRIVE)
    leave = _day_after(doc_units, _LEAVE)
    guest = next(
        (
            n.text
            for u in doc_units
            if (m := _GUEST.match(u.text))
            for n in find_names(title_case(m["v"]) if m["v"].isupper() else m["v"])[:1]
            if n.kind == "person"
        ),
        None,
    )
    # Where: a place its head names, else its heading (the venue's own name, "PENSION
    # ALPENBLICK INNSBRUCK").
    place = next((p for u in doc_units[:_HEAD] for p in places_in(u.text)[:1]), None) or next(
        (
            title_case(u.text) if u.text.isupper() else u.text
            for u in doc_units[:2]
            if ":" not in u.text and not re.search(r"\d", u.text) and len(u.text.split()) <= 6
        ),
        None,
    )
    if not (arrive and leave and guest and place) or not arrive[0] < leave[0]:
        return []
    return [
        Finding(
            finding_type=STAY_BOOKED,
            title=f"Stay of {guest} at {place} from {arrive[0]} to {leave[0]}",
            summary=f"{arrive[1].text} / {leave[1].text}"[:300],
            confidence=0.7,
            severity="LOW",
            entities=[guest],
            sources=unique_refs([arrive[1].ref, leave[1].ref]),
        )
    ]


def _day_after(doc_units: list[Unit], label: re.Pattern[str]) -> tuple[date, Unit] | None:
    for unit in doc_units:
        match = label.search(unit.text)
        if match is None:
            continue
        moments = find_moments(unit.text[match.end() :])
        if moments:
            return moments[0].day, unit
    return None


def _stays(findings: list[Finding]) -> list[_Stay]:
    found: list[_Stay] = []
    for finding in findings:
        match = _TITLE.match(finding.title) if finding.finding_type == STAY_BOOKED else None
        if match is not None:
            found.append(
                _Stay(
                    match["guest"],
                    match["place"],
                    date.fromisoformat(match["a"]),
                    date.fromisoformat(match["b"]),
                    finding,
                )
            )
    return found


def _words(place: str) -> set[str]:
    return {w.lower() for w in _PROPER.findall(place)} - _GENERIC


def stay_booked_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    stays = _stays(findings)
    for claim in claims:
        span = parse_span(claim.claimed_time)
        if not (claim.speaker and claim.claimed_place and span) or not _words(claim.claimed_place):
            continue
        first, last = span[0].date(), span[1].date()
        for stay in stays:
            if not same_party(claim.speaker, stay.guest):
                continue
            if not (stay.arrive < first and last < stay.leave):
                continue  # the days of arriving and leaving are spent partly elsewhere
            if _words(claim.claimed_place) & _words(stay.place):
                continue
            found.append(
                refuted(
                    claim,
                    list(stay.finding.sources),
                    f"{claim.speaker} claims to have been at {claim.claimed_place} on "
                    f"{first.isoformat()}, yet a booking has them staying at {stay.place} from "
                    f"{stay.arrive.isoformat()} to {stay.leave.isoformat()}.",
                    "MEDIUM",
                )
            )
            break
    return found
