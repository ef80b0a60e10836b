"""The synthesis agent: reads every domain's findings and finds what crosses them:
contradictions, cross-modal links, evidence gaps (PRD §4.6)."""

from holmes_backend.agents.spec import PARAMS, AgentSpec
from holmes_backend.agents.synthesis.prompt import INSTRUCTION
from holmes_backend.contracts.agents import SynthesisOutput

SPEC = AgentSpec(
    name="synthesis_agent",
    agent_type="SYNTHESIS",
    role="synthesis",
    tier="pro",
    schema=SynthesisOutput,
    instruction=INSTRUCTION,
    params=PARAMS,
)
