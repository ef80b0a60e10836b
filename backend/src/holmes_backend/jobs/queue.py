"""procrastinate on PostgreSQL: the app a process opens, and the queue operations Holmes uses.

Holmes's own tables keep the job's state (status, phases, errors, events); procrastinate's job
only says which case (or, for a numeric validation, which file) has work waiting or running, and
on which worker. Its queueing lock (the case, the file) keeps one waiting job per case or file,
its lock one running job."""

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Iterable

import procrastinate
from procrastinate.exceptions import AlreadyEnqueued
from procrastinate.jobs import Job, Status
from sqlalchemy.engine import make_url

from holmes_backend.config import Settings

logger = logging.getLogger(__name__)

PROCESS_TASK = "holmes:process_case"
NUMERIC_TASK = "holmes:numeric_checks"
_ACTIVE = (Status.TODO, Status.DOING)


def create_job_app(settings: Settings, *, pool_size: int = 4) -> procrastinate.App:
    """The app, unopened; `open_async` connects it (a small pool of its own: psycopg)."""
    url = make_url(settings.resolved_database_url).set(drivername="postgresql")
    return procrastinate.App(
        connector=procrastinate.PsycopgConnector(
            conninfo=url.render_as_string(hide_password=False),
            min_size=1,
            max_size=pool_size,
        )
    )


async def defer_processing(app: procrastinate.App, case_id: uuid.UUID) -> None:
    """Queues the case's active job for a worker. A job already waiting for the case runs it
    (the task runs whichever job of the case is active), so a second one is not needed."""
    key = str(case_id)
    with contextlib.suppress(AlreadyEnqueued):
        await app.configure_task(PROCESS_TASK, lock=key, queueing_lock=key).defer_async(case_id=key)


def numeric_lock(file_id: uuid.UUID) -> str:
    return f"numeric:{file_id}"


async def defer_numeric(app: procrastinate.App, *, case_id: uuid.UUID, file_id: uuid.UUID) -> None:
    """Queues the file's active numeric run for a worker. A job already waiting for the file
    runs it (the task runs whichever run of the file is active), so a second one is not needed."""
    key = numeric_lock(file_id)
    with contextlib.suppress(AlreadyEnqueued):
        await app.configure_task(NUMERIC_TASK, lock=key, queueing_lock=key).defer_async(
            case_id=str(case_id), file_id=str(file_id)
        )


async def _case_jobs(app: procrastinate.App, case_id: uuid.UUID) -> list[Job]:
    """The case's waiting and running jobs: its processing, its files' numeric runs."""
    jobs: list[Job] = list(await app.job_manager.list_jobs_async(queueing_lock=str(case_id)))
    for status in _ACTIVE:
        numeric: Iterable[Job] = await app.job_manager.list_jobs_async(
            task=NUMERIC_TASK, status=status.value
        )
        jobs += [job for job in numeric if job.task_kwargs.get("case_id") == str(case_id)]
    return [job for job in jobs if job.status in {s.value for s in _ACTIVE}]


async def abort_case(
    app: procrastinate.App, case_id: uuid.UUID, *, wait_seconds: float = 30.0
) -> bool:
    """Cancels the case's waiting jobs and aborts its running ones (the worker cancels the task),
    then waits until none runs any more; false when one still ran after `wait_seconds`."""
    for job in await _case_jobs(app, case_id):
        assert job.id is not None
        await app.job_manager.cancel_job_by_id_async(job.id, abort=True)
    try:
        async with asyncio.timeout(wait_seconds):
            # Another process's job: its state is in the database, polled.
            while await _case_jobs(app, case_id):  # noqa: ASYNC110
                await asyncio.sleep(0.2)
    except TimeoutError:
        return False
    return True


async def retry_stalled(app: procrastinate.App, *, silent_seconds: float) -> int:
    """Puts back in the queue the jobs of workers whose heartbeat has been silent for
    `silent_seconds` (killed, or their machine gone); another worker resumes each from its last
    completed phase. Of several workers doing this at once, one retries each job."""
    retried = 0
    for job in await app.job_manager.get_stalled_jobs(seconds_since_heartbeat=silent_seconds):
        try:
            await app.job_manager.retry_job(job)
        except Exception as exc:  # another worker retried it first
            logger.debug("job %s not retried here: %s", job.id, exc)
            continue
        logger.info("retrying job %s of a stalled worker (%s)", job.id, job.queueing_lock)
        retried += 1
    return retried
