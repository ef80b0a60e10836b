"""A driver's word of their own speed against the speeds a vehicle's data recorder logged: "I was
doing about 30 miles per hour, no more" against an event data recorder's download whose last
seconds before the impact run at 44 to 46 mph.

- Evidence: a table of a vehicle's readings with a speed column ("speed_mph", "Speed (km/h)")
  and no dates (a recorder's download: seconds before an event, not a journey's log) is a
  finding (SPEEDS_RECORDED) giving its highest speed and citing those rows. The vehicle is the
  registration its file name or rows give; the people a record names beside that registration
  ("Vehicle 1: grey Audi A4, registration LK19 RTX, driver Owen Pritchard") are its people.
- Synthesis: a witness's stated speed is contradicted when the record of their vehicle logged
  well above it (a fifth more, and 3 units): HIGH when a record ties the witness to the
  vehicle, MEDIUM when it is the case's only such record and names no one else.

Journeys with dated positions (a tracker's log) are read for their stops (journeys), not here.
"""

import re
from dataclasses import dataclass

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.facts.cells import roles, row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments
from holmes_backend.llm.local.facts.money import to_number
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import Unit, units

SPEEDS_RECORDED = "speeds_recorded"
_SPEED_COLUMN = re.compile(r"\bspeed\b|^speed|speed_", re.IGNORECASE)
_UNITS = {"mph": 1.0, "km/h": 1 / 1.609344, "knots": 1.150779}
_UNIT = re.compile(
    r"\b(?P<mph>mph|miles\s+(?:per|an)\s+hour)\b|\b(?P<kmh>km\s*/\s*h|kph|kmh|"
    r"kilomet(?:re|er)s\s+(?:per|an)\s+hour)\b|\b(?P<knots>knots|kts?)\b",
    re.IGNORECASE,
)
# "I was doing about 30 miles per hour", "travelling at no more than 50 km/h".
_STATED = re.compile(
    r"\b(?:doing|driving|travell?ing|going|riding|at|speed\s+(?:was|of))\s+"
    r"(?:(?:about|around|roughly|approximately|maybe|only|no\s+more\s+than|not\s+more\s+than|"
    r"under|below|less\s+than|just)\s+){0,2}(?P<n>\d{1,3})\s*(?P<unit>mph|miles\s+(?:per|an)\s+"
    r"hour|km\s*/\s*h|kph|kmh|kilomet(?:re|er)s\s+(?:per|an)\s+hour)\b",
    re.IGNORECASE,
)
_PLATE_TOKEN = re.compile(r"^(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,8}$")
_LISTED_ROWS = 6
_MARGIN = 1.2
_SLACK = 3.0


def _unit_of(text: str) -> str | None:
    match = _UNIT.search(text.replace("_", " "))
    if match is None:
        return None
    return "mph" if match["mph"] else "km/h" if match["kmh"] else "knots"


@dataclass(frozen=True)
class _Reading:
    speed: float
    unit: Unit


def _readings(doc: EvidenceDoc) -> tuple[list[_Reading], str] | None:
    """A recorder's undated speed readings and their unit, or None for any other file."""
    readings: list[_Reading] = []
    unit_name: str | None = None
    for unit in units(doc):
        fields = row_fields(unit.text) if unit.kind == "row" else {}
        columns = [k for k in fields if _SPEED_COLUMN.search(k)]
        if not fields or len(columns) != 1:
            continue
        kinds = roles(list(fields))
        if any(kinds[k] in ("date", "time") and find_moments(v) for k, v in fields.items()):
            return None  # a dated log: a journey, not a recorder's seconds
        value = fields[columns[0]]
        speed = to_number(value.split()[0]) if value.strip() else None
        unit_name = unit_name or _unit_of(columns[0]) or _unit_of(value)
        if speed is not None and speed >= 0:
            readings.append(_Reading(speed, unit))
    return (readings, unit_name) if readings and unit_name else None


