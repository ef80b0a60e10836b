"""Presence: a person's stated place or absence over a period, against records of theirs (a
photo's position, a card payment, a log or an e-mail they sent) placing them elsewhere then."""

from collections.abc import Iterable
from datetime import timedelta

from holmes_backend.agents.schemas import Contradiction
from holmes_backend.analysis.domains.contradictions import (
    place_contradictions,
    timeline_index,
)
from holmes_backend.analysis.engine import CaseFacts, detector


@detector(
    "presence",
    phase="contradictions",
    requires={"view", "dated", "zone", "window_minutes"},
    produces=Contradiction,
)
def presence(facts: CaseFacts) -> Iterable[Contradiction]:
    claims = facts.view.evidence.sworn_claims
    index = timeline_index(facts.dated, facts.view)
    window = timedelta(minutes=facts.window_minutes)
    yield from place_contradictions(claims, index, facts.zone, window)
