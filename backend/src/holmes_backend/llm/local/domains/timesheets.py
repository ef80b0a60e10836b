"""Hours billed against hours present: a timesheet or invoice row bills a person's hours on a
day ("Hours: 10"), and the access records of that day (a gate, badge or sign-in log with "In"
and "Out") have them on site for far less (09:41 to 12:55). Checked at synthesis: the bills are
the financial domain's rows, the log the evidence domain's events.

A day counts when the log has both an entry and an exit of the person that day, and the time
between the first and the last is under three quarters of the hours billed and at least 90
minutes short. One contradiction per person, citing the rows and the log; HIGH from two such
days or four hours short. The person's own "every hour on my timesheet was worked" is held
against it too."""

import re
from collections import defaultdict
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta

from holmes_backend.agents.schemas import Contradiction, SourceRef, SwornClaim, Transaction
from holmes_backend.llm.local.domains.ledger import tx_date
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.money import to_number
from holmes_backend.llm.local.facts.names import find_names, same_party

_HOURS = re.compile(
    r"\b(?:(?:total\s+)?(?:hours?|hrs)(?:\s+(?:worked|billed|claimed|charged|on\s+site))?|"
    r"time\s*\(h(?:ours)?\))\s*:\s*(?P<h>\d{1,2}(?:[.,]\d+)?)",
    re.IGNORECASE,
)
_IN = re.compile(
    r"\b(?:in|entry|entered|enter|arrived?|arrival|clock(?:ed)?[ -]?in|sign(?:ed)?[ -]?in|"
    r"check(?:ed)?[ -]?in|on\s+site)\b",
    re.IGNORECASE,
)
_OUT = re.compile(
    r"\b(?:out|exit(?:ed)?|left|leave|depart(?:ed|ure)?|clock(?:ed)?[ -]?out|sign(?:ed)?[ -]?out|"
    r"check(?:ed)?[ -]?out|off\s+site)\b",
    re.IGNORECASE,
)
_DIRECTION = re.compile(r"\b(?:direction|event|action|type|status)\s*:\s*(?P<v>[^;]+)", re.I)
_IN_FIELD = re.compile(
    r"\b(?:time\s+in|in|clock(?:ed)?[ -]?in|sign(?:ed)?[ -]?in|arrived|arrival|start(?:ed)?)"
    r"(?:\s+time)?\s*:\s*(?P<t>\d{1,2}:\d{2})",
    re.IGNORECASE,
)
_OUT_FIELD = re.compile(
    r"\b(?:time\s+out|out|clock(?:ed)?[ -]?out|sign(?:ed)?[ -]?out|left|departed|departure|"
    r"end(?:ed)?|finish(?:ed)?)(?:\s+time)?\s*:\s*(?P<t>\d{1,2}:\d{2})",
    re.IGNORECASE,
)
_AFFIRMS = re.compile(
    r"\b(?:every|all|each)\s+(?:hour|day)s?\b|\bfull\s+(?:\w+[- ])?(?:hour\s+)?days?\b|"
    r"\bworked\s+(?:all|the|those|my)\s+(?:hours|days)\b|\btimesheets?\b|"
    # "I certify that the hours above were worked on site"
    r"\bhours\s+(?:above|shown|claimed|recorded|listed)\s+(?:were|was|have\s+been)\s+worked\b",
    re.IGNORECASE,
)
_SHARE = 0.75
_SHORT_HOURS = 1.5
_SEVERE_HOURS = 4.0


@dataclass
class _Bill:
    """A row claiming hours on a day: a bill's (a transaction) or a timesheet's (an event)."""

    description: str
    source: SourceRef
    day: date
    people: list[str]
    hours: float


@dataclass
class _Short:
    person: str
    day: date
    billed: float
    present: float
    first_in: datetime | None  # None: no record of them on site that day at all
    last_out: datetime | None
    bill: _Bill
    log: list[Item]


def hours_contradictions(
    transactions: list[Transaction], items: list[Item], claims: list[SwornClaim]
) -> list[Contradiction]:
    shorts = _short_days(transactions, items)
    # A day short of its hours is told once, as hours; the times claimed tell the other days.
    outside = [
        o
        for o in _outside_days(transactions, items)
        if not any(s.day == o.start.date() and same_party(s.person, o.person) for s in shorts)
    ]
    return _hours_short(shorts, claims) + _outside_window(outside, claims)


