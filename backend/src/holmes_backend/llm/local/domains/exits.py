"""Out of the building when they say they were in it: a witness's "I administered the 22:00
dose myself" or "I remained on the ward until the end of my shift at 07:30" against their own
badge records leaving by an exit at 21:31 and coming back in at 00:12.

An access record of the speaker (a door, badge, gate or clock log naming them) says which way
they went: out ("Granted OUT", "Exit", "Clock out", "Signed out") or in. Between an out and
their next in, they were outside. A claim of theirs that puts them inside at a clock time it
gives ("the 22:00 dose"), or throughout a stretch ("until 07:30", "all night"), that falls in
such an interval is contradicted (HIGH: the records are their own badge's). So is "I did not leave
Ward 7 during my shift except for my break between 00:15 and 00:45" by a way out of Ward 7 at
01:12 (a way out within the break is what it allows). And "I was at the gym on Canal Street the
whole time" from 19:00 by the gym's entry log, whose first entry of theirs that day is at 21:48."""

import re
from datetime import datetime, timedelta, tzinfo

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item, instant
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_times, parse_span
from holmes_backend.llm.local.facts.names import same_party

_ACCESS = re.compile(
    r"\b(?:badge|door|gate|turnstile|reader|entrance|exit|swipe[ds]?|fob|access|clock(?:ed)?|"
    r"sign(?:ed)?|granted|barrier)\b|\bdirection\s*:",
    re.IGNORECASE,
)
_OUT = re.compile(
    r"\b(?:out|exit(?:ed)?|egress|left|leaving|clock(?:ed)?[ -]?out|sign(?:ed)?[ -]?out)\b"
    r"(?![ -]?(?:of\s+hours|standing|going|come))",
    re.IGNORECASE,
)
_IN = re.compile(r"\b(?:in|entry|entered|ingress|clock(?:ed)?[ -]?in|sign(?:ed)?[ -]?in)\b", re.I)
# Where the direction is written: a field named for it, else the event's own words.
_DIRECTION_FIELD = re.compile(r"\b(?:event|direction|action|status|type)\s*:\s*(?P<v>[^;]+)", re.I)
_INSIDE = re.compile(
    r"\b(?:remained|stayed|was|were|worked|administered|gave|attended|treated|checked|"
    r"saw|looked\s+after|on\s+duty|on\s+the\s+(?:ward|floor|site|premises))\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"\b(?:not|never|no)\b|n['\u2019]t\b", re.IGNORECASE)
_THROUGHOUT = re.compile(
    r"\b(?:until|till|throughout|all\s+(?:night|day|evening|shift|morning|afternoon))\b", re.I
)
_MAX_OUTSIDE = timedelta(hours=16)  # an interval longer than this is a day off, not a break
_NEVER_LEFT = re.compile(
    r"\b(?:did\s+not|didn['\u2019]t|never|not\s+once)\s+(?:leave|left|go\s+out\s+of|"
    r"step\s+out\s+of|went\s+out\s+of)\s+(?:the\s+)?(?P<place>[^,.;]{2,40}?)"
    r"(?=\s+(?:during|except|apart|other|save|aside|between|until|till|on|at|all|that|the\s+whole)"
    r"\b|[,.;]|$)",
    re.IGNORECASE,
)
_EXCEPTED = re.compile(r"\b(?:except|apart\s+from|other\s+than|save\s+for|aside\s+from)\b", re.I)
# Places whose doors are logged (leaving a house is not seen by a workplace's badge readers).
_LOGGED_PLACES = re.compile(
    r"^(?:my\s+|our\s+)?(?:building|site|premises|ward|office|unit|plant|facility|campus|"
    r"depot|warehouse|store|shop|floor|station|school|college|work|hospital|factory|yard|"
    r"clinic|surgery|laboratory|lab)$",
    re.IGNORECASE,
)
_SHIFT = timedelta(hours=12)  # how far from an excepted break the shift it excepts reaches
_SLACK = timedelta(minutes=5)


def access_contradictions(
    claims: list[SwornClaim], items: list[Item], zone: tzinfo
) -> list[Contradiction]:
    """What a speaker's own access records (ways in and out) say against their claims."""
    return (
        exit_contradictions(claims, items, zone)
        + stayed_in_contradictions(claims, items, zone)
        + late_entry_contradictions(claims, items, zone)
        + not_yet_in_contradictions(claims, items, zone)
        + left_at_contradictions(claims, items, zone)
    )


def exit_contradictions(
    claims: list[SwornClaim], items: list[Item], zone: tzinfo
) -> list[Contradiction]:
    found: list[Contradiction] = []
    outside_of: dict[str, list[tuple[Item, Item]]] = {}
    for claim in claims:
        speaker = claim.speaker
        span = parse_span(claim.claimed_time)
        start = instant(span[0].isoformat(), zone) if span else None
        body = answer_of(claim).said
        if not speaker or start is None or not _INSIDE.search(body) or _NEGATED.search(body):
            continue
        if speaker not in outside_of:
            outside_of[speaker] = _outside(speaker, items)
        intervals = [i for i in outside_of[speaker] if i[0].file_id != claim.source.file_id]
        if not intervals:
            continue
        moments = _moments(body, start)
        if not moments:
            continue  # no time of its own to hold against the records
        stretch = (start, moments[-1]) if _THROUGHOUT.search(body) else None
        hit = next(
            (
                (left, back)
                for left, back in intervals
                if any(left.when < m < back.when for m in moments)
                or (stretch and left.when < stretch[1] and back.when > stretch[0])
            ),
            None,
        )
        if hit is None:
            continue
        left, back = hit
        times = ", ".join(m.strftime("%H:%M") for m in moments)
        said = f"until {times}" if stretch else f"at {times}"
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=unique_refs([left.source, back.source], 2),
                explanation=(
                    f"{speaker} puts themselves inside {said}, yet their own access records "
                    f"have them going out at {left.when.strftime('%Y-%m-%d %H:%M')} "
                    f"({left.description[:100]}) and not back in until "
                    f"{back.when.strftime('%Y-%m-%d %H:%M')}."
                ),
                severity="HIGH",
            )
        )
    return found


