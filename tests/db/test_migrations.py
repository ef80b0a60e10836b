"""The Alembic migrations are the schema: same result on SQLite and PostgreSQL, and reversible."""

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from holmes_backend.config import Settings
from holmes_backend.db.engine import create_engine
from holmes_backend.db.migrate import downgrade, upgrade
from holmes_backend.models import Base
from holmes_backend.models.chunk import is_search_index

EXPECTED_TABLES = {
    "users",
    "cases",
    "files",
    "findings",
    "knowledge_graphs",
    "chat_sessions",
    "messages",
    "processing_jobs",
    "corrections",
    "agent_executions",
    "conflicts",
    "case_events",
    "revoked_tokens",
    "evidence_chunks",
}


async def _tables(settings: Settings) -> set[str]:
    engine = create_engine(settings)
    try:
        async with engine.connect() as connection:
            names = await connection.run_sync(lambda c: inspect(c).get_table_names())
    finally:
        await engine.dispose()
    return {n for n in names if not is_search_index(n, "table")} - {"alembic_version"}


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
                                not is_search_index(name, type_, parents)
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


async def test_downgrade_removes_everything_and_upgrade_again_works(
    fresh_database_url: str,
) -> None:
    settings = Settings(database_url=fresh_database_url, environment="test")
    await upgrade(settings)
    await downgrade(settings)
    assert await _tables(settings) == set()
    await upgrade(settings)
    assert await _tables(settings) == EXPECTED_TABLES
