"""event agent type

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 09:02:30.240312
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("case_events", schema=None) as batch_op:
        batch_op.add_column(sa.Column("agent_type", sa.String(length=50), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("case_events", schema=None) as batch_op:
        batch_op.drop_column("agent_type")
