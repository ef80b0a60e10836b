"""A witness's word that they left a thing in a state at a time ("I set the alarm on the shop
floor and in the stockroom before I locked the front door", at about 18:00) against the log of
the thing's own states: an alarm panel whose shop floor was UNSET from 08:02 and not SET again
until the next morning.

A log's row gives a state when one of its fields is a state word alone ("Event: UNSET",
"Status: Locked", "Aspect: RED"), on an axis (armed, locked, closed, powered, a signal's
green); the thing is what its area, zone, door or device fields name. A claim speaks of an axis
by its words (setting or arming an alarm, locking, closing, switching on) and of the things the
log names that it names too (or of a log of one thing whose file's name it names: "I locked the
cash vault" and "vault_lock_log.csv"; "I locked my car" is no word on the office door's log).
It is borne out by a row of its state within a quarter of an hour of its time; it is
contradicted (HIGH) when the state in force at its time, the thing's last row before it, is the
opposite and no such row is near.
"""

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from holmes_backend.agents.schemas import Contradiction, SourceRef, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.dates import parse_span

# Axis -> (state words that are on it: True for set/locked/closed/on/green, False for the rest).
_STATES: dict[str, dict[str, bool]] = {
    "armed": {
        "set": True, "armed": True, "full set": True, "armed away": True,
        "unset": False, "disarmed": False, "unarmed": False,
    },
    "locked": {"locked": True, "secured": True, "unlocked": False},
    "closed": {"closed": True, "shut": True, "open": False, "opened": False},
    "powered": {
        "on": True, "switched on": True, "enabled": True,
        "off": False, "switched off": False, "disabled": False,
    },
    "signal": {"green": True, "red": False, "amber": False},
}  # fmt: skip
# How a claim speaks of each axis, and of which side ("I set the alarm", "locked the door").
_SAID: dict[str, tuple[re.Pattern[str], bool]] = {
    "armed": (
        re.compile(
            r"\b(?:set|armed|activated|put\s+on)\b[^.;]{0,30}\balarm|\balarm\b[^.;]{0,30}\b"
            r"(?:was|were|is)\s+(?:set|armed|on)\b",
            re.IGNORECASE,
        ),
        True,
    ),
    "locked": (
        re.compile(r"\b(?:locked|secured)\b|\b(?:was|were)\s+locked\b", re.IGNORECASE),
        True,
    ),
    "closed": (
        re.compile(
            r"\b(?:closed|shut)\b[^.;]{0,20}\b(?:door|gate|window|valve|barrier|hatch)s?\b|"
            r"\b(?:door|gate|window|valve|barrier|hatch)s?\b[^.;]{0,20}\b(?:was|were)\s+"
            r"(?:closed|shut)\b",
            re.IGNORECASE,
        ),
        True,
    ),
    "powered": (
        re.compile(r"\bswitched\s+(?:it\s+|them\s+)?on\b|\bturned\s+(?:it\s+)?on\b", re.I),
        True,
    ),
    "signal": (re.compile(r"\b(?:lights?|signals?)\b[^.;]{0,60}\bgreen\b", re.I), True),
}
_NEGATED = re.compile(r"\b(?:not|never|didn['\u2019]t|forgot|failed)\b", re.IGNORECASE)
_THING_FIELD = re.compile(
    r"\b(?:area|zone|door|device|approach|location|partition|point|gate|room|sensor|lock|"
    r"camera|entrance|exit|reader)\b",
    re.IGNORECASE,
)
_NEAR = timedelta(minutes=15)
_FILE_WORDS = frozenset(
    ("events", "event", "export", "data", "report", "records", "record", "logs")
)
_MIN_WORD = 4
_WORD = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class _Row:
    when: datetime
    axis: str
    on: bool
    state: str
    thing: str
    source: SourceRef
    file_id: str


def _row(item: Item) -> _Row | None:
    fields = row_fields(item.description)
    if not fields:
        return None
    for value in fields.values():
        word = " ".join(value.lower().split())
        for axis, states in _STATES.items():
            if word in states:
                thing = " ".join(v for k, v in fields.items() if _THING_FIELD.search(k))
                when = item.when.replace(tzinfo=None)
                return _Row(
                    when, axis, states[word], value.strip(), thing, item.source, item.file_id
                )
    return None


