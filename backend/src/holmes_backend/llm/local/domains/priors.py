"""No previous claims: a proposer's "No" to "Have you made any insurance claims in the last five
years?" against the claims history's rows naming them in those years; the same for convictions,
endorsements, accidents, county court judgments, bankruptcies, disqualifications, cautions.

- Synthesis: a denial of having any such thing (a bare "No" to the question asking it, or "I
  have never had any …" in their own words) over its period (the last N years before it was
  told, when it says so), against records of that kind naming the speaker dated in the period:
  a row or line naming them whose words, or whose file's name, are of that kind ("Claim type",
  "claims_history.csv"). HIGH from two records, MEDIUM from one.
"""

import re

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted_by
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.dates import naive, parse_span
from holmes_backend.llm.local.facts.names import same_party

# Each kind of prior by its words, and the stem a record of it carries.
_KINDS = {
    "claim": r"(?:insurance\s+)?claims?",
    "convict": r"convictions?",
    "endorse": r"endorsements?",
    "accident": r"accidents?",
    "judg": r"(?:county\s+court\s+)?judg(?:e)?ments?|ccjs?",
    "bankrupt": r"bankruptc(?:y|ies)",
    "disqualif": r"disqualifications?",
    "caution": r"cautions?",
}
_ANY = re.compile(
    r"\bany\s+(?:\w+\s+){0,2}?(?P<thing>" + "|".join(_KINDS.values()) + r")\b", re.IGNORECASE
)
_OWN = re.compile(
    r"\b(?:never|not|no)\b[^.;]{0,30}?\b(?P<thing>" + "|".join(_KINDS.values()) + r")\b", re.I
)


def _kind(thing: str) -> str | None:
    lowered = thing.lower()
    return next((stem for stem, words in _KINDS.items() if re.fullmatch(words, lowered)), None)


def prior_contradictions(
    claims: list[SwornClaim], items: list[Item], filenames: dict[str, str]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        answer = answer_of(claim)
        match = (_ANY.search(answer.question) if answer.no else None) or _OWN.search(answer.said)
        if match is None or not claim.speaker:
            continue
        stem = _kind(match["thing"])
        span = parse_span(claim.claimed_time)
        if stem is None:
            continue
        records = [
            i
            for i in items
            if i.kind != "claim"
            and i.file_id != claim.source.file_id
            and (any(same_party(claim.speaker, p) for p in i.people))
            and (stem in i.description.lower() or stem in filenames.get(i.file_id, "").lower())
            and (span is None or naive(span[0]) <= naive(i.when) <= naive(span[1]))
        ]
        if records:
            found.append(
                refuted_by(
                    claim,
                    records,
                    f"{claim.speaker} says they had no {match['thing'].lower()} then, yet "
                    f"{len(records)} record(s) of that kind name them",
                    width=90,
                )
            )
    return found


__all__ = ["prior_contradictions"]
