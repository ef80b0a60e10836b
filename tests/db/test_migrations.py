"""The Alembic migrations are the schema: same result on SQLite and PostgreSQL, and reversible."""

import uuid
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from holmes_backend.config import Settings
from holmes_backend.db.engine import create_engine
from holmes_backend.db.migrate import downgrade, upgrade
from holmes_backend.db.types import JSONType, UTCDateTime
from holmes_backend.models import Base, JobState
from holmes_backend.models.chunk import is_unmodelled
from tests.db.tables import case_row, cases

EXPECTED_TABLES = {
    "users",
    "cases",
    "files",
    "findings",
    "knowledge_graphs",
    "chat_sessions",
    "messages",
    "processing_jobs",
    "job_states",
    "corrections",
    "agent_executions",
    "conflicts",
    "case_events",
    "revoked_tokens",
    "evidence_chunks",
    "numeric_checks",
    "media_uploads",
    "numeric_runs",
}

QUEUE_TABLES = {
    "procrastinate_jobs",
    "procrastinate_workers",
    "procrastinate_events",
    "procrastinate_periodic_defers",
}


async def _table_names(settings: Settings) -> list[str]:
    engine = create_engine(settings)
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(lambda c: inspect(c).get_table_names())
    finally:
        await engine.dispose()


async def _tables(settings: Settings) -> set[str]:
    names = await _table_names(settings)
    return {n for n in names if not is_unmodelled(n, "table")} - {"alembic_version"}


async def _queue_tables(settings: Settings) -> set[str]:
    return {n for n in await _table_names(settings) if n.startswith("procrastinate_")}


async def _model_drift(settings: Settings) -> list[object]:
    engine = create_engine(settings)
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(
                lambda c: compare_metadata(
                    MigrationContext.configure(
                        c,
                        opts={
                            "compare_type": True,
                            "include_name": lambda name, type_, parents: (
                                not is_unmodelled(name, type_, parents)
                            ),
                        },
                    ),
                    Base.metadata,
                )
            )
    finally:
        await engine.dispose()


async def test_upgrade_creates_every_table_and_matches_the_models(fresh_database_url: str) -> None:
    settings = Settings(database_url=fresh_database_url, environment="test")
    assert await _tables(settings) == set()

    await upgrade(settings)

    assert await _tables(settings) == EXPECTED_TABLES
    assert await _model_drift(settings) == []
    # The job queue's tables on PostgreSQL; SQLite runs jobs in-process and has none.
    assert await _queue_tables(settings) == (set() if settings.is_sqlite else QUEUE_TABLES)


async def test_downgrade_removes_everything_and_upgrade_again_works(
    fresh_database_url: str,
) -> None:
    settings = Settings(database_url=fresh_database_url, environment="test")
    await upgrade(settings)
    await downgrade(settings)
    assert await _tables(settings) == set()
    assert await _queue_tables(settings) == set()
    await upgrade(settings)
    assert await _tables(settings) == EXPECTED_TABLES


