"""job engine: procrastinate's queue tables on PostgreSQL (workers run processing jobs)

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06 02:15:00.000000

procrastinate's own schema (its jobs, workers, events tables, functions and triggers), as the
installed version ships it; SQLite runs jobs in-process and gets nothing. A later procrastinate
version whose schema changes comes with a revision applying its migration scripts
(procrastinate/sql/migrations) after this one.
"""

from collections.abc import Sequence

from alembic import op
from sqlalchemy.util import await_only

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _execute_script(sql: str) -> None:
    """Runs a multi-statement script on the raw asyncpg connection (SQLAlchemy's asyncpg
    adapter prepares each statement, which refuses several at once)."""
    raw = op.get_bind().connection.driver_connection
    assert raw is not None
    await_only(raw.execute(sql))


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    from procrastinate.schema import SchemaManager  # noqa: PLC0415

    _execute_script(SchemaManager.get_schema())


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    _execute_script(
        """
        DROP TABLE IF EXISTS procrastinate_events, procrastinate_periodic_defers,
            procrastinate_jobs, procrastinate_workers CASCADE;
        DO $$
        DECLARE f record;
        BEGIN
            FOR f IN SELECT oid::regprocedure AS sig FROM pg_proc
                     WHERE proname LIKE 'procrastinate%'
                       AND pronamespace = current_schema()::regnamespace LOOP
                EXECUTE 'DROP FUNCTION IF EXISTS ' || f.sig || ' CASCADE';
            END LOOP;
        END $$;
        DROP TYPE IF EXISTS procrastinate_job_status, procrastinate_job_event_type,
            procrastinate_job_to_defer_v1 CASCADE;
        """
    )
