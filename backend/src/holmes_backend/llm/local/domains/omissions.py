"""Said it was done, recorded as not done: a carer's "I gave Mrs Iris Pollard her 22:00 dose of
Warfarin myself" on 14 February against the medication chart's row for that dose, "O - omitted",
with no one's initials in it.

- Synthesis: a claim that the speaker did a thing (gave, administered, completed, checked,
  carried out) at a time of day it gives, on the day it is of, against a record's row within half
  an hour of it about the same thing (sharing a proper word of the claim: the person, the
  medicine) that records it not done (omitted, refused, not given, missed, not done, declined,
  withheld): HIGH.
"""

import re
from datetime import datetime, timedelta

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.dates import find_times, naive, parse_span
from holmes_backend.llm.local.facts.lexicon import STOPWORDS

_DID = re.compile(
    r"\bI\s+(?:personally\s+|myself\s+)?(?:gave|administered|completed|checked|carried\s+out|"
    r"did|performed|conducted|changed|turned|fed|bathed|repositioned)\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"\b(?:not|never|no)\b|n['\u2019]t\b", re.IGNORECASE)
_NOT_DONE = re.compile(
    r"\b(?:omitted|refused|not\s+given|missed|not\s+done|declined|withheld|not\s+administered|"
    r"not\s+completed|not\s+carried\s+out|skipped)\b",
    re.IGNORECASE,
)
_PROPER = re.compile(r"\b[A-Z][a-z]{3,}\b")
_NEAR = timedelta(minutes=30)


def _proper(text: str) -> set[str]:
    return {w.lower() for w in _PROPER.findall(text)} - STOPWORDS


def omission_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        span = parse_span(claim.claimed_time)
        match = _DID.search(said)
        times = find_times(said)
        if match is None or _NEGATED.search(said) or span is None or not times:
            continue
        moment = datetime.combine(span[0].date(), times[0][0])
        words = _proper(said[match.end() :])
        rows = [
            i
            for i in items
            if i.kind not in ("claim", "transaction", "document")
            and i.file_id != claim.source.file_id
            and i.timed
            and abs(naive(i.when) - moment) <= _NEAR
            and words & _proper(i.description)
            and _NOT_DONE.search(i.description)
        ]
        if rows:
            found.append(
                refuted(
                    claim,
                    [i.source for i in rows],
                    f"{claim.speaker or 'The witness'} says they did it at "
                    f"{moment:%Y-%m-%d %H:%M}; the record of that time has it not done: "
                    f"{rows[0].description[:160]}.",
                    "HIGH",
                )
            )
    return found


__all__ = ["omission_contradictions"]
