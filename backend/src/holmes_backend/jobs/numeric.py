"""The numeric validation of one file as a job: what a worker (or, embedded, the serving
process) runs for a numeric run. The run's row holds its state; its results are the file's
numeric checks and mismatch findings, which replace those of earlier runs."""

import json
import logging
import uuid
from typing import Any

from holmes_backend.agents.numeric import agent as numeric_agent
from holmes_backend.agents.runner import AgentFailedError, PipelineContext
from holmes_backend.db import transaction
from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.loading import load_extraction
from holmes_backend.jobs.control import numeric_task_name, this_process
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.models import File
from holmes_backend.repositories import files as file_repo
from holmes_backend.repositories import numeric_runs as run_repo
from holmes_backend.runtime import Runtime
from holmes_shared.errors import ErrorCode, HolmesError

logger = logging.getLogger(__name__)


class UnreadableFileError(HolmesError):
    status_code = 422
    code = ErrorCode.FILE_CORRUPT
    recoverable = False
    suggested_action = "upload a readable copy of the file"


class NumericRunFailedError(HolmesError):
    status_code = 503
    code = ErrorCode.PROCESSING_FAILED
    recoverable = True
    suggested_action = "retry the numeric validation"


def runner() -> str:
    """This process, as a numeric run records it."""
    return json.dumps(this_process(), sort_keys=True)


def launch(runtime: Runtime, case_id: uuid.UUID, file_id: uuid.UUID) -> None:
    """Embedded (SQLite): runs the file's numeric run in this process; the runtime holds the
    task."""
    runtime.spawn(run_numeric_job(runtime, file_id), name=numeric_task_name(case_id, file_id))


async def run_numeric_job(runtime: Runtime, file_id: uuid.UUID) -> None:
    """Runs the file's active numeric run, whichever it is (a run retried after its worker
    stopped runs again from the start); nothing when it has none (it ended, or the file or its
    case is gone)."""
    async with runtime.session_factory() as session:
        run = await run_repo.active_for_file(session, file_id)
        files = await file_repo.get_many(session, [file_id]) if run is not None else []
        if run is None or not files:
            logger.info("no active numeric run for file %s: nothing to run", file_id)
            return
        run_id = run.id
        await run_repo.started(session, run_id, runner=runner())
        await transaction.commit(session)
    file = files[0]
    error: dict[str, Any] | None = None
    try:
        await _validate(runtime, run.case_id, file)
    except HolmesError as exc:
        error = exc.envelope().error.model_dump(mode="json")
    except Exception:
        logger.exception("numeric run %s failed", run_id)
        error = (
            NumericRunFailedError(
                "The numeric validation failed unexpectedly; nothing was changed.",
                details={"file_id": str(file.id)},
            )
            .envelope()
            .error.model_dump(mode="json")
        )
    # A stop (its worker shutting down, its case deleted) leaves the run as it is: retried by
    # the queue, or gone with its case.
    async with runtime.session_factory() as session:
        if await run_repo.get(session, run_id) is None:
            # Its file was deleted while it ran: what it stored beside the file goes too.
            await runtime.storage.delete_prefix(file.storage_key)
            return
        await run_repo.finished(session, run_id, error=error)
        await transaction.commit(session)


async def _validate(runtime: Runtime, case_id: uuid.UUID, file: File) -> None:
    """Validates one file (extractor, verifiers, reviewer, each recorded), replacing its earlier
    checks."""
    try:
        extraction = await load_extraction(runtime.storage, file, settings=runtime.settings)
    except ExtractionError as exc:
        raise UnreadableFileError(
            f"The file could not be read: {exc.reason}", details={"file_id": str(file.id)}
        ) from exc
    doc = EvidenceDoc(
        file_id=str(file.id),
        filename=file.filename,
        mime_type=file.mime_type,
        metadata=extraction.metadata,
        chunks=extraction.chunks,
    )
    ctx = PipelineContext(
        settings=runtime.settings,
        session_factory=runtime.session_factory,
        hub=runtime.hub,
        case_id=case_id,
        job_id=None,
    )
    try:
        await numeric_agent.validate_and_store(ctx, [doc])
    except AgentFailedError as exc:
        logger.warning("numeric validation failed: %s", exc.reason)
        raise NumericRunFailedError(
            "The numeric validation could not be completed; nothing was changed.",
            details={"file_id": str(file.id), "agent_id": exc.agent},
        ) from exc
