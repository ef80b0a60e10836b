"""The knowledge-graph agent: the case's entities and relationships from the domain outputs and
synthesis (PRD §4.4); new evidence on an existing graph is drawn as a delta and merged
(agents.merge)."""

from holmes_backend.agents.knowledge_graph.prompt import INSTRUCTION
from holmes_backend.agents.spec import AgentSpec
from holmes_backend.contracts.agents import GraphOutput

SPEC = AgentSpec(
    name="knowledge_graph_agent",
    agent_type="KNOWLEDGE_GRAPH",
    role="knowledge_graph",
    tier="pro",
    schema=GraphOutput,
    instruction=INSTRUCTION,
)
