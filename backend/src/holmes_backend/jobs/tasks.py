"""The task functions: what a worker (or, embedded, the serving process) runs for a job."""

import asyncio
import contextlib
import gc
import logging
import uuid
from collections.abc import Coroutine
from functools import partial
from typing import Any

import procrastinate
from procrastinate.exceptions import JobAborted
from procrastinate.job_context import AbortReason

from holmes_backend.agents.pipeline import Pipeline
from holmes_backend.agents.runner import PipelineContext
from holmes_backend.db import transaction
from holmes_backend.db.engine import checkpoint
from holmes_backend.jobs.control import RUNNER_STATE, task_name, this_process
from holmes_backend.jobs.numeric import run_numeric_job
from holmes_backend.jobs.queue import NUMERIC_TASK, PROCESS_TASK
from holmes_backend.repositories import jobs as job_repo
from holmes_backend.runtime import Runtime
from holmes_backend.services import corrections as correction_service

logger = logging.getLogger(__name__)

RUNTIME = "runtime"  # the key of the worker's Runtime in procrastinate's job context


async def process_case(context: procrastinate.JobContext, case_id: str) -> None:
    runtime: Runtime = context.additional_context[RUNTIME]
    await _abortable(context, run_case_job(runtime, uuid.UUID(case_id)))


async def check_numbers(context: procrastinate.JobContext, case_id: str, file_id: str) -> None:
    """A file's numeric run (`case_id`: so that deleting the case finds and aborts it)."""
    runtime: Runtime = context.additional_context[RUNTIME]
    await _abortable(context, run_numeric_job(runtime, uuid.UUID(file_id)))


async def _abortable(context: procrastinate.JobContext, work: Coroutine[Any, Any, None]) -> None:
    try:
        await work
    except asyncio.CancelledError:
        if context.abort_reason() is AbortReason.USER_REQUEST:
            # Aborted for good (its case was deleted): ended `aborted`, never retried. A job
            # stopped by its worker's shutdown stays cancelled, and is retried.
            raise JobAborted from None
        raise


def register_tasks(app: procrastinate.App) -> None:
    """The tasks a worker of `app` runs (per app: a process may open several, as tests do)."""
    # A job stops early only when its worker stops (shut down past its grace period, or
    # killed: its stalled job is put back by `queue.retry_stalled`); a failure of the work
    # itself is recorded in Holmes's tables and ends the task normally.
    retry = procrastinate.RetryStrategy(max_attempts=20, wait=2)
    app.task(name=PROCESS_TASK, pass_context=True, retry=retry)(process_case)
    app.task(name=NUMERIC_TASK, pass_context=True, retry=retry)(check_numbers)


def launch(runtime: Runtime, case_id: uuid.UUID, job_id: uuid.UUID) -> None:
    """Embedded (SQLite): runs the case's job in this process; the runtime holds the task."""
    runtime.spawn(run_case_job(runtime, case_id, heartbeat=True), name=task_name(job_id))


async def run_case_job(runtime: Runtime, case_id: uuid.UUID, *, heartbeat: bool = False) -> None:
    """Runs the case's active job, fresh or from its last completed phase; nothing when the case
    has none (it finished, or the case is gone). `heartbeat`: the embedded lease's beat, which
    tells other processes on the same SQLite file that the job is alive (on PostgreSQL the
    worker's heartbeat does)."""
    async with runtime.session_factory() as session:
        job = await job_repo.active_for_case(session, case_id)
    if job is None:
        logger.info("no active job for case %s: nothing to run", case_id)
        return
    ctx = PipelineContext(
        settings=runtime.settings,
        session_factory=runtime.session_factory,
        hub=runtime.hub,
        case_id=case_id,
        job_id=job.id,
        # The sources are analysed afresh: the user's applied corrections are applied again.
        on_graph=partial(correction_service.reapply, hub=runtime.hub),
    )
    async with runtime.session_factory() as session:
        # Which process runs it (the embedded lease reads it; anyone may, to find the worker).
        await job_repo.set_state(session, job.id, RUNNER_STATE, this_process())
        await transaction.commit(session)
    pipeline = Pipeline(ctx, runtime.storage, job.id)
    beating = asyncio.create_task(_heartbeat(runtime, job.id)) if heartbeat else None
    try:
        await pipeline.run()
    except asyncio.CancelledError:
        # Aborted because its case was deleted: what it stored after the delete goes too.
        # (Stopped with its worker instead: the job stays at its last completed phase.)
        await asyncio.shield(pipeline.case_deleted())
        raise
    finally:
        if beating is not None:
            beating.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beating
    # What the run left alive (modules the agent framework imports on first use, caches) lives
    # long; frozen, the cycle collector stops walking it in every full collection, which
    # otherwise paused the next run for ~20 ms at a time (measured). The collection first, so
    # no garbage is frozen with it; a moment later, so the job's last events reach their
    # subscribers before it (a full collection after a job takes 15-20 ms). The job's writes are
    # copied from SQLite's log into the database then too, rather than by whichever commit of a
    # later job reaches the log's mark.
    asyncio.get_running_loop().call_later(_AFTER_JOB_SECONDS, _after_job, runtime)


_AFTER_JOB_SECONDS = 0.1


def _after_job(runtime: Runtime) -> None:
    gc.collect()
    gc.freeze()
    runtime.spawn(_checkpoint(runtime), name="checkpoint")


async def _checkpoint(runtime: Runtime) -> None:
    try:
        await checkpoint(runtime.engine)
    except Exception:  # the log is copied by a later commit instead
        logger.warning("copying the database log after a job failed", exc_info=True)


async def _heartbeat(runtime: Runtime, job_id: uuid.UUID) -> None:
    while True:
        await asyncio.sleep(runtime.settings.job_heartbeat_seconds)
        try:
            async with runtime.session_factory() as session:
                await job_repo.beat(session, job_id)
                await transaction.commit(session)
        except Exception:  # a missed beat is retried at the next one
            logger.warning("heartbeat of processing job %s failed", job_id, exc_info=True)
