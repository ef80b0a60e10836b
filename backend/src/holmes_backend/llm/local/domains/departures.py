"""A witness's word that they left a place at a time and went elsewhere ("I left the party at
about 21:00 and went straight home") against others' accounts and records placing them there
later that night: a guest's "Leo Marsh was still at the party at 22:30", the barmaid's "at about
22:45 I … saw Leo Marsh arguing with Callum Reid in the car park" (her statement is of the Red
Lion, where his own statement puts the party).

The place left is the word the claim names ("the party") and the venues the speaker's own
statement gives it ("Amy Chen's birthday party at the Red Lion"): names of more than one word
that are not people (a town alone would place them at their hotel as well). Records count from a
quarter of an hour after the time left until the small hours; a record naming the speaker that
names the place, or comes from a file about that venue (a doorman's statement of "the Anchor
Tavern"), contradicts: HIGH from two files or more, MEDIUM from one.
"""

import re
from collections import defaultdict
from datetime import datetime, time, timedelta

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.people import ORGANIZATIONS_NAMED
from holmes_backend.llm.local.domains.timeline import places_in
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import parse_span
from holmes_backend.llm.local.facts.names import find_names, same_party

_LEFT_FOR = re.compile(
    r"\bleft\s+(?:the\s+|my\s+|our\s+|that\s+|his\s+|her\s+)?(?:[\w'-]+\s+){0,2}?"
    r"(?P<place>[a-z][\w-]{2,})\b[^.;]{0,40}?\b(?:and|then)\s+(?:I\s+)?"
    r"(?:went|headed|drove|walked|cycled|got\s+a\s+taxi|took\s+a\s+taxi|caught\s+a\s+bus)\s+"
    r"(?:straight\s+|directly\s+|back\s+)?(?:home|back|to)\b",
    re.IGNORECASE,
)
_AFTER = timedelta(minutes=15)
_NIGHT_ENDS = time(4)
_LISTED = 3


def _places(claim: SwornClaim, word: str, claims: list[SwornClaim]) -> list[str]:
    """The place word, with the venues the speaker's own statement gives it."""
    places = [word]
    for other in claims:
        if other.source.file_id == claim.source.file_id and re.search(
            rf"\b{re.escape(word)}\b", other.claim, re.IGNORECASE
        ):
            named = [n.text for n in find_names(other.claim) if n.kind != "person"]
            named += places_in(other.claim)
            places += [name.lower() for name in named if len(name.split()) > 1]
    return list(dict.fromkeys(places))


def _venues(findings: list[Finding]) -> dict[str, set[str]]:
    """The organisations each file names (a statement about a venue names it)."""
    named: dict[str, set[str]] = defaultdict(set)
    for finding in findings:
        if finding.finding_type == ORGANIZATIONS_NAMED:
            for ref in finding.sources[:1]:
                named[ref.file_id] |= {e.lower() for e in finding.entities}
    return named


def departure_contradictions(
    claims: list[SwornClaim], items: list[Item], findings: list[Finding]
) -> list[Contradiction]:
    venues = _venues(findings)
    found: list[Contradiction] = []
    for claim in claims:
        left = _LEFT_FOR.search(claim.claim)
        span = parse_span(claim.claimed_time) if left else None
        if left is None or span is None or not span[2] or not claim.speaker:
            continue
        speaker = claim.speaker
        places = _places(claim, left["place"].lower(), claims)
        start = span[0].replace(tzinfo=None) + _AFTER
        end = datetime.combine(start.date() + timedelta(days=1), _NIGHT_ENDS)
        there = sorted(
            (
                item
                for item in items
                if item.timed
                and item.file_id != claim.source.file_id
                and start <= item.when.replace(tzinfo=None) <= end
                and any(same_party(speaker, p) for p in item.people)
                and any(
                    place in (item.place or "").lower()
                    or place in venues.get(item.file_id, ())
                    or re.search(rf"\b{re.escape(place)}\b", item.description, re.IGNORECASE)
                    for place in places
                )
            ),
            key=lambda item: item.when,
        )
        if not there:
            continue
        files = {item.file_id for item in there}
        listed = "; ".join(f"{i.at()}: {i.description[:120].rstrip('.')}" for i in there[:_LISTED])
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=unique_refs([item.source for item in there], 20),
                explanation=(
                    f"{speaker} says they left the {left['place'].lower()} at "
                    f"{span[0]:%H:%M} on {span[0]:%Y-%m-%d}, yet {len(there)} account(s) or "
                    f"record(s) place them there later: {listed}."
                ),
                severity="HIGH" if len(files) >= 2 else "MEDIUM",
            )
        )
    return found
