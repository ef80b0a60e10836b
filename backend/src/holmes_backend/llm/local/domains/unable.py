"""Unable since a day, and doing it after: a claimant's "Since the accident I have not been able
to play football or go to the gym" (the accident of 4 May) against the league's match records of
23 May and 6 June naming him as a player with 90 and 78 minutes played.

- Synthesis: a witness's claim that since a day, or an event of a day ("since the accident"),
  they have not been able to do, or have not done, an activity, against the dated rows of
  another file after that day that name the witness and record that activity: its own words
  ("play", "football", "gym", "swim") in the row or its file's name. HIGH from two rows, MEDIUM
  from one.
"""

import re
from datetime import date, datetime, time

from holmes_backend.agents.schemas import Contradiction, SwornClaim, TimedEvent
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.domains.rows import file_words, rows_between
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import parse_span
from holmes_backend.llm.local.facts.lexicon import STOPWORDS
from holmes_backend.llm.local.facts.names import same_party

_SINCE_UNABLE = re.compile(
    r"\bsince\b[^.;]{0,60}?\b(?:have\s+not|haven['\u2019]t|had\s+not|hadn['\u2019]t|"
    r"could\s+not|couldn['\u2019]t|cannot|can['\u2019]t)\s+(?:been\s+able\s+to\s+)?"
    r"(?P<acts>[a-z][a-z ,'-]{2,80}?)(?=\s+(?:because|due|as|owing|since)\b|[.;]|$)",
    re.IGNORECASE,
)
# Words of what is done, not of the doing: "go to the gym" is the gym.
_LIGHT = frozenset(("go", "goes", "going", "went", "been", "able", "do", "did", "any", "the"))
_LISTED = 6


def _act_words(acts: str) -> set[str]:
    words = re.findall(r"[a-z]{3,}", acts.lower())
    return {w[:5] for w in words if w not in STOPWORDS and w not in _LIGHT}


def unable_contradictions(
    claims: list[SwornClaim], events: list[TimedEvent], filenames: dict[str, str]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        match = _SINCE_UNABLE.search(said)
        span = parse_span(claim.claimed_time)
        if not claim.speaker or match is None or span is None:
            continue
        start: date = span[0].date()
        acts = _act_words(match["acts"])
        done = [
            event
            for _, event in rows_between(events, claim, datetime.combine(start, time.max))
            if any(same_party(claim.speaker, p) for p in event.people)
            and _records(acts, f"{event.description} {file_words(filenames, event.source.file_id)}")
        ]
        if not done:
            continue
        found.append(
            refuted(
                claim,
                unique_refs([e.source for e in done], _LISTED),
                f"{claim.speaker} says they have not been able to {match['acts'].strip()} since "
                f"{start.isoformat()}; {len(done)} record(s) after it have them doing so, first: "
                f"{done[0].description[:160]}.",
                "HIGH" if len(done) > 1 else "MEDIUM",
            )
        )
    return found


def _records(acts: set[str], text: str) -> bool:
    """Whether a row's words begin with an activity's ("played" of "play", "football")."""
    words = re.findall(r"[a-z]{3,}", text.lower())
    return any(word.startswith(act) for word in words for act in acts)


__all__ = ["unable_contradictions"]
