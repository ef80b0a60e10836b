"""Numeric validation of a case's financial documents: its checks, and runs for one file (jobs
of the job engine: jobs/numeric.py does the work)."""

import json
import logging
import uuid
from collections.abc import Sequence

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.db import transaction
from holmes_backend.jobs import numeric as numeric_job
from holmes_backend.jobs.control import runner_gone
from holmes_backend.jobs.queue import defer_numeric
from holmes_backend.models import File, NumericCheck, NumericRun
from holmes_backend.repositories import numeric_checks as numeric_repo
from holmes_backend.repositories import numeric_runs as run_repo
from holmes_backend.runtime import Runtime
from holmes_backend.services.cases import require_case
from holmes_backend.services.files import get_file
from holmes_shared.enums import FileStatus, JobStatus
from holmes_shared.errors import ConflictError, NotFoundError

logger = logging.getLogger(__name__)


async def _file_in_case(
    session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID, file_id: uuid.UUID
) -> File:
    file = await get_file(session, owner_id=owner_id, file_id=file_id)
    if file.case_id != case_id:
        raise NotFoundError("File not found.", details={"file_id": str(file_id)})
    return file


async def list_checks(
    session: AsyncSession,
    *,
    owner_id: uuid.UUID,
    case_id: uuid.UUID,
    file_id: uuid.UUID | None,
    status: str | None,
) -> Sequence[NumericCheck]:
    await require_case(session, case_id, owner_id)
    if file_id is not None:
        await _file_in_case(session, owner_id=owner_id, case_id=case_id, file_id=file_id)
    return await numeric_repo.for_case(session, case_id, file_id=file_id, status=status)


async def start_run(
    session: AsyncSession,
    *,
    runtime: Runtime,
    owner_id: uuid.UUID,
    case_id: uuid.UUID,
    file_id: uuid.UUID,
) -> NumericRun:
    """Queues a validation of one file (extractor, verifiers, reviewer, each recorded), which
    replaces its earlier checks when it ends; the file's run already waiting or running when
    there is one. A file processing could not read is refused (422)."""
    await require_case(session, case_id, owner_id)
    file = await _file_in_case(session, owner_id=owner_id, case_id=case_id, file_id=file_id)
    if file.status == FileStatus.ERROR:
        raise numeric_job.UnreadableFileError(
            f"The file could not be read: {file.error or 'unknown reason'}",
            details={"file_id": str(file_id)},
        )
    active = await run_repo.active_for_file(session, file_id)
    if active is not None:
        await _keep_going(session, runtime, active)
        return active
    run = run_repo.add(
        session, NumericRun(case_id=case_id, file_id=file_id, status=JobStatus.PENDING)
    )
    if runtime.job_app is None:
        run.runner = numeric_job.runner()  # this process runs it
    try:
        await session.flush()
    except IntegrityError as exc:
        raise ConflictError(
            "Another request has just started validating this file.",
            details={"case_id": str(case_id), "file_id": str(file_id)},
            suggested_action="follow the running validation on its status",
        ) from exc
    _start_after_commit(session, runtime, run)
    return run


def _start_after_commit(session: AsyncSession, runtime: Runtime, run: NumericRun) -> None:
    """A worker takes the run (or, embedded, this process runs it) once its row is committed."""
    case_id, file_id = run.case_id, run.file_id
    app = runtime.job_app

    async def _start() -> None:
        if app is None:
            numeric_job.launch(runtime, case_id, file_id)
        else:
            await defer_numeric(app, case_id=case_id, file_id=file_id)

    transaction.after_commit(session, _start)


async def _keep_going(session: AsyncSession, runtime: Runtime, run: NumericRun) -> None:
    """An active run asked for again: queued again while it waits (in case the process that
    committed it stopped before queueing it; a no-op when it is queued), and embedded,
    launched here when the process running it is gone."""
    if runtime.job_app is not None:
        if run.status == JobStatus.PENDING:
            _start_after_commit(session, runtime, run)
        return
    await _relaunch_abandoned(runtime, run)


async def _relaunch_abandoned(runtime: Runtime, run: NumericRun) -> bool:
    """Embedded: runs here a run whose process is gone (claimed first: of several processes
    seeing it gone, one runs it)."""
    if not runner_gone(json.loads(run.runner) if run.runner else None):
        return False
    async with runtime.session_factory() as session:
        claimed = await run_repo.claim(
            session, run.id, runner=run.runner, new_runner=numeric_job.runner()
        )
        await transaction.commit(session)
    if claimed:
        logger.info("running again numeric run %s, whose process is gone", run.id)
        numeric_job.launch(runtime, run.case_id, run.file_id)
    return claimed


async def resume_interrupted_runs(runtime: Runtime) -> int:
    """Embedded: runs again the numeric runs a stopped process left waiting or running."""
    async with runtime.session_factory() as session:
        runs = list(await run_repo.all_active(session))
    return sum([await _relaunch_abandoned(runtime, run) for run in runs])


async def run_status(
    session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID, file_id: uuid.UUID
) -> NumericRun:
    """The file's latest numeric run."""
    await require_case(session, case_id, owner_id)
    await _file_in_case(session, owner_id=owner_id, case_id=case_id, file_id=file_id)
    run = await run_repo.latest_for_file(session, file_id)
    if run is None:
        raise NotFoundError(
            "This file's figures have not been checked on demand yet.",
            details={"file_id": str(file_id)},
        )
    return run
