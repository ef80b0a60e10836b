"""Dates and times written in text. A time written apart from its date is joined to the nearest
date; numeric dates are month-first unless the first number cannot be a month or the evidence
writes them day-first (`numeric_dates_day_first`, set by facts.conventions); dotted ones day-first.
"""

import calendar
import re
from bisect import bisect_left, bisect_right
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import lru_cache

from holmes_backend.analysis.facts.names import LETTER
from holmes_backend.analysis.facts.spans import Spans

_MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
MONTHS = {name: number for number, name in enumerate(_MONTH_NAMES, 1)}
_MON = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_ORD = r"(?:st|nd|rd|th)?"
# A month's name ends where no letter follows ("of Novák", "in Marín" are people).
_MON_END = rf"(?![{LETTER}])"
_TZ = r"(?:Z|UTC|GMT|[+-]\d{2}:?\d{2})"
# "2025-03-09 21:14:05+01:00", "2025/03/09".
ISO_DATE = re.compile(
    r"\b(?P<y>(?:19|20)\d{2})(?P<sep>[-/])(?P<m>\d{1,2})(?P=sep)(?P<d>\d{1,2})"
    r"(?:[T ](?P<H>\d{2}):(?P<M>\d{2})(?::(?P<S>\d{2})(?:\.\d+)?)?\s?(?P<tz>Z|[+-]\d{2}:?\d{2})?)?"
    r"(?![\d/-])"
)
# "07/03/2024", "07.03.24", "07-03-2024" (a hyphen only before a four-digit year).
NUMERIC_DATE = re.compile(
    r"(?<![\d/.-])(?P<a>\d{1,2})(?P<sep>[/.]|-(?=\d{1,2}-(?:19|20)\d{2}\b))(?P<b>\d{1,2})(?P=sep)"
    r"(?P<y>\d{4}|\d{2})\b(?![/.-]\d)"
)
MONTH_FIRST_WORDS = re.compile(
    rf"\b(?P<mon>{_MON})\s+(?P<d>\d{{1,2}}){_ORD},?\s+(?P<y>(?:19|20)\d{{2}})\b", re.IGNORECASE
)
DAY_FIRST_WORDS = re.compile(
    rf"\b(?P<d>\d{{1,2}}){_ORD}(?:\s+of)?[\s-]+(?P<mon>{_MON}),?[\s-]+(?P<y>(?:19|20)\d{{2}})\b",
    re.IGNORECASE,
)
_AMPM = r"[ap]\.?\s?m\b\.?"
# "21:14", "9:30 pm"; "9.30pm" and "9pm" only with am or pm (a bare "9.30" is as likely a price).
_CLOCK = re.compile(
    rf"\b(?P<H>[01]?\d|2[0-3])(?::(?P<M>[0-5]\d)(?::(?P<S>[0-5]\d))?(?:\.\d+)?"
    rf"|\.(?P<dotted>[0-5]\d)(?=\s?{_AMPM})|(?=\s?{_AMPM}))"
    rf"(?:\s?(?P<ap>{_AMPM}))?(?:\s?(?P<tz>{_TZ})\b)?",
    re.IGNORECASE,
)
_NOON = re.compile(r"\b(?P<word>noon|midday|midnight)\b", re.IGNORECASE)
_PERIODS = {
    "morning": (time(6), time(11, 59, 59)),
    "afternoon": (time(12), time(17, 59, 59)),
    "evening": (time(18), time(23, 59, 59)),
    "night": (time(20), time(23, 59, 59)),
    "overnight": (time(20), time(6, 59, 59)),
}
_PERIOD = re.compile(
    r"\b(?:(?:all|the\s+whole|through\s+the)\s+night|morning|afternoon|evening|night|overnight)\b",
    re.I,
)
_JOIN_DISTANCE = 40
# Whether "09/03/2025" is 9 March in the evidence being read (facts.conventions decides).
numeric_dates_day_first: ContextVar[bool] = ContextVar("numeric_dates_day_first", default=False)


@dataclass(frozen=True)
class Moment:
    day: date
    at: time | None = None
    tz: tzinfo | None = None
    start: int = 0
    end: int = 0

    def iso(self) -> str:
        return self.day.isoformat() if self.at is None else self.datetime().isoformat()

    def datetime(self) -> datetime:
        return datetime.combine(self.day, self.at or time(0), tzinfo=self.tz)


