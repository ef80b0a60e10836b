"""Key claims (a time and a place) that no contradiction or record of the speaker's tests."""

from collections.abc import Iterable

from holmes_backend.analysis.domains.contradictions import corroborated
from holmes_backend.analysis.domains.gaps import claim_gaps
from holmes_backend.analysis.engine import CaseFacts, detector
from holmes_backend.contracts.agents import EvidenceGap


@detector(
    "uncorroborated",
    phase="gaps",
    requires={"view", "dated", "zone", "contradictions"},
    produces=EvidenceGap,
)
def uncorroborated(facts: CaseFacts) -> Iterable[EvidenceGap]:
    tested = {
        (c.claim_source.file_id, c.claim_source.line, c.claim_source.page)
        for c in facts.contradictions
    }
    tested |= corroborated(facts.view, facts.dated, facts.zone)
    return claim_gaps(facts.view, tested)
