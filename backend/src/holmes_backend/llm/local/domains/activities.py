"""What a witness says they were doing over a period, and the longest they did a thing without a
break, against a log of activities with a start and an end each (a tachograph's, a duty or shift
log's): "I took my full 45 minute break at Watford Gap services between 10:15 and 11:00" against
the driver's record of Driving from 06:14 to 10:58 and a Break from 10:58 to 11:20; "I did not
drive for more than four and a half hours without a break" against those 4 h 44 min of driving.

A log's row is an activity when a field headed activity, mode, status, duty or task names one
(driving; a break, rest or lunch; other work, loading, working; availability) and it has a start
and an end time (Start/End, From/To, Begin/Finish). The row is the person's its driver, employee
or name field names ("NOWICKI M" is Marek Nowicki), else the person its timeline item names.

- A break claimed (one the speaker took or had, over a period with both ends): contradicted
  (HIGH) by the speaker's rows of another activity covering ten minutes or more of it; the log's
  breaks that day are told beside them.
- A limit claimed ("did not drive for more than four and a half hours without a break", "never
  worked more than 6 hours without a rest"): contradicted (HIGH) by the time spent at the
  activity between two of the speaker's breaks (rows of rest, or an unrecorded quarter of an
  hour) exceeding the limit by five minutes or more, on the claim's day when it gives one ("at
  any time that day"), on every logged day when it does not ("I have never worked more than").
- Work claimed over hours the claim gives ("I patrolled the car park continuously from 01:30
  until 03:00"; not a shift's "I was on duty"): contradicted (HIGH) by the speaker's rows of rest
  covering ten minutes or more of it.
- A break claimed that the speaker's rows of rest cover is borne out: no gap asks for more.
"""

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from holmes_backend.agents.schemas import Contradiction, SourceRef, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, find_times, parse_span
from holmes_backend.llm.local.facts.names import same_party

_ACTIVITY_FIELD = re.compile(r"\b(?:activity|mode|status|duty|task)\b", re.IGNORECASE)
_START_FIELD = re.compile(
    r"^(?:(?:start(?:ed)?|from|begin|began)(?:\s+time)?|time\s+(?:from|start(?:ed)?|on))$", re.I
)
_END_FIELD = re.compile(
    r"^(?:(?:end(?:ed)?|to|finish(?:ed)?|until|stop(?:ped)?)(?:\s+time)?|time\s+(?:to|end(?:ed)?|"
    r"off))$",
    re.IGNORECASE,
)
_PERSON_FIELD = re.compile(
    r"\b(?:driver|employee|operator|worker|name|staff|crew|pilot|officer|guard|agent|user)\b",
    re.IGNORECASE,
)
# An activity's words -> its kind.
_KINDS = (
    (re.compile(r"\b(?:break|rest|resting|lunch|meal|off\s+duty|daily\s+rest)\b", re.I), "rest"),
    (re.compile(r"\b(?:driving|drive|drove|on\s+the\s+road)\b", re.I), "drive"),
    (
        re.compile(
            r"\b(?:other\s+work|work|working|loading|unloading|on\s+duty|patrol(?:ling)?|guarding|"
            r"cleaning|picking|packing|stocking|serving|on\s+call|task)\b",
            re.IGNORECASE,
        ),
        "work",
    ),
    (re.compile(r"\b(?:available|availability|poa)\b", re.IGNORECASE), "available"),
)
# The kinds a verb of a limit claim spends its time at.
_VERB_KINDS = {"drive": {"drive"}, "work": {"drive", "work"}}
_GERUND = {"drive": "driving", "work": "work"}
_NEGATED = re.compile(r"\b(?:not|never|didn['\u2019]t|no)\b", re.IGNORECASE)
_BREAK_CLAIM = re.compile(
    r"\b(?:took|had|taking|having|was\s+on|went\s+on|started)\b[^.;]{0,40}?"
    r"\b(?:break|rest|lunch)\b",
    re.IGNORECASE,
)
_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    "thirty": 30, "forty": 40, "forty-five": 45, "sixty": 60, "ninety": 90,
}  # fmt: skip
_NUMBER = r"(?:\d{1,3}(?:\.\d+)?|" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + ")"
_AMOUNT = (
    rf"(?P<n>{_NUMBER})(?P<half>\s*\u00bd|\s+and\s+a\s+half)?\s*[- ]?\s*"
    r"(?P<unit>hours?|hrs?|minutes?|mins?)\b"
    rf"(?:\s+(?:and\s+)?(?P<m>{_NUMBER})\s*(?:minutes?|mins?)\b)?"
)
_LIMIT_CLAIM = re.compile(
    r"\b(?:not|never|n['\u2019]t)\b[^.;]{0,30}?\b(?P<verb>driv(?:e|en|ing)|drove|work(?:ed|ing)?)"
    rf"\b[^.;]{{0,20}}?\b(?:more|longer|over)\s+(?:than\s+)?{_AMOUNT}[^.;]{{0,40}}?"
    r"\b(?:without|with\s+no)\s+(?:taking\s+|having\s+)?(?:a\s+|any\s+)?(?:break|rest|stop)",
    re.IGNORECASE,
)
# At work over a period: "I patrolled the car park continuously from 01:30 until 03:00".
_BUSY_CLAIM = re.compile(
    r"\b(?:I|we)\s+(?:was\s+|were\s+)?(?:continuously\s+|constantly\s+|then\s+)?"
    r"(?P<verb>patroll?ed|patrolling|drove|driving|worked|working|loading|cleaning|picking|"
    r"packing)\b",
    re.IGNORECASE,
)
_CLAIMED_LENGTH = re.compile(_AMOUNT + r"[^.;]{0,20}?\b(?:break|rest|lunch)\b", re.IGNORECASE)
_THAT_DAY = re.compile(
    r"\b(?:that|the\s+same|this)\s+(?:day|shift|morning|afternoon|evening|night|week)\b", re.I
)
_COVERED = timedelta(minutes=10)  # another activity over this much of a claimed break
_OVER = timedelta(minutes=5)  # a limit exceeded by at least this much
_UNRECORDED_BREAK = timedelta(minutes=15)  # a gap in the log this long ends a run
_MIN_BREAK = timedelta(minutes=10)  # a claimed break shorter than this is no period
_LONGEST_STRETCH = timedelta(hours=8)  # a claim of work over longer is of a shift, breaks and all


