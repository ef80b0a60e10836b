"""execution records: cached tokens and cost (USD) of every attempt; files: evidence tokens

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-06 05:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Records written before these columns existed read as no cached tokens and no cost.
    op.add_column(
        "agent_executions",
        sa.Column("cached_tokens", sa.Integer(), nullable=False, server_default="0"),
    )
    op.add_column(
        "agent_executions",
        sa.Column("cost_usd", sa.Float(), nullable=False, server_default="0"),
    )
    # Counted (or estimated) once, when the file is first processed.
    op.add_column("files", sa.Column("token_count", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("files", "token_count")
    op.drop_column("agent_executions", "cost_usd")
    op.drop_column("agent_executions", "cached_tokens")