def _plates(doc: EvidenceDoc) -> set[str]:
    """The registrations a recorder's file names: tokens of its name with letters and digits."""
    stem = doc.filename.rsplit(".", 1)[0]
    return {t.upper() for t in re.split(r"[_\-. ]+", stem) if _PLATE_TOKEN.match(t.upper())}


def _drivers(plates: set[str], docs: list[EvidenceDoc], own: str) -> list[str]:
    """The people named beside one of the registrations in another file's sentence."""
    found: list[str] = []
    for doc in docs:
        if doc.file_id == own:
            continue
        for unit in units(doc):
            squeezed = re.sub(r"[\s-]+", "", unit.text.upper())
            if any(plate in squeezed for plate in plates):
                found += [n.text for n in find_names(unit.text) if n.kind == "person"]
    return list(dict.fromkeys(found))


def speeds_recorded(docs: list[EvidenceDoc]) -> list[Finding]:
    found: list[Finding] = []
    for doc in docs:
        read = _readings(doc)
        if read is None:
            continue
        readings, unit_name = read
        top = max(r.speed for r in readings)
        fastest = sorted(readings, key=lambda r: -r.speed)[:_LISTED_ROWS]
        found.append(
            Finding(
                finding_type=SPEEDS_RECORDED,
                title=f"Speeds recorded in {doc.filename}: up to {top:g} {unit_name}",
                summary=fastest[0].unit.text[:300],
                confidence=0.85,
                severity="LOW",
                entities=_drivers(_plates(doc), docs, doc.file_id),
                sources=[r.unit.ref for r in fastest],
            )
        )
    return found


_TOP = re.compile(r": up to (?P<top>[\d.]+) (?P<unit>\S+)$")


@dataclass(frozen=True)
class _Compared:
    claim: SwornClaim
    said: float
    unit_name: str
    logged: float
    record: Finding
    tied: bool

    @property
    def against(self) -> bool:
        return self.logged > self.said * _MARGIN + _SLACK


def _compared(claims: list[SwornClaim], findings: list[Finding]) -> list[_Compared]:
    """Each stated speed beside the top speed its speaker's vehicle logged, in its unit."""
    records = [f for f in findings if f.finding_type == SPEEDS_RECORDED and _TOP.search(f.title)]
    found: list[_Compared] = []
    for claim in claims if records else []:
        stated = _STATED.search(claim.claim)
        if stated is None or not claim.speaker:
            continue
        speaker = claim.speaker
        tied = [f for f in records if any(same_party(speaker, p) for p in f.entities)]
        only = records if len(records) == 1 and not records[0].entities else []
        unit_name = _unit_of(stated["unit"]) or "mph"
        for record in tied or only:
            top = _TOP.search(record.title)
            assert top is not None
            logged = float(top["top"]) * _UNITS[top["unit"]] / _UNITS[unit_name]
            found.append(
                _Compared(claim, float(stated["n"]), unit_name, logged, record, bool(tied))
            )
    return found


def speed_contradictions(claims: list[SwornClaim], findings: list[Finding]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for compared in _compared(claims, findings):
        if not compared.against:
            continue
        record, unit_name = compared.record, compared.unit_name
        file = record.title.split("Speeds recorded in ", 1)[1].split(":", 1)[0]
        found.append(
            Contradiction(
                claim=compared.claim.claim,
                claim_source=compared.claim.source,
                evidence_against=unique_refs(record.sources, 10),
                explanation=(
                    f"{compared.claim.speaker} says they were doing about {compared.said:g} "
                    f"{unit_name}; {file}"
                    + (" (of the vehicle a record ties to them)" if compared.tied else "")
                    + f" logged up to {compared.logged:.0f} {unit_name}: {record.summary[:160]}."
                ),
                severity="HIGH" if compared.tied else "MEDIUM",
            )
        )
    return found


def speeds_borne_out(
    claims: list[SwornClaim], findings: list[Finding]
) -> set[tuple[str, int | None, int | None]]:
    """Stated speeds the recorder of the speaker's own vehicle bears out: corroborated."""
    return {
        (c.claim.source.file_id, c.claim.source.line, c.claim.source.page)
        for c in _compared(claims, findings)
        if c.tied and not c.against
    }