def _moments(text: str, start: datetime) -> list[datetime]:
    """The clock times a claim gives, on its day (a time before the claim's start is the next
    morning's: "until the end of my shift at 07:30")."""
    found = []
    for at, _ in find_times(text):
        moment = start.replace(hour=at.hour, minute=at.minute, second=0)
        if moment < start:
            moment += timedelta(days=1)
        found.append(moment)
    return sorted(found)


def _direction(item: Item) -> str | None:
    field = _DIRECTION_FIELD.search(item.description)
    text = field["v"] if field else item.description
    if _OUT.search(text):
        return "out"
    if _IN.search(text):
        return "in"
    return None


def _outside(speaker: str, items: list[Item]) -> list[tuple[Item, Item]]:
    """(out, next in) pairs of the speaker's own access records, file by file."""
    theirs = sorted(
        (
            i
            for i in items
            if i.timed
            and i.kind != "transaction"
            and _ACCESS.search(i.description)
            and any(same_party(speaker, p) for p in i.people)
        ),
        key=lambda i: i.when,
    )
    pairs: list[tuple[Item, Item]] = []
    left: Item | None = None
    for item in theirs:
        way = _direction(item)
        if way == "out":
            left = left or item
        elif way == "in" and left is not None:
            if item.file_id == left.file_id and item.when - left.when <= _MAX_OUTSIDE:
                pairs.append((left, item))
            left = None
    return pairs


def stayed_in_contradictions(
    claims: list[SwornClaim], items: list[Item], zone: tzinfo
) -> list[Contradiction]:
    """ "I did not leave the ward (during my shift) (except for my break between A and B)"
    against the speaker's own way out of that place outside the break."""
    found: list[Contradiction] = []
    for claim in claims:
        body = answer_of(claim).said
        never = _NEVER_LEFT.search(body)
        span = parse_span(claim.claimed_time)
        if not claim.speaker or never is None or span is None:
            continue
        start, end = instant(span[0].isoformat(), zone), instant(span[1].isoformat(), zone)
        if start is None or end is None:
            continue
        place = never["place"].strip()
        excepted = _EXCEPTED.search(body, never.end())
        # The times given after "except" are the break it allows; the shift is around it.
        allowed = (start - _SLACK, end + _SLACK) if excepted else None
        window = (start - _SHIFT, end + _SHIFT) if excepted else (start, end)
        against = [
            (left, back)
            for left, back in _outside(claim.speaker, items)
            if left.file_id != claim.source.file_id
            and window[0] <= left.when <= window[1]
            and (_LOGGED_PLACES.match(place) or _names(place, left.description))
            and not (allowed and allowed[0] <= left.when and back.when <= allowed[1])
        ]
        if not against:
            continue
        left, back = against[0]
        if not _LOGGED_PLACES.match(place) and not _names(place, back.description):
            # In through another place's door ("Ground floor staff room") is not back in this
            # one: back when a way in names it again.
            back = _back_into(place, left, claim.speaker, items) or back
        besides = " outside the time it excepts" if excepted else ""
        found.append(
            refuted(
                claim,
                unique_refs([r.source for pair in against for r in pair], 6),
                f"{claim.speaker} says they did not leave {place}{besides}, yet their own "
                f"access records have them going out at {left.when.strftime('%Y-%m-%d %H:%M')}"
                f" ({left.description[:100]}) and not back in until "
                f"{back.when.strftime('%Y-%m-%d %H:%M')}.",
                "HIGH",
            )
        )
    return found


