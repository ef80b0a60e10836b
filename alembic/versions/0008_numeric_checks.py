"""numeric checks: each relation between a financial document's figures, evaluated

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05 23:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import holmes_backend.db.types

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "numeric_checks",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("case_id", sa.Uuid(), nullable=False),
        sa.Column("file_id", sa.Uuid(), nullable=False),
        sa.Column("job_id", sa.Uuid(), nullable=True),
        sa.Column("execution_id", sa.Uuid(), nullable=True),
        sa.Column("check_key", sa.String(length=500), nullable=False),
        sa.Column("statement", sa.String(length=300), nullable=False),
        sa.Column("subject", sa.String(length=300), nullable=False),
        sa.Column("period", sa.String(length=200), nullable=False),
        sa.Column("check_type", sa.String(length=30), nullable=False),
        sa.Column("expression", sa.Text(), nullable=False),
        sa.Column("computation", sa.Text(), nullable=False),
        sa.Column("stated", sa.Float(), nullable=True),
        sa.Column("computed", sa.Float(), nullable=True),
        sa.Column("difference", sa.Float(), nullable=True),
        sa.Column("tolerance", sa.Float(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("figures", holmes_backend.db.types.JSONType, nullable=False),
        sa.Column("suspect_figure", sa.String(length=20), nullable=True),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("created_at", holmes_backend.db.types.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["case_id"],
            ["cases.id"],
            name=op.f("fk_numeric_checks_case_id_cases"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["file_id"],
            ["files.id"],
            name=op.f("fk_numeric_checks_file_id_files"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["job_id"],
            ["processing_jobs.id"],
            name=op.f("fk_numeric_checks_job_id_processing_jobs"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["execution_id"],
            ["agent_executions.id"],
            name=op.f("fk_numeric_checks_execution_id_agent_executions"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_numeric_checks")),
    )
    with op.batch_alter_table("numeric_checks", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_numeric_checks_case_id"), ["case_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_numeric_checks_file_id"), ["file_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_numeric_checks_status"), ["status"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("numeric_checks", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_numeric_checks_status"))
        batch_op.drop_index(batch_op.f("ix_numeric_checks_file_id"))
        batch_op.drop_index(batch_op.f("ix_numeric_checks_case_id"))
    op.drop_table("numeric_checks")
