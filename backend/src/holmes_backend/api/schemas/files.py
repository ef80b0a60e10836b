import uuid
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from holmes_shared.enums import FileStatus


class FileOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    case_id: uuid.UUID
    filename: str
    mime_type: str
    size_bytes: int
    sha256: str
    status: FileStatus
    error: str | None
    triage_metadata: dict[str, Any] | None
    created_at: datetime
