"""A witness's claim against the records that contradict it: the one shape every rule that holds
a sworn claim against the evidence builds."""

from holmes_backend.contracts.agents import Contradiction, Severity, SourceRef, SwornClaim

_MAX_EVIDENCE = 6


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
