"""An agent's spec: who it is (name, type, role, phase), which model tier it runs on first, the
schema it answers in, its instruction, tools and typed settings. Each agent folder's `agent.py`
builds its own; `agents.runner.run_agent` runs any of them."""

from dataclasses import dataclass
from typing import Any

from google.adk.tools.base_tool import BaseTool
from pydantic import BaseModel

from holmes_backend.config import Settings
from holmes_backend.contracts.agents import AgentParams, DomainName
from holmes_backend.contracts.events import AgentPhase
from holmes_backend.llm.gemini import AgentRole, Tier
from holmes_backend.llm.provider import model_for

# The agents' settings, stated in their prompts and handed to their models as typed values.
PARAMS = AgentParams()

_ROLE_PHASES: dict[str, AgentPhase] = {
    "orchestrator": "routing",
    "triage": "triage",
    "domain": "domains",
    "synthesis": "synthesis",
    "knowledge_graph": "graph",
    "chat": "chat",
    "verification": "verification",
    "merge": "graph_merge",
}


@dataclass(frozen=True)
class AgentSpec:
    name: str  # unique within the job: "financial_agent", "legal_worker_2", ...
    agent_type: str  # ORCHESTRATOR | TRIAGE | FINANCIAL | LEGAL | EVIDENCE | STRATEGY | ...
    role: AgentRole
    tier: Tier
    schema: type[BaseModel]
    instruction: str
    # Gemini's code execution (the model runs Python it writes): the numeric reviewer's.
    code_execution: bool = False
    # Function tools the model may call (tools/, bound to the job's case and evidence).
    tools: tuple[BaseTool, ...] = ()
    # Settings the model gets as typed values (llm.params), beside what the prompt states.
    params: AgentParams | None = None
    # Who the agent is, said outright on its events (contracts.events.AgentPayload): its phase
    # (by default its role's), its domain, and which of several workers it is (1-based).
    phase: AgentPhase | None = None
    domain: DomainName | None = None
    worker: int | None = None

    def identity(self) -> dict[str, Any]:
        phase = self.phase or _ROLE_PHASES.get(self.role)
        return {"phase": phase, "domain": self.domain, "worker": self.worker}


def tiers_of(spec: AgentSpec) -> list[Tier]:
    """Pro first and Flash when Pro fails; a Flash agent has nothing to fall back to."""
    return [spec.tier] + (["flash"] if spec.tier == "pro" else [])


def model_name(tier: Tier, settings: Settings) -> str:
    model = model_for(tier, settings)
    return model if isinstance(model, str) else model.model
