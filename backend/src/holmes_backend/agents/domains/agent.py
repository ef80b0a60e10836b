"""The domain agents (Financial, Legal, Evidence, Strategy: PRD §4.4), one spec per domain and
work unit, and the per-domain merge of several workers' outputs (PRD §4.7, agents.domains.merge).
"""

from typing import cast

from google.adk.tools.base_tool import BaseTool
from pydantic import BaseModel

from holmes_backend.agents.domains.prompt import INSTRUCTIONS, MERGE_INSTRUCTION, TOOLS
from holmes_backend.agents.spec import AgentSpec
from holmes_backend.contracts.agents import (
    DomainMergePlan,
    DomainName,
    EvidenceOutput,
    FinancialOutput,
    LegalOutput,
    StrategyOutput,
)

DOMAIN_SCHEMAS: dict[str, type[BaseModel]] = {
    "financial": FinancialOutput,
    "legal": LegalOutput,
    "evidence": EvidenceOutput,
    "strategy": StrategyOutput,
}
# The domains that read no other domain's findings (strategy reads theirs, so it runs after).
INDEPENDENT_DOMAINS = ("financial", "legal", "evidence")


def spec(domain: str, tools: tuple[BaseTool, ...] = ()) -> AgentSpec:
    """The domain's agent; given tools, its instruction says what they are for."""
    instruction = INSTRUCTIONS[domain]
    return AgentSpec(
        name=f"{domain}_agent",
        agent_type=domain.upper(),
        role="domain",
        tier="pro",
        schema=DOMAIN_SCHEMAS[domain],
        instruction=f"{instruction}\n\n{TOOLS}" if tools else instruction,
        tools=tools,
        domain=cast(DomainName, domain),
    )


def merge_spec(domain: str) -> AgentSpec:
    """The agent that plans the merge of the domain's workers' outputs (PRD §4.7's
    "<domain>_synthesis"): which of their items are the same and which disagree."""
    return AgentSpec(
        name=f"{domain}_synthesis",
        agent_type=domain.upper(),
        role="domain",
        tier="pro",
        schema=DomainMergePlan,
        instruction=MERGE_INSTRUCTION.format(domain=domain),
    )