def _hours_short(shorts: list[_Short], claims: list[SwornClaim]) -> list[Contradiction]:
    by_person: dict[str, list[_Short]] = defaultdict(list)
    for short in shorts:
        key = next((k for k in by_person if same_party(k, short.person)), short.person)
        by_person[key].append(short)
    found: list[Contradiction] = []
    for person, days in by_person.items():
        days.sort(key=lambda s: s.day)
        missing = sum(s.billed - s.present for s in days)
        severity = "HIGH" if len(days) >= 2 or missing >= _SEVERE_HOURS else "MEDIUM"
        listing = "; ".join(
            f"{s.day.isoformat()}: {s.billed:g} h billed, "
            + (
                f"on site {s.first_in:%H:%M}\u2013{s.last_out:%H:%M} ({s.present:.1f} h)"
                if s.first_in and s.last_out
                else "no record of them on site that day"
            )
            for s in days[:6]
        )
        evidence = unique_refs(
            [ref for s in days for ref in [s.bill.source, *(i.source for i in s.log)]], 8
        )
        said = (
            f"{person}'s hours billed exceed their time on site by "
            f"{missing:.1f} h over {len(days)} day(s): {listing}."
        )
        found += _against(days[0].bill, said, evidence, severity, claims, person, listing)
    return found


def _against(
    bill: _Bill,
    explanation: str,
    evidence: list[SourceRef],
    severity: str,
    claims: list[SwornClaim],
    person: str,
    listing: str,
) -> list[Contradiction]:
    """The first row claiming the hours against the records, and the person's own word that
    the hours were worked."""
    row = Contradiction(
        claim=bill.description[:300],
        claim_source=bill.source,
        evidence_against=evidence,
        explanation=explanation,
        severity="HIGH" if severity == "HIGH" else "MEDIUM",
    )
    return [row, *_affirmed(claims, person, evidence, listing, severity, bill)]


def _affirmed(
    claims: list[SwornClaim],
    person: str,
    evidence: list[SourceRef],
    listing: str,
    severity: str,
    bill: _Bill,
) -> list[Contradiction]:
    """The person's own word that the hours were worked, another's word for them ("Kemal Arslan
    worked all of the overtime he claimed"), and the approver's that they checked every claim,
    against what the records show."""
    approver = _APPROVED_BY.search(bill.description)
    found: list[Contradiction] = []
    for claim in claims:
        if not claim.speaker:
            continue
        own = same_party(claim.speaker, person) and _AFFIRMS.search(claim.claim)
        vouched = _VOUCHES.search(claim.claim) and any(
            n.kind == "person" and same_party(n.text, person) for n in find_names(claim.claim)
        )
        checked = (
            approver is not None
            and _CHECKED_ALL.search(claim.claim)
            and any(same_party(claim.speaker, n.text) for n in find_names(approver["v"]))
        )
        if not (own or vouched or checked):
            continue
        said = (
            f"{claim.speaker} approved the claims as checked against the records, yet: {listing}."
            if checked and not own and not vouched
            else f"{claim.speaker} says the hours were worked, yet: {listing}."
        )
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=evidence,
                explanation=said,
                severity="HIGH" if severity == "HIGH" else "MEDIUM",
            )
        )
    return found


# "Kemal Arslan worked all of the overtime he claimed"; "I checked every overtime claim
# against the gate log"; a row's "Approved by: Tom Hadley".
_VOUCHES = re.compile(
    r"\bworked\s+(?:all\s+(?:of\s+)?)?(?:the|those|his|her|their)\s+(?:\w+\s+)?"
    r"(?:hours|days|overtime|shifts)\b",
    re.IGNORECASE,
)
_CHECKED_ALL = re.compile(
    r"\b(?:checked|verified|reviewed)\s+(?:every|each|all)\b[^.;]{0,40}?\b(?:claims?|"
    r"timesheets?|hours)\b",
    re.IGNORECASE,
)
_APPROVED_BY = re.compile(
    r"\b(?:approved|authori[sz]ed|signed\s+off)\s+by\s*:\s*(?P<v>[^;]+)", re.I
)


