import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import Index, String
from sqlalchemy.orm import Mapped, mapped_column

from holmes_backend.db.types import BigIntPK, JSONType
from holmes_backend.models.base import Base, case_fk, created_at


class CaseEvent(Base):
    """The per-case event log; ``id`` only grows and doubles as the SSE event id."""

    __tablename__ = "case_events"
    __table_args__ = (
        Index("ix_case_events_case_id_id", "case_id", "id"),
        # AUTOINCREMENT: SQLite must never reuse the id of a deleted row.
        {"sqlite_autoincrement": True},
    )

    id: Mapped[int] = mapped_column(BigIntPK, primary_key=True, autoincrement=True)
    case_id: Mapped[uuid.UUID] = case_fk()
    type: Mapped[str] = mapped_column(String(50), nullable=False)
    agent_id: Mapped[str | None] = mapped_column(String(100))
    agent_type: Mapped[str | None] = mapped_column(String(50))
    payload: Mapped[dict[str, Any]] = mapped_column(JSONType, nullable=False, default=dict)
    created_at: Mapped[datetime] = created_at()
