import uuid
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict


class GraphOut(BaseModel):
    case_id: uuid.UUID
    version: int
    nodes: list[dict[str, Any]]
    edges: list[dict[str, Any]]
    contradictions: list[dict[str, Any]]
    evidence_gaps: list[dict[str, Any]]
    cross_modal_links: list[dict[str, Any]]
    updated_at: datetime


class InsightsOut(BaseModel):
    version: int
    contradictions: list[dict[str, Any]]
    evidence_gaps: list[dict[str, Any]]
    cross_modal_links: list[dict[str, Any]]


class TimelineOut(BaseModel):
    version: int
    events: list[dict[str, Any]]


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
