"""What a witness says they were doing at the moment of an incident, against the records of that
moment: "I was not using my phone at any point while driving" against their own phone sending
messages in the minutes before the crash; "I was doing about 40 km/h" against a vehicle record
of 64 km/h then.

The moment is the incident's: a timed record that day, in another file, of a crash, collision,
impact, fall, fire or assault (a police report's "Time: 17:42", a dashcam's "Event: Impact"),
or the time the claim itself gives. Phone use counts from the records of the witness's own
number (its rows name them), outgoing only (a message received is not one sent), in the ten
minutes up to the incident. Speeds count from records of that day within a minute or two of it;
a record that names the witness (its rows, its file) makes the contradiction HIGH, one of an
unnamed vehicle MEDIUM.

The time itself: "At about 10:30 that morning I slipped … and fell" against the accident book's
"Date and time of accident: 3 February 2026, 11:40" (a record's own field for the incident's
time, that day, in another file): more than half an hour apart is a contradiction (MEDIUM: a
time told from memory against the one recorded)."""

import re
from datetime import datetime, timedelta

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import parse_span
from holmes_backend.llm.local.facts.names import person_parts, same_party

_NO_PHONE = re.compile(
    r"\b(?:not|never|n['\u2019]t|no)\b[^.;]{0,40}?\b(?:us(?:e|ed|ing)|on|touch(?:ed|ing)?|"
    r"look(?:ed|ing)?\s+at|check(?:ed|ing)?|hold(?:ing)?|held|text(?:ed|ing)?|call(?:ed|ing)?|"
    r"answer(?:ed|ing)?|read(?:ing)?|send(?:ing)?|sent)\b[^.;]{0,25}?\b(?:phone|mobile|"
    r"cell(?:phone)?|handset|smartphone|device)s?\b"
    r"|\b(?:not|never|n['\u2019]t)\s+(?:\w+\s+)?(?:texting|calling|on\s+(?:the|my)\s+phone)\b",
    re.IGNORECASE,
)
_SPEED_CLAIM = re.compile(
    r"\b(?:doing|going|travel+ing|driving|riding|at|about|around|approximately|roughly|under|"
    r"below|no\s+more\s+than)\s+(?:about\s+|around\s+|roughly\s+|only\s+)?"
    r"(?P<low>\d{1,3})(?:\s*(?:-|to|\u2013)\s*(?P<high>\d{1,3}))?\s*"
    r"(?P<unit>km/?h|kph|kmh|mph|miles\s+(?:an|per)\s+hour|kilomet(?:er|re)s\s+(?:an|per)\s+hour)",
    re.IGNORECASE,
)
_INCIDENT = re.compile(
    r"\b(?:crash(?:ed)?|collision|collided|accident|impact|incident|struck|fell|fall|fire|"
    r"assault(?:ed)?|stabb(?:ed|ing)|shooting|shot)\b",
    re.IGNORECASE,
)
_PHONE_ROW = re.compile(r"\b(?:sms|mms|text|message|call|voice|data|whatsapp|imessage)\b", re.I)
_OUTGOING = re.compile(r"\b(?:outgoing|outbound|sent|originat\w*|mo|dialled|dialed)\b", re.I)
_SPEED_FIELD = re.compile(
    r"\bspeed\b(?:\s*\((?P<hunit>km/?h|kph|mph)\))?\s*:\s*(?P<value>\d{1,3}(?:\.\d+)?)"
    r"(?:\s*(?P<vunit>km/?h|kph|mph))?",
    re.IGNORECASE,
)
# A vehicle's registration as a statement gives it: "registration KX19 RTV", "plate B-MK 4471".
_PLATE = re.compile(
    r"\b(?:registration(?:\s+(?:no\.?|number|mark))?|reg\.?(?:\s+no\.?)?|(?:number|licen[cs]e)\s+"
    r"plate|plate)\s*[:#]?\s*(?P<plate>[A-Z0-9]{1,4}(?:[ -][A-Z0-9]{1,4}){0,2})\b"
)
_BEFORE = timedelta(minutes=10)
_AROUND = timedelta(minutes=2)
_FASTER = 1.2  # a record this much above the claim (and _MARGIN over it) contradicts it
_MARGIN = 8.0
_MPH_KMH = 1.609344


