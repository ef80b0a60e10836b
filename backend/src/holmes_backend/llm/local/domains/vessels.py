"""Goods said to be loaded on a ship on a day the ship was not in port: a bill of lading's
"Shipped on board date: 28 February 2026" for "Vessel: MV Cordelia Star", or the shipper's "the
1,200 bags were loaded on board MV Cordelia Star on 28 February", against the port's record of
the vessel's movements ("Arrived anchorage 02/03/2026", "Loading commenced 03/03/2026").

- Evidence: a loading told of a named ship and a day is a finding: a document's on-board date
  field beside its vessel field, or a sentence loading (shipping, lading) goods on board a ship
  led by its kind ("MV", "M/V", "MS", "MT", "SS") on a day.
- Synthesis: the ship's arrivals and departures, from the case's dated rows that name it (its
  words after its kind): a loading on a day before the ship's first arrival that follows it
  (with no arrival in the month before), or after a departure it did not come back from, is
  contradicted by those rows; HIGH. A loading on a day the ship was in port says nothing.
"""

import re
from datetime import date, datetime, timedelta

from holmes_backend.agents.schemas import Contradiction, Finding, SourceRef, TimedEvent
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_period, parse_iso
from holmes_backend.llm.local.facts.text import units

VESSEL_LOADING = "vessel_loading"

_KIND = r"(?:MV|M/V|MS|M/S|MT|M/T|SS)"
_SHIP = rf"(?P<ship>(?-i:{_KIND}\s+[A-Z][\w'-]*(?:[ ][A-Z][\w'-]*){{0,3}}))"
# A document's field naming its ship: "Vessel: MV Cordelia Star   Voyage: 412W".
_VESSEL_FIELD = re.compile(
    rf"\b(?:vessel|ship|vessel\s+name|ocean\s+vessel)\s*(?:/\s*voyage)?\s*:\s*{_SHIP}", re.I
)
# Its on-board date: "Shipped on board date:", "Date laden on board:", "Loading date:" (not the
# credit's "Latest date of shipment").
_ON_BOARD_FIELD = re.compile(
    r"^\s*(?:(?:shipped\s+)?on\s+board\s+date|date\s+(?:shipped\s+|laden\s+)?on\s+board|"
    r"laden\s+on\s+board(?:\s+date)?|(?:date\s+of\s+)?loading(?:\s+date)?)\s*:\s*(?P<day>.+)$",
    re.IGNORECASE,
)
_LOADED = re.compile(
    rf"\b(?:loaded|shipped|laden|stowed)\s+(?:on\s+board|aboard|onto|on)\s+(?:the\s+)?"
    rf"(?:(?:vessel|ship)\s+)?{_SHIP}(?P<rest>[^.;]{{0,60}})",
    re.IGNORECASE,
)
_ARRIVED = re.compile(r"\b(?:arriv\w*|berth\w*|anchor\w*|alongside|all\s+fast|docked)\b", re.I)
_DEPARTED = re.compile(r"\b(?:depart\w*|sailed|unberth\w*|cast\s+off|left\s+port)\b", re.I)
_BEFORE_ARRIVAL = timedelta(days=30)  # an arrival this long before the loading was its call


def _ship_key(ship: str) -> str:
    return " ".join(re.sub(rf"^{_KIND}\s+", "", ship.strip(), flags=re.I).lower().split())


def _reference(doc: EvidenceDoc) -> date | None:
    sent = parse_iso(str(doc.metadata.get("date") or ""))
    return sent.date() if sent else None


def vessel_loadings(doc: EvidenceDoc) -> list[Finding]:
    read = units(doc)
    told = _reference(doc)
    ship = next((m["ship"] for u in read if (m := _VESSEL_FIELD.search(u.text))), None)
    found: list[Finding] = []
    for unit in read:
        field = _ON_BOARD_FIELD.match(unit.text) if ship else None
        if field and ship and (days := find_period(field["day"], told)):
            found.append(_loading(ship, days[0], unit.text, unit.ref))
        for said in _LOADED.finditer(unit.text):
            if days := find_period(said["rest"], told):
                found.append(_loading(said["ship"], days[0], unit.text, unit.ref))
    return found


def _loading(ship: str, day: date, text: str, ref: SourceRef) -> Finding:
    return Finding(
        finding_type=VESSEL_LOADING,
        title=f"Loaded on {' '.join(ship.split())} on {day.isoformat()}",
        summary=" ".join(text.split())[:300],
        confidence=0.8,
        sources=[ref],
    )


_TITLE = re.compile(r"^Loaded on (?P<ship>.+) on (?P<day>\d{4}-\d{2}-\d{2})$")


def vessel_contradictions(findings: list[Finding], events: list[TimedEvent]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for loading in (f for f in findings if f.finding_type == VESSEL_LOADING):
        title = _TITLE.match(loading.title)
        if title is None:
            continue
        ship, day = _ship_key(title["ship"]), date.fromisoformat(title["day"])
        moves = _movements(ship, events, loading.sources[0].file_id)
        arrivals = [(at, e) for at, e in moves if _ARRIVED.search(e.description)]
        departures = [(at, e) for at, e in moves if _DEPARTED.search(e.description)]
        came = [(at, e) for at, e in arrivals if day - _BEFORE_ARRIVAL <= at.date() <= day]
        later = [(at, e) for at, e in arrivals if at.date() > day]
        gone = [
            (at, e)
            for at, e in departures
            if at.date() < day and not any(at < a and a.date() <= day for a, _ in arrivals)
        ]
        if later and not came:
            first = min(later, key=lambda pair: pair[0])
            why = f"the port's record has it arriving only on {first[0].date().isoformat()}"
            against = [e for at, e in moves if at >= first[0]][:4]
        elif gone:
            last = max(gone, key=lambda pair: pair[0])
            why = f"the port's record has it departing on {last[0].date().isoformat()}"
            against = [last[1]]
        else:
            continue
        found.append(
            Contradiction(
                claim=loading.summary,
                claim_source=loading.sources[0],
                evidence_against=unique_refs([e.source for e in against]),
                explanation=(
                    f"The goods are said to have been loaded on {title['ship']} on "
                    f"{day.isoformat()}, but {why}: the ship was not in port to load them "
                    f"({'; '.join(e.description[:120] for e in against[:2])})."
                ),
                severity="HIGH",
            )
        )
    return found


def _movements(ship: str, events: list[TimedEvent], own: str) -> list[tuple[datetime, TimedEvent]]:
    """The dated rows of other files naming the ship, in time order."""
    words = re.compile(rf"\b{re.escape(ship)}\b", re.IGNORECASE)
    moves = [
        (at.replace(tzinfo=None), e)
        for e in events
        if e.source.file_id != own
        and words.search(" ".join(e.description.split()))
        and (at := parse_iso(e.timestamp)) is not None
    ]
    return sorted(moves, key=lambda pair: pair[0])


__all__ = ["VESSEL_LOADING", "vessel_contradictions", "vessel_loadings"]