def _year(text: str) -> int:
    """A year as written; two digits are 1970-2069."""
    value = int(text)
    return value + (2000 if value < 70 else 1900) if len(text) == 2 else value


def _make(year: int, month: int, day: int) -> date | None:
    if not 1900 <= year <= 2100:
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None


def parse_tz(text: str | None) -> tzinfo | None:
    if not text:
        return None
    if text.strip().upper() in ("UTC", "GMT", "Z"):
        return UTC
    try:
        return datetime.strptime(text.strip(), "%z").tzinfo  # "+01:00", "-0500"
    except ValueError:
        return None


def _clock(hour: int, minute: int, second: int, ampm: str | None) -> time | None:
    if ampm:
        if hour > 12:
            return None
        pm = ampm.lower().startswith("p")
        hour = (hour % 12) + (12 if pm else 0)
    try:
        return time(hour, minute, second)
    except ValueError:
        return None


def _dates(text: str, day_first: bool) -> list[Moment]:
    found: list[Moment] = []
    taken = Spans()

    def add(
        day: date | None, match: re.Match[str], at: time | None = None, tz: str | None = None
    ) -> None:
        if day is None or not taken.take(match.start(), match.end()):
            return
        found.append(Moment(day, at, parse_tz(tz), match.start(), match.end()))

    for m in ISO_DATE.finditer(text):
        at = _clock(int(m["H"]), int(m["M"]), int(m["S"] or 0), None) if m["H"] else None
        add(_make(int(m["y"]), int(m["m"]), int(m["d"])), m, at, m["tz"])
    for pattern in (MONTH_FIRST_WORDS, DAY_FIRST_WORDS):
        for m in pattern.finditer(text):
            add(_make(int(m["y"]), MONTHS[m["mon"][:3].lower()], int(m["d"])), m)
    for m in NUMERIC_DATE.finditer(text):
        a, b, year = int(m["a"]), int(m["b"]), _year(m["y"])
        day_month = m["sep"] == "." or a > 12 or (day_first and b <= 12)
        add(_make(year, *((b, a) if day_month else (a, b))), m)
    return sorted(found, key=lambda moment: moment.start)


def _times(text: str, dates: list[Moment]) -> list[tuple[int, int, time, tzinfo | None]]:
    inside = Spans()
    for moment in dates:
        if moment.at is not None:
            inside.add(moment.start, moment.end)
    found: list[tuple[int, int, time, tzinfo | None]] = []
    for m in _CLOCK.finditer(text):
        if inside.overlaps(m.start(), m.start() + 1):
            continue
        at = _clock(int(m["H"]), int(m["M"] or m["dotted"] or 0), int(m["S"] or 0), m["ap"])
        if at is not None:
            found.append((m.start(), m.end(), at, parse_tz(m["tz"])))
    for m in _NOON.finditer(text):
        at = time(0) if m["word"].lower() == "midnight" else time(12)
        found.append((m.start(), m.end(), at, None))
    return found


def find_moments(text: str) -> list[Moment]:
    """Every date in the text, with the time of day written next to it when there is one."""
    return list(_find_moments(text, numeric_dates_day_first.get()))


@lru_cache(maxsize=65536)
def _find_moments(text: str, day_first: bool) -> tuple[Moment, ...]:
    dates = _dates(text, day_first)
    if not dates:
        return ()
    times = sorted(_times(text, dates))
    starts = [t[0] for t in times]
    result: list[Moment] = []
    used: set[int] = set()
    for moment in dates:
        first = bisect_left(starts, moment.start - 2 * _JOIN_DISTANCE)
        last = bisect_right(starts, moment.end + _JOIN_DISTANCE)
        gaps = (
            (start - moment.end if start >= moment.end else moment.start - end, number)
            for number, (start, end, _, _) in enumerate(times[first:last], first)
            if number not in used
        )
        best = min(((gap, n) for gap, n in gaps if 0 <= gap <= _JOIN_DISTANCE), default=None)
        if moment.at is not None or best is None:
            result.append(moment)
            continue
        used.add(best[1])
        start, end, at, tz = times[best[1]]
        span = (min(start, moment.start), max(end, moment.end))
        result.append(Moment(moment.day, at, tz or moment.tz, span[0], span[1]))
    return tuple(result)


