"""The processing pipeline: extraction → triage → routing → domains → synthesis → graph.

Each phase's output is persisted at its boundary (PRD §4.3.1), so a job that failed or whose
process died resumes from the first phase it had not completed. Domain agents run concurrently
(asyncio.gather with return_exceptions), each with its own sessions; one failing never loses
the others' findings: its files are marked PARTIAL and the job ends PARTIAL.
"""

import asyncio
import functools
import logging
import re
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from typing import Any, cast

from anyio import to_thread
from google.adk.tools.base_tool import BaseTool
from pydantic import BaseModel
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.agents import grounding, persist, regeneration
from holmes_backend.agents.bounds import RunBounds
from holmes_backend.agents.domains import merge as domain_merge
from holmes_backend.agents.domains.prompt import INSTRUCTIONS as DOMAIN_INSTRUCTIONS
from holmes_backend.agents.domains.prompt import TOOLS as TOOLS_INSTRUCTION
from holmes_backend.agents.knowledge_graph.prompt import INSTRUCTION as GRAPH_INSTRUCTION
from holmes_backend.agents.merge import step as merge_step
from holmes_backend.agents.merge.facts import derive_facts
from holmes_backend.agents.numeric import agent as numeric_agent
from holmes_backend.agents.orchestrator.prompt import INSTRUCTION as ORCHESTRATOR_INSTRUCTION
from holmes_backend.agents.runner import (
    AgentFailedError,
    AgentSpec,
    AnswerCutOffError,
    Completion,
    PipelineContext,
    WriteBehind,
    drain,
    emit,
    emit_all,
    record_event,
    run_agent,
)
from holmes_backend.agents.synthesis.prompt import INSTRUCTION as SYNTHESIS_INSTRUCTION
from holmes_backend.agents.triage.prompt import INSTRUCTION as TRIAGE_INSTRUCTION
from holmes_backend.agents.verification.items import ID_PREFIXES, numbered
from holmes_backend.analysis.facts.conventions import describe as describe_conventions
from holmes_backend.analysis.routing import DOMAINS, route, split, unassigned
from holmes_backend.contracts.agents import (
    AgentParams,
    DomainAssignment,
    DomainName,
    EvidenceOutput,
    FinancialOutput,
    GraphOutput,
    LegalOutput,
    RoutingPlan,
    StrategyOutput,
    SynthesisOutput,
    TriageFile,
    TriageResult,
)
from holmes_backend.contracts.processing import PHASES
from holmes_backend.db import transaction
from holmes_backend.db.types import EncodedList, utcnow
from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.index import index_file
from holmes_backend.extraction.loading import load_extraction
from holmes_backend.llm import budget, context_cache
from holmes_backend.llm.evidence import render_evidence, render_file_names, render_findings
from holmes_backend.llm.media import MediaParts
from holmes_backend.llm.summaries import render_summary
from holmes_backend.models import Case, ProcessingJob
from holmes_backend.repositories import cases as case_repo
from holmes_backend.repositories import executions as execution_repo
from holmes_backend.repositories import files as file_repo
from holmes_backend.repositories import findings as finding_repo
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.repositories import jobs as job_repo
from holmes_backend.storage import Storage
from holmes_backend.tools.evidence import EvidenceTools, RenderedDocs
from holmes_shared.enums import CaseStatus, FileStatus, JobStatus
from holmes_shared.events import EventType

logger = logging.getLogger(__name__)


DOMAIN_SCHEMAS: dict[str, type[BaseModel]] = {
    "financial": FinancialOutput,
    "legal": LegalOutput,
    "evidence": EvidenceOutput,
    "strategy": StrategyOutput,
}
# The agents' settings, stated in their prompts and handed to their models as typed values.
PARAMS = AgentParams()
ROUTING_THRESHOLD = PARAMS.routing_threshold
# The domains that read no other domain's findings (strategy reads theirs, so it runs after).
_INDEPENDENT_DOMAINS = ("financial", "legal", "evidence")
_FILENAME = re.compile(r'"filename": "([^"]+)"')
_FILE_ID = re.compile(r'^<<<EVIDENCE \{"file_id": "([^"]+)"')
LINK_WINDOW_MINUTES = PARAMS.link_window_minutes
# Of the request budget, the findings synthesis and the graph both read, first in both requests
# (one context cache); the rest is synthesis's own parts, or the graph's synthesis block.
SHARED_FINDINGS_SHARE = 0.85
# The File API's refusal of a request naming an upload it no longer has (the real API's text).
_MISSING_UPLOAD = re.compile(r"access the File (files/[A-Za-z0-9_-]+) or it may not exist")


def _shown(cause: BaseException | None) -> str:
    """A failure as the user reads it in the job's errors: a database error's statement and
    parameters stay in the server's log (logged above), never in what the user sees."""
    if isinstance(cause, SQLAlchemyError):
        return f"{type(cause).__name__}: the database refused a write (details in the server log)"
    return f"{type(cause).__name__}: {cause}"[:2000]


class PhaseWriteError(RuntimeError):
    """A write behind a phase failed: the phase is not completed (a new run redoes it)."""

    def __init__(self, phase: str, cause: Exception) -> None:
        super().__init__(f"the {phase} phase's results could not be stored: {_shown(cause)}")
        self.phase = phase


