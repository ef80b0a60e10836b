"""A witness's claim against the records that contradict it: the one shape every rule that holds
a sworn claim against the evidence builds."""

from holmes_backend.agents.schemas import Contradiction, Severity, SourceRef, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.facts.cite import unique_refs

_MAX_EVIDENCE = 6
_LISTED = 3


def refuted(
    claim: SwornClaim, evidence: list[SourceRef], why: str, severity: Severity
) -> Contradiction:
    """The claim (its words and where it was made) against at most six records, and why."""
    return Contradiction(
        claim=claim.claim,
        claim_source=claim.source,
        evidence_against=evidence[:_MAX_EVIDENCE],
        explanation=why,
        severity=severity,
    )


def refuted_by(
    claim: SwornClaim, records: list[Item], says: str, width: int = 100
) -> Contradiction:
    """The claim against dated records of the case: what they say (`says`), then the first of
    them by time; HIGH from two records, MEDIUM from one."""
    records = sorted(records, key=lambda i: i.when)
    listed = "; ".join(f"{i.at()[:16]} {i.description[:width]}" for i in records[:_LISTED])
    return refuted(
        claim,
        unique_refs([i.source for i in records], _MAX_EVIDENCE),
        f"{says}: {listed.rstrip('.')}.",
        "HIGH" if len(records) >= 2 else "MEDIUM",
    )
