"""media uploads: evidence files held in a model provider's file store (Gemini's File API)
with their expiry, so they are referenced again until they expire and uploaded again after

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-06 05:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from holmes_backend.db.types import UTCDateTime

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "media_uploads",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("file_id", sa.Uuid(), nullable=False),
        sa.Column("provider", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("uri", sa.String(length=1024), nullable=False),
        sa.Column("mime_type", sa.String(length=255), nullable=False),
        sa.Column("expires_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["file_id"],
            ["files.id"],
            name=op.f("fk_media_uploads_file_id_files"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_media_uploads")),
        sa.UniqueConstraint("file_id", "provider", name=op.f("uq_media_uploads_file_id")),
    )
    op.create_index(op.f("ix_media_uploads_file_id"), "media_uploads", ["file_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_media_uploads_file_id"), table_name="media_uploads")
    op.drop_table("media_uploads")