@dataclass(frozen=True)
class _Row:
    start: datetime
    end: datetime
    kind: str
    activity: str  # as the log writes it
    person: str
    file_id: str
    source: SourceRef

    @property
    def length(self) -> timedelta:
        return self.end - self.start


def _kind(value: str) -> str | None:
    return next((kind for words, kind in _KINDS if words.search(value)), None)


def _row(item: Item) -> _Row | None:
    fields = row_fields(item.description)
    activity = next((v for k, v in fields.items() if _ACTIVITY_FIELD.search(k) and v), None)
    kind = _kind(activity) if activity else None
    start = next((v for k, v in fields.items() if _START_FIELD.match(k.strip())), None)
    end = next((v for k, v in fields.items() if _END_FIELD.match(k.strip())), None)
    if kind is None or activity is None or start is None or end is None:
        return None
    began, ended = find_times(start), find_times(end)
    if not began or not ended:
        return None
    day = item.when.date()
    first = datetime.combine(day, began[0][0])
    last = datetime.combine(day, ended[0][0])
    if last <= first:
        last += timedelta(days=1)  # a row that runs past midnight
    person = next((v for k, v in fields.items() if _PERSON_FIELD.search(k) and v), None)
    person = person or (item.people[0] if item.people else "")
    return _Row(first, last, kind, activity, person, item.file_id, item.source)


def _minutes(match: re.Match[str]) -> float:
    """A duration's minutes from _AMOUNT's groups ("four and a half hours", "4 hrs 30 mins")."""
    number = match["n"].lower()
    value = float(_NUMBER_WORDS.get(number, 0) or number)
    if match["half"]:
        value += 0.5
    minutes = value * 60 if match["unit"].lower().startswith("h") else value
    if match["m"]:
        extra = match["m"].lower()
        minutes += float(_NUMBER_WORDS.get(extra, 0) or extra)
    return minutes