class Pipeline:
    """One job's run. The next model call never waits for the writes that record the previous
    one: they go behind (ctx.write_behind), and a phase counts as completed only once every
    write of it has landed, in phase order (see _close)."""

    def __init__(self, ctx: PipelineContext, storage: Storage, job_id: uuid.UUID) -> None:
        self.ctx = ctx
        if ctx.write_behind is None:
            ctx.write_behind = WriteBehind()
        self.writes = ctx.write_behind
        self.storage = storage
        self.job_id = job_id
        # Images, recordings and scanned pages go to triage and the domain workers as parts.
        self.media = MediaParts(ctx.settings, ctx.session_factory, storage)
        self.evidence: dict[str, str] = {}  # file_id -> rendered evidence part
        # file_id -> where the file lies in storage, with what was derived from it beside it
        self._storage_keys: dict[str, str] = {}
        self._conventions = ""  # how the evidence writes dates and amounts (a request's line)
        # Each file's tokens as the model counts them, against the estimate (llm.budget).
        self._calibration = budget.Calibration()
        self.incremental = False
        self.regeneration = False  # synthesis and graph again over the current findings
        # The job as this run knows it, read once: it is the job's only writer while it runs.
        # agent_states in particular is large (every phase's output); decoding it per step was
        # most of the orchestration's CPU.
        self.states: dict[str, Any] = {}
        self.completed: list[str] = []
        self.errors: list[dict[str, Any]] = []
        self.resumed = False
        self._ended = False  # the job's end was recorded with the graph version
        self._job_write: asyncio.Task[None] | None = None
        self._state_saves: Counter[str] = Counter()  # saves of each state key so far
        self._closing: asyncio.Task[None] | None = None
        self._outputs: dict[str, BaseModel] | None = None
        self._domain_models: dict[str, BaseModel] = {}  # this run's, as the agents gave them
        # (form, domain) -> (output, its rendering): the findings block synthesis and the graph
        # read, or the text summary strategy reads (see _rendering)
        self._rendered: dict[tuple[str, str], tuple[BaseModel, str]] = {}
        self._sources = grounding.Sources(self.evidence)  # what citations are checked against
        # Parts several requests start with, cached for the job (llm.context_cache).
        self.caches = context_cache.JobCaches(ctx.settings, f"holmes job {job_id}")
        self._shared_findings: list[str] | None = None
        # The domain agents' tools, on Gemini. The offline analyst reads the request alone; on
        # an OpenAI-compatible server LiteLLM (1.106 as locked) fails every request with tools
        # (its MCP handler imports the `mcp` package, which it does not require).
        self._tools: tuple[BaseTool, ...] = ()
        if ctx.settings.resolved_llm_provider == "gemini":
            self._tools = EvidenceTools(
                session_factory=ctx.session_factory,
                case_id=ctx.case_id,
                docs=RenderedDocs(self.evidence),
            ).function_tools()

    # ---- job bookkeeping -----------------------------------------------------------------

    async def _job(self) -> tuple[ProcessingJob, Case]:
        async with self.ctx.session_factory() as session:
            job = await job_repo.get(session, self.job_id)
            assert job is not None
            case = await session.get(Case, job.case_id)
            assert case is not None
            return job, case

    async def _update(self, **changes: Any) -> None:
        async with self.ctx.session_factory() as session:
            await job_repo.update_fields(session, self.job_id, **changes)
            await transaction.commit(session)

    def _save_state(self, key: str, value: Any) -> None:
        """Keeps a phase output in memory now and writes it behind. Agent outputs may be kept
        as their models: they are encoded when written, off the path to the next request.
        A save followed by a later one of the same key, queued behind it before it ran, leaves
        the writing to that one (the domains' state grows domain by domain: written once per
        burst, not re-encoded whole for each domain)."""
        self.states[key] = value
        self._state_saves[key] += 1
        save = self._state_saves[key]

        async def write(session: AsyncSession) -> None:
            if self._state_saves[key] == save:
                await job_repo.set_state(session, self.job_id, key, self.states[key])

        self._write_job_behind(write)

    def _write_job_behind(self, write: Callable[[AsyncSession], Awaitable[None]]) -> None:
        """A write of the job's row, behind, after the job writes before it (so a value
        written twice ends as its last)."""
        previous = self._job_write

        async def run() -> None:
            if previous is not None:
                await previous
            async with self.ctx.session_factory() as session:
                await write(session)
                await transaction.commit(session)

        self._job_write = self.writes.add(run())

    def _note_phase(self, phase: str) -> None:
        async def write(session: AsyncSession) -> None:
            await job_repo.update_fields(session, self.job_id, current_phase=phase)

        self._write_job_behind(write)

    async def _close(
        self,
        phase: str,
        writes: list[asyncio.Task[None]],
        previous: asyncio.Task[None] | None,
        *,
        record: bool = True,
    ) -> None:
        """The phase is completed once its writes (and the phases before it) are; the last
        phase's completion is recorded with the job's end (record=False)."""
        if previous is not None:
            await previous
        try:
            await drain(writes)
        except Exception as exc:
            raise PhaseWriteError(phase, exc) from exc
        if phase not in self.completed:
            self.completed.append(phase)
            if record:
                await self._update(completed_phases=list(self.completed))

    async def _settle(self) -> None:
        """After a failure: lets the writes in flight end (what landed stays landed)."""
        pending = [t for t in (self._closing, *self.writes.take()) if t is not None]
        for result in await asyncio.gather(*pending, return_exceptions=True):
            if isinstance(result, Exception):
                logger.warning("a write of job %s failed: %s", self.job_id, result)

    async def _set_case_status(self, status: CaseStatus) -> None:
        async with self.ctx.session_factory() as session:
            await case_repo.set_status(session, self.ctx.case_id, status)
            await transaction.commit(session)

    async def _set_files(
        self, file_ids: list[str], status: FileStatus, error: str | None = None
    ) -> None:
        async with self.ctx.session_factory() as session:
            await file_repo.set_status(session, [uuid.UUID(f) for f in file_ids], status, error)
            await transaction.commit(session)

    # ---- the run --------------------------------------------------------------------------

    async def run(self) -> None:
        """The job's run; the context caches it made and the audio clips it cut are let go
        when it ends, however."""
        with context_cache.job(self.caches):
            try:
                await self._run()
            finally:
                await asyncio.shield(self.caches.close())
                await self.media.close()

    async def _run(self) -> None:
        job, case = await self._job()
        async with self.ctx.session_factory() as session:
            self.states = await job_repo.states(session, self.job_id)
            if job.started_at is not None:
                # A run before this one stopped (its process died, or it failed): the agents
                # it left running will not end; their phases run again now.
                await execution_repo.fail_unfinished(
                    session, self.job_id, "interrupted: the run was stopped; the phase ran again"
                )
                await transaction.commit(session)
        self.job = job
        self.incremental = job.incremental
        self.regeneration = regeneration.is_regeneration(self.states)
        self.completed = list(job.completed_phases)
        self.resumed = bool(self.completed)
        # Errors of phases that will run again are re-detected if they recur.
        self.errors = [e for e in job.errors if e.get("phase") in self.completed]
        await self._update(
            status=JobStatus.PROCESSING, started_at=job.started_at or utcnow(), errors=self.errors
        )
        await self._set_case_status(CaseStatus.PROCESSING)
        await emit(
            self.ctx,
            EventType.PROCESSING_STARTED,
            {
                "job_id": str(self.job_id),
                "files": len(job.file_ids),
                "resumed_after": self.completed,
                "kind": "regeneration"
                if self.regeneration
                else "incremental"
                if self.incremental
                else "full",
            },
            agent_id="orchestrator",
            agent_type="ORCHESTRATOR",
        )
        phase = PHASES[0]
        try:
            for phase in PHASES:
                if phase in self.completed and phase != "extraction":
                    continue
                self._note_phase(phase)
                await getattr(self, f"_phase_{phase}")(job, case)
                self._closing = asyncio.create_task(
                    self._close(
                        phase, self.writes.take(), self._closing, record=phase != PHASES[-1]
                    )
                )
            if self._closing is not None:
                await self._closing
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            await self._settle()
            if await self.case_deleted():
                # Nothing to record: the job, its events and its case are gone with it.
                logger.info("processing job %s stopped: its case was deleted", self.job_id)
                return
            logger.exception("processing job %s failed", self.job_id)
            failed = exc.phase if isinstance(exc, PhaseWriteError) else phase
            cause = exc.__cause__ if isinstance(exc, PhaseWriteError) else exc
            error = {"phase": failed, "error": _shown(cause)}
            if isinstance(cause, AgentFailedError):
                error["code"] = cause.code  # BUDGET_EXCEEDED says what to change
            self.errors.append(error)
            await self._finish(
                JobStatus.ERROR,
                CaseStatus.ERROR,
                EventType.PROCESSING_FAILED,
                {"job_id": str(self.job_id), **error, "completed_phases": self.completed},
            )
            return
        if not self._ended:
            async with self.ctx.session_factory() as session:
                await self._end_completed(session, self.completed)
                await transaction.commit(session)

    async def _end_completed(self, session: AsyncSession, completed: list[str]) -> None:
        """The end of a job that ran through (READY, or PARTIAL after errors), in `session`."""
        partial = bool(self.errors)
        status = JobStatus.PARTIAL if partial else JobStatus.READY
        await self._end(
            session,
            status,
            CaseStatus.PARTIAL if partial else CaseStatus.READY,
            EventType.PROCESSING_COMPLETED,
            {
                "job_id": str(self.job_id),
                "status": status.value,
                "resumed": self.resumed,
                "errors": self.errors,
            },
            completed,
        )

    async def _finish(
        self,
        status: JobStatus,
        case_status: CaseStatus,
        event_type: EventType,
        payload: dict[str, Any],
    ) -> None:
        async with self.ctx.session_factory() as session:
            await self._end(session, status, case_status, event_type, payload, self.completed)
            await transaction.commit(session)

    async def _end(
        self,
        session: AsyncSession,
        status: JobStatus,
        case_status: CaseStatus,
        event_type: EventType,
        payload: dict[str, Any],
        completed: list[str],
    ) -> None:
        """The job's end, the case's status and the event that announces them, in `session`
        (one commit with them)."""
        ended: dict[str, Any] = {
            "status": status,
            "errors": list(self.errors),
            "completed_phases": list(completed),
            "completed_at": utcnow(),
        }
        if status != JobStatus.ERROR:
            ended["current_phase"] = None
        await job_repo.update_fields(session, self.job_id, **ended)
        await case_repo.set_status(session, self.ctx.case_id, case_status)
        await record_event(session, self.ctx, event_type, payload, "orchestrator", "ORCHESTRATOR")

    async def _record_error(self, error: dict[str, Any]) -> None:
        self.errors.append(error)
        await self._update(errors=list(self.errors))

    # ---- phases ---------------------------------------------------------------------------

    async def _phase_extraction(self, job: ProcessingJob, case: Case) -> None:
        """Renders every file's evidence (from the cached extraction once it exists)."""
        async with self.ctx.session_factory() as session:
            files = list(await file_repo.get_many(session, [uuid.UUID(f) for f in job.file_ids]))
        first_run = "extraction" not in self.completed
        truncated: dict[str, str] = {}  # files read only in part (an extraction limit)
        self._storage_keys = {str(f.id): f.storage_key for f in files}
        for file in files:
            if file.status == FileStatus.ERROR:
                continue
            try:
                extraction = await load_extraction(self.storage, file, settings=self.ctx.settings)
            except ExtractionError as exc:
                await self._set_files([str(file.id)], FileStatus.ERROR, str(exc))
                if first_run:
                    await self._record_error(
                        {"file_id": str(file.id), "phase": "extraction", "error": str(exc)}
                    )
                continue
            if extraction.truncated:
                truncated[str(file.id)] = extraction.truncated
            await index_file(self.ctx.session_factory, file, extraction)  # for chat's search
            # Rendering a 100,000-row sheet takes most of a second: off the event loop.
            self.evidence[str(file.id)] = await to_thread.run_sync(
                functools.partial(
                    render_evidence,
                    file_id=str(file.id),
                    filename=file.filename,
                    mime_type=file.mime_type,
                    extraction=extraction,
                )
            )
        await self._drop_deleted_files()
        await self._count_tokens({str(f.id): f.token_count for f in files})
        self._conventions = describe_conventions(self.evidence.values())
        if first_run:
            await self._set_files(list(self.evidence), FileStatus.PROCESSING)
            for file_id, reason in truncated.items():
                await self._set_files([file_id], FileStatus.PARTIAL, reason)
                error = {"file_id": file_id, "phase": "extraction", "error": reason}
                await self._record_error(error)
            await emit(
                self.ctx,
                EventType.AGENT_PROGRESS,
                {
                    "phase": "extraction",
                    "files_read": len(self.evidence),
                    "files": len(files),
                    "progress": 1.0,
                },
                agent_id="orchestrator",
                agent_type="ORCHESTRATOR",
            )

    async def _count_tokens(self, stored: dict[str, int | None]) -> None:
        """Each file's evidence tokens: counted once by the model where it can count them
        (Gemini's count_tokens), else estimated; kept on the file for the next run. The count
        calibrates the estimate used to cut the file into ranges."""
        missing = [f for f in self.evidence if stored.get(f) is None]
        counted = await budget.count_tokens(self.ctx.settings, [self.evidence[f] for f in missing])
        tokens = {f: n for f in self.evidence if (n := stored.get(f)) is not None}
        tokens |= dict(zip(missing, counted, strict=True))
        if missing:
            async with self.ctx.session_factory() as session:
                await file_repo.set_token_counts(
                    session, {uuid.UUID(f): tokens[f] for f in missing}
                )
                await transaction.commit(session)
        self._calibration = budget.Calibration(
            {f: n / max(1, budget.estimate_tokens(self.evidence[f])) for f, n in tokens.items()}
        )

    async def _drop_deleted_files(self) -> None:
        """Files deleted while they were read leave the run, with the extraction just stored
        beside them (the delete removed what was there when it committed, not what came after)."""
        async with self.ctx.session_factory() as session:
            ids = [uuid.UUID(f) for f in self._storage_keys]
            present = {str(f.id) for f in await file_repo.get_many(session, ids)}
        for file_id in set(self._storage_keys) - present:
            self.evidence.pop(file_id, None)
            await self.storage.delete_prefix(self._storage_keys.pop(file_id))

    async def case_deleted(self) -> bool:
        """Whether the case was deleted under the run; if so, what the run derived from its
        files and stored after the delete removed them is removed too."""
        async with self.ctx.session_factory() as session:
            if await session.get(Case, self.ctx.case_id) is not None:
                return False
        for key in self._storage_keys.values():
            await self.storage.delete_prefix(key)
        return True

    async def _phase_triage(self, job: ProcessingJob, case: Case) -> None:
        if not self.evidence:
            raise RuntimeError("no file could be read")
        spec = AgentSpec(
            "triage_agent", "TRIAGE", "triage", "flash", TriageResult, TRIAGE_INSTRUCTION
        )
        # Triage reads a preview of each file (its header and first chunks; a recording's
        # first seconds), as many files a request as the budget takes, media counted.
        cap = self.ctx.settings.triage_preview_tokens
        previews = {
            f: budget.preview(part, cap, self.media.cost(part)) for f, part in self.evidence.items()
        }
        context = [self._conventions]
        room = self._room(spec, context)
        packed = budget.pack(
            [[f] for f in previews], previews, room, self._calibration, self.media.cost
        )
        units = [unit.parts for unit in packed]
        outputs = await self._run_units(spec, context, units, parent=None, summary={})
        triaged: dict[str, TriageFile] = {}
        for output in outputs:
            assert isinstance(output, TriageResult)
            for file in output.files:
                if file.file_id in self.evidence:
                    triaged.setdefault(file.file_id, file)
        self.writes.add(self._write_triage(triaged))
        self._save_state("triage", list(triaged.values()))  # models: encoded when written

    async def _write_triage(self, triaged: dict[str, TriageFile]) -> None:
        async with self.ctx.session_factory() as session:
            for file in await file_repo.get_many(session, [uuid.UUID(f) for f in triaged]):
                file.triage_metadata = triaged[str(file.id)].model_dump(mode="json")
            await transaction.commit(session)

    async def _triage(self) -> list[TriageFile]:
        """Triage's files: this run's models, or read back from the job's state on a resume."""
        return [TriageFile.model_validate(f) for f in self.states.get("triage", [])]

    async def _phase_routing(self, job: ProcessingJob, case: Case) -> None:
        triage = await self._triage()
        spec = AgentSpec(
            "orchestrator",
            "ORCHESTRATOR",
            "orchestrator",
            "pro",
            RoutingPlan,
            ORCHESTRATOR_INSTRUCTION,
            params=PARAMS,
        )
        parts = [
            render_findings({"stage": "triage"}, TriageResult(files=triage)),
            f"routing threshold: {ROUTING_THRESHOLD}",
        ]
        output, execution_id = await run_agent(
            self.ctx, spec, parts, input_summary={"files": len(triage)}
        )
        assert isinstance(output, RoutingPlan)
        plan = self._checked_plan(output, triage)
        self._save_state(
            "routing", {**plan.model_dump(mode="json"), "execution_id": str(execution_id)}
        )
        self.writes.add(
            emit(
                self.ctx,
                EventType.AGENT_PROGRESS,
                {
                    "phase": "routing",
                    "reasoning": plan.reasoning,
                    "assignments": [a.model_dump(mode="json") for a in plan.assignments],
                },
                agent_id="orchestrator",
                agent_type="ORCHESTRATOR",
            )
        )

    @staticmethod
    def _checked_plan(plan: RoutingPlan, triage: list[TriageFile]) -> RoutingPlan:
        """The model's plan, kept to known files; the rule-based plan fills what it left out."""
        order = {f.file_id: i for i, f in enumerate(triage)}
        fallback = {a.domain: a for a in route(triage, ROUTING_THRESHOLD)}
        chosen = {}
        for assignment in plan.assignments:
            # In triage order, each once: the order a model lists them in carries no meaning.
            ids = sorted({f for f in assignment.file_ids if f in order}, key=order.__getitem__)
            chosen[assignment.domain] = assignment.model_copy(
                update={
                    "file_ids": ids,
                    "workers": max(1, min(assignment.workers, max(1, len(ids)))),
                }
            )
        for domain, assignment in fallback.items():
            chosen.setdefault(domain, assignment)
        # A file the model gave to no domain is read by its primary domain all the same.
        for file in unassigned(triage, list(chosen.values())):
            domain = file.primary_domain
            current = chosen.get(domain) or fallback.get(domain)
            ids = [*(current.file_ids if current else []), file.file_id]
            chosen[domain] = DomainAssignment(
                domain=domain,
                file_ids=sorted(ids, key=order.__getitem__),
                complexity=(current.complexity if current else 0) + file.complexity_score,
                workers=current.workers if current else 1,
            )
        ordered = [chosen[d] for d in DOMAINS if d in chosen]
        return RoutingPlan(assignments=ordered, reasoning=plan.reasoning)

    def _file_names(self, file_ids: Iterable[str]) -> dict[str, str]:
        """file_id -> filename, from each evidence part's header."""
        names: dict[str, str] = {}
        for file_id in file_ids:
            match = _FILENAME.search(self.evidence[file_id].split("\n", 1)[0])
            if match:
                names[file_id] = match.group(1)
        return names

    async def _synthesis_file_names(self) -> dict[str, str]:
        """The names of the files synthesis reads the findings of: this job's, and the case's
        other files' too when the job builds on their findings (incremental, regeneration)."""
        names = self._file_names(self.evidence)
        if self.incremental or self.regeneration:
            async with self.ctx.session_factory() as session:
                names = await file_repo.names_for_case(session, self.ctx.case_id) | names
        return names

    def _related(self, file_ids: list[str]) -> dict[str, set[str]]:
        """Files whose evidence text names another file (by filename or its stem)."""
        names = self._file_names(file_ids)
        related: dict[str, set[str]] = {}
        for file_id in file_ids:
            text = self.evidence[file_id].split("\n", 1)[-1].lower()
            for other, filename in names.items():
                stem = filename.rsplit(".", 1)[0].lower()
                if other != file_id and len(stem) >= 6 and stem in text:
                    related.setdefault(file_id, set()).add(other)
        return related

    def _case_parts(self, case: Case) -> list[str]:
        # How the evidence writes dates and amounts: decided over every file, not per request.
        parts = [self._conventions] if self._conventions else []
        if case.description:
            parts.append(f"--- CASE CONTEXT ---\n{case.description}")
        if case.hypotheses:
            parts.append("--- HYPOTHESES ---\n" + "\n".join(f"- {h}" for h in case.hypotheses))
        return parts

    async def _phase_domains(self, job: ProcessingJob, case: Case) -> None:
        routing = RoutingPlan.model_validate(self.states["routing"])
        parent = uuid.UUID(self.states["routing"]["execution_id"])
        assignments = {a.domain: a for a in routing.assignments}
        done: dict[str, Any] = dict(self.states.get("domains", {}))
        first = [d for d in _INDEPENDENT_DOMAINS if d in assignments and d not in done]
        # Each domain is recorded as soon as its own workers are done, while the others wait.
        await asyncio.gather(
            *(self._domain(d, assignments[d], case, parent, {}, done) for d in first),
            self._numeric(assignments.get("financial"), parent),
        )
        if "strategy" not in done:
            # Strategy reads the other domains' findings, so it runs once they are in.
            others = {
                d: self._domain_models.get(d) or DOMAIN_SCHEMAS[d].model_validate(done[d])
                for d in DOMAIN_SCHEMAS
                if done.get(d) is not None
            }
            strategy = assignments.get("strategy") or DomainAssignment(
                domain="strategy", file_ids=[], complexity=0, workers=1
            )
            await self._domain("strategy", strategy, case, parent, others, done)

    async def _numeric(self, assignment: DomainAssignment | None, parent: uuid.UUID) -> None:
        """Numeric validation of the financial files (agents.numeric), beside the domains; a
        failure is recorded in the job's errors and costs nothing else."""
        ids = [f for f in assignment.file_ids if f in self.evidence] if assignment else []
        evidence = [self.evidence[f] for f in ids]
        if error := await numeric_agent.validate_evidence(self.ctx, evidence, parent=parent):
            await self._record_error({"phase": "domains", "domain": "numeric", "error": error})

    async def _domain(
        self,
        domain: str,
        assignment: DomainAssignment,
        case: Case,
        parent: uuid.UUID,
        others: dict[str, BaseModel],
        done: dict[str, Any],
    ) -> None:
        """One domain's agents, recorded in `done` (None when they failed: the failure is
        recorded for its files and the job goes on)."""
        try:
            result = await self._run_domain(domain, assignment, case, parent, others)
        except Exception as exc:
            reason = exc.reason if isinstance(exc, AgentFailedError) else str(exc)
            error = {"phase": "domains", "domain": domain, "error": reason[:2000]}
            if isinstance(exc, AgentFailedError):
                error["code"] = exc.code.value
            await self._record_error(error)
            await self._set_files(
                assignment.file_ids, FileStatus.PARTIAL, f"{domain} analysis failed"
            )
            done[domain] = None
        else:
            done[domain] = result
            self._domain_models[domain] = result
        # In domain order whichever finished first (the state is read back in that order).
        self._save_state("domains", {d: done[d] for d in DOMAIN_SCHEMAS if d in done})

    async def _run_domain(
        self,
        domain: str,
        assignment: DomainAssignment,
        case: Case,
        parent: uuid.UUID,
        others: dict[str, BaseModel],
    ) -> BaseModel:
        schema = DOMAIN_SCHEMAS[domain]
        spec = AgentSpec(
            f"{domain}_agent",
            domain.upper(),
            "domain",
            "pro",
            schema,
            # What the tools are for, when the agent has them (a model's run).
            f"{DOMAIN_INSTRUCTIONS[domain]}\n\n{TOOLS_INSTRUCTION}"
            if self._tools
            else DOMAIN_INSTRUCTIONS[domain],
            tools=self._tools,
            domain=cast(DomainName, domain),
        )
        # Strategy reads the other domains' summaries: at most half of its budget, the rest
        # is evidence.
        summaries = self._fitted(spec, self._case_parts(case), others, "summary", share=0.5)
        context = [*self._case_parts(case), *summaries]
        units = self._units(spec, assignment, context)
        outputs = await self._run_units(
            spec, context, units, parent=parent, summary={"domain": domain}, domain=domain
        )
        # The per-domain merge of the units' outputs (PRD §4.7).
        merged = await self._merged(domain, schema, self._case_parts(case), outputs, parent)
        agent_id = f"{domain}_agent"
        self.writes.add(self._write_domain_findings(domain, agent_id, merged))
        if domain in _INDEPENDENT_DOMAINS:
            self._summaries({domain: merged})  # strategy's request is made of them next
            # Synthesis reads the block after strategy: made once strategy's request is out.
            self.writes.add(self._render_block(domain, merged))
        return merged

    async def _merged(
        self,
        domain: str,
        schema: type[BaseModel],
        context: list[str],
        outputs: list[BaseModel],
        parent: uuid.UUID,
    ) -> BaseModel:
        """The domain's units' outputs as one (PRD §4.7's "<domain>_synthesis"): planned by the
        model where several units' items may overlap, applied by code (agents.domains.merge);
        everything else, and everything offline, by the deterministic union."""
        return await domain_merge.merged(
            self.ctx, domain, schema, context, outputs, parent=parent, union=_merge
        )

    async def _grounded(
        self,
        spec: AgentSpec,
        output: BaseModel,
        execution_id: uuid.UUID,
        bounds: RunBounds | None = None,
    ) -> BaseModel:
        """The agent's output with its citations checked against the evidence (re-asked once
        when they do not hold and the bounds leave a re-ask: agents.grounding)."""
        return await grounding.ground(
            self.ctx,
            spec,
            output,
            execution_id=execution_id,
            sources=self._sources,
            bounds=bounds,
        )

    async def _unit_outputs(
        self,
        domain: str,
        workers: list[tuple[AgentSpec, list[str]]],
        results: list[list[BaseModel] | BaseException],
    ) -> list[list[BaseModel]]:
        """The work units' outputs; a failed unit's files are PARTIAL and its error the job's,
        the others' findings kept. Raises when every unit failed (the domain failed)."""
        failed = [
            (w, r) for w, r in zip(workers, results, strict=True) if isinstance(r, BaseException)
        ]
        for _, result in failed:
            if not isinstance(result, Exception):
                raise result  # cancellation, not a worker's failure
        if len(failed) == len(workers):
            raise failed[0][1]
        for (spec, unit), exc in failed:
            group = list(dict.fromkeys(m.group(1) for p in unit if (m := _FILE_ID.match(p))))
            error = {
                "phase": "domains",
                "domain": domain,
                "agent": spec.name,
                "error": (exc.reason if isinstance(exc, AgentFailedError) else str(exc))[:2000],
            }
            if isinstance(exc, AgentFailedError):
                error["code"] = exc.code.value
            await self._record_error(error)
            await self._set_files(group, FileStatus.PARTIAL, f"{spec.name} failed")
        return [r for r in results if not isinstance(r, BaseException)]

    async def _render_block(self, domain: str, output: BaseModel) -> None:
        self._findings_blocks({domain: output})

    def _room(self, spec: AgentSpec, context: list[str]) -> int:
        """The evidence tokens one request of the agent may carry: the request budget less its
        instruction, schema and shared parts (at least a quarter of the budget: shared parts
        that fill it leave the request over budget, not without evidence)."""
        whole = budget.request_budget_tokens(self.ctx.settings)
        return max(whole // 4, whole - budget.fixed_tokens(spec.instruction, spec.schema, context))

    def _units(
        self, spec: AgentSpec, assignment: DomainAssignment, context: list[str]
    ) -> list[list[str]]:
        """A domain's work units (PRD §4.7's workers, under the token budget, media included):
        the files are shared among the routed workers, related files together, balanced by
        tokens; a share over the budget is cut into units that fit (a long file into page, row
        or time ranges: a recording's units each send only their seconds of it), a share under
        it is one unit."""
        ids = [f for f in assignment.file_ids if f in self.evidence]
        tokens = {
            f: self._calibration.tokens(f, part) + self.media.cost(part).tokens(part)
            for f in ids
            if (part := self.evidence[f])
        }
        fixed = budget.fixed_tokens(spec.instruction, spec.schema, context)
        workers = budget.useful_workers(assignment.workers, sum(tokens.values()), fixed)
        shares = split(ids, workers, self._related(ids), tokens) if workers > 1 else [ids]
        room = self._room(spec, context)
        return [
            unit.parts
            for share in shares
            for unit in budget.pack(
                [share], self.evidence, room, self._calibration, self.media.cost
            )
        ] or [[]]

    async def _run_units(
        self,
        spec: AgentSpec,
        context: list[str],
        units: list[list[str]],
        *,
        parent: uuid.UUID | None,
        summary: dict[str, Any],
        domain: str | None = None,
    ) -> list[BaseModel]:
        """The agent over each unit side by side ("<name>" alone, "<role>_worker_<i>" for
        several), shared parts first: their outputs, in unit order."""
        base = spec.name.removesuffix("_agent")
        named = [
            replace(spec, name=f"{base}_worker_{i + 1}", worker=i + 1) if len(units) > 1 else spec
            for i in range(len(units))
        ]
        # A domain's units: each answer's citations checked, and one failed unit does not
        # discard the others' (its files are PARTIAL).
        results = await asyncio.gather(
            *(
                self._run_unit(
                    s, context, unit, parent=parent, summary=summary, grounded=domain is not None
                )
                for s, unit in zip(named, units, strict=True)
            ),
            return_exceptions=domain is not None,
        )
        if domain is not None:
            pairs = list(zip(named, units, strict=True))
            return [
                o for outputs in await self._unit_outputs(domain, pairs, results) for o in outputs
            ]
        return [output for result in results for output in result]  # type: ignore[union-attr]

    async def _run_unit(
        self,
        spec: AgentSpec,
        context: list[str],
        unit: list[str],
        *,
        parent: uuid.UUID | None,
        summary: dict[str, Any],
        grounded: bool = False,
        retried: bool = False,
        bounds: RunBounds | None = None,
    ) -> list[BaseModel]:
        """One unit's output, its citations checked when `grounded` (agents.grounding); an
        answer cut off at its max_output_tokens has the unit halved and each half redone
        (recursively), not handed to another model. Its tool calls and its re-asks of every
        kind (schema, grounding, halving) share one `RunBounds`; each half goes on with what its
        unit had left. A unit refused because the File API no longer has one of its uploads
        (expired or deleted during the job) is redone once with them uploaded again."""
        files = list(dict.fromkeys(m.group(1) for part in unit if (m := _FILE_ID.match(part))))
        bounds = bounds or RunBounds.of(self.ctx.settings)
        try:
            output, execution_id = await run_agent(
                self.ctx,
                spec,
                # The unit's files' media after their text (llm.media), counted in its budget.
                await self.media.attach([*context, *unit]),
                parent_execution_id=parent,
                input_summary={**summary, "files": files, "parts": len(unit)},
                bounds=bounds,
            )
        except AnswerCutOffError:
            halves = budget.halve(unit)
            if halves is None or not bounds.reask("split"):
                raise
            results = await asyncio.gather(
                *(
                    self._run_unit(
                        replace(spec, name=f"{spec.name}_{side}"),
                        context,
                        half,
                        parent=parent,
                        summary=summary,
                        grounded=grounded,
                        bounds=half_bounds,
                    )
                    for side, half, half_bounds in zip("ab", halves, bounds.halves(), strict=True)
                )
            )
            return [output for result in results for output in result]
        except AgentFailedError as exc:
            gone = _MISSING_UPLOAD.findall(exc.reason)
            if retried or not gone:
                raise
            self.media.recheck()
            logger.info("%s: %s gone from the File API, uploading again", spec.name, gone)
            return await self._run_unit(
                replace(spec, name=f"{spec.name}_again"),
                context,
                unit,
                parent=parent,
                summary=summary,
                grounded=grounded,
                retried=True,
                bounds=bounds,
            )
        if grounded:  # re-asked with the text alone: the media go with the first ask only
            output = await self._grounded(spec, output, execution_id, bounds)
        return [output]

    async def _write_domain_findings(self, domain: str, agent_id: str, output: BaseModel) -> None:
        findings = persist.domain_findings(
            case_id=self.ctx.case_id,
            job_id=self.job_id,
            domain=domain,
            agent_id=agent_id,
            output=output,
            known_files=set(self.evidence),
        )
        async with self.ctx.session_factory() as session:
            await finding_repo.replace_for_job_domain(
                session,
                case_id=self.ctx.case_id,
                supersede_earlier=not self.incremental,
                job_id=self.job_id,
                domain=domain,
                findings=findings,
            )
            await transaction.commit(session)

    async def _domain_outputs(self) -> dict[str, BaseModel]:
        """This job's domain outputs; an incremental job adds those of the case's earlier jobs,
        so synthesis and the new graph version cover every file, not only the new ones (a
        regeneration has none of its own). What the case already knew is read as corrected.
        Read once per run: nothing changes them once the domains phase is over."""
        if self._outputs is not None:
            return self._outputs
        states = [self.states.get("domains", {})]
        building_on = self.incremental or self.regeneration
        if building_on:
            states += await regeneration.earlier_states(self.ctx, self.job)
        outputs: dict[str, BaseModel] = {}
        for domain, schema in DOMAIN_SCHEMAS.items():
            found = (
                [self._domain_models.get(domain) or schema.model_validate(states[0][domain])]
                if states[0].get(domain)
                else []
            )
            found += [schema.model_validate(st[domain]) for st in states[1:] if st.get(domain)]
            if found:
                outputs[domain] = _merge(found, schema)
        if building_on:
            outputs = await regeneration.corrected(self.ctx, outputs)
        self._outputs = outputs
        return outputs

    def _fitted(
        self,
        spec: AgentSpec,
        fixed: list[str],
        outputs: dict[str, BaseModel],
        form: str,
        *,
        share: float = 1.0,
    ) -> list[str]:
        """Earlier stages' outputs rendered as `form` ("block": findings blocks, "summary":
        text summaries; an output keyed by a stage, not a domain, as that stage's block) in
        `share` of the request budget left beside the agent's fixed parts: each list cut to its
        first items when they would not fit, with a note of how many were left out."""

        def render(key: str, output: BaseModel) -> str:
            if key not in DOMAIN_SCHEMAS:
                return render_findings({"stage": key}, output)
            if outputs.get(key) is output:
                return self._rendering(form, key, output)
            if form == "block":
                return render_findings({"domain": key}, output)
            return render_summary(key, output)

        whole = budget.request_budget_tokens(self.ctx.settings)
        room = int(share * whole) - budget.fixed_tokens(spec.instruction, spec.schema, fixed)
        kept, left_out = budget.fit_outputs(outputs, render, room)
        parts = [render(key, output) for key, output in kept.items()]
        return [*parts, budget.left_out_note(left_out)] if left_out else parts

    def _findings_blocks(self, outputs: dict[str, BaseModel]) -> list[str]:
        """The domain outputs as findings blocks (synthesis and the graph read the same)."""
        return [self._rendering("block", domain, output) for domain, output in outputs.items()]

    def _summaries(self, outputs: dict[str, BaseModel]) -> list[str]:
        """The domain outputs as text summaries: what strategy reads of the other domains."""
        return [self._rendering("summary", domain, output) for domain, output in outputs.items()]

    def _rendering(self, form: str, domain: str, output: BaseModel) -> str:
        """A domain output rendered once per run (it is read by several phases)."""
        cached = self._rendered.get((form, domain))
        if cached is None or cached[0] is not output:
            text = (
                render_findings({"domain": domain}, output)
                if form == "block"
                else render_summary(domain, output)
            )
            cached = self._rendered[(form, domain)] = (output, text)
        return cached[1]

    async def _phase_synthesis(self, job: ProcessingJob, case: Case) -> None:
        outputs = await self._domain_outputs()
        spec = self._synthesis_spec()
        shared = await self._findings_shared(case, outputs)
        parts = [*shared, *await self._synthesis_own_parts(case)]
        answer, execution_id = await run_agent(
            self.ctx, spec, parts, input_summary={"domains": list(outputs)}
        )
        output = await self._grounded(spec, answer, execution_id)
        assert isinstance(output, SynthesisOutput)
        self.writes.add(self._write_synthesis(output))
        self._save_state("synthesis", output)

    def _synthesis_spec(self) -> AgentSpec:
        return AgentSpec(
            "synthesis_agent",
            "SYNTHESIS",
            "synthesis",
            "pro",
            SynthesisOutput,
            SYNTHESIS_INSTRUCTION,
            params=PARAMS,
        )

    async def _synthesis_own_parts(self, case: Case) -> list[str]:
        return [
            *self._case_parts(case),
            f"window_minutes: {LINK_WINDOW_MINUTES}",
            # The files' names: a statement's holder is named by its file's name.
            render_file_names(await self._synthesis_file_names()),
        ]

    async def _findings_shared(self, case: Case, outputs: dict[str, BaseModel]) -> list[str]:
        """The domains' findings blocks synthesis and the graph both start with (fitted once,
        in SHARED_FINDINGS_SHARE of synthesis's budget), declared to the job's context caches
        with the number of those two agents still to read them."""
        if self._shared_findings is None:
            spec = self._synthesis_spec()
            own = await self._synthesis_own_parts(case)
            shared = self._fitted(spec, own, outputs, "block", share=SHARED_FINDINGS_SHARE)
            readers = ("synthesis" not in self.completed) + (
                not self.regeneration and not self.incremental
            )
            self.caches.share(shared, readers=readers)
            self._shared_findings = shared
        return self._shared_findings

    async def _write_synthesis(self, output: SynthesisOutput) -> None:
        findings = persist.synthesis_findings(
            case_id=self.ctx.case_id,
            job_id=self.job_id,
            output=output,
            known_files=set(self.evidence),
        )
        async with self.ctx.session_factory() as session:
            await finding_repo.replace_for_job_domain(
                session,
                case_id=self.ctx.case_id,
                supersede_earlier=not self.incremental,
                job_id=self.job_id,
                domain="synthesis",
                findings=findings,
            )
            await transaction.commit(session)
        insights = [
            (EventType.INSIGHT_DETECTED, {"kind": kind, "insight": item.model_dump(mode="json")})
            for kind, items in (
                ("contradiction", output.contradictions),
                ("cross_modal_link", output.cross_modal_links),
                ("evidence_gap", output.evidence_gaps),
            )
            for item in items
        ]
        await emit_all(self.ctx, insights, agent_id="synthesis_agent", agent_type="SYNTHESIS")

    async def _phase_graph(self, job: ProcessingJob, case: Case) -> None:
        # New evidence on a graph is merged into it (conflicts surface, never resolved here);
        # a case without a graph yet gets one built from everything.
        if (self.regeneration or self.incremental) and self._closing is not None:
            await self._closing  # both read this job's phase outputs from the database
        if self.regeneration:
            await regeneration.refresh_graph(
                self.ctx,
                job_id=self.job_id,
                outputs=await self._domain_outputs(),
                synthesis=SynthesisOutput.model_validate(self.states.get("synthesis", {})),
            )
            return
        if self.incremental and await merge_step.merge_new_evidence(
            self.ctx, job_id=self.job_id, schemas=DOMAIN_SCHEMAS
        ):
            return
        outputs = await self._domain_outputs()
        synthesis = SynthesisOutput.model_validate(self.states.get("synthesis", {}))
        spec = AgentSpec(
            "knowledge_graph_agent",
            "KNOWLEDGE_GRAPH",
            "knowledge_graph",
            "pro",
            GraphOutput,
            GRAPH_INSTRUCTION,
        )
        # The files' names: the graph names its document nodes by them.
        names = render_file_names(self._file_names(self.evidence))
        # The findings synthesis read first (one context cache for both), then synthesis.
        shared = await self._findings_shared(case, outputs)
        read: dict[str, BaseModel] = {"synthesis": synthesis}
        parts = [*shared, *self._fitted(spec, [*shared, names], read, "block"), names]
        # The agent's own completion is written with the version and the job's end.
        completion = Completion()
        agent = asyncio.create_task(
            run_agent(
                self.ctx,
                spec,
                parts,
                input_summary={"domains": list(outputs)},
                completion=completion,
            )
        )
        try:
            # What the graph version takes from the outputs alone is made while the model works.
            timeline = EncodedList(numbered(persist.timeline(outputs), ID_PREFIXES["timeline"]))
            output, _ = await agent
        except BaseException:
            agent.cancel()
            raise
        assert isinstance(output, GraphOutput)
        try:
            await self._store_graph(job, output, outputs, synthesis, timeline, completion)
        except BaseException:
            completion.write_behind(self.writes)  # the agent completed though the job did not
            raise

    async def _store_graph(
        self,
        job: ProcessingJob,
        output: GraphOutput,
        outputs: dict[str, BaseModel],
        synthesis: SynthesisOutput,
        timeline: list[dict[str, Any]],
        completion: Completion,
    ) -> None:
        """The graph agent's completion, the graph version and the job's end, one commit, once
        the job's writes have landed."""
        facts = derive_facts(outputs, output.entities)
        built = persist.knowledge_graph(
            case_id=self.ctx.case_id,
            graph=output,
            synthesis=synthesis,
            outputs=outputs,
            dated_events=timeline,
        )
        built.facts = [f.model_dump(mode="json") for f in facts]
        built.change = {"kind": "processing", "job_id": str(self.job_id)}
        if self._closing is not None:
            # A graph version only on top of stored phases (landed during the agent's call).
            await self._closing
        try:
            await drain(self.writes.take())
        except Exception as exc:
            raise PhaseWriteError("graph", exc) from exc
        async with self.ctx.session_factory() as session:
            graph = await graph_repo.add_version(session, built)
            # The output is the version just added (hundreds of kB for a large case): the
            # record names it rather than keeping a second copy, written on the job's last step.
            completion.output_data = {
                "graph_version": graph.version,
                "entities": len(output.entities),
                "relationships": len(output.relationships),
            }
            await completion.write_in(session)
            # The sources were analysed afresh: the user's applied corrections are applied again.
            if self.ctx.on_graph is not None:
                await self.ctx.on_graph(session, graph=graph, job_id=self.job_id)
            await file_repo.mark_processed(session, [uuid.UUID(f) for f in job.file_ids])
            await record_event(
                session,
                self.ctx,
                EventType.GRAPH_UPDATED,
                {
                    "version": graph.version,
                    "nodes": len(output.entities),
                    "edges": len(output.relationships),
                },
                "knowledge_graph_agent",
                "KNOWLEDGE_GRAPH",
            )
            # The version and the job's end are one commit: a job never ends without its graph,
            # and a process that dies before it resumes to build the version once.
            await self._end_completed(session, [*self.completed, "graph"])
            await transaction.commit(session)
        self.completed.append("graph")
        self._ended = True


def _merge(outputs: list[BaseModel], schema: type[BaseModel]) -> BaseModel:
    """Per-domain merge of the workers' outputs: list fields concatenated, duplicates dropped."""
    if len(outputs) == 1:
        return outputs[0]
    merged: dict[str, Any] = {}
    for name in schema.model_fields:
        values = [getattr(o, name) for o in outputs]
        if all(isinstance(v, list) for v in values):
            merged[name] = _distinct(item for value in values for item in value)
        else:
            merged[name] = next((v for v in values if v), values[0])
    return schema.model_validate(merged)


_SCALARS = frozenset((str, int, float, bool, type(None)))


def _distinct(items: Iterable[Any]) -> list[Any]:
    """The items in order, each equal one once. Items are bucketed by their scalar fields and
    compared whole only within a bucket: serialising every item to compare them was most of a
    merge's cost, on the path from the domains' answers to strategy's request."""
    buckets: dict[tuple[Any, ...], list[Any]] = {}
    kept: list[Any] = []
    for item in items:
        if isinstance(item, BaseModel):
            key = (type(item), *[v for v in item.__dict__.values() if v.__class__ in _SCALARS])
        else:
            key = (type(item), repr(item))
        bucket = buckets.get(key)
        if bucket is None:
            buckets[key] = [item]
        elif any(item == other for other in bucket):
            continue
        else:
            bucket.append(item)
        kept.append(item)
    return kept
