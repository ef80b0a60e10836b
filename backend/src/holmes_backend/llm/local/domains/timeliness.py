"""Done within the time: a landlord's "I protected the deposit within 30 days of receiving it"
against the protection certificate's "Date deposit received by landlord: 28/01/2026" and "Date
protected: 14/05/2026", 106 days on.

- Synthesis: a claim that something was done (its verb: protected, reported, registered,
  notified, repaired …) within so many days, weeks or months of something else, against a dated
  entry of another file recording that act ("Date protected: …", "Reported on …"): from the day
  the claim gives, else the day the same record gives for what it counts from ("received"),
  else the claim's own day; later than the time stated is a contradiction (HIGH: the record of
  the act itself).
- "I reported the accident to my supervisor, Jane Holt, straight away" (immediately, at once,
  the same day) against the record of that report on a later day ("Reported to: Jane Holt
  (Supervisor) on 4 February 2026"): the record must name someone the claim names, or what was
  done (the accident).
"""

import re
from datetime import date, timedelta

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.domains.timeline import people_in
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.dates import find_period, parse_span
from holmes_backend.llm.local.facts.lexicon import STOPWORDS
from holmes_backend.llm.local.facts.names import same_party

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_NUMBERS |= {"ten": 10, "fourteen": 14, "twenty-one": 21, "twenty-eight": 28, "thirty": 30}
_NUMBERS |= {"fifteen": 15, "twenty": 20, "forty-five": 45, "sixty": 60, "an": 1, "a": 1}
_WITHIN = re.compile(
    r"\b(?P<verb>[a-z]{4,}ed|seen|given|taken|done|sent|made|shown)\b[^.;]{0,100}?\bwithin\s+"
    r"(?:the\s+)?(?P<n>\d{1,3}|"
    + "|".join(_NUMBERS)
    + r")\s+(?:working\s+|calendar\s+|clear\s+)?(?P<unit>days?|weeks?|months?|minutes?|mins?|"
    r"hours?|hrs?)\s+(?:of|after|from)\s+(?P<rest>[^.;,]{3,80})",
    re.IGNORECASE,
)
_REFERENT = re.compile(r"\s*\[[^\]\[]{2,60}\]")
_DAYS = {"day": 1, "week": 7, "month": 31}
_CLOCK = {"min": timedelta(minutes=1), "hour": timedelta(hours=1), "hr": timedelta(hours=1)}
_STEM = 6


def _stem(word: str) -> str:
    return word.lower()[:_STEM]


