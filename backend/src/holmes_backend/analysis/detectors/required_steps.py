"""Steps a stated rule requires with no record of them: approvals, amendments raising a cap."""

from collections.abc import Iterable

from holmes_backend.analysis.domains.gaps import approval_gaps, cap_gaps
from holmes_backend.analysis.engine import CaseFacts, detector
from holmes_backend.contracts.agents import EvidenceGap


@detector(
    "required_steps", phase="gaps", requires={"view", "caps", "missing"}, produces=EvidenceGap
)
def required_steps(facts: CaseFacts) -> Iterable[EvidenceGap]:
    yield from approval_gaps(facts.missing)
    yield from cap_gaps(facts.view, facts.caps)
