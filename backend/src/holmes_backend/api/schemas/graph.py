import uuid
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, computed_field

from holmes_backend.contracts.agents import DomainName
from holmes_backend.contracts.events import AgentPhase
from holmes_backend.contracts.graph import (
    ContradictionOut,
    CrossModalLinkOut,
    EdgeOut,
    EvidenceGapOut,
    NodeOut,
    TimelineEventOut,
)
from holmes_shared.enums import FindingStatus


class GraphOut(BaseModel):
    case_id: uuid.UUID
    version: int
    nodes: list[NodeOut]
    edges: list[EdgeOut]
    contradictions: list[ContradictionOut]
    evidence_gaps: list[EvidenceGapOut]
    cross_modal_links: list[CrossModalLinkOut]
    updated_at: datetime


class InsightsOut(BaseModel):
    version: int
    contradictions: list[ContradictionOut]
    evidence_gaps: list[EvidenceGapOut]
    cross_modal_links: list[CrossModalLinkOut]


class TimelineOut(BaseModel):
    version: int
    events: list[TimelineEventOut]


class FindingOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    file_id: uuid.UUID | None
    agent_id: str
    domain: str
    finding_type: str
    title: str
    summary: str
    content: dict[str, Any]
    source_location: dict[str, Any]
    confidence: float
    status: str
    version: int
    superseded_by: uuid.UUID | None
    created_at: datetime

    @computed_field(description="A correction changed a source value this finding draws on")  # type: ignore[prop-decorator]
    @property
    def stale(self) -> bool:
        return self.status == FindingStatus.STALE


class CaseCostOut(BaseModel):
    """What a case's model calls cost, over all its execution records."""

    total_usd: float
    budget_usd: float | None = Field(
        description="The spend past which no new model call is made (HOLMES_CASE_BUDGET_USD)"
    )
    executions: int
    input_tokens: int
    cached_tokens: int
    output_tokens: int
    thinking_tokens: int
    by_model_usd: dict[str, float]


class GroundingOut(BaseModel):
    """What the check of an agent run's cited excerpts against their sources found."""

    citations: int = Field(description="Citations checked against their source's text")
    held: int = Field(description="Of those, the ones whose excerpt is at the cited location")
    unchecked: int = Field(description="Citations of files without text or not read in the job")
    items: int = Field(description="Items (findings, transactions, ...) with a checked citation")
    failed: int = Field(description="Items with a citation that did not hold, first answer")
    reasked: int = Field(description="Items sent back to the model once")
    fixed: int = Field(description="Re-asked items whose citations then held")
    unverified: int = Field(description="Items kept and shown unverified")
    dropped: int = Field(description="Items the re-ask left out")


class AgentNodeOut(BaseModel):
    id: uuid.UUID
    agent_name: str
    agent_type: str
    phase: AgentPhase | None = Field(
        default=None, description="The stage the agent works in; null on older records"
    )
    domain: DomainName | None = Field(default=None, description="A domain agent's domain")
    worker: int | None = Field(
        default=None, description="1-based: one of several workers sharing a domain's work"
    )
    model_name: str
    provider: str | None = Field(
        description="The model provider the agent ran on: gemini, openai_compat (a model the "
        "user serves) or local (the offline analyst); null on records older than the field"
    )
    status: str
    fallback_used: bool
    fallback_model: str | None
    grounding: GroundingOut | None = Field(
        description="The grounding check of the run's citations; null when none was made"
    )
    input_tokens: int = Field(description="Input tokens of every attempt, cached ones included")
    output_tokens: int
    thinking_tokens: int
    cached_tokens: int = Field(description="Of the input tokens, those read from a context cache")
    cost_usd: float = Field(
        description="Every attempt's usage priced from the server's price table (USD); 0 for a "
        "model without a price (a local one)"
    )
    thinking_traces: list[str]
    error: str | None
    started_at: datetime | None
    completed_at: datetime | None
    duration_seconds: float | None
    children: list["AgentNodeOut"]
