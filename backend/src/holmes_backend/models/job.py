import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, ForeignKey, Index, String, Uuid, text
from sqlalchemy.orm import Mapped, mapped_column, relationship

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
    # Every phase's output (triage, routing, domain findings, synthesis, ...), a row per key in
    # job_states: large, and read only where a phase needs it, so loading a job (the status
    # poll, the runner's bookkeeping) never decodes it, and updating the job's row (status,
    # phases, heartbeat: many times a run) never rewrites it. Load it with
    # jobs.get(..., with_states=True) or jobs.states(); write a key with jobs.set_state().
    states: Mapped[list["JobState"]] = relationship(lazy="raise", passive_deletes=True)
    errors: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    created_at: Mapped[datetime] = created_at()
    updated_at: Mapped[datetime] = updated_at()
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    completed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Set by the process running the job, every Settings.job_heartbeat_seconds; an active job
    # whose heartbeat is older than a few of those is abandoned and may be resumed elsewhere.
    heartbeat_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=utcnow)

    @property
    def agent_states(self) -> dict[str, Any]:
        """The job's phase outputs by key (its `states`, loaded)."""
        return {state.key: state.value for state in self.states}


class JobState(Base):
    """One phase output of a job: agent_states' value for one key."""

    __tablename__ = "job_states"

    job_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("processing_jobs.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[Any] = mapped_column(JSONType, nullable=False)
