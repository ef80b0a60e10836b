"""Processing jobs: start one (or return the active one), report status, resume interrupted ones."""

import asyncio
import contextlib
import gc
import logging
import os
import socket
import uuid
from datetime import timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.agents import regeneration
from holmes_backend.agents.pipeline import Pipeline
from holmes_backend.agents.runner import PipelineContext
from holmes_backend.db import transaction
from holmes_backend.db.engine import checkpoint
from holmes_backend.db.types import utcnow
from holmes_backend.models import File, JobState, ProcessingJob
from holmes_backend.repositories import files as file_repo
from holmes_backend.repositories import findings as finding_repo
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.repositories import jobs as job_repo
from holmes_backend.runtime import Runtime
from holmes_backend.services.cases import require_case
from holmes_shared.enums import FileStatus, JobStatus
from holmes_shared.errors import ConflictError, NotFoundError, ValidationFailedError

logger = logging.getLogger(__name__)


def launch(runtime: Runtime, case_id: uuid.UUID, job_id: uuid.UUID) -> None:
    """Run the job in the background; the runtime keeps the task until it ends."""
    ctx = PipelineContext(
        settings=runtime.settings,
        session_factory=runtime.session_factory,
        hub=runtime.hub,
        case_id=case_id,
        job_id=job_id,
    )
    runtime.spawn(_run(ctx, runtime, job_id), name=_task_name(job_id))


def _task_name(job_id: uuid.UUID) -> str:
    return f"job-{job_id}"


async def _run(ctx: PipelineContext, runtime: Runtime, job_id: uuid.UUID) -> None:
    beating = asyncio.create_task(_heartbeat(runtime, job_id))
    try:
        await Pipeline(ctx, runtime.storage, job_id).run()
    finally:
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


async def start(
    session: AsyncSession,
    *,
    runtime: Runtime,
    owner_id: uuid.UUID,
    case_id: uuid.UUID,
    incremental: bool,
) -> ProcessingJob:
    await require_case(session, case_id, owner_id)
    active = await job_repo.active_for_case(session, case_id)
    if active is not None:
        return active
    latest = await job_repo.latest_for_case(session, case_id)
    if (
        latest is not None
        and latest.status == JobStatus.ERROR
        and not incremental
        and not regeneration.is_regeneration(await job_repo.states(session, latest.id))
    ):
        # A failed job resumes from its last completed phase instead of starting over.
        job_repo.reopen(latest)
        job = latest
    else:
        files: list[File] = list(
            await file_repo.unprocessed_for_case(session, case_id)
            if incremental
            else await file_repo.list_for_case(session, case_id)
        )
        files = [f for f in files if f.status != FileStatus.ERROR or not incremental]
        if not files:
            raise ValidationFailedError(
                "There are no files to process; upload evidence first.",
                details={"case_id": str(case_id), "incremental": incremental},
            )
        job = job_repo.add(
            session,
            ProcessingJob(
                case_id=case_id,
                status=JobStatus.PENDING,
                incremental=incremental,
                file_ids=[str(f.id) for f in files],
            ),
        )
    await _activate(session, runtime, job)
    return job


async def _activate(session: AsyncSession, runtime: Runtime, job: ProcessingJob) -> None:
    """Writes the new or reopened active job, and launches it once that is committed.

    Two requests can both see no active job and both write one: the unique index on a case's
    active job refuses the second, which is answered 409 rather than an internal error."""
    try:
        await session.flush()
    except IntegrityError as exc:
        raise ConflictError(
            "Another request has just started processing this case.",
            details={"case_id": str(job.case_id)},
            suggested_action="follow the running job on GET /api/cases/{case_id}/process/status",
        ) from exc
    await job_repo.set_state(session, job.id, RUNNER_STATE, this_process())
    case_id, job_id = job.case_id, job.id

    async def _launch() -> None:
        launch(runtime, case_id, job_id)

    # The run starts only once the job row that describes it is committed.
    transaction.after_commit(session, _launch)


