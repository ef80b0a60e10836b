"""Async engine and session factory for the configured database."""

from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from holmes_backend.config import Settings


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # Foreign keys are off by default in SQLite; WAL lets the SSE readers run beside a writer.
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    # In WAL mode NORMAL still never corrupts the database; it only skips the fsync per commit
    # (a power cut may lose the last commits), which the event log's many small commits need.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def create_engine(settings: Settings) -> AsyncEngine:
    url = settings.resolved_database_url
    if settings.is_sqlite:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(url, echo=settings.database_echo)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    return create_async_engine(
        url, echo=settings.database_echo, pool_pre_ping=True, pool_size=10, max_overflow=10
    )


def create_session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)
