import uuid
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from holmes_shared.enums import FileStatus, JobStatus


class ProcessIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    incremental: bool = False


class JobOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    case_id: uuid.UUID
    status: JobStatus
    incremental: bool
    current_phase: str | None
    completed_phases: list[str]
    errors: list[dict[str, Any]]
    created_at: datetime
    started_at: datetime | None
    completed_at: datetime | None


class PhaseOut(BaseModel):
    name: str
    state: str  # pending | running | completed


class FileProgressOut(BaseModel):
    id: uuid.UUID
    filename: str
    status: FileStatus
    error: str | None


class JobStatusOut(BaseModel):
    job: JobOut
    phases: list[PhaseOut]
    progress: float
    files: list[FileProgressOut]