def incident_contradictions(
    claims: list[SwornClaim], items: list[Item], filenames: dict[str, str]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    # A statement's account has its time once ("at about 17:40 I was driving"); its later
    # sentences ("I did not use my phone at any time while driving") are of that time.
    told: dict[tuple[str, str], str] = {}
    for claim in claims:
        if claim.speaker and claim.claimed_time:
            told.setdefault((claim.source.file_id, claim.speaker), claim.claimed_time)
    for said in claims:
        if not said.speaker:
            continue
        claim = said
        if not said.claimed_time and (when := told.get((said.source.file_id, said.speaker))):
            claim = said.model_copy(update={"claimed_time": when})
        found += _time_told(said, items)
        moments = _moments(claim, items)
        if not moments:
            continue
        if _NO_PHONE.search(claim.claim):
            found += _phone_use(claim, items, moments)
        if speed := _SPEED_CLAIM.search(claim.claim):
            found += _speeding(claim, speed, items, moments, _vehicles(claims, claim), filenames)
    return found


# A record's field giving the incident's time ("Date and time of accident: …", "Time of
# incident: …"), or its sentence ("the collision occurred at 17:42").
_INCIDENT_TIME = re.compile(
    r"\b(?:date\s+and\s+)?time\s+of\s+(?:the\s+)?(?:accident|incident|loss|collision|crash|fall|"
    r"injury|assault)\b|\b(?:accident|incident|collision|crash|fall)\s+(?:occurred|happened|took\s+"
    r"place)\s+at\b",
    re.IGNORECASE,
)
_TOLD_INCIDENT = re.compile(
    r"\b(?:slipped|fell|tripped|crashed|collided|was\s+(?:hit|struck|injured|assaulted|attacked)|"
    r"had\s+(?:the|an|my)\s+accident)\b",
    re.IGNORECASE,
)
_APART = timedelta(minutes=30)


def _time_told(claim: SwornClaim, items: list[Item]) -> list[Contradiction]:
    """The time a witness gives their own incident against the record of its time that day."""
    span = parse_span(claim.claimed_time)
    if span is None or not span[2] or not _TOLD_INCIDENT.search(claim.claim):
        return []
    told = span[0]
    for item in items:
        if (
            item.timed
            and item.file_id != claim.source.file_id
            and item.when.date() == told.date()
            and _INCIDENT_TIME.search(item.description)
        ):
            gap = abs(item.when.replace(tzinfo=None) - told.replace(tzinfo=None))
            if gap <= _APART:
                return []
            minutes = int(gap.total_seconds() // 60)
            return [
                refuted(
                    claim,
                    [item.source],
                    f"{claim.speaker} puts it at {_clock(told)[:5]}; the record of it gives "
                    f"{_clock(item.when)[:5]}, {minutes} minutes apart: "
                    f"{item.description[:120].rstrip('.')}.",
                    "MEDIUM",
                )
            ]
    return []


def _vehicles(claims: list[SwornClaim], claim: SwornClaim) -> set[str]:
    """The registrations of the vehicle the speaker says they drove, in their statement."""
    return {
        re.sub(r"[\s-]", "", m["plate"]).upper()
        for c in claims
        if c.speaker == claim.speaker and c.source.file_id == claim.source.file_id
        for m in _PLATE.finditer(c.claim)
        if any(ch.isdigit() for ch in m["plate"]) and any(ch.isalpha() for ch in m["plate"])
    }


def _moments(claim: SwornClaim, items: list[Item]) -> list[tuple[datetime, Item | None]]:
    """The incident's moments on the claim's day (another file's record of it), or the claim's
    own time."""
    span = parse_span(claim.claimed_time)
    if span is None:
        return []
    start, end, timed = span
    day = start.date()
    incidents: list[tuple[datetime, Item | None]] = [
        (item.when, item)
        for item in items
        if item.timed
        and item.file_id != claim.source.file_id
        and item.when.date() == day
        and _INCIDENT.search(item.description)
    ]
    if incidents:
        return incidents
    return [(end, None)] if timed else []


def _theirs(item: Item, speaker: str) -> bool:
    return any(same_party(speaker, person) for person in item.people)


def _phone_use(
    claim: SwornClaim, items: list[Item], moments: list[tuple[datetime, Item | None]]
) -> list[Contradiction]:
    speaker = claim.speaker or ""
    used: list[Item] = []
    anchor: Item | None = None
    for moment, incident in moments:
        near = [
            item
            for item in items
            if item.timed
            and _theirs(item, speaker)
            and _PHONE_ROW.search(item.description)
            and _OUTGOING.search(item.description)
            and _same_clock(item.when, moment, _BEFORE, timedelta(0))
        ]
        if near:
            used, anchor = near, incident
            break
    if not used:
        return []
    moment = anchor.when if anchor else used[-1].when
    times = ", ".join(_clock(i.when) for i in used[:4])
    what = f"the incident recorded at {_clock(moment)}" if anchor else "the time claimed"
    return [
        Contradiction(
            claim=claim.claim,
            claim_source=claim.source,
            evidence_against=unique_refs(
                [*(i.source for i in used), *([anchor.source] if anchor else [])], 6
            ),
            explanation=(
                f"{speaker} denies using the phone, yet the records of their number show "
                f"{len(used)} outgoing message(s) or call(s) at {times}, in the minutes before "
                f"{what}."
            ),
            severity="HIGH",
        )
    ]


def _speeding(
    claim: SwornClaim,
    speed: re.Match[str],
    items: list[Item],
    moments: list[tuple[datetime, Item | None]],
    plates: set[str],
    filenames: dict[str, str],
) -> list[Contradiction]:
    claimed = float(speed["high"] or speed["low"])
    unit = _unit(speed["unit"])
    readings: list[tuple[float, Item]] = []
    for moment, _ in moments:
        for item in items:
            field = _SPEED_FIELD.search(item.description)
            if field is None or not _same_clock(item.when, moment, _AROUND, _AROUND):
                continue
            value = float(field["value"])
            if _unit(field["hunit"] or field["vunit"] or unit) != unit:
                value = value * _MPH_KMH if unit == "km/h" else value / _MPH_KMH
            readings.append((value, item))
    if not readings:
        return []
    fastest, item = max(readings, key=lambda pair: pair[0])
    if fastest < claimed * _FASTER or fastest - claimed < _MARGIN:
        return []
    speaker = claim.speaker or ""
    surname = parts[2] if (parts := person_parts(speaker)) else speaker.lower()
    named = any(_theirs(i, speaker) for _, i in readings) or (
        surname in filenames.get(item.file_id, "").lower()
    )
    # A record of the vehicle they say they drove, by its registration, is theirs too.
    named = named or any(
        p in re.sub(r"[\s-]", "", i.description.upper()) for _, i in readings for p in plates
    )
    return [
        Contradiction(
            claim=claim.claim,
            claim_source=claim.source,
            evidence_against=unique_refs([i.source for _, i in readings], 6),
            explanation=(
                f"{speaker} puts their speed at {speed.group('low')}"
                + (f"\u2013{speed['high']}" if speed["high"] else "")
                + f" {unit}; "
                + ("their" if named else "a vehicle's")
                + f" record shows {fastest:g} {unit} at {_clock(item.when)}"
                + ("" if named else " (the record does not name its vehicle's driver)")
                + "."
            ),
            severity="HIGH" if named else "MEDIUM",
        )
    ]


def _unit(text: str) -> str:
    return "mph" if text and ("mph" in text.lower() or "mile" in text.lower()) else "km/h"


def _same_clock(when: datetime, moment: datetime, before: timedelta, after: timedelta) -> bool:
    """Within [moment - before, moment + after]; read on one clock when only one of them
    carries an offset."""
    if (when.tzinfo is None) != (moment.tzinfo is None):
        when, moment = when.replace(tzinfo=None), moment.replace(tzinfo=None)
    return moment - before <= when <= moment + after


def _clock(when: datetime) -> str:
    return when.strftime("%H:%M:%S")
