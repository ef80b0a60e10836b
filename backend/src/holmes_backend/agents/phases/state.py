"""What the phases of one job's run share: the job and its case, the evidence as rendered for the
models (with its media parts, token calibration and conventions), the job's context caches, the
domain agents' tools, and the job's bookkeeping (agents.phases.book)."""

import re
import uuid
from collections.abc import Iterable

from google.adk.tools.base_tool import BaseTool
from pydantic import BaseModel

from holmes_backend.agents import grounding
from holmes_backend.agents.bounds import RunBounds
from holmes_backend.agents.context import PipelineContext, WriteBehind
from holmes_backend.agents.phases.book import JobBook
from holmes_backend.agents.phases.findings import Findings
from holmes_backend.agents.sources import Sources
from holmes_backend.agents.spec import AgentSpec
from holmes_backend.llm import budget, context_cache
from holmes_backend.llm.media import MediaParts
from holmes_backend.models import Case, ProcessingJob
from holmes_backend.repositories import files as file_repo
from holmes_backend.storage import Storage
from holmes_backend.tools.evidence import EvidenceTools, RenderedDocs

_FILENAME = re.compile(r'"filename": "([^"]+)"')


class JobRun:
    job: ProcessingJob  # read when the run starts
    case: Case

    def __init__(self, ctx: PipelineContext, storage: Storage, job_id: uuid.UUID) -> None:
        self.ctx = ctx
        if ctx.write_behind is None:
            ctx.write_behind = WriteBehind()
        self.writes = ctx.write_behind
        self.book = JobBook(ctx, job_id, self.writes)
        self.storage = storage
        self.job_id = job_id
        # Images, recordings and scanned pages go to triage and the domain workers as parts.
        self.media = MediaParts(ctx.settings, ctx.session_factory, storage)
        self.evidence: dict[str, str] = {}  # file_id -> rendered evidence part
        # file_id -> where the file lies in storage, with what was derived from it beside it
        self.storage_keys: dict[str, str] = {}
        self.conventions = ""  # how the evidence writes dates and amounts (a request's line)
        # Each file's tokens as the model counts them, against the estimate (llm.budget).
        self.calibration = budget.Calibration()
        self.incremental = False
        self.regeneration = False  # synthesis and graph again over the current findings
        self.sources = Sources(self.evidence)  # what citations are checked against
        # Parts several requests start with, cached for the job (llm.context_cache).
        self.caches = context_cache.JobCaches(ctx.settings, f"holmes job {job_id}")
        self.findings = Findings(self)
        # The domain agents' tools, on a model. The offline analyst reads the request alone.
        self.tools: tuple[BaseTool, ...] = ()
        if self.on_model:
            self.tools = EvidenceTools(
                session_factory=ctx.session_factory,
                case_id=ctx.case_id,
                docs=RenderedDocs(self.evidence),
            ).function_tools()

    @property
    def on_model(self) -> bool:
        """The job's agents run on a model (Gemini or a local server), not the offline analyst."""
        return self.ctx.settings.resolved_llm_provider != "local"

    @property
    def building_on(self) -> bool:
        """The job builds on the case's earlier findings (new evidence, or a regeneration)."""
        return self.incremental or self.regeneration

    def case_parts(self) -> list[str]:
        # How the evidence writes dates and amounts: decided over every file, not per request.
        parts = [self.conventions] if self.conventions else []
        if self.case.description:
            parts.append(f"--- CASE CONTEXT ---\n{self.case.description}")
        if self.case.hypotheses:
            parts.append("--- HYPOTHESES ---\n" + "\n".join(f"- {h}" for h in self.case.hypotheses))
        return parts

    def evidence_tokens(self) -> int:
        """The job's evidence in tokens, as its requests carry it (text; media left out)."""
        return sum(self.calibration.tokens(f, part) for f, part in self.evidence.items())

    def file_names(self, file_ids: Iterable[str]) -> dict[str, str]:
        """file_id -> filename, from each evidence part's header."""
        names: dict[str, str] = {}
        for file_id in file_ids:
            match = _FILENAME.search(self.evidence[file_id].split("\n", 1)[0])
            if match:
                names[file_id] = match.group(1)
        return names

    async def case_file_names(self) -> dict[str, str]:
        """The names of the files whose findings are read: this job's, and the case's other
        files' too when the job builds on their findings (incremental, regeneration)."""
        names = self.file_names(self.evidence)
        if self.building_on:
            async with self.ctx.session_factory() as session:
                names = await file_repo.names_for_case(session, self.ctx.case_id) | names
        return names

    def related(self, file_ids: list[str]) -> dict[str, set[str]]:
        """Files whose evidence text names another file (by filename or its stem)."""
        names = self.file_names(file_ids)
        related: dict[str, set[str]] = {}
        for file_id in file_ids:
            text = self.evidence[file_id].split("\n", 1)[-1].lower()
            for other, filename in names.items():
                stem = filename.rsplit(".", 1)[0].lower()
                if other != file_id and len(stem) >= 6 and stem in text:
                    related.setdefault(file_id, set()).add(other)
        return related

    def room(self, spec: AgentSpec, context: list[str]) -> int:
        """The evidence tokens one request of the agent may carry: the request budget less its
        instruction, schema and shared parts (at least a quarter of the budget: shared parts
        that fill it leave the request over budget, not without evidence)."""
        whole = budget.request_budget_tokens(self.ctx.settings)
        return max(whole // 4, whole - budget.fixed_tokens(spec.instruction, spec.schema, context))

    async def grounded(
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
            sources=self.sources,
            bounds=bounds,
        )
