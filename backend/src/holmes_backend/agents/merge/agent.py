"""The merge agent: new evidence's graph against the case's graph, what is the same, what is new
and what conflicts (PRD §4.14, §4.15); its plan is checked and applied by agents.merge.apply, the
conflicts surfaced to the user, never resolved here (agents.merge.step)."""

from holmes_backend.agents.merge.prompt import INSTRUCTION
from holmes_backend.agents.spec import AgentSpec
from holmes_backend.contracts.agents import MergePlan

SPEC = AgentSpec(
    name="merge_agent",
    agent_type="MERGE",
    role="merge",
    tier="pro",
    schema=MergePlan,
    instruction=INSTRUCTION,
)