def _named(thing: str, claim: str) -> bool:
    words = set(_WORD.findall(thing.lower()))
    return bool(words) and words <= set(_WORD.findall(claim.lower()))


@dataclass(frozen=True)
class _Verdict:
    """What a thing's log says of a claim: borne out, or against it (its last row before the
    claim's time, and the row that next gave the claimed state)."""

    claim: SwornClaim
    axis: str
    on: bool
    at: datetime
    thing: str
    last: _Row | None = None
    after: _Row | None = None


def _log_named(claim: str, filename: str) -> bool:
    """A log of one thing is the claim's when the claim names what its file is of
    ("vault_lock_log.csv" for "I locked the cash vault")."""
    words = set(_WORD.findall(filename.lower().rsplit(".", 1)[0])) - _FILE_WORDS
    return bool({w for w in words if len(w) >= _MIN_WORD} & set(_WORD.findall(claim.lower())))


def _verdicts(
    claims: list[SwornClaim], items: list[Item], filenames: dict[str, str]
) -> list[_Verdict]:
    rows = [row for item in items if item.timed and (row := _row(item)) is not None]
    found: list[_Verdict] = []
    for claim in claims if rows else []:
        span = parse_span(claim.claimed_time)
        if span is None or not span[2] or not claim.speaker or _NEGATED.search(claim.claim):
            continue
        at = span[0].replace(tzinfo=None)
        for axis, (said, on) in _SAID.items():
            if not said.search(claim.claim):
                continue
            logged = [r for r in rows if r.axis == axis and r.file_id != claim.source.file_id]
            things = {r.thing for r in logged}
            named = {t for t in things if _named(t, claim.claim)}
            if not named and (
                len(things) != 1
                or not any(_log_named(claim.claim, filenames.get(r.file_id, "")) for r in logged)
            ):
                continue
            for thing in sorted(named or things):
                of_thing = sorted((r for r in logged if r.thing == thing), key=lambda r: r.when)
                if any(r.on == on and abs(r.when - at) <= _NEAR for r in of_thing):
                    found.append(_Verdict(claim, axis, on, at, thing))
                    continue
                before = [r for r in of_thing if r.when <= at]
                if before and before[-1].on != on:
                    after = next((r for r in of_thing if r.when > at and r.on == on), None)
                    found.append(_Verdict(claim, axis, on, at, thing, before[-1], after))
    return found


def state_contradictions(
    claims: list[SwornClaim], items: list[Item], filenames: dict[str, str]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for verdict in _verdicts(claims, items, filenames):
        last, after, at = verdict.last, verdict.after, verdict.at
        if last is None:
            continue
        where = f" ({verdict.thing})" if verdict.thing else ""
        found.append(
            Contradiction(
                claim=verdict.claim.claim,
                claim_source=verdict.claim.source,
                evidence_against=[last.source] + ([after.source] if after else []),
                explanation=(
                    f"{verdict.claim.speaker} says it was left {_word(verdict.axis, verdict.on)}"
                    f"{where} at about {at:%H:%M} on {at:%Y-%m-%d}; its log shows it "
                    f"{last.state} from {last.when:%Y-%m-%d %H:%M}"
                    + (
                        f" until {after.state} at {after.when:%Y-%m-%d %H:%M}"
                        if after
                        else ", and no change after"
                    )
                    + "."
                ),
                severity="HIGH",
            )
        )
    return found


def states_borne_out(
    claims: list[SwornClaim], items: list[Item], filenames: dict[str, str]
) -> set[tuple[str, int | None, int | None]]:
    """The claims every thing's log bears out (a row of the claimed state near their time):
    corroborated, so no gap asks for more."""
    verdicts = _verdicts(claims, items, filenames)
    against = {id(v.claim) for v in verdicts if v.last is not None}
    return {
        (v.claim.source.file_id, v.claim.source.line, v.claim.source.page)
        for v in verdicts
        if id(v.claim) not in against
    }


def _word(axis: str, on: bool) -> str:
    return next(word for word, side in _STATES[axis].items() if side == on)