_JOIN_DAYS = r"\s*(?:and|or|to|until|till|through|[-\u2013\u2014])\s*"
_DAY_RANGE = re.compile(
    # "14, 15 and 16 October": a list's first day is where its days begin.
    rf"(?<![:.,/])\b(?:(?P<d0>\d{{1,2}}){_ORD}\s*,\s*(?:\d{{1,2}}{_ORD}\s*,\s*)*)?"
    rf"(?P<d1>\d{{1,2}}){_ORD}(?:\s+(?:of\s+)?(?P<m1>{_MON}))?{_JOIN_DAYS}(?P<d2>\d{{1,2}}){_ORD}"
    rf"\s+(?:of\s+)?(?P<mon>{_MON}){_MON_END}(?:,?\s+(?P<y>(?:19|20)\d{{2}})\b)?"
    rf"|\b(?P<mon_>{_MON})\s+(?P<d1_>\d{{1,2}}){_ORD}{_JOIN_DAYS}(?:(?P<m2_>{_MON})\s+)?"
    rf"(?P<d2_>\d{{1,2}}){_ORD}(?![\d:])(?:,?\s+(?P<y_>(?:19|20)\d{{2}})\b)?",
    re.IGNORECASE,
)
DAY_MONTH = re.compile(
    rf"(?<![:.,/])\b(?P<d>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<mon>{_MON}){_MON_END}(?!,?\s+(?:19|20)\d{{2}})"
    rf"|\b(?P<mon_>{_MON})\s+(?P<d_>\d{{1,2}}){_ORD}(?![\d:])(?!,?\s+(?:19|20)\d{{2}})",
    re.IGNORECASE,
)

_WEEKDAY_BEFORE = re.compile(
    r"\b(?:monday|mon|tuesday|tues|tue|wednesday|wed|thursday|thurs|thur|thu|friday|fri|"
    r"saturday|sat|sunday|sun)\.?,?\s+(?=\d)",
    re.IGNORECASE,
)


def find_days(text: str, reference: date | None) -> tuple[date, date] | None:
    """The days a range ("4 and 5 March 2025", "March 4-5") or a day without its year speaks
    of; a missing year is the latest not after `reference` (without one, only full ranges)."""
    text = _WEEKDAY_BEFORE.sub("", text)
    match = _DAY_RANGE.search(text)
    if match is not None:
        first = match["d0"] or match["d1"] or match["d1_"]
        last = match["d2"] or match["d2_"]
        month = MONTHS[(match["mon"] or match["mon_"])[:3].lower()]
        # "30 April to 2 May" names the first month apart; "April 30 to May 2" the last.
        first_month = MONTHS[m[:3].lower()] if (m := match["m1"]) else month
        last_month = MONTHS[m[:3].lower()] if (m := match["m2_"]) else month
        year_text = match["y"] or match["y_"]
        year = int(year_text) if year_text else _year_before(reference, last_month, int(last))
        if year is None:
            return None
        start = _make(year - (first_month > last_month), first_month, int(first))
        end = _make(year, last_month, int(last))
        return (start, end) if start and end and start <= end else None
    match = DAY_MONTH.search(text)
    if match is None or reference is None:
        return None
    day = int(match["d"] or match["d_"])
    month = MONTHS[(match["mon"] or match["mon_"])[:3].lower()]
    year = _year_before(reference, month, day)
    found = _make(year, month, day) if year else None
    return (found, found) if found else None


_IN_MONTH = re.compile(
    # "in March 2025", "during March"; a form's field: "Month: March 2025", "Period: March 2025".
    rf"(?:\b(?:in|during|throughout|for|of)\s+|\b(?:month|period)\s*:\s*)"
    rf"(?:the\s+month\s+of\s+)?(?P<mon>{_MON}){_MON_END}"
    r"(?:,?\s+(?P<y>(?:19|20)\d{2})\b)?",
    re.IGNORECASE,
)

# "I haven't spoken to him since September": from the month after it to the telling.
_AFTER_MONTH = re.compile(
    rf"\b(?:since|after)\s+(?P<mon>{_MON}){_MON_END}(?:,?\s+(?P<y>(?:19|20)\d{{2}})\b)?",
    re.IGNORECASE,
)


