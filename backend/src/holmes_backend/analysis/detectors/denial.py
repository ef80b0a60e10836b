"""Denial: denials of contact, payment or interest against records linking the two."""

from collections.abc import Iterable

from holmes_backend.analysis.domains.contradictions import denial_contradictions
from holmes_backend.analysis.domains.interests import (
    address_contradictions,
    interest_contradictions,
)
from holmes_backend.analysis.engine import CaseFacts, detector
from holmes_backend.contracts.agents import Contradiction


@detector(
    "denial", phase="contradictions", requires={"view", "dated", "held"}, produces=Contradiction
)
def denial(facts: CaseFacts) -> Iterable[Contradiction]:
    view = facts.view
    claims = view.evidence.sworn_claims
    yield from denial_contradictions(claims, facts.dated, facts.held)
    yield from interest_contradictions(view)
    yield from address_contradictions(view)