def _hm(span: timedelta) -> str:
    minutes = round(span.total_seconds() / 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


def _speakers_rows(claim: SwornClaim, rows: list[_Row]) -> list[_Row]:
    speaker = claim.speaker or ""
    return sorted(
        (r for r in rows if r.file_id != claim.source.file_id and same_party(speaker, r.person)),
        key=lambda r: r.start,
    )


def _overlap(row: _Row, start: datetime, end: datetime) -> timedelta:
    return max(timedelta(0), min(row.end, end) - max(row.start, start))


def _rests_of_day(rows: list[_Row], day: date) -> list[tuple[datetime, datetime, list[_Row]]]:
    """The log's breaks of a day, rows of rest that follow one another joined."""
    joined: list[tuple[datetime, datetime, list[_Row]]] = []
    for row in rows:
        if row.kind != "rest" or row.start.date() != day:
            continue
        if joined and row.start <= joined[-1][1]:
            first, _, parts = joined[-1]
            joined[-1] = (first, max(row.end, joined[-1][1]), [*parts, row])
        else:
            joined.append((row.start, row.end, [row]))
    return joined


def _break_contradiction(claim: SwornClaim, rows: list[_Row]) -> Contradiction | None:
    span = parse_span(claim.claimed_time)
    if span is None or not span[2] or span[1] - span[0] < _MIN_BREAK:
        return None
    start, end = span[0].replace(tzinfo=None), span[1].replace(tzinfo=None)
    against = [r for r in rows if r.kind != "rest" and _overlap(r, start, end) > timedelta(0)]
    covered = sum((_overlap(r, start, end) for r in against), timedelta(0))
    if covered < _COVERED:
        return None
    told = "; ".join(
        f"{r.activity} from {r.start:%H:%M} to {r.end:%H:%M}, {_hm(_overlap(r, start, end))} "
        "of that time"
        for r in against
    )
    rests = _rests_of_day(rows, start.date())
    breaks = ", ".join(f"{a:%H:%M} to {b:%H:%M} ({_hm(b - a)})" for a, b, _ in rests)
    length = _CLAIMED_LENGTH.search(claim.claim)
    claimed = f" ({_hm(timedelta(minutes=_minutes(length)))} by that account)" if length else ""
    return Contradiction(
        claim=claim.claim,
        claim_source=claim.source,
        evidence_against=unique_refs(
            [r.source for r in against] + [r.source for *_, parts in rests for r in parts]
        ),
        explanation=(
            f"{claim.speaker} gives a break from {start:%H:%M} to {end:%H:%M} on "
            f"{start:%Y-%m-%d}{claimed}, yet the activity log records {told}"
            + (f"; the breaks it records that day: {breaks}." if breaks else "; and no break.")
        ),
        severity="HIGH",
    )


def _doing(verb: str) -> str:
    """The activity a verb of the claim names: "patrolled" patrolling, "drove" driving."""
    word = verb.lower()
    return {"drove": "driving", "patroled": "patrolling", "patrolled": "patrolling"}.get(
        word, word if word.endswith("ing") else f"{word[:-2]}ing"
    )


def _busy_contradiction(claim: SwornClaim, rows: list[_Row]) -> Contradiction | None:
    """A claim of working (patrolling, driving …) over a period against the log's rest in it."""
    span = parse_span(claim.claimed_time)
    busy = _BUSY_CLAIM.search(claim.claim)
    if (
        busy is None
        or span is None
        or not find_times(claim.claim)  # its own hours, not a day or a shift told before
        or not _MIN_BREAK <= span[1] - span[0] <= _LONGEST_STRETCH
    ):
        return None
    start, end = span[0].replace(tzinfo=None), span[1].replace(tzinfo=None)
    resting = [r for r in rows if r.kind == "rest" and _overlap(r, start, end) > timedelta(0)]
    if sum((_overlap(r, start, end) for r in resting), timedelta(0)) < _COVERED:
        return None
    told = "; ".join(
        f"{r.activity} from {r.start:%H:%M} to {r.end:%H:%M}, {_hm(_overlap(r, start, end))} "
        "of that time"
        for r in resting
    )
    return Contradiction(
        claim=claim.claim,
        claim_source=claim.source,
        evidence_against=unique_refs([r.source for r in resting]),
        explanation=(
            f"{claim.speaker} gives {_doing(busy['verb'])} from {start:%H:%M} to {end:%H:%M} on "
            f"{start:%Y-%m-%d}, yet the activity log records {told}."
        ),
        severity="HIGH",
    )


def _runs(rows: list[_Row], kinds: set[str]) -> list[tuple[timedelta, list[_Row]]]:
    """Time spent at `kinds` between breaks (a row of rest, or a gap of a quarter of an hour
    with nothing recorded), each with the rows it was spent in."""
    runs: list[tuple[timedelta, list[_Row]]] = []
    spent, last_end = timedelta(0), None
    counted: list[_Row] = []
    for row in rows:
        gap = last_end is not None and row.start - last_end >= _UNRECORDED_BREAK
        if row.kind == "rest" or gap:
            if counted:
                runs.append((spent, counted))
            spent, counted = timedelta(0), []
        if row.kind in kinds:
            spent += row.length
            counted.append(row)
        last_end = row.end if last_end is None else max(last_end, row.end)
    if counted:
        runs.append((spent, counted))
    return runs


def _limit_contradiction(claim: SwornClaim, rows: list[_Row]) -> Contradiction | None:
    match = _LIMIT_CLAIM.search(claim.claim)
    if match is None:
        return None
    limit = timedelta(minutes=_minutes(match))
    verb = "drive" if match["verb"].lower().startswith("dr") else "work"
    # The claim's day when it gives one ("that day"); "never" without one is of every day.
    dated = find_moments(claim.claim) or _THAT_DAY.search(claim.claim)
    span = parse_span(claim.claimed_time) if dated else None
    of_days = [
        r for r in rows if span is None or span[0].date() <= r.start.date() <= span[1].date()
    ]
    over = [
        (spent, run) for spent, run in _runs(of_days, _VERB_KINDS[verb]) if spent > limit + _OVER
    ]
    if not over:
        return None
    spent, run = max(over, key=lambda found: found[0])
    first, last = run[0], run[-1]
    return Contradiction(
        claim=claim.claim,
        claim_source=claim.source,
        evidence_against=unique_refs([r.source for _, found in over for r in found]),
        explanation=(
            f"{claim.speaker} says no more than {_hm(limit)} of {_GERUND[verb]} without a "
            f"break, yet the activity log records {_hm(spent)} of it between "
            f"{first.start:%H:%M} and {last.end:%H:%M} on {first.start:%Y-%m-%d} with no break"
            + (f", and {len(over) - 1} more such stretch(es)" if len(over) > 1 else "")
            + "."
        ),
        severity="HIGH",
    )


def _logged(items: list[Item]) -> list[_Row]:
    return [row for item in items if item.timed and (row := _row(item)) is not None]


def activity_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    rows = _logged(items)
    found: list[Contradiction] = []
    for claim in claims if rows else []:
        if not claim.speaker:
            continue
        own = _speakers_rows(claim, rows)
        if not own:
            continue
        if _BREAK_CLAIM.search(claim.claim) and not _NEGATED.search(claim.claim):
            contradiction = _break_contradiction(claim, own)
        elif _NEGATED.search(claim.claim):
            contradiction = _limit_contradiction(claim, own)
        else:
            contradiction = _busy_contradiction(claim, own)
        if contradiction is not None:
            found.append(contradiction)
    return found


def breaks_borne_out(
    claims: list[SwornClaim], items: list[Item]
) -> set[tuple[str, int | None, int | None]]:
    """The breaks claimed that the speaker's rows of rest cover (all but ten minutes of them)."""
    rows = _logged(items)
    kept: set[tuple[str, int | None, int | None]] = set()
    for claim in claims if rows else []:
        if not claim.speaker or not _BREAK_CLAIM.search(claim.claim):
            continue
        span = parse_span(claim.claimed_time)
        if _NEGATED.search(claim.claim) or span is None or not span[2]:
            continue
        start, end = span[0].replace(tzinfo=None), span[1].replace(tzinfo=None)
        own = _speakers_rows(claim, rows)
        rested = sum((_overlap(r, start, end) for r in own if r.kind == "rest"), timedelta(0))
        if own and end - start - rested < _COVERED:
            kept.add((claim.source.file_id, claim.source.line, claim.source.page))
    return kept
