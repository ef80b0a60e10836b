"""The processing pipeline: extraction → triage → routing → domains → synthesis → graph.

A short table of phases (PHASE_STEPS), each in its own module under agents.phases: it builds its
agents' requests from what the phases before it left (agents.phases.state), runs them through
the one run function (agents.runner.run_agent), and persists its results in its own
transactions, written behind the next model call. Each phase's output is persisted at its
boundary (PRD §4.3.1), so a job that failed or whose process died resumes from the first phase
it had not completed. Domain agents run concurrently (asyncio.gather with return_exceptions),
each with its own sessions; one failing never loses the others' findings: its files are marked
PARTIAL and the job ends PARTIAL.
"""

import asyncio
import logging
import uuid
from collections.abc import Awaitable, Callable

from holmes_backend.agents import regeneration
from holmes_backend.agents.context import PipelineContext, emit
from holmes_backend.agents.domains.agent import DOMAIN_SCHEMAS
from holmes_backend.agents.errors import AgentFailedError
from holmes_backend.agents.phases import domains, extraction, graph, routing, synthesis, triage
from holmes_backend.agents.phases.book import PhaseWriteError, shown
from holmes_backend.agents.phases.state import JobRun
from holmes_backend.contracts.processing import PHASES
from holmes_backend.db import transaction
from holmes_backend.db.types import utcnow
from holmes_backend.llm import context_cache
from holmes_backend.models import Case
from holmes_backend.repositories import executions as execution_repo
from holmes_backend.repositories import jobs as job_repo
from holmes_backend.storage import Storage
from holmes_shared.enums import CaseStatus, JobStatus
from holmes_shared.events import EventType

logger = logging.getLogger(__name__)

__all__ = ["DOMAIN_SCHEMAS", "PHASE_STEPS", "Pipeline"]

# The phases in PHASES' order: each builds its requests, runs its agents and persists.
PHASE_STEPS: dict[str, Callable[[JobRun], Awaitable[None]]] = {
    "extraction": extraction.run,
    "triage": triage.run,
    "routing": routing.run,
    "domains": domains.run,
    "synthesis": synthesis.run,
    "graph": graph.run,
}
assert tuple(PHASE_STEPS) == tuple(PHASES)


class Pipeline:
    """One job's run. The next model call never waits for the writes that record the previous
    one: they go behind, and a phase counts as completed only once every write of it has
    landed, in phase order (agents.phases.book)."""

    def __init__(self, ctx: PipelineContext, storage: Storage, job_id: uuid.UUID) -> None:
        self.ctx = ctx
        self.job_id = job_id
        self.job_run = JobRun(ctx, storage, job_id)
        self.book = self.job_run.book

    async def run(self) -> None:
        """The job's run; the context caches it made and the audio clips it cut are let go
        when it ends, however."""
        with context_cache.job(self.job_run.caches):
            try:
                await self._run()
            finally:
                await asyncio.shield(self.job_run.caches.close())
                await self.job_run.media.close()

    async def _run(self) -> None:
        await self._start()
        book = self.book
        phase = PHASES[0]
        try:
            for phase in PHASES:
                if phase in book.completed and phase != "extraction":
                    continue
                book.note_phase(phase)
                await PHASE_STEPS[phase](self.job_run)
                book.close_behind(phase, record=phase != PHASES[-1])
            if book.closing is not None:
                await book.closing
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            await self._fail(exc, phase)
            return
        if not book.ended:
            async with self.ctx.session_factory() as session:
                await book.end_completed(session, book.completed)
                await transaction.commit(session)

    async def _start(self) -> None:
        """Reads the job once (the run is its only writer), marks it and its case PROCESSING,
        and announces the run: full, incremental, a regeneration, or resumed."""
        ctx, book, job_run = self.ctx, self.book, self.job_run
        async with ctx.session_factory() as session:
            job = await job_repo.get(session, self.job_id)
            assert job is not None
            case = await session.get(Case, job.case_id)
            assert case is not None
            book.states = await job_repo.states(session, self.job_id)
            if job.started_at is not None:
                # A run before this one stopped (its process died, or it failed): the agents
                # it left running will not end; their phases run again now.
                await execution_repo.fail_unfinished(
                    session, self.job_id, "interrupted: the run was stopped; the phase ran again"
                )
                await transaction.commit(session)
        job_run.job, job_run.case = job, case
        job_run.incremental = job.incremental
        job_run.regeneration = regeneration.is_regeneration(book.states)
        book.completed = list(job.completed_phases)
        book.resumed = bool(book.completed)
        # Errors of phases that will run again are re-detected if they recur.
        book.errors = [e for e in job.errors if e.get("phase") in book.completed]
        await book.update(
            status=JobStatus.PROCESSING, started_at=job.started_at or utcnow(), errors=book.errors
        )
        await book.set_case_status(CaseStatus.PROCESSING)
        kind = (
            "regeneration" if job_run.regeneration else "incremental" if job.incremental else "full"
        )
        await emit(
            ctx,
            EventType.PROCESSING_STARTED,
            {
                "job_id": str(self.job_id),
                "files": len(job.file_ids),
                "resumed_after": book.completed,
                "kind": kind,
            },
            agent_id="orchestrator",
            agent_type="ORCHESTRATOR",
        )

    async def case_deleted(self) -> bool:
        """Whether the case was deleted under the run; if so, what the run derived from its
        files and stored after the delete removed them is removed too."""
        async with self.ctx.session_factory() as session:
            if await session.get(Case, self.ctx.case_id) is not None:
                return False
        for key in self.job_run.storage_keys.values():
            await self.job_run.storage.delete_prefix(key)
        return True

    async def _fail(self, exc: Exception, phase: str) -> None:
        """The job's end after a phase failed (or a write behind one): ERROR, with the phase
        and the cause the user can read; nothing when the case was deleted under the run."""
        book = self.book
        await book.settle()
        if await self.case_deleted():
            # Nothing to record: the job, its events and its case are gone with it.
            logger.info("processing job %s stopped: its case was deleted", self.job_id)
            return
        logger.exception("processing job %s failed", self.job_id)
        failed = exc.phase if isinstance(exc, PhaseWriteError) else phase
        cause = exc.__cause__ if isinstance(exc, PhaseWriteError) else exc
        error = {"phase": failed, "error": shown(cause)}
        if isinstance(cause, AgentFailedError):
            error["code"] = cause.code  # BUDGET_EXCEEDED says what to change
        book.errors.append(error)
        await book.finish(
            JobStatus.ERROR,
            CaseStatus.ERROR,
            EventType.PROCESSING_FAILED,
            {"job_id": str(self.job_id), **error, "completed_phases": book.completed},
        )
