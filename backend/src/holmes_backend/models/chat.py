import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, String, Text, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from holmes_backend.db.types import JSONType
from holmes_backend.models.base import Base, case_fk, created_at, uuid_pk


class ChatSession(Base):
    __tablename__ = "chat_sessions"
    # One conversation per user and case: two first messages at once must not start two. A
    # unique index rather than a constraint, so SQLite adds it without rebuilding the table.
    __table_args__ = (Index("ix_chat_sessions_case_user", "case_id", "user_id", unique=True),)

    id: Mapped[uuid.UUID] = uuid_pk()
    case_id: Mapped[uuid.UUID] = case_fk()
    user_id: Mapped[uuid.UUID | None] = mapped_column(
        Uuid, ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    adk_session_id: Mapped[str] = mapped_column(String(255), nullable=False)
    created_at: Mapped[datetime] = created_at()


class Message(Base):
    __tablename__ = "messages"

    id: Mapped[uuid.UUID] = uuid_pk()
    session_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("chat_sessions.id", ondelete="CASCADE"), nullable=False, index=True
    )
    role: Mapped[str] = mapped_column(String(20), nullable=False)
    content: Mapped[str] = mapped_column(Text, nullable=False)
    citations: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    thinking_trace: Mapped[list[Any] | None] = mapped_column(JSONType)
    created_at: Mapped[datetime] = created_at()