@dataclass
class _Outside:
    """A day whose claimed hours (from start to finish) the person's access records do not
    cover: they came in well after the start, or went out for good well before the finish."""

    person: str
    bill: _Bill
    start: datetime
    finish: datetime
    came: Item | None  # their first entry that day, when after the start
    went: Item | None  # their last exit that day, when before the finish


def _outside_window(days: list["_Outside"], claims: list[SwornClaim]) -> list[Contradiction]:
    """Rows claiming the hours from a start to a finish ("Start: 17:00; Finish: 22:00") against
    the person's access records that day: last out at 17:34 (HIGH from two such days)."""
    by_person: dict[str, list[_Outside]] = defaultdict(list)
    for day in days:
        key = next((k for k in by_person if same_party(k, day.person)), day.person)
        by_person[key].append(day)
    found: list[Contradiction] = []
    for person, outside in by_person.items():
        outside.sort(key=lambda o: o.start)
        listing = "; ".join(_outside_words(o) for o in outside[:6])
        evidence = unique_refs(
            [
                ref
                for o in outside
                for ref in [o.bill.source, *(i.source for i in (o.came, o.went) if i)]
            ],
            8,
        )
        severity = "HIGH" if len(outside) >= 2 else "MEDIUM"
        said = (
            f"{person}'s claimed hours are not covered by their own access records on "
            f"{len(outside)} day(s): {listing}."
        )
        found += _against(outside[0].bill, said, evidence, severity, claims, person, listing)
    return found


def _outside_words(o: _Outside) -> str:
    said = f"{o.start.date().isoformat()}: claimed {o.start:%H:%M}\u2013{o.finish:%H:%M}"
    if o.went is not None:
        said += f", went out at {o.went.when:%H:%M}"
    if o.came is not None:
        said += f", first came in at {o.came.when:%H:%M}"
    return said


def _outside_days(transactions: list[Transaction], items: list[Item]) -> list[_Outside]:
    access = [i for i in items if i.timed and i.kind != "transaction" and _direction(i.description)]
    paired = [
        (i, span)
        for i in items
        if i.timed
        and i.kind != "transaction"
        and not _hours(i.description)
        and (span := _paired(i)) is not None
    ]
    found: list[_Outside] = []
    for bill in _bills(transactions, items):
        came_at, went_at = _IN_FIELD.search(bill.description), _OUT_FIELD.search(bill.description)
        start = (
            _at(datetime.combine(bill.day, datetime.min.time()), came_at["t"]) if came_at else None
        )
        finish = (
            _at(datetime.combine(bill.day, datetime.min.time()), went_at["t"]) if went_at else None
        )
        if start is None or finish is None or finish <= start:
            continue
        for person in bill.people:
            log = sorted(
                (
                    i
                    for i in access
                    if i.file_id != bill.source.file_id
                    and i.when.date() == bill.day
                    and any(same_party(person, p) for p in i.people)
                ),
                key=lambda i: i.when,
            )
            if not log:
                # A log of a row a day, its "Time in" and "Time out" in their own columns.
                came, went = _paired_outside(person, bill, start, finish, paired)
                if came or went:
                    found.append(_Outside(person, bill, start, finish, came, went))
                    break
                continue
            first, last = log[0], log[-1]
            zone = first.when.tzinfo
            start, finish = start.replace(tzinfo=zone), finish.replace(tzinfo=zone)
            came = (
                first
                if _direction(first.description) == "in" and first.when - start > _LATE
                else None
            )
            went = (
                last
                if _direction(last.description) == "out" and finish - last.when > _LATE
                else None
            )
            if came or went:
                found.append(_Outside(person, bill, start, finish, came, went))
                break
    return found


_LATE = timedelta(minutes=30)


def _paired(item: Item) -> tuple[datetime, datetime] | None:
    """A row's own entry and exit ("Time in: 07:49; Time out: 17:05"), on its day."""
    came, went = _IN_FIELD.search(item.description), _OUT_FIELD.search(item.description)
    day = item.when.replace(hour=0, minute=0, second=0, microsecond=0)
    start = _at(day, came["t"]) if came else None
    end = _at(day, went["t"]) if went else None
    return (start, end) if start is not None and end is not None and start < end else None


