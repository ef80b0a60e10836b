"""numeric runs: the on-demand validation of a file's figures, a job of the job engine

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-06 05:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import holmes_backend.db.types

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_ACTIVE = sa.text("status IN ('PENDING', 'PROCESSING')")


def upgrade() -> None:
    op.create_table(
        "numeric_runs",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("case_id", sa.Uuid(), nullable=False),
        sa.Column("file_id", sa.Uuid(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("error", holmes_backend.db.types.JSONType, nullable=True),
        sa.Column("runner", sa.String(length=300), nullable=True),
        sa.Column("created_at", holmes_backend.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("started_at", holmes_backend.db.types.UTCDateTime(timezone=True), nullable=True),
        sa.Column(
            "completed_at", holmes_backend.db.types.UTCDateTime(timezone=True), nullable=True
        ),
        sa.ForeignKeyConstraint(
            ["case_id"],
            ["cases.id"],
            name=op.f("fk_numeric_runs_case_id_cases"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["file_id"],
            ["files.id"],
            name=op.f("fk_numeric_runs_file_id_files"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_numeric_runs")),
    )
    with op.batch_alter_table("numeric_runs", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_numeric_runs_case_id"), ["case_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_numeric_runs_file_id"), ["file_id"], unique=False)
        batch_op.create_index(
            "uq_numeric_runs_one_active_per_file",
            ["file_id"],
            unique=True,
            postgresql_where=_ACTIVE,
            sqlite_where=_ACTIVE,
        )


def downgrade() -> None:
    with op.batch_alter_table("numeric_runs", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_numeric_runs_one_active_per_file",
            postgresql_where=_ACTIVE,
            sqlite_where=_ACTIVE,
        )
        batch_op.drop_index(batch_op.f("ix_numeric_runs_file_id"))
        batch_op.drop_index(batch_op.f("ix_numeric_runs_case_id"))
    op.drop_table("numeric_runs")
