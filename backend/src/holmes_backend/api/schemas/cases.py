import uuid
from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from holmes_backend.api.schemas.common import Storable
from holmes_shared.enums import CaseStatus

CaseName = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200), Storable
]
Hypothesis = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=2000), Storable
]
Description = Annotated[str, StringConstraints(max_length=20_000), Storable]


class CaseCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: CaseName
    description: Description = Field(default="", description="Case context")
    hypotheses: list[Hypothesis] = Field(default_factory=list, max_length=100)


class CaseOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    name: str
    description: str
    status: CaseStatus
    hypotheses: list[str]
    file_count: int
    created_at: datetime
    updated_at: datetime
