"""What a witness says did not happen in a period, against the records of it happening: "There
were no pump failures in July" against a maintenance log's "21/07/2026 - P2 failed again", "we
had no complaints about the noise in 2025" against a complaints register's rows of that year.

- Synthesis: a claim that no occurrence of a kind (failures, breakdowns, faults, leaks, spills,
  incidents, accidents, complaints, outages, injuries, overflows, alarms) happened, in the
  period it gives, against the dated records of another file in that period that tell one: the
  kind's own word ("failed", "broke down", "leaking"), and the thing it happened to when the
  claim names one ("pump"), in the record or in the line of its file that introduces the tag the
  record uses ("Lagoon return pump P2 tripped" for "P2 failed again"). HIGH from two records,
  MEDIUM from one.
"""

import re

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted_by
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.dates import naive, parse_span

# The kinds of occurrence, each with the words a record tells one with.
_KINDS: dict[str, str] = {
    "failure": r"fail(?:s|ed|ing|ures?)?",
    "breakdown": r"broke(?:n)?\s+down|break(?:s|ing)?\s+down|breakdowns?",
    "fault": r"fault(?:s|y|ed)?",
    "leak": r"leak(?:s|ed|ing|age)?",
    "spill": r"spill(?:s|ed|t|ing|age)?",
    "incident": r"incidents?",
    "accident": r"accidents?|collided|collision",
    "complaint": r"complain(?:s|ed|ts?|ing)?",
    "outage": r"outages?|power\s+cut|went\s+down",
    "injur": r"injur(?:y|ies|ed)",
    "overflow": r"overflow(?:s|ed|ing)?|overtopp(?:ed|ing)",
    "alarm": r"alarms?",
}
_HEAD = "|".join(("injur(?:y|ies)" if kind == "injur" else f"{kind}s?") for kind in _KINDS)
_NONE_HAPPENED = re.compile(
    r"\b(?:there\s+(?:were|was|have\s+been|had\s+been|has\s+been)\s+no|(?:we|I)\s+(?:had|have\s+had|"
    r"experienced|recorded|received)\s+no|no)\s+"
    rf"(?P<thing>(?:[a-z][\w-]*\s+){{0,2}}?)(?P<head>{_HEAD})\b",
    re.IGNORECASE,
)
_NOT_THING = re.compile(r"^(?:other|further|more|such|known|reported|recorded|major|serious)$")
# A tag a record names a thing by: "P2", "Pump 3", "CB-14", "Unit 7".
_TAG = re.compile(r"\b[A-Z]{1,3}-?\d{1,4}\b")


def occurrence_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        match = _NONE_HAPPENED.search(said)
        span = parse_span(claim.claimed_time)
        if not claim.speaker or match is None or span is None:
            continue
        kind = next(k for k in _KINDS if match["head"].lower().startswith(k))
        told = re.compile(rf"\b(?:{_KINDS[kind]})\b", re.IGNORECASE)
        things = [w.lower() for w in match["thing"].split() if not _NOT_THING.match(w.lower())]
        records = [
            item
            for item in items
            if item.kind != "claim"
            and item.file_id != claim.source.file_id
            and naive(span[0]) <= naive(item.when) <= naive(span[1])
            and told.search(item.description)
            and _of_thing(item, things, items)
        ]
        if records:
            happened = f"{match['thing']}{match['head']}".strip()
            found.append(
                refuted_by(
                    claim,
                    records,
                    f"{claim.speaker} says there were no {happened} then, yet "
                    f"{len(records)} record(s) tell of one",
                )
            )
    return found


def _of_thing(item: Item, things: list[str], items: list[Item]) -> bool:
    """Whether the record is of the thing the claim names (any thing when it names none): by
    its word, or by a tag the record uses that its file introduces with that word."""
    if not things:
        return True
    words = re.compile(rf"\b(?:{'|'.join(re.escape(t) for t in things)})s?\b", re.IGNORECASE)
    if words.search(item.description):
        return True
    tags = set(_TAG.findall(item.description))
    return any(
        other.file_id == item.file_id
        and tags & set(_TAG.findall(other.description))
        and words.search(other.description)
        for other in items
    )


__all__ = ["occurrence_contradictions"]
