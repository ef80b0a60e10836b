"""The numeric agents' specs (seed 002): the extractor (the engine's reading of the figures,
recorded as the parent of the others), one verifier per document, the reviewer."""

from holmes_backend.agents.numeric.prompt import (
    EXTRACTOR_INSTRUCTION,
    REVIEWER_INSTRUCTION,
    VERIFIER_INSTRUCTION,
)
from holmes_backend.agents.runner import AgentSpec
from holmes_backend.numeric.schemas import ExtractorOutput, ReviewerOutput, VerifierOutput

EXTRACTOR = AgentSpec(
    "numeric_extractor",
    "NUMERIC_EXTRACTOR",
    "domain",
    "pro",
    ExtractorOutput,
    EXTRACTOR_INSTRUCTION,
    phase="numeric",
)
REVIEWER = AgentSpec(
    "numeric_reviewer",
    "NUMERIC_REVIEWER",
    "verification",
    "pro",
    ReviewerOutput,
    REVIEWER_INSTRUCTION,
    code_execution=True,
    phase="numeric_review",
)


def verifier_spec(number: int) -> AgentSpec:
    return AgentSpec(
        f"numeric_verifier_{number}",
        "NUMERIC_VERIFIER",
        "domain",
        "pro",
        VerifierOutput,
        VERIFIER_INSTRUCTION,
        phase="numeric_verify",
        worker=number,
    )
