"""The one Settings class: every knob comes from the environment (HOLMES_* and a few others)."""

from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

MIB = 1024 * 1024

DEFAULT_ALLOWED_MIME_TYPES: tuple[str, ...] = (
    "application/pdf",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/msword",
    "message/rfc822",
    "text/csv",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.ms-excel",
    "text/html",
    "text/plain",
    "text/markdown",
    "text/vtt",
    "application/x-subrip",
    "application/json",
    "application/xml",
    "text/xml",
    "image/jpeg",
    "image/png",
    "image/gif",
    "image/webp",
    "image/tiff",
    "image/heic",
    "audio/mpeg",
    "audio/wav",
    "audio/x-wav",
    "audio/mp4",
    "audio/ogg",
    "audio/flac",
    "audio/webm",
    "video/mp4",
    "video/quicktime",
    "video/webm",
    "video/x-matroska",
    "video/x-msvideo",
)


DEV_SECRET_KEY = "holmes-development-secret-change-me-0000000000"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="HOLMES_", extra="ignore", populate_by_name=True)

    environment: Literal["development", "test", "production"] = "development"
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)
    data_dir: Path = Path(".holmes")

    database_url: str | None = Field(
        default=None, validation_alias=AliasChoices("DATABASE_URL", "HOLMES_DATABASE_URL")
    )
    database_echo: bool = False

    storage: Literal["local", "gcs"] = "local"
    storage_dir: Path | None = None
    gcs_bucket: str | None = Field(
        default=None, validation_alias=AliasChoices("GCS_BUCKET", "HOLMES_GCS_BUCKET")
    )
    gcs_project: str | None = Field(
        default=None, validation_alias=AliasChoices("GOOGLE_CLOUD_PROJECT", "HOLMES_GCS_PROJECT")
    )
    # The storage emulator's address; google-cloud-storage itself reads STORAGE_EMULATOR_HOST.
    gcs_endpoint: str | None = Field(
        default=None, validation_alias=AliasChoices("STORAGE_EMULATOR_HOST", "HOLMES_GCS_ENDPOINT")
    )
    # A service-account key file; needed to sign URLs when no default credentials can sign.
    gcs_credentials_file: Path | None = None
    gcs_signed_urls: bool = False
    gcs_signed_url_seconds: int = Field(default=900, ge=1)

    # Auth (PRD §7.1). The default secret is refused outside development and test.
    secret_key: str = Field(default=DEV_SECRET_KEY, min_length=32)
    token_ttl_seconds: int = Field(default=12 * 3600, ge=60)
    cookie_name: str = "holmes_session"
    login_max_failures: int = Field(default=5, ge=1)
    login_window_seconds: int = Field(default=15 * 60, ge=1)
    max_json_body_bytes: int = Field(default=1 * MIB, ge=1024)
    google_client_id: str | None = None
    google_client_secret: str | None = None
    google_token_url: str = "https://oauth2.googleapis.com/token"
    google_jwks_url: str = "https://www.googleapis.com/oauth2/v3/certs"
    google_issuers: tuple[str, ...] = ("https://accounts.google.com", "accounts.google.com")

    max_upload_bytes: int = Field(default=500 * MIB, ge=1)
    max_files_per_request: int = Field(default=50, ge=1)
    upload_chunk_bytes: int = Field(default=1 * MIB, ge=64 * 1024)
    allowed_mime_types: tuple[str, ...] = DEFAULT_ALLOWED_MIME_TYPES

    @field_validator("data_dir", "storage_dir")
    @classmethod
    def _absolute(cls, value: Path | None) -> Path | None:
        return value.expanduser().resolve() if value is not None else None

    @model_validator(mode="after")
    def _no_default_secret_in_production(self) -> "Settings":
        if self.environment == "production" and self.secret_key == DEV_SECRET_KEY:
            raise ValueError("HOLMES_SECRET_KEY must be set outside development")
        return self

    @cached_property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{self.data_dir / 'holmes.db'}"

    @cached_property
    def resolved_storage_dir(self) -> Path:
        return self.storage_dir or self.data_dir / "storage"

    @property
    def is_sqlite(self) -> bool:
        return self.resolved_database_url.startswith("sqlite")
