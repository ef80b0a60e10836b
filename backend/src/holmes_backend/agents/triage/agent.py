"""The triage agent: reads a preview of each file and says what it is and which domains it
concerns (PRD §4.4); many files a request, Flash only."""

from holmes_backend.agents.spec import AgentSpec
from holmes_backend.agents.triage.prompt import INSTRUCTION
from holmes_backend.contracts.agents import TriageResult

SPEC = AgentSpec(
    name="triage_agent",
    agent_type="TRIAGE",
    role="triage",
    tier="flash",
    schema=TriageResult,
    instruction=INSTRUCTION,
)
