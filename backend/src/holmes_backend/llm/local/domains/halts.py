"""Said stopped, and going on: a chief executive's "As soon as I learned of it I ordered
shipments stopped" (of 20 May) against the shipment log's rows of 28 May; a trader's "We
stopped all payments to Marlow Supplies in March" against the payments of April.

- Synthesis: a witness's claim that a kind of act was stopped, halted, suspended or ceased
  ("ordered shipments stopped", "stopped all deliveries", "suspended payments to …") from the
  day the claim is of, against the dated rows of another file recording that kind of act after
  that day: the act is known by its word's stem in the row or in its file's name
  ("shipments_q1.csv"); a row recording the stop itself ("cancelled", "on hold") bears it out.
  HIGH from two rows, MEDIUM from one.
"""

import re
from datetime import datetime, time

from holmes_backend.agents.schemas import Contradiction, SwornClaim, TimedEvent
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.domains.rows import file_words, rows_between
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import parse_span

_HALTED = re.compile(
    # "shipments stopped", "all deliveries to the Harcourt depot were suspended"
    r"\b(?:all\s+)?(?P<what>[a-z]{4,}s)\b(?:\s+(?:to|for|of|from|at|with|into)\b[^.;,]{0,40}?)?"
    r"\s+(?:were\s+|was\s+|to\s+be\s+)?(?:stopped|halted|suspended|ceased|frozen|"
    r"put\s+on\s+hold)\b"
    r"|\b(?:stopped|halted|suspended|ceased|froze)\s+(?:all\s+|any\s+)?(?:further\s+)?"
    r"(?P<what2>[a-z]{4,}(?:s|ing))\b",
    re.IGNORECASE,
)
_DENIED = re.compile(r"\b(?:not|never|n['\u2019]t)\b", re.IGNORECASE)
_STOP_RECORDED = re.compile(
    r"\b(?:cancel+ed|halted|on\s+hold|stopped|suspended|withheld|recalled|returned|void)\b", re.I
)
_STEM = 5
_LISTED = 6


def _stem(word: str) -> str:
    word = word.lower()
    for ending in ("ments", "ment", "ings", "ing", "ies", "es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            word = word[: -len(ending)]
            break
    return word[:_STEM]


def halt_contradictions(
    claims: list[SwornClaim], events: list[TimedEvent], filenames: dict[str, str]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        match = _HALTED.search(said)
        span = parse_span(claim.claimed_time)
        if not claim.speaker or match is None or span is None or _DENIED.search(said):
            continue
        what = match["what"] or match["what2"]
        stem, day = _stem(what), span[0].date()
        # After the day the stop is of: rows of that kind of act, not recording the stop.
        after = [
            (when.date(), event)
            for when, event in rows_between(events, claim, datetime.combine(day, time.max))
            if not _STOP_RECORDED.search(event.description)
            and re.search(
                rf"\b{re.escape(stem)}",
                f"{event.description} {file_words(filenames, event.source.file_id)}".lower(),
            )
        ]
        if not after:
            continue
        days = sorted({d for d, _ in after})
        found.append(
            refuted(
                claim,
                unique_refs([e.source for _, e in after], _LISTED),
                f"{claim.speaker} says the {what.lower()} were stopped from {day.isoformat()}; "
                f"{len(after)} record(s) of them are dated after, the first on "
                f"{days[0].isoformat()}: {after[0][1].description[:160]}.",
                "HIGH" if len(after) > 1 else "MEDIUM",
            )
        )
    return found


__all__ = ["halt_contradictions"]
