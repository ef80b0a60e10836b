"""graph facts and conflict resolution

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22 11:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_JSON = sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql")


def upgrade() -> None:
    with op.batch_alter_table("knowledge_graphs", schema=None) as batch_op:
        # Existing versions have no facts; the merge step derives them from their findings.
        batch_op.add_column(
            sa.Column("facts", _JSON, nullable=False, server_default=sa.text("'[]'"))
        )
        batch_op.add_column(sa.Column("change", _JSON, nullable=True))
    with op.batch_alter_table("conflicts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("similarity", sa.Float(), nullable=True))
        batch_op.add_column(sa.Column("resolved_by", sa.Uuid(), nullable=True))
        batch_op.create_index(batch_op.f("ix_conflicts_resolved_by"), ["resolved_by"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_conflicts_resolved_by_users"),
            "users",
            ["resolved_by"],
            ["id"],
            ondelete="SET NULL",
        )


def downgrade() -> None:
    with op.batch_alter_table("conflicts", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_conflicts_resolved_by_users"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_conflicts_resolved_by"))
        batch_op.drop_column("resolved_by")
        batch_op.drop_column("similarity")
    with op.batch_alter_table("knowledge_graphs", schema=None) as batch_op:
        batch_op.drop_column("change")
        batch_op.drop_column("facts")
