import uuid
from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, EmailStr, Field, StringConstraints

from holmes_backend.api.schemas.common import Storable
from holmes_backend.services.passwords import MIN_LENGTH

Username = Annotated[
    str, StringConstraints(strip_whitespace=True, pattern=r"^[A-Za-z0-9_.-]{3,64}$")
]
# The policy's other half, zxcvbn's estimate, is checked by the sign-up service.
Password = Annotated[str, StringConstraints(min_length=MIN_LENGTH, max_length=256), Storable]
Name = Annotated[str, StringConstraints(strip_whitespace=True, max_length=200), Storable]


class SignupIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    email: EmailStr
    password: Password
    name: Name | None = None
    username: Username | None = None


class LoginIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    email: Annotated[
        str, StringConstraints(strip_whitespace=True, min_length=3, max_length=320), Storable
    ]
    password: Annotated[str, StringConstraints(min_length=1, max_length=256), Storable]


class GoogleIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: Annotated[str, StringConstraints(min_length=1, max_length=2048), Storable]
    redirect_uri: Annotated[str, StringConstraints(min_length=1, max_length=2048), Storable]


class UserOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    email: str
    username: str | None
    name: str | None
    created_at: datetime


class AuthOut(BaseModel):
    access_token: str
    token_type: Literal["bearer"] = "bearer"
    expires_at: datetime
    user: UserOut = Field(description="The signed-in account")
