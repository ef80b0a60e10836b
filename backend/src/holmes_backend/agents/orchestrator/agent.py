"""The orchestrator: routes the triaged files to the domains, with a number of workers each
(PRD §4.1.1, §4.7); its plan is checked against the rule-based one (agents.phases.routing)."""

from holmes_backend.agents.orchestrator.prompt import INSTRUCTION
from holmes_backend.agents.spec import PARAMS, AgentSpec
from holmes_backend.contracts.agents import RoutingPlan

SPEC = AgentSpec(
    name="orchestrator",
    agent_type="ORCHESTRATOR",
    role="orchestrator",
    tier="pro",
    schema=RoutingPlan,
    instruction=INSTRUCTION,
    params=PARAMS,
)
