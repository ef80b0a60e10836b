"""The numeric agents' specs (seed 002): the extractor (the engine's reading of the figures,
recorded as the parent of the others), one verifier per document, the reviewer."""

from holmes_backend.agents.numeric.prompt import REVIEWER_INSTRUCTION, VERIFIER_INSTRUCTION
from holmes_backend.agents.runner import AgentSpec
from holmes_backend.numeric.schemas import ExtractorOutput, ReviewerOutput, VerifierOutput

EXTRACTOR = AgentSpec(
    name="numeric_extractor",
    agent_type="NUMERIC_EXTRACTOR",
    role="domain",
    tier="pro",
    schema=ExtractorOutput,
    # Never sent: the figures are read by the engine (agents.numeric.step), not a model.
    instruction="",
    phase="numeric",
)
REVIEWER = AgentSpec(
    name="numeric_reviewer",
    agent_type="NUMERIC_REVIEWER",
    role="verification",
    tier="pro",
    schema=ReviewerOutput,
    instruction=REVIEWER_INSTRUCTION,
    code_execution=True,
    phase="numeric_review",
)


def verifier_spec(number: int) -> AgentSpec:
    return AgentSpec(
        name=f"numeric_verifier_{number}",
        agent_type="NUMERIC_VERIFIER",
        role="domain",
        tier="pro",
        schema=VerifierOutput,
        instruction=VERIFIER_INSTRUCTION,
        phase="numeric_verify",
        worker=number,
    )
