import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, Index, String, text
from sqlalchemy.orm import Mapped, mapped_column

from holmes_backend.db.types import JSONType, UTCDateTime, utcnow
from holmes_backend.models.base import Base, case_fk, created_at, updated_at, uuid_pk
from holmes_shared.enums import JobStatus

_ACTIVE = text("status IN ('PENDING', 'PROCESSING')")


class ProcessingJob(Base):
    __tablename__ = "processing_jobs"
    __table_args__ = (
        # At most one active job per case, enforced by the database itself.
        Index(
            "uq_processing_jobs_one_active_per_case",
            "case_id",
            unique=True,
            postgresql_where=_ACTIVE,
            sqlite_where=_ACTIVE,
        ),
    )

    id: Mapped[uuid.UUID] = uuid_pk()
    case_id: Mapped[uuid.UUID] = case_fk()
    status: Mapped[str] = mapped_column(String(20), nullable=False, default=JobStatus.PENDING)
    incremental: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    current_phase: Mapped[str | None] = mapped_column(String(50))
    # Phase name -> persisted output reference; a resumed job skips what is here (PRD §4.3.1).
    completed_phases: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    file_ids: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    # Every phase's output (triage, routing, domain findings, synthesis, ...): large, and read
    # only where a phase needs it, so loading a job (the status poll, the runner's bookkeeping)
    # never decodes it. Ask for it with jobs.get(..., with_states=True) or jobs.states().
    agent_states: Mapped[dict[str, Any]] = mapped_column(
        JSONType, nullable=False, default=dict, deferred=True, deferred_raiseload=True
    )
    errors: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    created_at: Mapped[datetime] = created_at()
    updated_at: Mapped[datetime] = updated_at()
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    completed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Set by the process running the job, every Settings.job_heartbeat_seconds; an active job
    # whose heartbeat is older than a few of those is abandoned and may be resumed elsewhere.
    heartbeat_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=utcnow)
