"""Absent documents: what the evidence refers to or says is missing that the case lacks."""

from collections.abc import Iterable

from holmes_backend.analysis.domains.gaps import absent_document_gaps
from holmes_backend.analysis.engine import CaseFacts, detector
from holmes_backend.contracts.agents import EvidenceGap


@detector("absent_documents", phase="gaps", requires={"view"}, produces=EvidenceGap)
def absent_documents(facts: CaseFacts) -> Iterable[EvidenceGap]:
    return absent_document_gaps(facts.view)
