"""Done "hourly", "every two hours", "daily": against the record of doing it. A nurse who says
she carried out hourly observations throughout the night, and the observation chart with none
between 01:00 and 04:55; a guard who says he patrolled every two hours, and the patrol log.

The record is a log of rows (a chart, a log, a register) whose file is named for what the claim
says was done or for whom ("observations_bay3_wielgosz.csv" for "hourly observations on Mr
Wielgosz"). Within the claim's period (the whole log when it gives none, if the log spans no
more than a few days), a stretch between two rows longer than half as much again as the
interval the claim gives is a stretch the record says it was not done: MEDIUM, HIGH when three
intervals or more passed."""

import re
from datetime import datetime, timedelta
from itertools import pairwise

from holmes_backend.agents.schemas import Contradiction, SwornClaim, TimedEvent
from holmes_backend.llm.local.domains.links import case_offset, instant
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import has_time, parse_span
from holmes_backend.llm.local.facts.lexicon import STOPWORDS

_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10, "fifteen": 15}
_NUMBERS |= {"twenty": 20, "thirty": 30, "forty-five": 45}
_EVERY = re.compile(
    r"\b(?:(?P<half>half[- ]hourly|every\s+half[- ]hour)|(?P<hour>hourly|every\s+hour|each\s+hour)"
    r"|every\s+(?P<n>\d{1,3}|two|three|four|five|six|ten|fifteen|twenty|thirty|forty-five)\s+"
    r"(?P<unit>minutes?|mins?|hours?|hrs?)|(?P<day>daily|every\s+day|each\s+day))\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z]{4,}")
_MAX_LOG_SPAN = timedelta(days=3)  # a log without the claim's period, read whole up to this
_TOLERANCE = 1.5  # intervals a stretch may last before it counts as a missed round
_MANY = 3


def _interval(text: str) -> timedelta | None:
    match = _EVERY.search(text)
    if match is None:
        return None
    if match["half"]:
        return timedelta(minutes=30)
    if match["hour"]:
        return timedelta(hours=1)
    if match["day"]:
        return timedelta(days=1)
    raw = match["n"].lower()
    count = int(raw) if raw.isdigit() else _NUMBERS[raw]
    unit = match["unit"].lower()
    return timedelta(minutes=count) if unit.startswith("m") else timedelta(hours=count)


def _stems(text: str) -> set[str]:
    """Content words, without a plural's s ("observations": observation)."""
    return {w.removesuffix("s") for w in _WORD.findall(text.lower()) if w not in STOPWORDS}


_SHORT = re.compile(r"[a-z]{3,}")


def _named_for(subject: set[str], filename: str) -> bool:
    """A file named for what the claim says was done: a word of the claim's, or its short form
    ("obs_chart_bed4.csv" for "observations")."""
    if subject & _stems(filename):
        return True
    short = {w for w in _SHORT.findall(filename.lower()) if len(w) == 3 and w not in STOPWORDS}
    return any(len(stem) >= 6 and stem[:3] in short for stem in subject)


def routine_contradictions(
    claims: list[SwornClaim], events: list[TimedEvent], filenames: dict[str, str]
) -> list[Contradiction]:
    logs: dict[str, list[TimedEvent]] = {}
    for event in events:
        if event.source.row is not None and has_time(event.timestamp):
            logs.setdefault(event.source.file_id, []).append(event)
    zone = case_offset([e.timestamp for e in events])
    found: list[Contradiction] = []
    for claim in claims:
        every = _interval(claim.claim)
        if every is None or not claim.speaker:
            continue
        subject = _stems(answer_of(claim).said)
        span = parse_span(claim.claimed_time)
        for file_id, rows in logs.items():
            name = filenames.get(file_id, "")
            if file_id == claim.source.file_id or not _named_for(subject, name):
                continue
            timed = sorted(
                ((when, e) for e in rows if (when := instant(e.timestamp, zone))),
                key=lambda pair: pair[0],
            )
            if span is not None:
                start, end = instant(span[0].isoformat(), zone), instant(span[1].isoformat(), zone)
                timed = [(w, e) for w, e in timed if start and end and start <= w <= end]
            elif timed and timed[-1][0] - timed[0][0] > _MAX_LOG_SPAN:
                continue
            missed = max(
                ((b[0] - a[0], a, b) for a, b in pairwise(timed)),
                key=lambda gap: gap[0],
                default=None,
            )
            if missed is None or missed[0] <= every * _TOLERANCE:
                continue
            found.append(_contradiction(claim, name, every, missed))
    return found


def _contradiction(
    claim: SwornClaim,
    name: str,
    every: timedelta,
    missed: tuple[timedelta, tuple[datetime, TimedEvent], tuple[datetime, TimedEvent]],
) -> Contradiction:
    gap, (before, first), (after, second) = missed
    hours, rest = divmod(int(gap.total_seconds()) // 60, 60)
    return refuted(
        claim,
        unique_refs([first.source, second.source], 2),
        f"{claim.speaker} says it was done every {_said(every)}; {name} records nothing "
        f"between {before.strftime('%Y-%m-%d %H:%M')} and {after.strftime('%Y-%m-%d %H:%M')}"
        f" ({hours} h {rest:02d} min).",
        "HIGH" if gap >= every * _MANY else "MEDIUM",
    )


def _said(every: timedelta) -> str:
    minutes = int(every.total_seconds()) // 60
    if minutes % (24 * 60) == 0:
        return "day"
    if minutes % 60 == 0:
        return "hour" if minutes == 60 else f"{minutes // 60} hours"
    return f"{minutes} minutes"
