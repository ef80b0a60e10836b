import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, String, Text, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from holmes_backend.db.types import JSONType
from holmes_backend.models.base import Base, created_at, updated_at, uuid_pk
from holmes_shared.enums import CaseStatus


class Case(Base):
    __tablename__ = "cases"

    id: Mapped[uuid.UUID] = uuid_pk()
    user_id: Mapped[uuid.UUID | None] = mapped_column(
        Uuid, ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(200), nullable=False)
    description: Mapped[str] = mapped_column(Text, nullable=False, default="")
    status: Mapped[str] = mapped_column(String(20), nullable=False, default=CaseStatus.PENDING)
    # Working hypotheses the investigator wants every domain agent to evaluate (seed 000).
    hypotheses: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    created_at: Mapped[datetime] = created_at()
    updated_at: Mapped[datetime] = updated_at()