def _after_month(text: str, reference: date | None) -> tuple[date, date] | None:
    month = _named_month(_AFTER_MONTH, text, reference)
    if month is None or reference is None:
        return None
    start = month[1] + timedelta(days=1)
    return (start, reference) if start <= reference else None


def _named_month(
    pattern: re.Pattern[str], text: str, reference: date | None
) -> tuple[date, date] | None:
    """The first and last day of the month the pattern finds (of `reference`'s past year when
    it is written without one)."""
    match = pattern.search(text)
    if match is None:
        return None
    month = MONTHS[match["mon"][:3].lower()]
    year = int(match["y"]) if match["y"] else _year_before(reference, month, 1)
    return (date(year, month, 1), month_end(year, month)) if year else None


def find_period(text: str, reference: date | None) -> tuple[date, date] | None:
    """The days a text speaks of: a date, some days (find_days) or a whole month."""
    if days := find_days(text, reference):
        return days
    if moments := find_moments(text):
        return _from_moments(text, moments)
    if after := _after_month(text, reference):
        return after
    return _named_month(_IN_MONTH, text, reference)


_SINCE = re.compile(r"\bsince\s+(?P<when>(?:the\s+)?[\w ,]+?)(?=[.;!?]|$)", re.IGNORECASE)


def since_day(text: str, reference: date | None = None) -> date | None:
    """The day a "since …" in the text runs from (None for "since my arrest")."""
    match = _SINCE.search(text)
    if match is None:
        return None
    when = match["when"]
    days = find_period(when, reference) or find_period(f"in {when}", reference)
    return days[0] if days else None


def month_end(year: int, month: int) -> date:
    """The last day of a month."""
    return date(year, month, calendar.monthrange(year, month)[1])


# Two dates joined as a range: "1 March 2025 to 31 March 2025", "01/01/2025 - 31/03/2025".
_JOINED = re.compile(r"^\s*(?:to|until|till|through|[-\u2013\u2014])\s*$", re.IGNORECASE)


def _from_moments(text: str, moments: list[Moment]) -> tuple[date, date]:
    day = moments[0].day
    joined = len(moments) > 1 and _JOINED.match(text[moments[0].end : moments[1].start])
    if joined and moments[1].day > day:
        return day, moments[1].day  # "1 March 2025 to 31 March 2025"
    return day, day


def _year_before(reference: date | None, month: int, day: int) -> int | None:
    if reference is None:
        return None
    return reference.year - ((month, day) > (reference.month, reference.day))


def find_times(text: str) -> list[tuple[time, tzinfo | None]]:
    """Times of day written without a date."""
    return [(at, tz) for _, _, at, tz in _times(text, [])]


def day_period(text: str) -> tuple[time, time] | None:
    """The part of the day a text speaks of ("that evening"), as a time range."""
    match = _PERIOD.search(text)
    if match is None:
        return None
    word = match.group().lower()
    return _PERIODS["overnight" if len(word.split()) > 1 else word]


def parse_iso(value: object) -> datetime | None:
    """A date or date-time in ISO 8601 form (as metadata and schemas carry them)."""
    if not isinstance(value, str) or not value:
        return None
    text = value.strip().replace("Z", "+00:00")
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        pass
    try:
        return datetime.combine(date.fromisoformat(text[:10]), time(0))
    except ValueError:
        return None


def has_time(value: str) -> bool:
    return "T" in value or (len(value) > 10 and ":" in value)


def span_words(value: str | None) -> str:
    """A claimed time for a reader: whole days as "2025-03-04 to 2025-03-05", else as is."""
    span = parse_span(value)
    if span is None or not value or "/" not in value:
        return value or ""
    start, end, _ = span
    if start.time() == time(0) and end.time() == time(23, 59, 59):
        first, last = start.date().isoformat(), end.date().isoformat()
        return first if first == last else f"{first} to {last}"
    return value


def parse_span(value: str | None) -> tuple[datetime, datetime, bool] | None:
    """A claimed time as an interval: "date", "date-time" or "start/end"; and whether timed."""
    if not value:
        return None
    if "/" in value:
        first, _, second = value.partition("/")
        start, end = parse_iso(first), parse_iso(second)
        return (start, end, True) if start and end else None
    moment = parse_iso(value)
    if moment is None:
        return None
    if has_time(value):
        return moment, moment, True
    return moment, moment + timedelta(days=1) - timedelta(seconds=1), False
