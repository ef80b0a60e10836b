"""Presence: a stated or denied place over a period against the speaker's records."""

from collections.abc import Iterable
from datetime import timedelta

from holmes_backend.analysis.domains.contradictions import place_contradictions, timeline_index
from holmes_backend.analysis.engine import CaseFacts, detector
from holmes_backend.contracts.agents import Contradiction


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
    return place_contradictions(claims, index, facts.zone, window)
