"""execution records: what the grounding check found of the agent's cited excerpts

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-06 05:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import holmes_backend.db.types

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Records written before the check have none (NULL), as do agents that cite nothing.
    op.add_column(
        "agent_executions", sa.Column("grounding", holmes_backend.db.types.JSONType, nullable=True)
    )


def downgrade() -> None:
    op.drop_column("agent_executions", "grounding")
