import uuid
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from holmes_backend.api.schemas.common import SOME_TEXT, NotBlank, Storable

ChatText = Annotated[
    str, StringConstraints(min_length=1, max_length=4000, pattern=SOME_TEXT), Storable, NotBlank
]


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    message: ChatText


class CitationOut(BaseModel):
    file_id: uuid.UUID
    location: dict[str, Any]
    excerpt: str
    verified: bool | None = Field(
        default=None,
        description="Whether the excerpt was found in the source at its location (None: it "
        "could not be checked, or the answer predates the check).",
    )


class ChatMessageOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    role: str
    content: str
    citations: list[CitationOut]
    created_at: datetime
