"""A driver's "I did not stop anywhere" against their vehicle's tracker: consecutive records of
the vehicle at a standstill (speed 0, or the ignition off) for ten minutes or more, in the time
the claim is of. Whose vehicle the records are comes from the timeline (a fleet allocation or
asset register ties the plate to its driver: facts.identifiers).

HIGH when the claim denies any stop at all; MEDIUM when it limits itself to a stretch ("between
Birmingham and Oxford"), which the stop's position (given) must be checked against."""

import re
from datetime import datetime, timedelta

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, find_period, find_times, parse_span
from holmes_backend.llm.local.facts.names import distinctive_words, same_party

_NO_STOP = re.compile(
    r"\b(?:not|never|n['\u2019]t|no)\b[^.;]{0,20}?\b(?:stop(?:ped)?|pull(?:ed)?\s+over|park(?:ed)?|"
    r"break(?:s)?|halt(?:ed)?)\b",
    re.IGNORECASE,
)
_STRETCH = re.compile(
    r"\bbetween\s+\S+.{0,40}?\band\b|\bbefore\s+(?:reaching|getting\s+to)\b", re.I
)
_SPEED = re.compile(r"\bspeed[^:;]{0,12}:\s*(?P<v>\d+(?:\.\d+)?)", re.IGNORECASE)
_IGNITION_OFF = re.compile(r"\b(?:ignition|engine)\s*:\s*off\b", re.IGNORECASE)
_MIN_STOP = timedelta(minutes=10)
_MOVED = 0.005  # degrees of latitude plus longitude apart: some hundreds of metres
# "anywhere else", "only once, at …", "apart from my break": stops the speaker told of are not
# denied.
_ELSE = re.compile(
    r"\b(?:else|other(?:wise)?|only\s+(?:once|twice|one)|apart\s+from|except|besides)\b", re.I
)
_CAPITALISED = re.compile(r"\b[A-Z][\w'-]+")
_DROVE = re.compile(r"\b(?:drove|driven|driving|drive)\b", re.IGNORECASE)
_VEHICLE = re.compile(
    r"\b(?:vehicle|plate|reg(?:istration)?(?:\s+no)?|unit|asset|truck|van|tractor)\s*:\s*"
    r"(?P<v>[^;]{2,20})",
    re.IGNORECASE,
)


def stop_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    tracked = [i for i in items if i.timed and _tracked(i)]
    vehicles = {_vehicle(i) for i in tracked}
    for claim in claims:
        window = _window(claim, claims)
        if not claim.speaker or window is None or not _NO_STOP.search(claim.claim):
            continue
        start, end = window
        in_window = [
            i
            for i in tracked
            if i.file_id != claim.source.file_id and start <= i.when.replace(tzinfo=None) <= end
        ]
        track = [i for i in in_window if any(same_party(claim.speaker, p) for p in i.people)]
        # A case with one tracked vehicle and nobody tied to it: the driver's, when they tell
        # of driving it (MEDIUM: the tie is inferred).
        inferred = not track and len(vehicles) == 1 and _drove(claim, claims)
        track = sorted(track or (in_window if inferred else []), key=lambda i: i.when)
        stops = _stops(track)
        if _ELSE.search(claim.claim):
            # "I did not stop anywhere else", "only once, at Watford Gap": not where they said.
            told = _told_words(claim, claims)
            stops = [s for s in stops if not (distinctive_words([s[0].place or ""]) & told)]
        if not stops:
            continue
        stretch = bool(_STRETCH.search(claim.claim))
        listing = "; ".join(
            f"{first.when:%Y-%m-%d %H:%M}\u2013{last.when:%H:%M} "
            f"({int((last.when - first.when).total_seconds() // 60)} min"
            + (f", at {first.place}" if first.place else "")
            + ")"
            for first, last in stops[:4]
        )
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=unique_refs([i.source for pair in stops for i in pair], 6),
                explanation=(
                    f"{claim.speaker} says they did not stop"
                    + (" anywhere they did not name" if _ELSE.search(claim.claim) else "")
                    + f", yet the vehicle's tracker has it at a standstill {listing}"
                    + (
                        "; whether that was on the stretch the claim names is for its position "
                        "to show"
                        if stretch
                        else ""
                    )
                    + (
                        "; the tracker is the case's only tracked vehicle, taken to be the one "
                        "they drove"
                        if inferred
                        else ""
                    )
                    + "."
                ),
                severity="MEDIUM" if stretch or inferred else "HIGH",
            )
        )
    return found


def _tracked(item: Item) -> bool:
    return bool(_SPEED.search(item.description) or _IGNITION_OFF.search(item.description))


def _vehicle(item: Item) -> str:
    """Which vehicle a tracker record is of: its plate or unit field, else its file's."""
    match = _VEHICLE.search(item.description)
    return " ".join(match["v"].upper().split()) if match else item.file_id


def _window(claim: SwornClaim, claims: list[SwornClaim]) -> tuple[datetime, datetime] | None:
    """The time a claim is of; a claim with none ("I did not stop anywhere else") is of the
    journey its statement tells: from the first to the last time its speaker gives on the day
    of the claim before it (not the time of the sentence before, which it was dated by)."""
    span = parse_span(claim.claimed_time)
    own = find_moments(claim.claim) or find_times(claim.claim) or find_period(claim.claim, None)
    if span is not None and own:
        return span[0].replace(tzinfo=None), span[1].replace(tzinfo=None)
    told = [c for c in claims if c.source.file_id == claim.source.file_id]
    before = told[: told.index(claim)] if claim in told else []
    spans = [s for c in before if (s := parse_span(c.claimed_time))]
    if not spans:
        return None
    day = spans[-1][0].date()
    spans = [s for c in told if (s := parse_span(c.claimed_time)) and s[0].date() == day]
    return (
        min(s[0] for s in spans).replace(tzinfo=None),
        max(s[1] for s in spans).replace(tzinfo=None),
    )


def _drove(claim: SwornClaim, claims: list[SwornClaim]) -> bool:
    return any(
        _DROVE.search(c.claim)
        for c in claims
        if c.source.file_id == claim.source.file_id and c.speaker == claim.speaker
    )


def _told_words(claim: SwornClaim, claims: list[SwornClaim]) -> set[str]:
    """The distinctive words of the names the speaker's statement gives (capitalised)."""
    said = " ".join(c.claim for c in claims if c.source.file_id == claim.source.file_id)
    return distinctive_words(_CAPITALISED.findall(said))


def _still(item: Item) -> bool:
    speed = _SPEED.search(item.description)
    return bool(_IGNITION_OFF.search(item.description)) or (
        speed is not None and float(speed["v"]) == 0
    )


def _stops(track: list[Item]) -> list[tuple[Item, Item]]:
    """Runs of consecutive standstill records lasting ten minutes or more (first, last)."""
    found: list[tuple[Item, Item]] = []
    run: list[Item] = []
    for item in [*track, None]:
        moved = bool(run) and item is not None and _elsewhere(run[-1], item)
        if item is not None and _still(item) and not moved:
            run.append(item)
            continue
        if run and _lasted(run[0].when, run[-1].when):
            found.append((run[0], run[-1]))
        run = [item] if moved and item is not None and _still(item) else []
    return found


def _elsewhere(a: Item, b: Item) -> bool:
    """Two standstill records at different places: the vehicle moved between them."""
    if a.position and b.position:
        return abs(a.position[0] - b.position[0]) + abs(a.position[1] - b.position[1]) > _MOVED
    return bool(a.place and b.place and a.place != b.place)


def _lasted(first: datetime, last: datetime) -> bool:
    return last - first >= _MIN_STOP