async def test_job_states_move_to_their_own_rows_and_back(fresh_database_url: str) -> None:
    settings = Settings(database_url=fresh_database_url, environment="test")
    await upgrade(settings, "0006")
    case_id, job_id, now = uuid.uuid4(), uuid.uuid4(), datetime.now(UTC)
    states = {"triage": [{"file_id": "a", "score": 0.5}], "regenerate": {"stale": 2}, "n": 3}
    jobs = sa.table(
        "processing_jobs",
        sa.column("id", sa.Uuid()),
        sa.column("case_id", sa.Uuid()),
        sa.column("status", sa.String()),
        sa.column("incremental", sa.Boolean()),
        *(sa.column(n, JSONType) for n in ("completed_phases", "file_ids", "errors")),
        sa.column("agent_states", JSONType),
        sa.column("created_at", UTCDateTime()),
        sa.column("updated_at", UTCDateTime()),
    )
    executions = sa.table(
        "agent_executions",
        *(sa.column(n, sa.Uuid()) for n in ("id", "case_id", "job_id")),
        *(sa.column(n, sa.String()) for n in ("agent_name", "agent_type", "model_name", "status")),
        *(sa.column(n, JSONType) for n in ("input_data", "output_data", "thinking_traces")),
        *(sa.column(n, sa.Integer()) for n in ("input_tokens", "output_tokens", "thinking_tokens")),
        sa.column("fallback_used", sa.Boolean()),
        sa.column("created_at", UTCDateTime()),
    )
    engine = create_engine(settings)
    try:
        async with engine.begin() as connection:
            await connection.execute(cases.insert().values(case_row(case_id, now, name="m")))
            await connection.execute(
                jobs.insert().values(
                    id=job_id,
                    case_id=case_id,
                    status="READY",
                    incremental=False,
                    completed_phases=[],
                    file_ids=[],
                    errors=[],
                    agent_states=states,
                    created_at=now,
                    updated_at=now,
                )
            )
            await connection.execute(
                executions.insert().values(
                    id=uuid.uuid4(),
                    case_id=case_id,
                    job_id=job_id,
                    agent_name="triage_agent",
                    agent_type="TRIAGE",
                    model_name="m",
                    status="COMPLETED",
                    input_data={},
                    output_data={},
                    thinking_traces=[],
                    input_tokens=0,
                    output_tokens=0,
                    thinking_tokens=0,
                    fallback_used=False,
                    created_at=now,
                )
            )
        await upgrade(settings)
        async with engine.connect() as connection:
            rows = await connection.execute(
                sa.select(JobState.key, JobState.value).where(JobState.job_id == job_id)
            )
            assert dict(rows.all()) == states
            # What references the job is untouched (a table rebuild on SQLite would cascade).
            kept = await connection.scalar(
                sa.select(sa.func.count())
                .select_from(executions)
                .where(executions.c.job_id == job_id)
            )
            assert kept == 1
        await downgrade(settings, "0006")
        async with engine.connect() as connection:
            back = await connection.scalar(
                sa.select(jobs.c.agent_states).where(jobs.c.id == job_id)
            )
            assert back == states
    finally:
        await engine.dispose()


async def test_edges_and_timeline_entries_keep_the_ids_they_were_shown_with(
    fresh_database_url: str,
) -> None:
    """0015 writes into versions made before it the positional ids the read endpoints gave."""
    settings = Settings(database_url=fresh_database_url, environment="test")
    await upgrade(settings, "0014")
    case_id, graph_id, now = uuid.uuid4(), uuid.uuid4(), datetime.now(UTC)
    graphs = sa.table(
        "knowledge_graphs",
        sa.column("id", sa.Uuid()),
        sa.column("case_id", sa.Uuid()),
        sa.column("version", sa.Integer()),
        *(
            sa.column(n, JSONType)
            for n in (
                "nodes",
                "edges",
                "contradictions",
                "evidence_gaps",
                "cross_modal_links",
                "timeline",
                "facts",
            )
        ),
        sa.column("created_at", UTCDateTime()),
        sa.column("updated_at", UTCDateTime()),
    )
    edge = {"source_id": "a", "target_id": "b", "type": "paid"}
    # A correction had written edge_001 into the second edge: the first is not given it again.
    edges = [edge, {**edge, "id": "edge_001", "type": "met"}, {**edge, "type": "owns"}]
    engine = create_engine(settings)
    try:
        async with engine.begin() as connection:
            await connection.execute(cases.insert().values(case_row(case_id, now, name="g")))
            await connection.execute(
                graphs.insert().values(
                    id=graph_id,
                    case_id=case_id,
                    version=1,
                    nodes=[],
                    edges=edges,
                    contradictions=[],
                    evidence_gaps=[],
                    cross_modal_links=[],
                    timeline=[{"timestamp": "2024-01-01", "description": "x"}],
                    facts=[],
                    created_at=now,
                    updated_at=now,
                )
            )
        await upgrade(settings)
        async with engine.connect() as connection:
            row = (
                await connection.execute(
                    sa.select(graphs.c.edges, graphs.c.timeline).where(graphs.c.id == graph_id)
                )
            ).one()
        assert [e["id"] for e in row.edges] == ["edge_004", "edge_001", "edge_003"]
        assert [e["type"] for e in row.edges] == ["paid", "met", "owns"]
        assert row.timeline == [
            {"id": "timeline_001", "timestamp": "2024-01-01", "description": "x"}
        ]
    finally:
        await engine.dispose()
