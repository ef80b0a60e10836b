"""execution records: the model provider each agent ran on (gemini, openai_compat, local)

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06 03:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Records written before this column existed have no provider on record (NULL).
    op.add_column("agent_executions", sa.Column("provider", sa.String(length=20), nullable=True))


def downgrade() -> None:
    op.drop_column("agent_executions", "provider")
