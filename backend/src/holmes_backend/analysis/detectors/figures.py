"""Stated against recorded figures: one reference (invoice, order, contract) with different
amounts in two files, net and gross told apart; payments above a contractual cap."""

from collections.abc import Iterable

from holmes_backend.agents.schemas import Contradiction
from holmes_backend.analysis.domains.contradictions import document_contradictions
from holmes_backend.analysis.domains.stated import detail_contradictions, stated_contradictions
from holmes_backend.analysis.engine import CaseFacts, detector


@detector("figures", phase="contradictions", requires={"view", "caps"}, produces=Contradiction)
def figures(facts: CaseFacts) -> Iterable[Contradiction]:
    findings = facts.view.financial.findings
    yield from document_contradictions(facts.view, facts.caps)
    yield from stated_contradictions(findings)
    yield from detail_contradictions(findings)