def _back_into(place: str, left: Item, speaker: str, items: list[Item]) -> Item | None:
    """The speaker's first way in after `left`, in its file, through a door naming `place`."""
    return min(
        (
            i
            for i in items
            if i.file_id == left.file_id
            and i.timed
            and left.when < i.when <= left.when + _MAX_OUTSIDE
            and _direction(i) == "in"
            and _names(place, i.description)
            and any(same_party(speaker, p) for p in i.people)
        ),
        key=lambda i: i.when,
        default=None,
    )


def _names(place: str, text: str) -> bool:
    """Whether a record names the place, as whole words ("Ward 7"; "house" is no "Gatehouse")."""
    return re.search(rf"(?<!\w){re.escape(place)}(?!\w)", text, re.IGNORECASE) is not None


_LATE = timedelta(minutes=30)  # an entry this long after the claimed start is not the same arrival
_MUCH_LATER = timedelta(hours=2)
_ENTRY = re.compile(
    r"\b(?:entry|entries|entered|check(?:ed)?[ -]?in|arrival|arrived|admitted|sign(?:ed)?[ -]?in|"
    r"granted\s+in)\b",
    re.IGNORECASE,
)


def late_entry_contradictions(
    claims: list[SwornClaim], items: list[Item], zone: tzinfo
) -> list[Contradiction]:
    """A claim of being at a place from some time against the place's entry records of the
    speaker that day, the first of which is well after it."""
    found: list[Contradiction] = []
    for claim in claims:
        span = parse_span(claim.claimed_time)
        place = (claim.claimed_place or "").strip()
        if not claim.speaker or span is None or not place or place.lower().startswith("home"):
            continue
        start = instant(span[0].isoformat(), zone)
        if start is None or span[0] == span[1] or span[1] - span[0] > timedelta(days=1):
            continue
        entries = sorted(
            (
                i
                for i in items
                if i.timed
                and i.file_id != claim.source.file_id
                and i.when.date() == start.date()
                and _ENTRY.search(i.description)
                and _names(place, i.description)
                and any(same_party(claim.speaker, p) for p in i.people)
            ),
            key=lambda i: i.when,
        )
        if not entries or entries[0].when - start <= _LATE:
            continue
        first = entries[0]
        late = first.when - start
        hours, minutes = divmod(int(late.total_seconds()) // 60, 60)
        found.append(
            refuted(
                claim,
                [first.source],
                f"{claim.speaker} says they were at {place} from "
                f"{start.strftime('%Y-%m-%d %H:%M')}; its entry records have them first "
                f"entering that day at {first.when.strftime('%H:%M')}, {hours} h {minutes:02d}"
                f" min later ({first.description[:120]}).",
                "HIGH" if late >= _MUCH_LATER else "MEDIUM",
            )
        )
    return found


# Starting work at a time: "I started at 07:30", "I arrived at work at 8", "I clocked in at 7".
_STARTED = re.compile(
    r"\b(?:started|start(?:ed)?\s+(?:work|my\s+shift)|began|arrived|got\s+(?:in|to\s+work)|"
    r"came\s+in|clocked\s+(?:in|on)|signed\s+in|was\s+(?:in|at)\s+(?:work|the\s+\w+)\s+(?:by|at|from))\b",
    re.IGNORECASE,
)


def not_yet_in_contradictions(
    claims: list[SwornClaim], items: list[Item], zone: tzinfo
) -> list[Contradiction]:
    """A claim of having started work, or of doing something inside, at a clock time of a day
    on which the speaker's own access records first have them coming in well after it, while
    the log was recording others' comings and goings from before that time: "I started at
    07:30" or "I gave him his 08:00 medication" against their badge's first entry at 09:47."""
    found: list[Contradiction] = []
    access = [
        i for i in items if i.timed and i.kind != "transaction" and _ACCESS.search(i.description)
    ]
    for claim in claims:
        span = parse_span(claim.claimed_time)
        start = instant(span[0].isoformat(), zone) if span else None
        body = answer_of(claim).said
        if not claim.speaker or start is None or _NEGATED.search(body):
            continue
        started = _STARTED.search(body)
        if not started and not _INSIDE.search(body):
            continue
        moments = [m for m in _moments(body, start) if m.date() == start.date()]
        if not moments:
            continue
        at = moments[0]
        entry = _first_entry(claim, access, at)
        if entry is None:
            continue
        late = entry.when - at
        hours, minutes = divmod(int(late.total_seconds()) // 60, 60)
        doing = "started" if started else "were inside"
        found.append(
            refuted(
                claim,
                [entry.source],
                f"{claim.speaker} says they {doing} at {at.strftime('%H:%M')} on "
                f"{at.date().isoformat()}; the access log, recording others from before then, "
                f"has their first entry that day at {entry.when.strftime('%H:%M')}, {hours} h "
                f"{minutes:02d} min later ({entry.description[:120]}).",
                "HIGH" if late >= _MUCH_LATER else "MEDIUM",
            )
        )
    return found


def _first_entry(claim: SwornClaim, access: list[Item], at: datetime) -> Item | None:
    """The speaker's first record on the day of `at`, when it is a way in more than _LATE
    after it, in a log of another file that has someone's record before `at` that day, and
    that does not have them inside already (their record before it is no way in)."""
    assert claim.speaker is not None
    by_file: dict[str, list[Item]] = {}
    for item in access:
        if item.file_id != claim.source.file_id:
            by_file.setdefault(item.file_id, []).append(item)
    for rows in by_file.values():
        rows.sort(key=lambda i: i.when)
        theirs = [i for i in rows if any(same_party(claim.speaker, p) for p in i.people)]
        that_day = [i for i in theirs if i.when.date() == at.date()]
        if not that_day or _direction(that_day[0]) != "in" or that_day[0].when - at <= _LATE:
            continue
        before = [i for i in theirs if i.when < that_day[0].when]
        if before and _direction(before[-1]) == "in":
            continue  # inside since an earlier day
        if any(i.when.date() == at.date() and i.when <= at for i in rows):
            return that_day[0]
    return None


# "I left school at 15:45", "left the office at about 5pm": the time a place was left.
_LEFT_AT = re.compile(
    r"\b(?:left|leaving)\s+(?:the\s+|my\s+|our\s+)?(?P<place>[a-z][\w-]*)\s+(?:at|by)\s+"
    r"(?:about\s+|around\s+|approximately\s+|roughly\s+)?(?=\d)",
    re.IGNORECASE,
)


def left_at_contradictions(
    claims: list[SwornClaim], items: list[Item], zone: tzinfo
) -> list[Contradiction]:
    """ "I left school at 15:45" against the speaker's own access records of that day, which
    have them coming in before then and going out only well after it (no way out within half
    an hour of the time told)."""
    found: list[Contradiction] = []
    for claim in claims:
        body = answer_of(claim).said
        left = _LEFT_AT.search(body)
        span = parse_span(claim.claimed_time)
        start = instant(span[0].isoformat(), zone) if span else None
        if not claim.speaker or left is None or start is None or _NEGATED.search(body):
            continue
        if not _LOGGED_PLACES.match(left["place"]):
            continue
        moments = [m for m in _moments(body[left.end() :], start) if m.date() == start.date()]
        if not moments:
            continue
        at = moments[0]
        theirs = sorted(
            (
                i
                for i in items
                if i.timed
                and i.kind != "transaction"
                and i.file_id != claim.source.file_id
                and i.when.date() == at.date()
                and _ACCESS.search(i.description)
                and any(same_party(claim.speaker, p) for p in i.people)
            ),
            key=lambda i: i.when,
        )
        came = [i for i in theirs if _direction(i) == "in" and i.when < at]
        outs = [i for i in theirs if _direction(i) == "out"]
        if not came or not outs or any(abs(o.when - at) <= _LATE for o in outs):
            continue
        went = next((o for o in outs if o.when > at), None)
        if went is None or any(o.when < at and o.when > came[-1].when for o in outs):
            continue  # out before the time told: the record of leaving may be that one
        late = went.when - at
        hours, minutes = divmod(int(late.total_seconds()) // 60, 60)
        found.append(
            refuted(
                claim,
                unique_refs([came[-1].source, went.source], 2),
                f"{claim.speaker} says they left {left['place']} at {at.strftime('%H:%M')} on "
                f"{at.date().isoformat()}; their own access records have them coming in at "
                f"{came[-1].when.strftime('%H:%M')} and going out only at "
                f"{went.when.strftime('%H:%M')}, {hours} h {minutes:02d} min later "
                f"({went.description[:120]}).",
                "HIGH" if late >= _MUCH_LATER else "MEDIUM",
            )
        )
    return found
