import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from holmes_backend.db.types import JSONType
from holmes_backend.models.base import Base, case_fk, created_at, updated_at, uuid_pk
from holmes_shared.enums import FileStatus


class File(Base):
    __tablename__ = "files"

    id: Mapped[uuid.UUID] = uuid_pk()
    case_id: Mapped[uuid.UUID] = case_fk()
    # Key inside the configured storage backend (a GCS object name or a path under the data dir).
    storage_key: Mapped[str] = mapped_column(String(1024), nullable=False, unique=True)
    filename: Mapped[str] = mapped_column(String(255), nullable=False)
    mime_type: Mapped[str] = mapped_column(String(255), nullable=False)
    size_bytes: Mapped[int] = mapped_column(BigInteger, nullable=False)
    sha256: Mapped[str] = mapped_column(String(64), nullable=False, index=True)
    status: Mapped[str] = mapped_column(String(20), nullable=False, default=FileStatus.PENDING)
    error: Mapped[str | None] = mapped_column(Text)
    triage_metadata: Mapped[dict[str, Any] | None] = mapped_column(JSONType)
    # The file's evidence in model tokens: counted by the model (Gemini's count_tokens) or
    # estimated (llm.budget), once; None until the file is first processed.
    token_count: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = created_at()
    updated_at: Mapped[datetime] = updated_at()
