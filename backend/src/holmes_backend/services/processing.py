"""Processing jobs: start one (or return the active one), report status, and, embedded on
SQLite, resume the ones a stopped process left (on PostgreSQL procrastinate's workers do)."""

import asyncio
import logging
import uuid
from datetime import timedelta

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.agents import regeneration
from holmes_backend.db import transaction
from holmes_backend.db.types import utcnow
from holmes_backend.jobs.control import RUNNER_STATE, runner_gone, task_name, this_process
from holmes_backend.jobs.queue import defer_processing
from holmes_backend.jobs.tasks import launch
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
        if active.status == JobStatus.PENDING and runtime.job_app is not None:
            # Queued again in case the process that committed it stopped before queueing it
            # (a job already waiting for the case makes this a no-op).
            transaction.after_commit(session, _deferrer(runtime, case_id))
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
    case_id, job_id = job.case_id, job.id
    if runtime.job_app is not None:
        # A worker takes it once the job row that describes it is committed.
        transaction.after_commit(session, _deferrer(runtime, case_id))
        return
    await job_repo.set_state(session, job.id, RUNNER_STATE, this_process())

    async def _launch() -> None:
        launch(runtime, case_id, job_id)

    # Embedded: this process runs it, once the job row that describes it is committed.
    transaction.after_commit(session, _launch)


def _deferrer(runtime: Runtime, case_id: uuid.UUID) -> transaction.Hook:
    async def _defer() -> None:
        assert runtime.job_app is not None
        await defer_processing(runtime.job_app, case_id)

    return _defer


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
        if task_name(job.id) in running:
            continue
        # A gone runner's job is claimed whatever its last beat, but only if no other process
        # has renewed that beat since it was read: of two processes seeing it gone, one wins.
        beat_before = (
            (job.heartbeat_at or utcnow()) + timedelta(microseconds=1)
            if runner_gone(runners[job.id])
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


async def watch_interrupted(runtime: Runtime) -> None:
    """Resumes jobs whose process died while this one runs (checked every few beats)."""
    while True:
        await asyncio.sleep(JOB_STALE_BEATS * runtime.settings.job_heartbeat_seconds)
        try:
            await resume_interrupted(runtime)
        except Exception:
            logger.warning("looking for interrupted jobs failed", exc_info=True)
