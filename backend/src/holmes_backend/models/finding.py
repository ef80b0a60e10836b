import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import Float, ForeignKey, Integer, String, Text, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from holmes_backend.db.types import JSONType
from holmes_backend.models.base import Base, case_fk, created_at, uuid_pk
from holmes_shared.enums import FindingStatus


class Finding(Base):
    __tablename__ = "findings"

    id: Mapped[uuid.UUID] = uuid_pk()
    case_id: Mapped[uuid.UUID] = case_fk()
    # Null for findings that rest on several files (synthesis); those cite them in source_location.
    file_id: Mapped[uuid.UUID | None] = mapped_column(
        Uuid, ForeignKey("files.id", ondelete="CASCADE"), index=True
    )
    job_id: Mapped[uuid.UUID | None] = mapped_column(
        Uuid, ForeignKey("processing_jobs.id", ondelete="SET NULL"), index=True
    )
    agent_id: Mapped[str] = mapped_column(String(100), nullable=False)
    domain: Mapped[str] = mapped_column(String(30), nullable=False, index=True)
    finding_type: Mapped[str] = mapped_column(String(50), nullable=False, default="observation")
    title: Mapped[str] = mapped_column(String(500), nullable=False, default="")
    summary: Mapped[str] = mapped_column(Text, nullable=False, default="")
    content: Mapped[dict[str, Any]] = mapped_column(JSONType, nullable=False, default=dict)
    entities: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    relationships: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    source_location: Mapped[dict[str, Any]] = mapped_column(JSONType, nullable=False, default=dict)
    confidence: Mapped[float] = mapped_column(Float, nullable=False, default=0.0)
    cross_modal_links: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    superseded_by: Mapped[uuid.UUID | None] = mapped_column(
        Uuid, ForeignKey("findings.id", ondelete="SET NULL")
    )
    status: Mapped[str] = mapped_column(
        String(20), nullable=False, default=FindingStatus.INTERIM, index=True
    )
    created_at: Mapped[datetime] = created_at()
