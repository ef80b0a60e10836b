"""Extraction: every file's evidence rendered for the models, from its stored extraction once it
exists (extraction.loading), indexed for chat's search, its tokens counted. It runs again on a
resume (the rendering is the run's, not stored); its errors and file statuses only the first
time."""

import functools
import uuid

from anyio import to_thread

from holmes_backend.agents.context import emit
from holmes_backend.agents.phases.state import JobRun
from holmes_backend.analysis.facts.conventions import describe as describe_conventions
from holmes_backend.db import transaction
from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.index import index_file
from holmes_backend.extraction.loading import load_extraction
from holmes_backend.llm import budget
from holmes_backend.llm.evidence import render_evidence
from holmes_backend.repositories import files as file_repo
from holmes_shared.enums import FileStatus
from holmes_shared.events import EventType


async def run(job_run: JobRun) -> None:
    """Renders every file's evidence (from the cached extraction once it exists)."""
    ctx, book = job_run.ctx, job_run.book
    async with ctx.session_factory() as session:
        ids = [uuid.UUID(f) for f in job_run.job.file_ids]
        files = list(await file_repo.get_many(session, ids))
    first_run = "extraction" not in book.completed
    truncated: dict[str, str] = {}  # files read only in part (an extraction limit)
    job_run.storage_keys = {str(f.id): f.storage_key for f in files}
    for file in files:
        if file.status == FileStatus.ERROR:
            continue
        try:
            extraction = await load_extraction(job_run.storage, file, settings=ctx.settings)
        except ExtractionError as exc:
            await book.set_files([str(file.id)], FileStatus.ERROR, str(exc))
            if first_run:
                await book.record_error(
                    {"file_id": str(file.id), "phase": "extraction", "error": str(exc)}
                )
            continue
        if extraction.truncated:
            truncated[str(file.id)] = extraction.truncated
        await index_file(ctx.session_factory, file, extraction)  # for chat's search
        # Rendering a 100,000-row sheet takes most of a second: off the event loop.
        job_run.evidence[str(file.id)] = await to_thread.run_sync(
            functools.partial(
                render_evidence,
                file_id=str(file.id),
                filename=file.filename,
                mime_type=file.mime_type,
                extraction=extraction,
            )
        )
    await _drop_deleted_files(job_run)
    await _count_tokens(job_run, {str(f.id): f.token_count for f in files})
    job_run.conventions = describe_conventions(job_run.evidence.values())
    if first_run:
        await book.set_files(list(job_run.evidence), FileStatus.PROCESSING)
        for file_id, reason in truncated.items():
            await book.set_files([file_id], FileStatus.PARTIAL, reason)
            await book.record_error({"file_id": file_id, "phase": "extraction", "error": reason})
        await emit(
            ctx,
            EventType.AGENT_PROGRESS,
            {
                "phase": "extraction",
                "files_read": len(job_run.evidence),
                "files": len(files),
                "progress": 1.0,
            },
            agent_id="orchestrator",
            agent_type="ORCHESTRATOR",
        )


async def _count_tokens(job_run: JobRun, stored: dict[str, int | None]) -> None:
    """Each file's evidence tokens: counted once by the model where it can count them
    (Gemini's count_tokens), else estimated; kept on the file for the next run. The count
    calibrates the estimate used to cut the file into ranges."""
    evidence = job_run.evidence
    missing = [f for f in evidence if stored.get(f) is None]
    counted = await budget.count_tokens(job_run.ctx.settings, [evidence[f] for f in missing])
    tokens = {f: n for f in evidence if (n := stored.get(f)) is not None}
    tokens |= dict(zip(missing, counted, strict=True))
    if missing:
        async with job_run.ctx.session_factory() as session:
            await file_repo.set_token_counts(session, {uuid.UUID(f): tokens[f] for f in missing})
            await transaction.commit(session)
    job_run.calibration = budget.Calibration(
        {f: n / max(1, budget.estimate_tokens(evidence[f])) for f, n in tokens.items()}
    )


async def _drop_deleted_files(job_run: JobRun) -> None:
    """Files deleted while they were read leave the run, with the extraction just stored
    beside them (the delete removed what was there when it committed, not what came after)."""
    async with job_run.ctx.session_factory() as session:
        ids = [uuid.UUID(f) for f in job_run.storage_keys]
        present = {str(f.id) for f in await file_repo.get_many(session, ids)}
    for file_id in set(job_run.storage_keys) - present:
        job_run.evidence.pop(file_id, None)
        await job_run.storage.delete_prefix(job_run.storage_keys.pop(file_id))
