"""A witness's word that they never did something after, or before, an hour of the day ("Never
after 10pm [asked: Have you ever messaged her late at night?]", "I never call clients before
8am") against the lines they wrote at such hours in a chat or a message log.

A line counts when its one writer is the witness (a chat line names its writer alone) and its
time of day is past the hour ("after 10pm": from 22:00 to the small hours, before 05:00); HIGH
from two such lines, MEDIUM for one."""

import re
from datetime import time

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_times
from holmes_backend.llm.local.facts.names import same_party

_NEVER_PAST = re.compile(
    r"\b(?:never|not|no\w*)\b[^.;?]{0,40}?\b(?P<side>after|past|later\s+than|before|earlier\s+than)"
    r"\s+(?P<at>\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?\s?m\b\.?)?|midnight)",
    re.IGNORECASE,
)
# What is written: the acts a chat or message log records.
_WRITES = re.compile(
    r"\b(?:messag\w*|text\w*|whats\s?app\w*|chat\w*|e-?mail\w*|wr(?:o|i)te|contact\w*)\b", re.I
)
_SMALL_HOURS = time(5)
_EVENING = time(18)
_LISTED = 3


def _hour(text: str) -> time | None:
    if text.lower().startswith("midnight"):
        return time(0)
    times = find_times(text)
    if times:
        return times[0][0]
    bare = re.fullmatch(r"\s*(\d{1,2})\s*", text)
    return time(int(bare[1])) if bare and int(bare[1]) < 24 else None


def _past(at: time, hour: time, after: bool) -> bool:
    if not after:
        return _SMALL_HOURS <= at < hour if hour > _SMALL_HOURS else at < hour
    if hour >= _EVENING:
        return at >= hour or at < _SMALL_HOURS  # "after 10pm" runs into the small hours
    return at >= hour


def hour_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        match = _NEVER_PAST.search(claim.claim)
        if match is None or not claim.speaker or not _WRITES.search(claim.claim):
            continue
        hour = _hour(match["at"])
        if hour is None:
            continue
        after = match["side"].lower() in ("after", "past", "later than")
        written = sorted(
            (
                i
                for i in items
                if i.timed
                and i.kind == "document"
                and len(i.people) == 1
                and i.file_id != claim.source.file_id
                and same_party(claim.speaker, i.people[0])
                and _past(i.when.time(), hour, after)
            ),
            key=lambda i: i.when,
        )
        if not written:
            continue
        side = "after" if after else "before"
        listed = "; ".join(i.description[:100] for i in written[:_LISTED])
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=unique_refs([i.source for i in written], 20),
                explanation=(
                    f"{claim.speaker} says they never wrote {side} {hour:%H:%M}, yet "
                    f"{len(written)} line(s) of theirs were written then: {listed}."
                ),
                severity="HIGH" if len(written) >= 2 else "MEDIUM",
            )
        )
    return found
