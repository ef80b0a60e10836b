"""Async engine and session factory for the configured database."""

import asyncio
import weakref
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import ORMExecuteState, Session, SessionTransaction
from sqlalchemy.util import await_only

from holmes_backend.config import Settings
from holmes_backend.db.types import json_text

# How long a write waits for another process's write transaction (SQLite's busy_timeout).
SQLITE_WRITE_WAIT_SECONDS = 10.0
# How long a write waits for its turn behind this process's other writers. The turn is first
# come, first served, and a transaction holds it until the event loop lets it finish: while a
# large job renders and reads hundreds of files' requests, that took seconds per writer, and on
# a slow 2-core machine a 500-file job's triage write waited more than 10 s behind a heartbeat
# and failed the job (seen). A real deadlock still ends, after this long.
SQLITE_TURN_WAIT_SECONDS = 300.0
# Connections to the SQLite file: a writer queued for the turn keeps the connection it has read
# with, so the pool must outnumber the writers that queue at once (twenty jobs' agents), or
# requests that only read wait for a connection behind them (seen: `GET /api/cases` timing out
# after 30 s with 20 jobs running). A SQLite connection is a file handle and a thread.
SQLITE_POOL_SIZE = 10
SQLITE_POOL_OVERFLOW = 190
# Pages of write-ahead log (4 KiB each) after which a commit copies it into the database.
SQLITE_CHECKPOINT_PAGES = 10_000


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # Foreign keys are off by default in SQLite; WAL lets the SSE readers run beside a writer.
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    # In WAL mode NORMAL still never corrupts the database; it only skips the fsync per commit
    # (a power cut may lose the last commits), which the event log's many small commits need.
    cursor.execute("PRAGMA synchronous=NORMAL")
    # The log is copied into the database every 40 MB of it, not SQLite's 4 MB: the commit that
    # crosses the mark pays the copy and its fsync, and a 50-file job grows the database by
    # ~9 MB (states, findings, graph; many pages written several times), so with the default
    # several commits of every job paid it, copying pages written again moments later (bench:
    # ratio 1.17 -> 1.16, graph answer to job end 77 -> 63 ms, interleaved runs). The log file
    # then stays at about that size on disk. A processing job copies it in after it ends
    # (checkpoint), so the mark is rarely reached inside a job: a commit that reaches it waits
    # 50-80 ms for the copy (seen on the commit that ends a job).
    cursor.execute(f"PRAGMA wal_autocheckpoint={SQLITE_CHECKPOINT_PAGES}")
    cursor.execute(f"PRAGMA busy_timeout={int(SQLITE_WRITE_WAIT_SECONDS * 1000)}")
    cursor.close()


def create_engine(settings: Settings) -> AsyncEngine:
    url = settings.resolved_database_url
    if settings.is_sqlite:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(
            url,
            echo=settings.database_echo,
            json_serializer=json_text,
            pool_size=SQLITE_POOL_SIZE,
            max_overflow=SQLITE_POOL_OVERFLOW,
        )
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    return create_async_engine(
        url,
        echo=settings.database_echo,
        json_serializer=json_text,
        pool_pre_ping=True,
        pool_size=10,
        max_overflow=10,
    )


async def checkpoint(engine: AsyncEngine) -> None:
    """SQLite: copies what the write-ahead log holds into the database now, off the path of any
    commit (PASSIVE: it neither waits for nor blocks readers and writers; what a reader still
    needs stays in the log). Other databases: nothing to do."""
    if engine.dialect.name != "sqlite":
        return
    async with engine.connect() as connection:
        await connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")


def create_session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    if engine.dialect.name == "sqlite":
        return async_sessionmaker(
            engine, expire_on_commit=False, sync_session_class=SQLiteWriterSession
        )
    return async_sessionmaker(engine, expire_on_commit=False)


class SQLiteWriterSession(Session):
    """A session that takes the process's SQLite write turn before its first write and gives
    it back when its transaction ends.

    The turn is always taken after a connection, never before: a session that took the turn and
    then waited for a pooled connection, while every connection was held by sessions waiting for
    the turn, deadlocked until the pool's timeout, and failed twenty concurrent jobs (seen).

    SQLite has one writer at a time. Left to itself, a second writing connection polls the lock
    in its busy handler, sleeping 1, 2, 5, 10, 25 ... ms between tries, so a few agents finishing
    together queued their commits for hundreds of ms (measured). Waiting for an asyncio lock
    instead hands the turn over the moment the previous transaction ends. Other processes still
    meet SQLite's own lock and busy_timeout.
    """


_HOLDS_TURN = "holmes_sqlite_write_turn"
_TURNS: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock]" = (
    weakref.WeakKeyDictionary()
)


def _turn() -> asyncio.Lock:
    loop = asyncio.get_running_loop()
    lock = _TURNS.get(loop)
    if lock is None:
        lock = _TURNS[loop] = asyncio.Lock()
    return lock


async def _wait_for_turn(lock: asyncio.Lock) -> None:
    async with asyncio.timeout(SQLITE_TURN_WAIT_SECONDS):
        await lock.acquire()


def _take_turn(session: Session) -> None:
    if session.info.get(_HOLDS_TURN):
        return
    session.connection()  # its connection first (see the class): no wait while holding the turn
    lock = _turn()
    # Runs inside the async session's greenlet, so it can wait on the event loop.
    await_only(_wait_for_turn(lock))
    session.info[_HOLDS_TURN] = lock


@event.listens_for(SQLiteWriterSession, "before_flush")
def _before_flush(session: Session, _context: Any, _instances: Any) -> None:
    _take_turn(session)


# A read that must hold what it read until its transaction writes (SELECT ... FOR KEY SHARE on
# PostgreSQL) passes this execution option: on SQLite it takes the write turn, so no other
# in-process writer changes those rows in between.
HOLDS_ROWS = {"holmes_holds_rows": True}


@event.listens_for(SQLiteWriterSession, "do_orm_execute")
def _before_statement(state: ORMExecuteState) -> None:
    if (
        state.is_insert
        or state.is_update
        or state.is_delete
        or state.execution_options.get("holmes_holds_rows")
    ):
        _take_turn(state.session)


@event.listens_for(SQLiteWriterSession, "after_transaction_end")
def _after_transaction(session: Session, transaction: SessionTransaction) -> None:
    if transaction.parent is None:
        lock = session.info.pop(_HOLDS_TURN, None)
        if lock is not None:
            lock.release()
