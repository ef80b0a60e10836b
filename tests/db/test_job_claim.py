"""An interrupted job is claimed before it is resumed: of several processes, one runs it."""

import asyncio
import uuid

import pytest

from holmes_backend.db import transaction
from holmes_backend.models import Case, ProcessingJob
from holmes_backend.repositories import jobs as job_repo
from holmes_backend.runtime import Runtime
from holmes_backend.services import processing


async def _job(runtime: Runtime, status: str) -> uuid.UUID:
    async with runtime.session_factory() as session:
        case = Case(name="claim")
        session.add(case)
        await session.flush()
        job = ProcessingJob(case_id=case.id, status=status, completed_phases=["extraction"])
        session.add(job)
        await transaction.commit(session)
        return job.id


async def _seen(runtime: Runtime, job_id: uuid.UUID) -> ProcessingJob:
    async with runtime.session_factory() as session:
        job = await job_repo.get(session, job_id)
        assert job is not None
        return job


async def _claim(runtime: Runtime, job: ProcessingJob) -> bool:
    async with runtime.session_factory() as session:
        claimed = await job_repo.claim(session, job)
        await transaction.commit(session)
        return claimed


async def test_of_two_processes_that_saw_a_job_only_the_first_claims_it(runtime: Runtime) -> None:
    job_id = await _job(runtime, "PROCESSING")
    first, second = await _seen(runtime, job_id), await _seen(runtime, job_id)
    assert await _claim(runtime, first)
    assert not await _claim(runtime, second)
    # Seen again (after the claim), it can be claimed: a process that starts later takes it.
    assert await _claim(runtime, await _seen(runtime, job_id))


async def test_a_finished_job_is_not_claimed(runtime: Runtime) -> None:
    job_id = await _job(runtime, "READY")
    assert not await _claim(runtime, await _seen(runtime, job_id))


async def test_servers_starting_together_resume_each_job_once(
    runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    job_ids = {await _job(runtime, "PROCESSING"), await _job(runtime, "PENDING")}
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
    mine = [j for j in launched if j in job_ids]
    assert sorted(mine) == sorted(job_ids)  # each once, none twice
    assert sum(counts) == len(launched)
