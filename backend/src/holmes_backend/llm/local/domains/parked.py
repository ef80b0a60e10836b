"""A vehicle said left parked, and its own records moving: a driver's "I parked van NP-17 in the
depot yard … I did not use the van again that evening. The van stayed in the yard all night"
against the van's tracker ("Ignition on", "Moving", speed 41) and the depot gate's "OUT" row
for NP-17 at 21:52.

- Synthesis: a witness's claim that a vehicle stayed put (stayed, remained, was left parked,
  never left, did not move) or that they did not use, drive or take it, over the claim's
  period (a bare time runs to the end of its evening, or to the morning for a night), against
  the rows of other files naming that vehicle (by the identifier the witness's statement gives
  it: "NP-17", "KX21 ABC") that record it moving: ignition on, moving, driving, departed, out,
  a speed above nought. HIGH from two rows, MEDIUM from one.
"""

import re
from datetime import datetime, time, timedelta

from holmes_backend.agents.schemas import Contradiction, SwornClaim, TimedEvent
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.domains.rows import rows_between
from holmes_backend.llm.local.domains.unavailable import idents, written
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import day_period, naive, parse_span

_VEHICLES = r"van|car|lorry|truck|vehicle|motorbike|motorcycle|bike|minibus|coach"
_STAYED = re.compile(
    rf"\b(?:the|my|our|his|her|that)\s+(?:\w+\s+)?(?P<parked>{_VEHICLES})\s+(?:stayed|remained|sat|"
    r"was\s+(?:left\s+)?(?:parked|locked\s+up|there)|never\s+(?:left|moved)|"
    r"did\s+not\s+(?:leave|move)|didn['\u2019]t\s+(?:leave|move))\b"
    rf"|\b(?:did\s+not|didn['\u2019]t|never)\s+(?:use|drive|take|move)\s+(?:the|my|our|that)\s+"
    rf"(?:\w+\s+)?(?P<used>{_VEHICLES})\b",
    re.IGNORECASE,
)
_MOVING = re.compile(
    r"\b(?:ignition\s+on|engine\s+on|moving|driving|in\s+motion|departed|departure|journey\s+"
    r"start(?:ed)?|left|exit(?:ed)?|out|started)\b",
    re.IGNORECASE,
)
_SPEED = re.compile(r"\bspeed[^:;]{0,12}:\s*(?P<v>\d+(?:\.\d+)?)", re.IGNORECASE)
_LISTED = 6


def _window(claim: SwornClaim, text: str) -> tuple[datetime, datetime] | None:
    span = parse_span(claim.claimed_time)
    if span is None:
        return None
    start, end = naive(span[0]), naive(span[1])
    if start == end:  # "I did not use the van again that evening": to the end of it
        period = day_period(text)
        night = period is not None and period[1] < period[0]
        close = period[1] if period else time(23, 59, 59)
        end = datetime.combine(start.date() + timedelta(days=1 if night else 0), close)
    return (start, end) if end > start else None


def _moving(event: TimedEvent) -> bool:
    speed = _SPEED.search(event.description)
    return bool(_MOVING.search(event.description)) or bool(speed and float(speed["v"]) > 0)


def parked_contradictions(
    claims: list[SwornClaim], events: list[TimedEvent]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        match = _STAYED.search(said)
        window = _window(claim, said) if match and claim.speaker else None
        if match is None or window is None:
            continue
        # The vehicle's identifier: the claim's own, else the one its statement gives it.
        named = idents(said) or {
            i for c in claims if c.source.file_id == claim.source.file_id for i in idents(c.claim)
        }
        if len(named) != 1:
            continue
        moved = [
            event
            for _, event in rows_between(events, claim, window[0], window[1])
            if named & idents(event.description) and _moving(event)
        ]
        if not moved:
            continue
        vehicle = match["parked"] or match["used"]
        found.append(
            refuted(
                claim,
                unique_refs([e.source for e in moved], _LISTED),
                f"{claim.speaker} says the {vehicle} was not moved then; {len(moved)} record(s) "
                f"of {written(next(iter(named)), moved[0].description)} show it moving, first: "
                f"{moved[0].description[:160]}.",
                "HIGH" if len(moved) > 1 else "MEDIUM",
            )
        )
    return found


__all__ = ["parked_contradictions"]