async def regenerate(
    session: AsyncSession, *, runtime: Runtime, owner_id: uuid.UUID, case_id: uuid.UUID
) -> ProcessingJob:
    """Refresh the stale items: a job whose triage, routing and domain phases count as done, so
    the pipeline reruns synthesis and the graph over the current findings (see
    agents/regeneration.py). Refused (409) while a job runs, before the case has a graph, after
    a failed processing (which resumes through process), and when nothing is stale; a failed
    regeneration resumes from where it stopped."""
    await require_case(session, case_id, owner_id)
    details = {"case_id": str(case_id)}
    active = await job_repo.active_for_case(session, case_id)
    if active is not None:
        raise ConflictError(
            "The case is being processed; regenerate once processing has finished.",
            details={**details, "job_id": str(active.id)},
            suggested_action="wait for processing to finish, then retry",
        )
    latest = await job_repo.latest_for_case(session, case_id)
    if latest is not None and latest.status == JobStatus.ERROR:
        if regeneration.is_regeneration(await job_repo.states(session, latest.id)):
            job_repo.reopen(latest)
            await _activate(session, runtime, latest)
            return latest
        raise ConflictError(
            "The last processing of this case failed; process it again to resume it first.",
            details={**details, "job_id": str(latest.id)},
            suggested_action="process the case",
        )
    graph = await graph_repo.latest(session, case_id)
    if graph is None:
        raise ConflictError(
            "The case has not been processed yet, so there is nothing to regenerate.",
            details=details,
            suggested_action="process the case",
        )
    stale = regeneration.stale_in(
        graph, list(await finding_repo.current_for_case(session, case_id))
    )
    if not stale["graph_items"] and not stale["synthesis_findings"]:
        if stale["domain_findings"]:
            raise ConflictError(
                "Only findings the domain agents read from the evidence are stale; "
                "regeneration does not re-read evidence.",
                details={**details, "graph_version": graph.version, **stale},
                suggested_action="process the case again to re-read the evidence",
            )
        raise ConflictError(
            "Nothing in the case is stale, so there is nothing to regenerate.",
            details={**details, "graph_version": graph.version},
            suggested_action="regenerate after a correction marks items stale",
        )
    files = [
        f
        for f in await file_repo.list_for_case(session, case_id)
        if f.status in (FileStatus.PROCESSED, FileStatus.PARTIAL)
    ]
    job = job_repo.add(
        session,
        ProcessingJob(
            case_id=case_id,
            status=JobStatus.PENDING,
            incremental=False,
            file_ids=[str(f.id) for f in files],
            completed_phases=list(regeneration.DONE_BEFORE),
            states=[
                JobState(
                    key=regeneration.STATE,
                    value={"graph_version_before": graph.version, "stale": stale},
                )
            ],
        ),
    )
    await _activate(session, runtime, job)
    return job


async def status(
    session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID
) -> tuple[ProcessingJob, list[File]]:
    await require_case(session, case_id, owner_id)
    job = await job_repo.latest_for_case(session, case_id)
    if job is None:
        raise NotFoundError(
            "This case has not been processed yet.", details={"case_id": str(case_id)}
        )
    files = list(await file_repo.get_many(session, [uuid.UUID(f) for f in job.file_ids]))
    return job, files


# A running job's heartbeat missed this many times: its process is gone.
JOB_STALE_BEATS = 4


async def _heartbeat(runtime: Runtime, job_id: uuid.UUID) -> None:
    while True:
        await asyncio.sleep(runtime.settings.job_heartbeat_seconds)
        try:
            async with runtime.session_factory() as session:
                await job_repo.beat(session, job_id)
                await transaction.commit(session)
        except Exception:  # a missed beat is retried at the next one
            logger.warning("heartbeat of processing job %s failed", job_id, exc_info=True)


async def resume_interrupted(runtime: Runtime) -> int:
    """Jobs a dead process left PENDING or PROCESSING continue from their last completed phase.
    A job is dead when the process that ran it, on this host, is gone (seen at once: a server
    restarted after a crash resumes its jobs as it starts), or when its heartbeat has been
    silent for JOB_STALE_BEATS beats (a process on another host). Each is claimed before it
    runs, so of several server processes only one resumes it, and a job another live process
    runs is left alone."""
    async with runtime.session_factory() as session:
        jobs = list(await job_repo.all_active(session))
        runners = {job.id: await job_repo.state(session, job.id, RUNNER_STATE) for job in jobs}
    running = {task.get_name() for task in runtime.tasks}
    silent_since = utcnow() - timedelta(
        seconds=JOB_STALE_BEATS * runtime.settings.job_heartbeat_seconds
    )
    resumed = 0
    for job in jobs:
        if _task_name(job.id) in running:
            continue
        # A gone runner's job is claimed whatever its last beat, but only if no other process
        # has renewed that beat since it was read: of two processes seeing it gone, one wins.
        beat_before = (
            (job.heartbeat_at or utcnow()) + timedelta(microseconds=1)
            if _gone(runners[job.id])
            else silent_since
        )
        async with runtime.session_factory() as session:
            claimed = await job_repo.claim(session, job.id, beat_before)
            if claimed:
                await job_repo.set_state(session, job.id, RUNNER_STATE, this_process())
            await transaction.commit(session)
        if not claimed:
            continue
        logger.info("resuming processing job %s after %s", job.id, job.completed_phases)
        launch(runtime, job.case_id, job.id)
        resumed += 1
    return resumed


# The job state naming the process that runs the job.
RUNNER_STATE = "runner"
_TOKEN = uuid.uuid4().hex  # this process, even where another one had its pid before


def this_process() -> dict[str, Any]:
    return {"host": socket.gethostname(), "pid": os.getpid(), "token": _TOKEN}


def _gone(runner: Any) -> bool:
    """Whether the process a job's runner state names is known to have ended: it ran on this
    host and its pid is free, or is this process's while the state is another's. Unknown
    (another host, no state) is not gone: the heartbeat decides."""
    if not isinstance(runner, dict) or runner.get("host") != socket.gethostname():
        return False
    pid = runner.get("pid")
    if not isinstance(pid, int) or pid <= 0:
        return False
    if pid == os.getpid():
        return runner.get("token") != _TOKEN
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, another user's
        return False
    return False


async def watch_interrupted(runtime: Runtime) -> None:
    """Resumes jobs whose process died while this one runs (checked every few beats)."""
    while True:
        await asyncio.sleep(JOB_STALE_BEATS * runtime.settings.job_heartbeat_seconds)
        try:
            await resume_interrupted(runtime)
        except Exception:
            logger.warning("looking for interrupted jobs failed", exc_info=True)
