"""Interrupted jobs: a running job's heartbeat keeps other processes off it; a job whose
heartbeat stopped is claimed before it is resumed, so of several processes exactly one runs it."""

import asyncio
import uuid
from datetime import UTC, datetime, timedelta

import pytest

from holmes_backend.db import transaction
from holmes_backend.db.types import utcnow
from holmes_backend.jobs import tasks
from holmes_backend.models import Case, ProcessingJob
from holmes_backend.repositories import jobs as job_repo
from holmes_backend.runtime import Runtime
from holmes_backend.services import processing

# The heartbeat of a job whose process died long ago.
LONG_AGO = datetime(2000, 1, 1, tzinfo=UTC)


async def _job(runtime: Runtime, status: str, heartbeat: datetime) -> uuid.UUID:
    async with runtime.session_factory() as session:
        case = Case(name="claim")
        session.add(case)
        await session.flush()
        job = ProcessingJob(
            case_id=case.id,
            status=status,
            completed_phases=["extraction"],
            heartbeat_at=heartbeat,
        )
        session.add(job)
        await transaction.commit(session)
        return job.id


async def _claim(runtime: Runtime, job_id: uuid.UUID) -> bool:
    async with runtime.session_factory() as session:
        claimed = await job_repo.claim(session, job_id, utcnow() - timedelta(seconds=60))
        await transaction.commit(session)
        return claimed


async def _heartbeat(runtime: Runtime, job_id: uuid.UUID) -> datetime | None:
    async with runtime.session_factory() as session:
        job = await job_repo.get(session, job_id)
        assert job is not None
        return job.heartbeat_at


async def test_an_abandoned_job_is_claimed_once_and_then_counts_as_alive(runtime: Runtime) -> None:
    for heartbeat in (LONG_AGO, utcnow() - timedelta(minutes=5)):
        job_id = await _job(runtime, "PROCESSING", heartbeat)
        assert await _claim(runtime, job_id)
        assert not await _claim(runtime, job_id)  # its heartbeat was renewed by the claim
        renewed = await _heartbeat(runtime, job_id)
        assert renewed is not None
        assert renewed > utcnow() - timedelta(seconds=30)


async def test_a_live_or_finished_job_is_not_claimed(runtime: Runtime) -> None:
    assert not await _claim(runtime, await _job(runtime, "PROCESSING", utcnow()))
    assert not await _claim(runtime, await _job(runtime, "READY", LONG_AGO))


async def test_a_new_job_starts_alive(runtime: Runtime) -> None:
    async with runtime.session_factory() as session:
        case = Case(name="fresh")
        session.add(case)
        await session.flush()
        job = ProcessingJob(case_id=case.id)
        session.add(job)
        await transaction.commit(session)
    assert not await _claim(runtime, job.id)


async def test_a_running_job_beats(runtime: Runtime, monkeypatch: pytest.MonkeyPatch) -> None:
    job_id = await _job(runtime, "PROCESSING", LONG_AGO)
    monkeypatch.setattr(runtime.settings, "job_heartbeat_seconds", 0.05)
    beating = asyncio.create_task(tasks._heartbeat(runtime, job_id))
    try:
        for _ in range(100):
            if await _heartbeat(runtime, job_id) != LONG_AGO:
                break
            await asyncio.sleep(0.05)
    finally:
        beating.cancel()
    beat = await _heartbeat(runtime, job_id)
    assert beat is not None
    assert beat > utcnow() - timedelta(seconds=30)


async def test_servers_starting_together_resume_each_abandoned_job_once(
    runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    abandoned = {
        await _job(runtime, "PROCESSING", LONG_AGO),
        await _job(runtime, "PENDING", LONG_AGO + timedelta(days=1)),
    }
    alive = await _job(runtime, "PROCESSING", utcnow())
    launched: list[uuid.UUID] = []
    monkeypatch.setattr(processing, "launch", lambda _rt, _case, job_id: launched.append(job_id))
    # Both servers read the active jobs before either claims one.
    both_read = asyncio.Barrier(2)
    all_active = job_repo.all_active

    async def read_then_wait(session: object) -> object:
        jobs = await all_active(session)  # type: ignore[arg-type]
        await both_read.wait()
        return jobs

    monkeypatch.setattr(job_repo, "all_active", read_then_wait)
    counts = await asyncio.gather(
        processing.resume_interrupted(runtime), processing.resume_interrupted(runtime)
    )
    assert sorted(j for j in launched if j in abandoned) == sorted(abandoned)  # each once
    assert alive not in launched  # another process runs it
    assert sum(counts) == len(launched)
