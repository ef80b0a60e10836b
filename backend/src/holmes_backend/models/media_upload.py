import uuid
from datetime import datetime

from sqlalchemy import ForeignKey, String, UniqueConstraint, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from holmes_backend.db.types import UTCDateTime
from holmes_backend.models.base import Base, created_at, uuid_pk


class MediaUpload(Base):
    """An evidence file uploaded to a model provider's file store (Gemini's File API), so later
    requests reference it instead of sending it again, until it expires (48 h on Gemini)."""

    __tablename__ = "media_uploads"
    __table_args__ = (UniqueConstraint("file_id", "provider"),)

    id: Mapped[uuid.UUID] = uuid_pk()
    file_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("files.id", ondelete="CASCADE"), nullable=False, index=True
    )
    provider: Mapped[str] = mapped_column(String(40), nullable=False)
    name: Mapped[str] = mapped_column(String(255), nullable=False)  # "files/abc123"
    uri: Mapped[str] = mapped_column(String(1024), nullable=False)
    mime_type: Mapped[str] = mapped_column(String(255), nullable=False)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime, nullable=False)
    created_at: Mapped[datetime] = created_at()
