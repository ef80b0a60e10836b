"""A flight said taken on a day its booking gives otherwise: a claim form's "I arrived at
Barcelona airport on the morning of 3 July on flight VY7821" against the airline's booking
confirmation of flight VY7821 for the claimant, dated Sunday 5 July.

- Evidence: a record (not testimony) naming a flight by its number ("Flight VY7821", "Flight
  no: BA 2490") and the day of it (on the same line or the next lines, as a booking, a ticket or
  a boarding pass writes them) is a finding, with the people the record names (its passenger).
- Synthesis: a witness's claim naming the same flight on a day, against the flight's records of
  another file that name the witness, none of them on that day: HIGH (the booking in their own
  name).
"""

import re
from datetime import date

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.domains.timeline import doc_people
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, parse_span
from holmes_backend.llm.local.facts.names import kind_of, same_party
from holmes_backend.llm.local.facts.text import units

FLIGHT_RECORDED = "flight_recorded"

# "flight VY7821", "Flight: BA 2490", "Flight no. EZY8123": an airline's code and a number.
_FLIGHT = re.compile(
    r"\bflight(?:\s+(?:no|number|nr)\.?)?\s*:?\s*(?P<code>[A-Z]{2,3}|[A-Z]\d|\d[A-Z])\s?"
    r"(?P<number>\d{1,4})\b",
    re.IGNORECASE,
)
_ACCOUNT = re.compile(r"\b(?:I|we)\b")
_TITLE = re.compile(r"^Flight (?P<flight>\S+) on (?P<day>\d{4}-\d{2}-\d{2})$")
_NEXT_LINES = 2  # a booking's flight line, then its date line
_PER_FILE = 6


def _flights(text: str) -> set[str]:
    return {f"{m['code'].upper()}{m['number']}" for m in _FLIGHT.finditer(text)}


def flights_recorded(doc: EvidenceDoc) -> list[Finding]:
    """Each flight a record names, on the day it gives it."""
    if is_testimony(doc):
        return []
    doc_units = units(doc)
    people: list[str] | None = None
    found: list[Finding] = []
    for position, unit in enumerate(doc_units):
        flights = _flights(unit.text)
        if not flights or _ACCOUNT.search(unit.text):
            continue  # "I flew to Dublin on flight EI 153": someone's account, not a booking
        near = doc_units[position : position + _NEXT_LINES + 1]
        day = next((m.day for u in near for m in find_moments(u.text)), None)
        if day is None:
            continue
        if people is None:
            people = [p for p in doc_people(doc) if kind_of(p) == "person"]
        found += [
            Finding(
                finding_type=FLIGHT_RECORDED,
                title=f"Flight {flight} on {day.isoformat()}",
                summary=" ".join(u.text for u in near)[:300],
                confidence=0.8,
                severity="LOW",
                entities=people[:6],
                sources=[unit.ref],
            )
            for flight in sorted(flights)
        ]
        if len(found) >= _PER_FILE:
            break
    return found


def flight_contradictions(claims: list[SwornClaim], findings: list[Finding]) -> list[Contradiction]:
    recorded: dict[str, list[tuple[date, Finding]]] = {}
    for finding in findings:
        title = _TITLE.match(finding.title) if finding.finding_type == FLIGHT_RECORDED else None
        if title is not None and finding.sources:
            day = date.fromisoformat(title["day"])
            recorded.setdefault(title["flight"], []).append((day, finding))
    found: list[Contradiction] = []
    for claim in claims if recorded else []:
        span = parse_span(claim.claimed_time)
        if not claim.speaker or span is None or span[0].date() != span[1].date():
            continue
        day = span[0].date()
        for flight in sorted(_flights(claim.claim)):
            theirs = [
                (d, f)
                for d, f in recorded.get(flight, [])
                if f.sources[0].file_id != claim.source.file_id
                and any(same_party(claim.speaker, p) for p in f.entities)
            ]
            if not theirs or any(d == day for d, _ in theirs):
                continue
            days = ", ".join(sorted({d.isoformat() for d, _ in theirs}))
            found.append(
                refuted(
                    claim,
                    unique_refs([f.sources[0] for _, f in theirs], 4),
                    f"{claim.speaker} puts flight {flight} on {day.isoformat()}; the record of "
                    f"that flight in their name has it on {days}.",
                    "HIGH",
                )
            )
    return found


__all__ = ["FLIGHT_RECORDED", "flight_contradictions", "flights_recorded"]
