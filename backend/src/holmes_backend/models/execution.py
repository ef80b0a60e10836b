import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, Text, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from holmes_backend.db.types import JSONType, UTCDateTime
from holmes_backend.models.base import Base, case_fk, created_at, uuid_pk
from holmes_shared.enums import ExecutionStatus


class AgentExecution(Base):
    """One agent run (seed 000): the audit chain follows parent_execution_id."""

    __tablename__ = "agent_executions"

    id: Mapped[uuid.UUID] = uuid_pk()
    case_id: Mapped[uuid.UUID] = case_fk()
    job_id: Mapped[uuid.UUID | None] = mapped_column(
        Uuid, ForeignKey("processing_jobs.id", ondelete="CASCADE"), index=True
    )
    parent_execution_id: Mapped[uuid.UUID | None] = mapped_column(
        Uuid, ForeignKey("agent_executions.id", ondelete="SET NULL"), index=True
    )
    agent_name: Mapped[str] = mapped_column(String(100), nullable=False)
    agent_type: Mapped[str] = mapped_column(String(50), nullable=False)
    model_name: Mapped[str] = mapped_column(String(100), nullable=False)
    # gemini | openai_compat | local (Settings.resolved_llm_provider); None on older records.
    provider: Mapped[str | None] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(20), nullable=False, default=ExecutionStatus.PENDING)
    input_data: Mapped[dict[str, Any] | None] = mapped_column(JSONType)
    output_data: Mapped[dict[str, Any] | None] = mapped_column(JSONType)
    error: Mapped[str | None] = mapped_column(Text)
    input_tokens: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    output_tokens: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    thinking_tokens: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    # Of input_tokens, those read from a context cache (billed at the cached price).
    cached_tokens: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    # Every attempt's usage priced from Settings.llm_prices (USD); 0 on an unpriced model.
    cost_usd: Mapped[float] = mapped_column(Float, nullable=False, default=0.0)
    thinking_traces: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    fallback_used: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    fallback_model: Mapped[str | None] = mapped_column(String(100))
    # What agents.grounding found of the run's cited excerpts (GroundingCounts); None when its
    # output was not checked (an agent that cites nothing, or a record older than the check).
    grounding: Mapped[dict[str, Any] | None] = mapped_column(JSONType)
    created_at: Mapped[datetime] = created_at()
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    completed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
