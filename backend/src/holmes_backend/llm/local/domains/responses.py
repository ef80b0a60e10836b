"""Within fifteen minutes: a witness's "When the alarm activated, our patrol officer was on site
within 15 minutes" against the alarm receiving centre's log, which has the activation at 02:14
and the patrol on site at 03:07.

- Synthesis: a claim that someone arrived, attended or responded within a stated time is held
  against a log's rows: the trigger (an activation, an alarm, a call received, an incident
  reported) and the first arrival after it in the same file (on site, on scene, arrived,
  attended), of the place the claim names (a row sharing one of its proper words: "Harrow",
  "Unit 12"), on or about the claim's day. Longer than the stated time contradicts it: HIGH at
  half as long again or more, MEDIUM below that.
- A row can hold both: a nurse-call or help-desk export's "Call raised: 10/10/2026 01:47:10;
  Call cancelled: 10/10/2026 02:21:45" is a call answered after 34 minutes. "I answered it
  within five minutes" is held against such rows; one that says it of every call ("every
  time", "always", "each time") against all of them, the first it speaks of otherwise.
"""

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.dates import find_moments, find_times, naive, parse_span
from holmes_backend.llm.local.facts.lexicon import STOPWORDS

_NUMBERS = {"five": 5, "ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40}
_NUMBERS |= {"sixty": 60, "ninety": 90, "one": 1, "two": 2, "three": 3, "four": 4}
_NUMBERS |= {"six": 6, "seven": 7, "eight": 8, "twelve": 12, "fourteen": 14, "twenty-eight": 28}
_WITHIN = re.compile(
    r"\b(?:was|were|arrived|attended|responded|answered|reached|got\s+there|on\s+(?:site|scene)|"
    r"at\s+the\s+(?:scene|site|property|premises)|sent|inspected|visited|repaired|fixed)\b"
    r"[^.;]{0,60}?\bwithin\s+(?:about\s+)?(?P<n>\d{1,3}|" + "|".join(_NUMBERS) + r")\s+"
    r"(?P<unit>minutes?|mins?|hours?|hrs?|days?|weeks?)\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"\b(?:not|never)\b|n['\u2019]t\b", re.IGNORECASE)
_TRIGGER = re.compile(
    r"\b(?:activation|activated|alarm\s+(?:raised|triggered|received)|call\s+received|"
    r"999\s+call|emergency\s+call|incident\s+(?:opened|reported|logged)|triggered|"
    r"request\s+received|reported)\b",
    re.IGNORECASE,
)
_ARRIVAL = re.compile(
    r"\b(?:on\s+(?:site|scene|location)|arrived|arrival|attended|at\s+(?:the\s+)?scene)\b", re.I
)
# A row's two times: when the call was made, and when it was answered.
_RAISED_FIELD = re.compile(
    r"\b(?:raised|received|activated|triggered|started|opened|logged|made|placed|reported)\b",
    re.I,
)
_ANSWERED_FIELD = re.compile(
    r"\b(?:answered|cancell?ed|reset|acknowledged|attended|responded|cleared|accepted|sent|"
    r"visited|inspected)\b",
    re.I,
)
_CALLED = re.compile(r"\b(?:call|answered|cancell?ed|acknowledged)\b", re.IGNORECASE)
_EVERY = re.compile(r"\b(?:every|each)\s+time\b|\balways\b|\bwhenever\b", re.IGNORECASE)
_PROPER = re.compile(r"\b[A-Z][A-Za-z]{3,}\b|\b(?:unit|block|site|gate)\s+\d+\b", re.IGNORECASE)
_LABEL = re.compile(r"(?:^|;)\s*[\w ]{1,25}:\s")
_DAY = timedelta(days=1)


def _limit(match: re.Match[str]) -> timedelta:
    n = match["n"].lower()
    count = int(n) if n.isdigit() else _NUMBERS[n]
    unit = match["unit"].lower()[0]
    per = {"h": timedelta(hours=1), "d": timedelta(days=1), "w": timedelta(weeks=1)}
    return count * per.get(unit, timedelta(minutes=1))


def _proper_words(text: str) -> set[str]:
    """A place's own words ("harrow", "unit 12"), not a row's field names ("Site: …")."""
    text = _LABEL.sub(" ", text)
    words = {m.group().lower() for m in _PROPER.finditer(text) if m.group()[:1].isupper()}
    words |= {m.group().lower() for m in re.finditer(r"\b(?:unit|block|gate)\s+\d+\b", text, re.I)}
    return {w for w in words if w not in STOPWORDS}


@dataclass(frozen=True)
class _Within:
    """A claim's "within fifteen minutes": its words, the time, the place's own words and the
    days around the claim's that the records it speaks of fall in."""

    said: str
    match: re.Match[str]
    limit: timedelta
    place: set[str]
    start: datetime
    end: datetime


def _within(claim: SwornClaim) -> _Within | None:
    said = answer_of(claim).said
    match = _WITHIN.search(said)
    span = parse_span(claim.claimed_time)
    if match is None or _NEGATED.search(said[: match.end()]) or span is None:
        return None
    return _Within(
        said,
        match,
        _limit(match),
        _proper_words(said),
        naive(span[0]) - _DAY,
        naive(span[1]) + _DAY,
    )


def _moment_of(value: str, day: date) -> datetime | None:
    moments = [m for m in find_moments(value) if m.at is not None]
    if moments:
        return naive(moments[0].datetime())
    if (dated := find_moments(value)) and dated[0].start == 0:
        return datetime.combine(dated[0].day, time(0))  # a day's register: "12/05/2026"
    times = find_times(value)
    return datetime.combine(day, times[0][0]) if times else None


def _answered_row(item: Item) -> tuple[datetime, datetime, str, str] | None:
    """A row holding a call and its answer: (raised, answered, and their fields' names)."""
    fields = row_fields(item.description)
    raised = next(((k, v) for k, v in fields.items() if _RAISED_FIELD.search(k)), None)
    answered = next(((k, v) for k, v in fields.items() if _ANSWERED_FIELD.search(k)), None)
    if raised is None or answered is None:
        return None
    day = naive(item.when).date()
    start, end = _moment_of(raised[1], day), _moment_of(answered[1], day)
    if start is None or end is None or end < start:
        return None
    return start, end, raised[0], answered[0]


def _answered_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    rows = [(i, found) for i in items if (found := _answered_row(i)) is not None]
    found_all: list[Contradiction] = []
    for claim in claims if rows else []:
        if (told_of := _within(claim)) is None:
            continue
        match, limit = told_of.match, told_of.limit
        late = [
            (item, row)
            for item, row in rows
            if item.file_id != claim.source.file_id
            and told_of.start <= row[0] <= told_of.end
            # of the place it names; of its day alone when it names none ("that report")
            and (not told_of.place or told_of.place & _proper_words(item.description))
            and row[1] - row[0] > limit
        ]
        if not late:
            continue
        if not _EVERY.search(told_of.said):
            late = late[:1]
        told = "; ".join(
            f"{raised} {a:%Y-%m-%d %H:%M}, {answered} {b:%H:%M} "
            f"({round((b - a).total_seconds() / 60)} minutes)"
            if b - a < _DAY
            else f"{raised} {a:%Y-%m-%d}, {answered} {b:%Y-%m-%d} ({(b - a).days} days)"
            for _, (a, b, raised, answered) in late
        )
        longest = max(b - a for _, (a, b, _, _) in late)
        _, (_, _, raised, answered) = late[0]
        called = bool(_CALLED.search(f"{raised} {answered}"))
        what, record = (
            ("the call was answered", "the log") if called else ("it was done", "the record")
        )
        found_all.append(
            refuted(
                claim,
                [item.source for item, _ in late],
                (
                    f"{claim.speaker or 'The witness'} says {what} within "
                    f"{match['n']} {match['unit']}; {record} has {told}."
                ),
                "HIGH" if longest >= limit * 1.5 or len(late) > 1 else "MEDIUM",
            )
        )
    return found_all


def response_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    triggers = [
        i for i in items if i.kind != "claim" and i.timed and _TRIGGER.search(i.description)
    ]
    found: list[Contradiction] = []
    for claim in claims if triggers else []:
        if (told_of := _within(claim)) is None:
            continue
        match, limit, place = told_of.match, told_of.limit, told_of.place
        start, end = told_of.start, told_of.end
        for trigger in triggers:
            when = naive(trigger.when)
            if trigger.file_id == claim.source.file_id or not start <= when <= end:
                continue
            if not place & _proper_words(trigger.description):
                continue
            arrival = min(
                (
                    i
                    for i in items
                    if i.file_id == trigger.file_id
                    and i.timed
                    and naive(i.when) > when
                    and _ARRIVAL.search(i.description)
                    and place & _proper_words(i.description)
                ),
                key=lambda i: i.when,
                default=None,
            )
            if arrival is None:
                continue
            took = naive(arrival.when) - when
            if took <= limit:
                continue
            minutes = round(took.total_seconds() / 60)
            found.append(
                refuted(
                    claim,
                    [trigger.source, arrival.source],
                    (
                        f"{claim.speaker or 'The witness'} says the arrival came within "
                        f"{match['n']} {match['unit']}; the log has {trigger.description[:100]} "
                        f"at {trigger.at()} and {arrival.description[:100]} at {arrival.at()}: "
                        f"{minutes} minutes."
                    ),
                    "HIGH" if took >= limit * 1.5 else "MEDIUM",
                )
            )
            break  # the first trigger it speaks of
    return found + _answered_contradictions(claims, items)


__all__ = ["response_contradictions"]