def _paired_outside(
    person: str,
    bill: _Bill,
    start: datetime,
    finish: datetime,
    paired: list[tuple[Item, tuple[datetime, datetime]]],
) -> tuple[Item | None, Item | None]:
    """(their first entry, when after the start; their last exit, when before the finish), from
    the rows of that day's log that give both."""
    rows = [
        (i, span)
        for i, span in paired
        if i.file_id != bill.source.file_id
        and i.when.date() == bill.day
        and any(same_party(person, p) for p in i.people)
    ]
    if not rows:
        return None, None
    first = min(rows, key=lambda r: r[1][0])
    last = max(rows, key=lambda r: r[1][1])
    zone = first[0].when.tzinfo
    came_at, went_at = first[1][0], last[1][1]
    came = replace(first[0], when=came_at) if came_at - start.replace(tzinfo=zone) > _LATE else None
    went = replace(last[0], when=went_at) if finish.replace(tzinfo=zone) - went_at > _LATE else None
    return came, went


def _bills(transactions: list[Transaction], items: list[Item]) -> list[_Bill]:
    """Rows claiming hours: bills (a transaction's row) and timesheets (a dated row of hours
    whose person the row or its file names, that is no access record itself)."""
    found: list[_Bill] = []
    for tx in transactions:
        hours, day = _hours(tx.description), tx_date(tx)
        people = [p for p in (tx.to_party, tx.from_party) if p]
        if hours and day is not None and people:
            found.append(_Bill(tx.description, tx.source, day, people, hours))
    for item in items:
        if item.kind == "transaction" or not item.people or _direction(item.description):
            continue
        if hours := _hours(item.description):
            found.append(_Bill(item.description, item.source, item.when.date(), item.people, hours))
    return found


def _hours(text: str) -> float | None:
    """The hours a row claims ("Hours on site: 8.5", "Hrs: 7,5")."""
    match = _HOURS.search(text)
    return to_number(match["h"].replace(",", ".")) if match else None


def _short_days(transactions: list[Transaction], items: list[Item]) -> list[_Short]:
    found: list[_Short] = []
    access = [
        i
        for i in items
        if i.timed and i.kind != "transaction" and (_direction(i.description) or _row_span(i))
    ]
    for bill in _bills(transactions, items):
        for person in bill.people:
            theirs = [
                i
                for i in access
                if i.file_id != bill.source.file_id and any(same_party(person, p) for p in i.people)
            ]
            log = [i for i in theirs if i.when.date() == bill.day]
            ins = [i.when for i in log if _direction(i.description) == "in"]
            outs = [i.when for i in log if _direction(i.description) == "out"]
            for item in log:
                if span := _row_span(item):
                    ins.append(span[0])
                    outs.append(span[1])
            if not log and _covered(theirs, bill.day) and bill.hours >= _SHORT_HOURS:
                # The log has them on the days around it, and not on this one at all.
                found.append(_Short(person, bill.day, bill.hours, 0.0, None, None, bill, []))
                break
            if not ins or not outs or max(outs) <= min(ins):
                continue
            present = (max(outs) - min(ins)).total_seconds() / 3600
            if present < bill.hours * _SHARE and bill.hours - present >= _SHORT_HOURS:
                found.append(
                    _Short(person, bill.day, bill.hours, present, min(ins), max(outs), bill, log)
                )
                break
    return found


def _covered(log: list[Item], day: date) -> bool:
    """Whether a person's access records run from before a day to after it, in one file."""
    by_file: dict[str, list[date]] = defaultdict(list)
    for item in log:
        by_file[item.file_id].append(item.when.date())
    return any(min(days) < day < max(days) for days in by_file.values())


def _row_span(item: Item) -> tuple[datetime, datetime] | None:
    """A log row with both times ("Time in: 09:41; Time out: 12:55") on the row's day."""
    came, went = _IN_FIELD.search(item.description), _OUT_FIELD.search(item.description)
    if came is None or went is None:
        return None
    start = _at(item.when, came["t"])
    end = _at(item.when, went["t"])
    return (start, end) if start and end and end > start else None


def _at(day: datetime, clock: str) -> datetime | None:
    hours, minutes = (int(part) for part in clock.split(":")[:2])
    if hours > 23 or minutes > 59:
        return None
    return day.replace(hour=hours, minute=minutes, second=0, microsecond=0)


def _direction(description: str) -> str | None:
    field = _DIRECTION.search(description)
    text = field["v"] if field else ""
    if not text:
        return None
    if _OUT.search(text):
        return "out"
    if _IN.search(text):
        return "in"
    return None
