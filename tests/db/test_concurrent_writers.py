"""Sessions writing side by side (the pipeline's agents) all land; a transaction that ends in any
way (commit, rollback, error, close) lets the next writer in. On SQLite in-process writers take
turns (db/engine.py); these hold on both databases."""

import asyncio
import uuid

import pytest
from sqlalchemy import event, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import create_async_engine

from holmes_backend.db import transaction
from holmes_backend.db.engine import SQLiteWriterSession, _sqlite_pragmas, create_session_factory
from holmes_backend.models import Case, CaseEvent, ProcessingJob
from holmes_backend.runtime import Runtime
from holmes_shared.enums import JobStatus

WRITERS = 40


async def _case(runtime: Runtime) -> uuid.UUID:
    async with runtime.session_factory() as session:
        case = Case(name="writers")
        session.add(case)
        await transaction.commit(session)
        return case.id


async def _events(runtime: Runtime, case_id: uuid.UUID) -> int:
    async with runtime.session_factory() as session:
        count = await session.scalar(
            select(func.count()).select_from(CaseEvent).where(CaseEvent.case_id == case_id)
        )
    return int(count or 0)


async def test_parallel_writers_all_commit(runtime: Runtime) -> None:
    case_id = await _case(runtime)

    async def write(n: int) -> None:
        async with runtime.session_factory() as session:
            session.add(CaseEvent(case_id=case_id, type="AGENT_PROGRESS", payload={"n": n}))
            await session.flush()
            await asyncio.sleep(0)  # another writer gets the loop mid-transaction
            session.add(CaseEvent(case_id=case_id, type="AGENT_PROGRESS", payload={"n": -n}))
            await transaction.commit(session)

    async with asyncio.timeout(60):
        await asyncio.gather(*(write(n) for n in range(WRITERS)))
    assert await _events(runtime, case_id) == 2 * WRITERS
    if runtime.settings.is_sqlite:
        async with runtime.session_factory() as session:
            assert isinstance(session.sync_session, SQLiteWriterSession)


async def test_every_way_a_transaction_ends_lets_the_next_writer_in(runtime: Runtime) -> None:
    case_id = await _case(runtime)
    event = {"case_id": case_id, "type": "AGENT_PROGRESS"}

    async with runtime.session_factory() as session:  # rolled back
        session.add(CaseEvent(**event))
        await session.flush()
        await session.rollback()
    async with runtime.session_factory() as session:  # closed without a commit
        session.add(CaseEvent(**event))
        await session.flush()
    async with runtime.session_factory() as session:  # failed: a second active job
        session.add(ProcessingJob(case_id=case_id, status=JobStatus.PROCESSING))
        session.add(ProcessingJob(case_id=case_id, status=JobStatus.PENDING))
        with pytest.raises(IntegrityError):
            await session.commit()
    async with asyncio.timeout(5), runtime.session_factory() as session:  # a Core update
        await session.execute(
            CaseEvent.__table__.update().where(CaseEvent.case_id == case_id).values(payload={})
        )
        await transaction.commit(session)
    async with asyncio.timeout(5), runtime.session_factory() as session:
        session.add(CaseEvent(**event))
        await transaction.commit(session)
    assert await _events(runtime, case_id) == 1


async def test_a_writer_waits_its_turn_behind_a_long_transaction(
    runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A transaction held past SQLite's busy timeout (the event loop busy with a large job's
    requests) makes the next in-process writer wait, not fail: a 500-file job once failed on
    its triage write that way."""
    monkeypatch.setattr("holmes_backend.db.engine.SQLITE_WRITE_WAIT_SECONDS", 0.1)
    case_id = await _case(runtime)
    held = asyncio.Event()

    async def long_writer() -> None:
        async with runtime.session_factory() as session:
            session.add(CaseEvent(case_id=case_id, type="AGENT_PROGRESS", payload={"n": 1}))
            await session.flush()
            held.set()
            await asyncio.sleep(0.5)  # five busy timeouts
            await transaction.commit(session)

    async def next_writer() -> None:
        await held.wait()
        async with runtime.session_factory() as session:
            session.add(CaseEvent(case_id=case_id, type="AGENT_PROGRESS", payload={"n": 2}))
            await transaction.commit(session)

    async with asyncio.timeout(30):
        await asyncio.gather(long_writer(), next_writer())
    assert await _events(runtime, case_id) == 2


async def test_no_writer_holds_the_turn_while_it_waits_for_a_connection(runtime: Runtime) -> None:
    """Writers that read first queue for the turn holding a connection; a writer whose first
    act is a flush once took the turn before its connection, and then waited for one while
    every connection sat with a writer waiting for the turn: twenty concurrent jobs deadlocked
    until the pool gave up (all ERROR, `GET /api/cases` 500). With two connections and many
    writers of both kinds, every writer lands."""
    case_id = await _case(runtime)
    engine = create_async_engine(
        runtime.settings.resolved_database_url, pool_size=2, max_overflow=0, pool_timeout=5
    )
    if runtime.settings.is_sqlite:
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    sessions = create_session_factory(engine)

    async def flush_first(n: int) -> None:
        async with sessions() as session:
            session.add(CaseEvent(case_id=case_id, type="AGENT_PROGRESS", payload={"n": n}))
            await session.flush()
            await asyncio.sleep(0.01)  # the others queue meanwhile
            await transaction.commit(session)

    async def read_first(n: int) -> None:
        async with sessions() as session:
            await session.scalar(select(func.count()).select_from(CaseEvent))
            await asyncio.sleep(0)
            session.add(CaseEvent(case_id=case_id, type="AGENT_PROGRESS", payload={"n": n}))
            await transaction.commit(session)

    try:
        async with asyncio.timeout(60):
            await asyncio.gather(
                *(flush_first(n) if n % 2 else read_first(n) for n in range(WRITERS))
            )
    finally:
        await engine.dispose()
    assert await _events(runtime, case_id) == WRITERS
