import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, String, Text, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from holmes_backend.db.types import JSONType, UTCDateTime
from holmes_backend.models.base import Base, case_fk, created_at, uuid_pk
from holmes_shared.enums import VerificationStatus


class Correction(Base):
    __tablename__ = "corrections"

    id: Mapped[uuid.UUID] = uuid_pk()
    case_id: Mapped[uuid.UUID] = case_fk()
    user_id: Mapped[uuid.UUID | None] = mapped_column(
        Uuid, ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    # finding | entity | relationship | message | insight; graph items have string ids.
    target_type: Mapped[str] = mapped_column(String(30), nullable=False)
    target_id: Mapped[str] = mapped_column(String(255), nullable=False)
    original_value: Mapped[Any] = mapped_column(JSONType)
    corrected_value: Mapped[Any] = mapped_column(JSONType)
    user_justification: Mapped[str] = mapped_column(Text, nullable=False, default="")
    verification_status: Mapped[str] = mapped_column(
        String(20), nullable=False, default=VerificationStatus.PENDING
    )
    verification_evidence: Mapped[dict[str, Any] | None] = mapped_column(JSONType)
    created_at: Mapped[datetime] = created_at()
    applied_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
