"""Splitting under a threshold a contract or policy of the case states: purchases divided so that
each stays under the limit that would have required approval or a tender."""

from collections.abc import Iterable

from holmes_backend.agents.schemas import Contradiction
from holmes_backend.analysis.domains.splits import split_contradictions, split_purchases
from holmes_backend.analysis.engine import CaseFacts, detector


@detector("thresholds", phase="contradictions", requires={"view", "held"}, produces=Contradiction)
def thresholds(facts: CaseFacts) -> Iterable[Contradiction]:
    yield from split_contradictions(split_purchases(facts.view.legal.clauses, facts.held))
