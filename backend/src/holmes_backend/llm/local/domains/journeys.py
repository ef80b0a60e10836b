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
from holmes_backend.llm.local.facts.dates import parse_span
from holmes_backend.llm.local.facts.names import same_party

_NO_STOP = re.compile(
    r"\b(?:not|never|n['\u2019]t|no)\b[^.;]{0,20}?\b(?:stop(?:ped)?|pull(?:ed)?\s+over|park(?:ed)?|"
    r"break(?:s)?|halt(?:ed)?)\b",
    re.IGNORECASE,
)
_STRETCH = re.compile(
    r"\bbetween\s+\S+.{0,40}?\band\b|\bbefore\s+(?:reaching|getting\s+to)\b", re.I
)
_SPEED = re.compile(r"\bspeed\b[^:;]{0,12}:\s*(?P<v>\d+(?:\.\d+)?)", re.IGNORECASE)
_IGNITION_OFF = re.compile(r"\b(?:ignition|engine)\s*:\s*off\b", re.IGNORECASE)
_MIN_STOP = timedelta(minutes=10)


def stop_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        span = parse_span(claim.claimed_time)
        if not claim.speaker or span is None or not _NO_STOP.search(claim.claim):
            continue
        start, end = (t.replace(tzinfo=None) for t in span[:2])
        track = sorted(
            (
                i
                for i in items
                if i.timed
                and i.file_id != claim.source.file_id
                and any(same_party(claim.speaker, p) for p in i.people)
                and (_SPEED.search(i.description) or _IGNITION_OFF.search(i.description))
                and start <= i.when.replace(tzinfo=None) <= end
            ),
            key=lambda i: i.when,
        )
        stops = _stops(track)
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
                    f"{claim.speaker} says they did not stop, yet the vehicle's tracker has it "
                    f"at a standstill {listing}"
                    + (
                        "; whether that was on the stretch the claim names is for its position "
                        "to show"
                        if stretch
                        else ""
                    )
                    + "."
                ),
                severity="MEDIUM" if stretch else "HIGH",
            )
        )
    return found


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
        if item is not None and _still(item):
            run.append(item)
            continue
        if run and _lasted(run[0].when, run[-1].when):
            found.append((run[0], run[-1]))
        run = []
    return found


def _lasted(first: datetime, last: datetime) -> bool:
    return last - first >= _MIN_STOP
