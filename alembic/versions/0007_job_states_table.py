"""job states in their own table

A job's agent_states (every phase's output, megabytes for a large case) lived in a column of the
job's row. SQLite rewrites a whole row on any update, so each status, phase note and heartbeat
of a running job rewrote them (about 4 ms per update for 2 MB, measured), and setting one key
rewrote the document. Each key is now a row of job_states.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26 06:20:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import holmes_backend.db.types

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = holmes_backend.db.types.JSONType


def _jobs() -> sa.TableClause:
    return sa.table("processing_jobs", sa.column("id", sa.Uuid()), sa.column("agent_states", JSON))


def _states() -> sa.TableClause:
    return sa.table(
        "job_states",
        sa.column("job_id", sa.Uuid()),
        sa.column("key", sa.String(64)),
        sa.column("value", JSON),
    )


_FK = "fk_job_states_job_id_processing_jobs"


def upgrade() -> None:
    # The foreign key comes last: on SQLite, dropping the column rebuilds processing_jobs, and
    # the rebuild's DROP TABLE would cascade to every state row already copied.
    op.create_table(
        "job_states",
        sa.Column("job_id", sa.Uuid(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("value", JSON, nullable=False),
        sa.PrimaryKeyConstraint("job_id", "key", name=op.f("pk_job_states")),
    )
    bind = op.get_bind()
    jobs, states = _jobs(), _states()
    for job_id, values in bind.execute(sa.select(jobs.c.id, jobs.c.agent_states)).all():
        rows = [{"job_id": job_id, "key": k, "value": v} for k, v in (values or {}).items()]
        if rows:
            bind.execute(states.insert(), rows)
    _drop_states_column()
    with op.batch_alter_table("job_states", schema=None) as batch_op:
        batch_op.create_foreign_key(
            op.f(_FK), "processing_jobs", ["job_id"], ["id"], ondelete="CASCADE"
        )


def _drop_states_column() -> None:
    # Not a batch rebuild on SQLite: its DROP TABLE would cascade to the rows that reference
    # processing_jobs (every execution record deleted, findings' and conflicts' job unset).
    # SQLite drops a column in place since 3.35.
    if op.get_bind().dialect.name == "sqlite":
        op.execute("ALTER TABLE processing_jobs DROP COLUMN agent_states")
    else:
        op.drop_column("processing_jobs", "agent_states")


def downgrade() -> None:
    with op.batch_alter_table("job_states", schema=None) as batch_op:
        batch_op.drop_constraint(op.f(_FK), type_="foreignkey")
    # Added in place (no rebuild, see _drop_states_column); its default stays, as SQLite needs
    # one to add a NOT NULL column and removing it would mean a rebuild.
    op.add_column(
        "processing_jobs",
        sa.Column("agent_states", JSON, nullable=False, server_default=sa.text("'{}'")),
    )
    bind = op.get_bind()
    jobs, states = _jobs(), _states()
    collected: dict[object, dict[str, object]] = {}
    for job_id, key, value in bind.execute(
        sa.select(states.c.job_id, states.c.key, states.c.value)
    ).all():
        collected.setdefault(job_id, {})[key] = value
    for job_id, values in collected.items():
        bind.execute(jobs.update().where(jobs.c.id == job_id).values(agent_states=values))
    op.drop_table("job_states")
