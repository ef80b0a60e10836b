import uuid
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, computed_field, field_validator

from holmes_backend.agents.verification.items import with_ids
from holmes_shared.enums import FindingStatus


class GraphItemOut(BaseModel):
    """A node, edge, insight or timeline entry with every field the graph stores, and the flags
    corrections add to it."""

    model_config = ConfigDict(extra="allow")

    id: str | None = Field(
        default=None,
        description="Edges and timeline entries are numbered by position (edge_001, "
        "timeline_001) until a correction writes their ids into the graph",
    )
    stale: bool = Field(
        default=False,
        description="A correction changed something this item rests on; regenerate to refresh it",
    )
    stale_because: list[str] = Field(default=[], description="Ids of those corrections")
    corrected_by: list[str] = Field(
        default=[], description="Ids of the corrections that changed a value of this item"
    )


class GraphOut(BaseModel):
    case_id: uuid.UUID
    version: int
    nodes: list[GraphItemOut]
    edges: list[GraphItemOut]
    contradictions: list[GraphItemOut]
    evidence_gaps: list[GraphItemOut]
    cross_modal_links: list[GraphItemOut]
    updated_at: datetime

    @field_validator("edges", mode="before")
    @classmethod
    def _edge_ids(cls, value: Any) -> Any:
        return with_ids(value, "edge") if isinstance(value, list) else value


class InsightsOut(BaseModel):
    version: int
    contradictions: list[GraphItemOut]
    evidence_gaps: list[GraphItemOut]
    cross_modal_links: list[GraphItemOut]


class TimelineOut(BaseModel):
    version: int
    events: list[GraphItemOut]

    @field_validator("events", mode="before")
    @classmethod
    def _event_ids(cls, value: Any) -> Any:
        return with_ids(value, "timeline") if isinstance(value, list) else value


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


class AgentNodeOut(BaseModel):
    id: uuid.UUID
    agent_name: str
    agent_type: str
    model_name: str
    status: str
    fallback_used: bool
    fallback_model: str | None
    input_tokens: int
    output_tokens: int
    thinking_tokens: int
    thinking_traces: list[str]
    error: str | None
    started_at: datetime | None
    completed_at: datetime | None
    duration_seconds: float | None
    children: list["AgentNodeOut"]
