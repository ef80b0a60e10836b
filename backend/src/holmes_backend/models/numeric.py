import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import Float, ForeignKey, Index, String, Text, Uuid, text
from sqlalchemy.orm import Mapped, mapped_column

from holmes_backend.db.types import JSONType, UTCDateTime
from holmes_backend.models.base import Base, case_fk, created_at, uuid_pk
from holmes_shared.enums import JobStatus


class NumericCheck(Base):
    """One relation between a document's figures, evaluated (seed 002): a total against its
    lines, a per-share figure against net income and shares, a narrative figure against its
    table. `figures` cites each figure's place; `expression` reads them by id."""

    __tablename__ = "numeric_checks"

    id: Mapped[uuid.UUID] = uuid_pk()
    case_id: Mapped[uuid.UUID] = case_fk()
    file_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("files.id", ondelete="CASCADE"), nullable=False, index=True
    )
    job_id: Mapped[uuid.UUID | None] = mapped_column(
        Uuid, ForeignKey("processing_jobs.id", ondelete="SET NULL")
    )
    # The verifier that made it (its execution record).
    execution_id: Mapped[uuid.UUID | None] = mapped_column(
        Uuid, ForeignKey("agent_executions.id", ondelete="SET NULL")
    )
    check_key: Mapped[str] = mapped_column(String(500), nullable=False)
    statement: Mapped[str] = mapped_column(String(300), nullable=False, default="")
    subject: Mapped[str] = mapped_column(String(300), nullable=False, default="")
    period: Mapped[str] = mapped_column(String(200), nullable=False, default="")
    check_type: Mapped[str] = mapped_column(String(30), nullable=False)
    expression: Mapped[str] = mapped_column(Text, nullable=False)
    computation: Mapped[str] = mapped_column(Text, nullable=False, default="")
    stated: Mapped[float | None] = mapped_column(Float)
    computed: Mapped[float | None] = mapped_column(Float)
    difference: Mapped[float | None] = mapped_column(Float)
    tolerance: Mapped[float] = mapped_column(Float, nullable=False, default=0.0)
    status: Mapped[str] = mapped_column(String(20), nullable=False, index=True)
    figures: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    suspect_figure: Mapped[str | None] = mapped_column(String(20))
    note: Mapped[str] = mapped_column(Text, nullable=False, default="")
    created_at: Mapped[datetime] = created_at()


_ACTIVE = text("status IN ('PENDING', 'PROCESSING')")


class NumericRun(Base):
    """One on-demand validation of a file's figures: a job of the job engine (jobs/numeric.py).
    Its results are the file's NumericCheck rows; this row is the job's own state."""

    __tablename__ = "numeric_runs"
    __table_args__ = (
        # At most one waiting or running validation per file, enforced by the database itself.
        Index(
            "uq_numeric_runs_one_active_per_file",
            "file_id",
            unique=True,
            postgresql_where=_ACTIVE,
            sqlite_where=_ACTIVE,
        ),
    )

    id: Mapped[uuid.UUID] = uuid_pk()
    case_id: Mapped[uuid.UUID] = case_fk()
    file_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("files.id", ondelete="CASCADE"), nullable=False, index=True
    )
    status: Mapped[str] = mapped_column(String(20), nullable=False, default=JobStatus.PENDING)
    # How it failed: the PRD §8.4 error body (code, message, details, recoverable, action).
    error: Mapped[dict[str, Any] | None] = mapped_column(JSONType)
    # The process that runs it (jobs.control.this_process(), as JSON text): embedded, a run
    # whose process is gone is launched again (jobs.numeric.resume_abandoned).
    runner: Mapped[str | None] = mapped_column(String(300))
    created_at: Mapped[datetime] = created_at()
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    completed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
