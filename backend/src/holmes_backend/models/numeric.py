import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import Float, ForeignKey, String, Text, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from holmes_backend.db.types import JSONType
from holmes_backend.models.base import Base, case_fk, created_at, uuid_pk


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
