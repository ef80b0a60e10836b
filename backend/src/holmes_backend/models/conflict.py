import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import Float, ForeignKey, String, Text, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from holmes_backend.db.types import JSONType, UTCDateTime
from holmes_backend.models.base import Base, case_fk, created_at, uuid_pk
from holmes_shared.enums import ConflictStatus


class Conflict(Base):
    """New evidence disagreeing with the graph, waiting for the user (never auto-resolved)."""

    __tablename__ = "conflicts"

    id: Mapped[uuid.UUID] = uuid_pk()
    case_id: Mapped[uuid.UUID] = case_fk()
    job_id: Mapped[uuid.UUID | None] = mapped_column(
        Uuid, ForeignKey("processing_jobs.id", ondelete="SET NULL"), index=True
    )
    conflict_type: Mapped[str] = mapped_column(String(50), nullable=False)
    severity: Mapped[str] = mapped_column(String(20), nullable=False, default="MEDIUM")
    description: Mapped[str] = mapped_column(Text, nullable=False, default="")
    target_ref: Mapped[dict[str, Any]] = mapped_column(JSONType, nullable=False, default=dict)
    existing_value: Mapped[Any] = mapped_column(JSONType)
    new_value: Mapped[Any] = mapped_column(JSONType)
    existing_source: Mapped[dict[str, Any]] = mapped_column(JSONType, nullable=False, default=dict)
    new_source: Mapped[dict[str, Any]] = mapped_column(JSONType, nullable=False, default=dict)
    status: Mapped[str] = mapped_column(
        String(20), nullable=False, default=ConflictStatus.OPEN, index=True
    )
    resolution: Mapped[str | None] = mapped_column(String(20))
    resolved_value: Mapped[Any] = mapped_column(JSONType)
    # How alike the two values are (0 = unrelated, 1 = identical), for ranking and display.
    similarity: Mapped[float | None] = mapped_column(Float)
    resolved_by: Mapped[uuid.UUID | None] = mapped_column(
        Uuid, ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    created_at: Mapped[datetime] = created_at()
    resolved_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