def timeliness_contradictions(
    claims: list[SwornClaim], items: list[Item], filenames: dict[str, str]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        # "triaged him [Mr. Luca Moretti] within …": whom a pronoun is, set aside.
        said = _REFERENT.sub("", answer_of(claim).said)
        match = _WITHIN.search(said)
        if match is None and claim.speaker and (at_once := _AT_ONCE.search(said)):
            found += _not_at_once(claim, at_once, items, filenames)
        if match is None or not claim.speaker:
            continue
        raw = match["n"].lower()
        count = int(raw) if raw.isdigit() else _NUMBERS[raw]
        unit = match["unit"].lower().rstrip("s")
        if (clock := _CLOCK.get(unit.removesuffix("ute"))) is not None:
            found += _late_by_the_clock(claim, match, count * clock, items)
            continue
        allowed = timedelta(days=count * _DAYS[unit])
        verb = _stem(match["verb"])
        # "Date protected: …", "Protected on …", "Minutes sent to employee on …"
        act = re.compile(
            rf"\bdate\s+[^:;]{{0,40}}?\b{verb}\w*|\b{verb}\w*\b[^.;:]{{0,30}}?\b(?:on|date)\b",
            re.IGNORECASE,
        )
        done = [
            i
            for i in items
            if i.kind != "claim" and i.file_id != claim.source.file_id and act.search(i.description)
        ]
        for record in done:
            start = _start(claim, match, record, items)
            if start is not None and record.when.date() - start > allowed:
                late = (record.when.date() - start).days
                found.append(
                    refuted(
                        claim,
                        [record.source],
                        f"{claim.speaker} says it was {match['verb'].lower()} within {count} "
                        f"{match['unit'].lower()} of {match['rest'].strip()}, yet the record of it "
                        f"dates it {record.when.date().isoformat()}, {late} days after "
                        f"{start.isoformat()}.",
                        "HIGH",
                    )
                )
                break
    return found


_AT_ONCE = re.compile(
    r"\b(?P<verb>[a-z]{4,}ed|told|sent|made)\s+(?P<what>[^.;]{0,60}?)\b(?P<when>straight\s+away|"
    r"immediately|at\s+once|right\s+away|(?:on\s+)?the\s+same\s+day|that\s+(?:same\s+)?day)\b",
    re.IGNORECASE,
)


def _not_at_once(
    claim: SwornClaim, at_once: re.Match[str], items: list[Item], filenames: dict[str, str]
) -> list[Contradiction]:
    """Done "straight away", against the record of the act on a later day."""
    span = parse_span(claim.claimed_time)
    if span is None:
        return []
    day = span[0].date()
    verb = _stem(at_once["verb"])
    # "Reported on 6 July", "Date and time of report: 06/07/2026 14:20"
    act = re.compile(
        rf"\b{verb}\w*\b[^.;]{{0,60}}?\b(?:on|date)\b|\bdate\b[^.;:]{{0,30}}?\b{verb}\w*\b", re.I
    )
    named = [p for p in people_in(at_once["what"]) if not same_party(p, claim.speaker or "")]
    things = {w for w in re.findall(r"[a-z]{5,}", at_once["what"].lower()) if w not in STOPWORDS}
    for record in sorted(items, key=lambda i: i.when.replace(tzinfo=None)):
        if record.kind == "claim" or record.file_id == claim.source.file_id:
            continue
        if not act.search(record.description) or record.when.date() <= day:
            continue
        named_file = filenames.get(record.file_id, "")
        words = set(re.findall(r"[a-z]{5,}", f"{record.description} {named_file}".lower()))
        if not (any(same_party(p, q) for p in named for q in record.people) or things & words):
            continue
        late = (record.when.date() - day).days
        return [
            refuted(
                claim,
                [record.source],
                f"{claim.speaker} says it was {at_once['verb'].lower()} "
                f"{' '.join(at_once['when'].lower().split())}, on {day.isoformat()}; the record of "
                f"it dates it {record.when.date().isoformat()}, {late} day(s) later.",
                "HIGH",
            )
        ]
    return []


def _late_by_the_clock(
    claim: SwornClaim, match: re.Match[str], allowed: timedelta, items: list[Item]
) -> list[Contradiction]:
    """Minutes and hours: "I triaged him within 15 minutes of his arrival" against a timed
    record of the act ("Triage started 21:52") and the same record's time of what it counts
    from ("Ambulance arrival 21:10"), the last such before the act; of the person the claim is
    about when the records name people."""
    act = re.compile(rf"\b{_stem(match['verb'])}", re.IGNORECASE)
    words = [w for w in re.findall(r"[a-z]{4,}", match["rest"].lower()) if w not in STOPWORDS]
    if not words:
        return []
    about = [p for p in people_in(claim.claim) if not same_party(p, claim.speaker or "")]
    timed = [
        i
        for i in items
        if i.timed
        and i.kind != "claim"
        and i.file_id != claim.source.file_id
        and (not about or not i.people or any(same_party(a, p) for a in about for p in i.people))
    ]
    for record in sorted((i for i in timed if act.search(i.description)), key=lambda i: i.when):
        before = [
            i.when
            for i in timed
            if i.file_id == record.file_id
            and i is not record
            and i.when <= record.when
            and any(re.search(rf"\b{_stem(w)}", i.description, re.IGNORECASE) for w in words)
        ]
        if not before:
            continue
        start = max(before)
        if record.when - start > allowed:
            minutes = int((record.when - start).total_seconds() // 60)
            return [
                refuted(
                    claim,
                    [record.source],
                    f"{claim.speaker}: {match['verb'].lower()} within {match['n']} "
                    f"{match['unit'].lower()} of {match['rest'].strip()}; yet the record has it "
                    f"at {record.when:%H:%M} on {record.when.date().isoformat()}, "
                    f"{minutes} minutes after {start:%H:%M}.",
                    "HIGH",
                )
            ]
        return []
    return []


def _start(claim: SwornClaim, match: re.Match[str], record: Item, items: list[Item]) -> date | None:
    """The day the time counts from: the claim's own ("within 30 days of 28 January"), else the
    record's for the same thing ("Date deposit received: …"), else the claim's day."""
    span = parse_span(claim.claimed_time)
    told = span[1].date() if span else None
    if days := find_period(match["rest"], told):
        return days[0]
    words = [w for w in re.findall(r"[a-z]{4,}", match["rest"].lower()) if w not in STOPWORDS]
    same = [
        i
        for i in items
        if i.file_id == record.file_id
        and i is not record
        and any(re.search(rf"\b{_stem(w)}", i.description, re.IGNORECASE) for w in words)
    ]
    if same:
        return min(i.when.date() for i in same)
    return span[0].date() if span else None


__all__ = ["timeliness_contradictions"]
