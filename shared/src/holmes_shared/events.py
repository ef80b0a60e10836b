"""Event types of the per-case event log (PRD §3.1-3.4, §7.2) and their envelope."""

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field


class EventType(StrEnum):
    PROCESSING_STARTED = "PROCESSING_STARTED"
    AGENT_SPAWNED = "AGENT_SPAWNED"
    AGENT_STARTED = "AGENT_STARTED"
    AGENT_PROGRESS = "AGENT_PROGRESS"
    THINKING_UPDATE = "THINKING_UPDATE"
    TOOL_INVOKED = "TOOL_INVOKED"
    AGENT_COMPLETED = "AGENT_COMPLETED"
    AGENT_ERROR = "AGENT_ERROR"
    AGENT_FALLBACK = "AGENT_FALLBACK"
    AGENT_TIMEOUT = "AGENT_TIMEOUT"
    # How many of an agent's cited excerpts were found in their sources (agents.grounding).
    GROUNDING_CHECKED = "GROUNDING_CHECKED"
    INSIGHT_DETECTED = "INSIGHT_DETECTED"
    GRAPH_UPDATED = "GRAPH_UPDATED"
    CHAT_TOKEN = "CHAT_TOKEN"
    CHAT_COMPLETE = "CHAT_COMPLETE"
    CORRECTION_VERIFIED = "CORRECTION_VERIFIED"
    CONFLICT_DETECTED = "CONFLICT_DETECTED"
    CONFLICT_RESOLVED = "CONFLICT_RESOLVED"
    STALE_ITEMS_MARKED = "STALE_ITEMS_MARKED"
    # An applied correction carried through a full re-analysis (or reported when it could not be).
    CORRECTION_REAPPLIED = "CORRECTION_REAPPLIED"
    PARTIAL_COMPLETE = "PARTIAL_COMPLETE"
    PROCESSING_DELAYED = "PROCESSING_DELAYED"
    PROCESSING_COMPLETED = "PROCESSING_COMPLETED"
    PROCESSING_FAILED = "PROCESSING_FAILED"
    FILES_UPLOADED = "FILES_UPLOADED"
    FILE_DELETED = "FILE_DELETED"


class EventEnvelope(BaseModel):
    """One logged event; ``id`` is the log's monotonically increasing id and the SSE id."""

    id: int
    case_id: str
    type: EventType
    agent_id: str | None = None
    agent_type: str | None = None
    timestamp: datetime
    payload: dict[str, Any] = Field(default_factory=dict)
