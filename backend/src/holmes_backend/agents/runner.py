"""Runs one agent the way every pipeline agent runs (seed 000).

An execution record (PENDING → RUNNING → COMPLETED/FAILED) with model, tokens, thinking traces,
timings and its parent; events on the case log as it goes (AGENT_SPAWNED, AGENT_STARTED,
THINKING_UPDATE, AGENT_COMPLETED / AGENT_ERROR); its own stage-isolated ADK session; Pro first and
Flash when Pro fails (AGENT_FALLBACK, recorded on the execution) for any reason but these, which
another model would hide rather than fix (PRD §8.1, §8.3):
- a model refusing the configuration (an unknown model, a refused thinking level): AGENT_ERROR
  with the configuration error;
- a quota that stays exhausted (llm.limits waits out each 429 first, with PROCESSING_DELAYED on
  the case log): AGENT_ERROR with code QUOTA_EXCEEDED;
- a model that goes quiet past its idle timeout twice (it is tried once more): AGENT_TIMEOUT.
An answer that does not fit the agent's schema is asked for again once, of the same model, with
what was wrong with it, before any fallback, when the unit's bounds (agents.bounds) leave a
re-ask. An agent given tools calls them through ADK's function calling, each call bounded and on
the case log as TOOL_INVOKED (agents.tool_calls). Each call opens its own database
sessions, so agents can run side by side.

The model request never waits for the database: the record is inserted while the request is on
its way (workers started together in one transaction), and in the processing pipeline its
completion is written behind (WriteBehind) while the next agent's request goes out.
"""

import asyncio
import uuid
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from google.adk.agents import LlmAgent
from google.adk.agents.run_config import RunConfig
from google.adk.code_executors import BuiltInCodeExecutor
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.adk.telemetry import TelemetryConfig
from google.adk.tools.base_tool import BaseTool
from google.adk.workflow import Workflow  # noqa: F401 - see below
from google.genai import types
from pydantic import BaseModel, ValidationError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from holmes_backend.agents.bounds import RunBounds
from holmes_backend.agents.tool_calls import ToolCalls
from holmes_backend.config import Settings
from holmes_backend.contracts.agents import AgentParams, DomainName
from holmes_backend.contracts.events import AgentPhase
from holmes_backend.db import transaction
from holmes_backend.db.types import utcnow
from holmes_backend.events import log as event_service
from holmes_backend.events.hub import EventHub
from holmes_backend.llm import context_cache, limits
from holmes_backend.llm.cost import Usage, cache_creation_usd, cost_usd
from holmes_backend.llm.gemini import AgentRole, Tier
from holmes_backend.llm.models import ModelErrorEvent
from holmes_backend.llm.params import agent_params
from holmes_backend.llm.provider import configuration_problem, generate_config, model_for
from holmes_backend.models import AgentExecution, KnowledgeGraph
from holmes_backend.repositories import executions as execution_repo
from holmes_shared.enums import ExecutionStatus
from holmes_shared.errors import ErrorCode
from holmes_shared.events import EventType

# ADK's Runner imports its workflow package lazily on an agent's first run (about 0.4 s of CPU
# on the event loop, measured); imported above, the server pays it at start-up, not the first job.

_APP = "holmes"
# A run given no telemetry settings has ADK build them anew, reading a dozen environment
# variables, several times per model answer (a tenth of ADK's own work on an answer in a
# profile). Built once, they are the same decision for every run.
TELEMETRY = TelemetryConfig()
# Thought text kept per execution record and per event; the trace is for reading, not archiving.
_THOUGHT_CHARS = 4000
# Of a validation error told to the model when its answer is asked for again.
_REASK_ERROR_CHARS = 3000
REASK_HEADING = "--- YOUR PREVIOUS ANSWER WAS REJECTED ---"


_ROLE_PHASES: dict[str, AgentPhase] = {
    "orchestrator": "routing",
    "triage": "triage",
    "domain": "domains",
    "synthesis": "synthesis",
    "knowledge_graph": "graph",
    "chat": "chat",
    "verification": "verification",
    "merge": "graph_merge",
}


@dataclass(frozen=True)
class AgentSpec:
    name: str  # unique within the job: "financial_agent", "legal_worker_2", ...
    agent_type: str  # ORCHESTRATOR | TRIAGE | FINANCIAL | LEGAL | EVIDENCE | STRATEGY | ...
    role: AgentRole
    tier: Tier
    schema: type[BaseModel]
    instruction: str
    # Gemini's code execution (the model runs Python it writes): the numeric reviewer's.
    code_execution: bool = False
    # Function tools the model may call (tools/, bound to the job's case and evidence).
    tools: tuple[BaseTool, ...] = ()
    # Settings the model gets as typed values (llm.params), beside what the prompt states.
    params: AgentParams | None = None
    # Who the agent is, said outright on its events (contracts.events.AgentPayload): its phase
    # (by default its role's), its domain, and which of several workers it is (1-based).
    phase: AgentPhase | None = None
    domain: DomainName | None = None
    worker: int | None = None

    def identity(self) -> dict[str, Any]:
        phase = self.phase or _ROLE_PHASES.get(self.role)
        return {"phase": phase, "domain": self.domain, "worker": self.worker}


class WriteBehind:
    """Writes a run does not wait for: they go on in the background while the next model call
    is on its way, and whoever owns them drains them (raising the first error) before counting
    the work they record as done."""

    def __init__(self) -> None:
        self._tasks: list[asyncio.Task[None]] = []

    def add(self, write: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.create_task(write)
        self._tasks.append(task)
        return task

    def take(self) -> list[asyncio.Task[None]]:
        """The writes added since the last take."""
        tasks, self._tasks = self._tasks, []
        return tasks


async def drain(tasks: list[asyncio.Task[None]]) -> None:
    """Waits for every write; the first failure is raised once all have ended."""
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            raise result


class GraphHook(Protocol):
    async def __call__(
        self, session: AsyncSession, *, graph: KnowledgeGraph, job_id: uuid.UUID
    ) -> object: ...


@dataclass
class PipelineContext:
    """What every agent run of one job shares."""

    settings: Settings
    session_factory: async_sessionmaker[AsyncSession]
    hub: EventHub
    case_id: uuid.UUID
    job_id: uuid.UUID | None
    # Set by the processing pipeline: agents' completion records are written behind.
    write_behind: WriteBehind | None = None
    # Execution records started in this turn of the event loop and not yet being written.
    opening: "_Opening | None" = field(default=None, init=False, repr=False)
    # What this run's model calls cost so far (USD), counted as each attempt ends (its record
    # is written behind), and what the case's records cost when the run's first call was
    # checked against the budget (read once, before this run had spent anything).
    spent_usd: float = field(default=0.0, init=False)
    spent_before_usd: float | None = field(default=None, init=False, repr=False)
    # Steps of execution records (completion, fallback, failure) taken in this turn of the
    # event loop and not yet being written.
    stepping: "_Stepping | None" = field(default=None, init=False, repr=False)
    # Run in the transaction that adds a full analysis's graph version, before it commits: what
    # the job's owner keeps through a re-analysis (jobs.tasks passes services.corrections'
    # re-apply of the user's applied corrections; agents never call up into services).
    on_graph: "GraphHook | None" = None


@dataclass
class Completion:
    """An agent's completion, written by its caller in a transaction of the caller's (the graph
    agent's: with the graph version and the job's end, one commit)."""

    record: "ExecutionRecord | None" = None
    attempt: "Attempt | None" = None
    # What the record keeps instead of the whole output, when the caller stores that itself
    # (the graph agent's output is the graph version: the record names the version).
    output_data: dict[str, Any] | None = None

    async def write_in(self, session: AsyncSession) -> None:
        assert self.record is not None
        assert self.attempt is not None
        await self.record.complete_in(session, self.attempt, self.output_data)

    def write_behind(self, writes: "WriteBehind") -> None:
        """Written by itself instead (the caller's transaction will not be)."""
        if self.record is not None and self.attempt is not None:
            writes.add(self.record.complete(self.attempt))
            self.record = None


class AgentFailedError(RuntimeError):
    code: ErrorCode = ErrorCode.PROCESSING_FAILED

    def __init__(self, agent: str, reason: str, code: ErrorCode | None = None) -> None:
        super().__init__(f"{agent} failed: {reason}")
        self.agent = agent
        self.reason = reason
        self.code = code or type(self).code


@dataclass(frozen=True)
class ModelFailure:
    """What a failed model attempt means for the agent."""

    message: str
    code: ErrorCode
    # Another model would hide it, not fix it: the agent ends here.
    final: bool


def model_failure(exc: BaseException, tier: Tier, settings: Settings) -> ModelFailure:
    message = f"{type(exc).__name__}: {exc}"[:2000]
    if problem := configuration_problem(exc, model_name(tier, settings), settings):
        return ModelFailure(problem[:2000], ErrorCode.PROCESSING_FAILED, True)
    code = _code(exc)
    return ModelFailure(message, code, code != ErrorCode.PROCESSING_FAILED)


def _code(exc: BaseException) -> ErrorCode:
    """QUOTA_EXCEEDED, AGENT_TIMEOUT or PROCESSING_FAILED; ADK may report the model's
    exception as an error event named by its status."""
    status = exc.code if isinstance(exc, ModelErrorEvent) else getattr(exc, "status", None)
    if isinstance(exc, limits.QuotaExceededError) or status == ErrorCode.QUOTA_EXCEEDED:
        return ErrorCode.QUOTA_EXCEEDED
    if isinstance(exc, TimeoutError) or status in (ErrorCode.AGENT_TIMEOUT, "TimeoutError"):
        return ErrorCode.AGENT_TIMEOUT
    return ErrorCode.PROCESSING_FAILED


class AnswerCutOffError(AgentFailedError):
    """The answer reached its max_output_tokens (finish reason MAX_TOKENS): another model
    would be cut off as well; the caller redoes the work in smaller parts."""


class BudgetExceededError(AgentFailedError):
    """The case's spend reached HOLMES_CASE_BUDGET_USD: no new model call is made."""

    code = ErrorCode.BUDGET_EXCEEDED


class UnusableAnswerError(RuntimeError):
    """An attempt's answer could not be used (cut off, empty, off its schema); the tokens it
    used are still paid for."""

    def __init__(
        self, message: str, usage: Usage, *, cut_off: bool = False, detail: str = ""
    ) -> None:
        super().__init__(message)
        self.usage = usage
        self.cut_off = cut_off
        self.detail = detail  # what was wrong with it, told to the model when it is re-asked


@dataclass
class Attempt:
    """What one model attempt produced."""

    model: str
    output: BaseModel
    thoughts: list[str]
    usage: types.GenerateContentResponseUsageMetadata | None


async def emit(
    ctx: PipelineContext,
    event_type: EventType,
    payload: dict[str, Any],
    *,
    agent_id: str | None = None,
    agent_type: str | None = None,
) -> None:
    await emit_all(ctx, [(event_type, payload)], agent_id=agent_id, agent_type=agent_type)


async def emit_all(
    ctx: PipelineContext,
    events: list[tuple[EventType, dict[str, Any]]],
    *,
    agent_id: str | None = None,
    agent_type: str | None = None,
) -> None:
    """Several events of one agent, appended in order in one transaction."""
    async with ctx.session_factory() as session:
        for event_type, payload in events:
            await record_event(session, ctx, event_type, payload, agent_id, agent_type)
        await transaction.commit(session)


async def record_event(
    session: AsyncSession,
    ctx: PipelineContext,
    event_type: EventType,
    payload: dict[str, Any],
    agent_id: str | None,
    agent_type: str | None,
) -> None:
    """An event of the job's case, in the caller's transaction (live once it commits)."""
    await event_service.record(
        session,
        hub=ctx.hub,
        case_id=ctx.case_id,
        type=event_type,
        payload=payload,
        agent_id=agent_id,
        agent_type=agent_type,
    )


async def run_agent(
    ctx: PipelineContext,
    spec: AgentSpec,
    parts: Sequence[str | types.Part],
    *,
    parent_execution_id: uuid.UUID | None = None,
    input_summary: dict[str, Any] | None = None,
    completion: "Completion | None" = None,
    bounds: RunBounds | None = None,
) -> tuple[BaseModel, uuid.UUID]:
    """The agent's structured output and its execution id; AgentFailedError when all tiers fail.
    `parts` are the request's: text, or media (llm.media). Given a `completion`, the record's
    completion is left to the caller to write in its own transaction. `bounds` are the work
    unit's (its tool calls and re-asks), fresh from the settings when not given."""
    await check_budget(ctx, spec)
    bounds = bounds or RunBounds.of(ctx.settings)
    # The record is written while the request is on its way: the model call does not wait
    # for the database (parallel workers would queue there), and every later write of the
    # record waits for this one, so the log keeps its order.
    record = ExecutionRecord.start(ctx, spec, parent_execution_id, input_summary)
    # A context cache its calls create is paid for on its record (llm.context_cache).
    with context_cache.creations() as created:
        return await _run_tiers(ctx, spec, parts, record, created, completion, bounds)


async def _run_tiers(
    ctx: PipelineContext,
    spec: AgentSpec,
    parts: Sequence[str | types.Part],
    record: "ExecutionRecord",
    created: list[context_cache.Creation],
    completion: "Completion | None",
    bounds: RunBounds,
) -> tuple[BaseModel, uuid.UUID]:
    failure = ModelFailure("", ErrorCode.PROCESSING_FAILED, False)
    cut_off = False
    for index, tier in enumerate(tiers_of(spec)):
        if index > 0:
            await record.fallback(tier, failure.message)
        try:
            with agent_params(spec.params):
                attempt = await _tries(ctx, spec, tier, parts, record, bounds)
        except Exception as exc:  # any model or parse failure: the next tier, or the end
            failure = model_failure(exc, tier, ctx.settings)
            if isinstance(exc, UnusableAnswerError):
                record.charge(model_name(tier, ctx.settings), exc.usage)
                if cut_off := exc.cut_off:
                    break  # Flash's answer would be cut off as well: the caller splits the work
            if failure.final:
                break
            continue
        record.charge(attempt.model, Usage.of(attempt.usage))
        record.charge_caches(created)
        if completion is not None:
            await record.wait_opened()
            completion.record, completion.attempt = record, attempt
        elif ctx.write_behind is not None:
            # The record exists before its id is handed out (it may become a parent).
            await record.wait_opened()
            ctx.write_behind.add(record.complete(attempt))
        else:
            await record.complete(attempt)
        return attempt.output, record.id
    record.charge_caches(created)
    await record.fail(failure.message, failure.code)
    raise (AnswerCutOffError if cut_off else AgentFailedError)(
        spec.name, failure.message, failure.code
    )


async def check_budget(ctx: PipelineContext, spec: AgentSpec) -> None:
    """BudgetExceededError, with an AGENT_ERROR saying so (code BUDGET_EXCEEDED), once the
    case has spent its budget (HOLMES_CASE_BUDGET_USD): no new call is made."""
    limit = ctx.settings.case_budget_usd
    if limit is None:
        return
    if ctx.spent_before_usd is None:
        async with ctx.session_factory() as session:
            ctx.spent_before_usd = await execution_repo.case_cost(session, ctx.case_id)
    spent = ctx.spent_before_usd + ctx.spent_usd
    if spent < limit:
        return
    reason = (
        f"{ErrorCode.BUDGET_EXCEEDED}: the case has spent ${spent:.4f} of its ${limit:.4f} "
        f"budget (HOLMES_CASE_BUDGET_USD); no new model call is made"
    )
    await emit(
        ctx,
        EventType.AGENT_ERROR,
        {
            "error": reason,
            "code": ErrorCode.BUDGET_EXCEEDED,
            "spent_usd": round(spent, 6),
            "budget_usd": limit,
            **spec.identity(),
        },
        agent_id=spec.name,
        agent_type=spec.agent_type,
    )
    raise BudgetExceededError(spec.name, reason)


def tiers_of(spec: AgentSpec) -> list[Tier]:
    """Pro first and Flash when Pro fails; a Flash agent has nothing to fall back to."""
    return [spec.tier] + (["flash"] if spec.tier == "pro" else [])


def model_name(tier: Tier, settings: Settings) -> str:
    model = model_for(tier, settings)
    return model if isinstance(model, str) else model.model


async def _tries(
    ctx: PipelineContext,
    spec: AgentSpec,
    tier: Tier,
    parts: Sequence[str | types.Part],
    record: "ExecutionRecord",
    bounds: RunBounds,
) -> Attempt:
    """The tier's attempt, tried once more after a timeout (PRD §8.1.1)."""
    for timeouts in range(2):
        thoughts: list[str] = []
        try:
            return await _attempt(ctx, spec, tier, parts, thoughts, bounds, record.id)
        except Exception as exc:
            if timeouts > 0 or _code(exc) != ErrorCode.AGENT_TIMEOUT:
                raise
        finally:
            record.thought(thoughts)
    raise AssertionError("unreachable")


async def _attempt(
    ctx: PipelineContext,
    spec: AgentSpec,
    tier: Tier,
    parts: Sequence[str | types.Part],
    thoughts: list[str],
    bounds: RunBounds,
    execution_id: uuid.UUID,
) -> Attempt:
    """One model attempt; an answer that does not fit the schema is asked for again once, of
    the same model, with what was wrong with it (when the bounds leave a re-ask). Waits for
    quota and tool calls are on the case log."""

    async def delayed(delay: limits.Delay) -> None:
        await emit(
            ctx,
            EventType.PROCESSING_DELAYED,
            {**delay.payload(), **spec.identity()},
            agent_id=spec.name,
            agent_type=spec.agent_type,
        )

    async def logged(payload: dict[str, Any]) -> None:
        await emit(
            ctx,
            EventType.TOOL_INVOKED,
            payload,
            agent_id=spec.name,
            agent_type=spec.agent_type,
        )

    calls = ToolCalls(bounds, logged, str(execution_id)) if spec.tools else None
    with limits.scope(limits.CallScope(role=spec.role, on_delay=delayed)):
        try:
            return await _run_attempt(ctx, spec, tier, parts, thoughts, calls)
        except UnusableAnswerError as exc:
            if exc.cut_off or not bounds.reask("schema"):
                raise  # cut off: a shorter answer is not asked for, the caller splits the work
            reask = (
                f"{REASK_HEADING}\n{exc}:\n{exc.detail[:_REASK_ERROR_CHARS]}\n"
                "Answer the same task again with one JSON document that fits the schema."
            )
            return await _run_attempt(ctx, spec, tier, [*parts, reask], thoughts, calls)


async def _run_attempt(
    ctx: PipelineContext,
    spec: AgentSpec,
    tier: Tier,
    parts: Sequence[str | types.Part],
    thoughts: list[str],
    calls: ToolCalls | None = None,
) -> Attempt:
    agent = LlmAgent(
        name=spec.name,
        model=model_for(tier, ctx.settings),
        instruction=spec.instruction,
        # No output_key: the answer is validated once, here, from the final event's text (ADK
        # would validate it, dump it into the session state, and it would be validated again).
        output_schema=spec.schema,
        generate_content_config=generate_config(spec.role, ctx.settings, tier),
        code_executor=BuiltInCodeExecutor() if spec.code_execution else None,
        # With tools and an output schema, ADK asks for the answer through its own
        # set_model_response tool where the model cannot pair them (the Gemini API).
        tools=list(spec.tools),
        before_tool_callback=calls.before if calls else None,
        after_tool_callback=calls.after if calls else None,
    )
    sessions = InMemorySessionService()  # stage-isolated: nothing leaks between agents
    runner = Runner(agent=agent, app_name=_APP, session_service=sessions)
    session = await sessions.create_session(app_name=_APP, user_id=str(ctx.case_id))
    message = types.Content(
        role="user", parts=[types.Part(text=p) if isinstance(p, str) else p for p in parts]
    )
    answer: list[str] = []
    usage = None
    cut_off = False
    run_config = RunConfig(telemetry=TELEMETRY)
    if calls is not None:
        run_config = RunConfig(telemetry=TELEMETRY, max_llm_calls=calls.bounds.model_calls())
    async for event in runner.run_async(
        user_id=str(ctx.case_id),
        session_id=session.id,
        new_message=message,
        run_config=run_config,
    ):
        parts_out = (event.content.parts if event.content else None) or []
        thoughts.extend(p.text for p in parts_out if p.thought and p.text and not event.partial)
        if not event.partial:  # the code the model executed is part of its trace
            thoughts.extend(_executed(parts_out))
        if event.is_final_response() and not event.partial:
            answer = [p.text for p in parts_out if p.text and not p.thought]
        if calls is None:
            usage = event.usage_metadata or usage
        elif event.usage_metadata and not event.partial:  # each model call of the tool loop
            usage = total_usage([usage, event.usage_metadata])
        if not event.partial and types.FinishReason.MAX_TOKENS in (
            event.finish_reason,
            event.error_code,
        ):
            cut_off = True
        elif event.error_code:
            raise ModelErrorEvent(event.error_code, event.error_message or "")
    if cut_off:
        limit = generate_config(spec.role, ctx.settings, tier).max_output_tokens
        raise UnusableAnswerError(
            f"the answer was cut off at max_output_tokens={limit} (finish reason MAX_TOKENS)",
            Usage.of(usage),
            cut_off=True,
        )
    if not "".join(answer).strip():
        raise UnusableAnswerError(
            "the model returned no structured output",
            Usage.of(usage),
            detail="the answer was empty",
        )
    try:
        output = spec.schema.model_validate_json("".join(answer))
    except ValidationError as exc:
        # Without pydantic's documentation links: they tell the model nothing.
        detail = "\n".join(
            line for line in str(exc).splitlines() if "errors.pydantic.dev" not in line
        )
        raise UnusableAnswerError(
            f"the model's output does not fit {spec.schema.__name__}",
            Usage.of(usage),
            detail=detail,
        ) from exc
    return Attempt(
        model=model_name(tier, ctx.settings), output=output, thoughts=list(thoughts), usage=usage
    )


def total_usage(
    usages: Sequence[types.GenerateContentResponseUsageMetadata | None],
) -> types.GenerateContentResponseUsageMetadata:
    """The usage of several model calls (a tool loop's, a chat turn's) as one."""

    def add(name: str) -> int:
        return sum(getattr(u, name) or 0 for u in usages if u is not None)

    return types.GenerateContentResponseUsageMetadata(
        prompt_token_count=add("prompt_token_count"),
        candidates_token_count=add("candidates_token_count"),
        thoughts_token_count=add("thoughts_token_count"),
        cached_content_token_count=add("cached_content_token_count"),
        total_token_count=add("total_token_count"),
    )


def _executed(parts: list[types.Part]) -> list[str]:
    traced: list[str] = []
    for part in parts:
        if part.executable_code and part.executable_code.code:
            traced.append(f"[executed code]\n{part.executable_code.code}")
        if part.code_execution_result and part.code_execution_result.output:
            traced.append(f"[code output]\n{part.code_execution_result.output}")
    return traced


@dataclass
class _Opening:
    """Execution records started in the same turn of the event loop, written together."""

    records: list[tuple["ExecutionRecord", AgentExecution, dict[str, Any]]] = field(
        default_factory=list
    )
    task: "asyncio.Task[None] | None" = None
    writing: bool = False


async def _insert_opened(ctx: PipelineContext, batch: _Opening) -> None:
    batch.writing = True  # records started from now on go to the next batch
    async with ctx.session_factory() as session:
        await execution_repo.add_many(session, [row for _, row, _ in batch.records])
        for record, _, payload in batch.records:
            for event_type in (EventType.AGENT_SPAWNED, EventType.AGENT_STARTED):
                await record_event(
                    session, ctx, event_type, payload, record.spec.name, record.spec.agent_type
                )
        await transaction.commit(session)


@dataclass
class _Step:
    record: "ExecutionRecord"
    thoughts: list[str]
    event_type: EventType
    payload: dict[str, Any]
    values: dict[str, Any]


@dataclass
class _Stepping:
    """Record steps taken in the same turn of the event loop, written together: one
    transaction for all of the parallel workers' completions that arrive together costs a
    fraction of one each."""

    steps: list[_Step] = field(default_factory=list)
    task: "asyncio.Task[None] | None" = None
    writing: bool = False


async def _write_steps(ctx: PipelineContext, batch: _Stepping) -> None:
    batch.writing = True  # steps taken from now on go to the next batch
    async with ctx.session_factory() as session:
        for step in batch.steps:
            await _write_step(session, ctx, step)
        await transaction.commit(session)


async def _write_step(session: AsyncSession, ctx: PipelineContext, step: _Step) -> None:
    record = step.record
    for text in step.thoughts:
        await record_event(
            session,
            ctx,
            EventType.THINKING_UPDATE,
            {"thinking_summary": text[:_THOUGHT_CHARS], **record.spec.identity()},
            record.spec.name,
            record.spec.agent_type,
        )
    await execution_repo.update(session, record.id, **step.values)
    await record_event(
        session,
        ctx,
        step.event_type,
        {"execution_id": str(record.id), **step.payload, **record.spec.identity()},
        record.spec.name,
        record.spec.agent_type,
    )


class ExecutionRecord:
    """One agent run's execution record and its lifecycle events. Each step updates the row
    without loading it (its input and output can be large); steps of several records taken
    together are one transaction."""

    def __init__(
        self, ctx: PipelineContext, spec: AgentSpec, execution_id: uuid.UUID, started: datetime
    ) -> None:
        self.ctx = ctx
        self.spec = spec
        self.id = execution_id
        self.started = started
        self.fallback_used = False
        self.usage = Usage()  # every attempt's
        self.cost_usd = 0.0
        self._opened: asyncio.Task[None] | None = None
        self._thoughts: list[str] = []  # THINKING_UPDATEs not yet on the log

    @classmethod
    async def open(
        cls,
        ctx: PipelineContext,
        spec: AgentSpec,
        parent_execution_id: uuid.UUID | None,
        input_summary: dict[str, Any] | None,
    ) -> "ExecutionRecord":
        """The record, RUNNING, with AGENT_SPAWNED and AGENT_STARTED on the case log."""
        record = cls.start(ctx, spec, parent_execution_id, input_summary)
        await record.wait_opened()
        return record

    @classmethod
    def start(
        cls,
        ctx: PipelineContext,
        spec: AgentSpec,
        parent_execution_id: uuid.UUID | None,
        input_summary: dict[str, Any] | None,
    ) -> "ExecutionRecord":
        """As open, but writing in the background; the record's later steps wait for it.
        Records started together (a domain's workers) are written in one transaction."""
        record = cls(ctx, spec, uuid.uuid4(), utcnow())
        model = model_name(spec.tier, ctx.settings)
        row = AgentExecution(
            id=record.id,
            case_id=ctx.case_id,
            job_id=ctx.job_id,
            parent_execution_id=parent_execution_id,
            agent_name=spec.name,
            agent_type=spec.agent_type,
            model_name=model,
            provider=ctx.settings.resolved_llm_provider,
            status=ExecutionStatus.RUNNING,
            # Who the agent is goes on its record too: the record alone draws the same node.
            input_data={**(input_summary or {}), "agent": spec.identity()},
            started_at=record.started,
        )
        payload = {
            "execution_id": str(record.id),
            "parent_execution_id": str(parent_execution_id) if parent_execution_id else None,
            "model": model,
            "input": input_summary or {},
            **spec.identity(),
        }
        batch = ctx.opening
        if batch is None or batch.writing:
            batch = ctx.opening = _Opening()
            batch.task = asyncio.create_task(_insert_opened(ctx, batch))
        batch.records.append((record, row, payload))
        record._opened = batch.task
        return record

    async def wait_opened(self) -> None:
        if self._opened is not None:
            await self._opened

    def charge_caches(self, created: list[context_cache.Creation]) -> None:
        """The context caches the record's calls created: their tokens as input sent (at the
        input price) and their storage for the TTL."""
        for made in created:
            cost = cache_creation_usd(made.model, made.tokens, made.ttl_seconds, self.ctx.settings)
            self.charge(made.model, Usage(input=made.tokens), cost=cost)
        created.clear()

    def charge(self, model: str, usage: Usage, *, cost: float | None = None) -> None:
        """An attempt's usage and its cost (priced from the usage unless given), on the record
        and the run's spend."""
        if cost is None:
            cost = cost_usd(model, usage, self.ctx.settings)
        self.usage += usage
        self.cost_usd += cost
        self.ctx.spent_usd += cost

    def _usage_values(self) -> dict[str, Any]:
        return {
            "input_tokens": self.usage.input,
            "output_tokens": self.usage.output,
            "thinking_tokens": self.usage.thinking,
            "cached_tokens": self.usage.cached,
            "cost_usd": self.cost_usd,
        }

    def thought(self, texts: list[str]) -> None:
        """Thoughts the model returned: on the log with the record's next write."""
        self._thoughts.extend(texts)

    def _step(
        self, event_type: EventType, payload: dict[str, Any], values: dict[str, Any]
    ) -> _Step:
        thoughts, self._thoughts = self._thoughts, []
        return _Step(self, thoughts, event_type, payload, values)

    async def _write(self, event_type: EventType, payload: dict[str, Any], **values: Any) -> None:
        await self.wait_opened()
        step = self._step(event_type, payload, values)
        batch = self.ctx.stepping
        if batch is None or batch.task is None or batch.writing:
            batch = self.ctx.stepping = _Stepping()
            batch.task = asyncio.create_task(_write_steps(self.ctx, batch))
        batch.steps.append(step)
        # Shielded: a writer cancelled while waiting must not cancel the others' transaction.
        await asyncio.shield(batch.task)

    async def fallback(self, tier: Tier, error: str) -> None:
        """The next attempt runs on ``tier``: AGENT_FALLBACK, and the fallback on the record."""
        model = model_name(tier, self.ctx.settings)
        self.fallback_used = True
        await self._write(
            EventType.AGENT_FALLBACK,
            {"fallback_model": model, "error": error},
            fallback_used=True,
            fallback_model=model,
        )

    async def complete(self, attempt: Attempt) -> None:
        payload, values = self._completion(attempt)
        await self._write(EventType.AGENT_COMPLETED, payload, **values)

    async def complete_in(
        self, session: AsyncSession, attempt: Attempt, output_data: dict[str, Any] | None = None
    ) -> None:
        """As complete, in the caller's transaction; `output_data`, when given, is kept on the
        record instead of the output."""
        await self.wait_opened()
        payload, values = self._completion(attempt)
        if output_data is not None:
            values["output_data"] = output_data
        await _write_step(session, self.ctx, self._step(EventType.AGENT_COMPLETED, payload, values))

    def _completion(self, attempt: Attempt) -> tuple[dict[str, Any], dict[str, Any]]:
        """AGENT_COMPLETED's payload and the record's values (the usage of every attempt)."""
        tokens = {
            "input": self.usage.input,
            "output": self.usage.output,
            "cached": self.usage.cached,
        }
        completed = utcnow()
        payload = {
            "model": attempt.model,
            "tokens": tokens,
            "cost_usd": round(self.cost_usd, 6),
            "duration_seconds": (completed - self.started).total_seconds(),
            "fallback_used": self.fallback_used,
        }
        values = {
            "status": ExecutionStatus.COMPLETED,
            # The model itself: the engine's JSON serializer (pydantic-core) encodes it directly,
            # without building the dict model_dump would.
            "output_data": attempt.output,
            "thinking_traces": [t[:_THOUGHT_CHARS] for t in attempt.thoughts],
            **self._usage_values(),
            "completed_at": completed,
        }
        return payload, values

    async def fail(self, error: str, code: ErrorCode = ErrorCode.PROCESSING_FAILED) -> None:
        """FAILED, with AGENT_TIMEOUT or AGENT_ERROR (and the PRD §8.4 error code)."""
        await self._write(
            EventType.AGENT_TIMEOUT if code == ErrorCode.AGENT_TIMEOUT else EventType.AGENT_ERROR,
            {"error": error, "code": code.value},
            status=ExecutionStatus.FAILED,
            error=error,
            completed_at=utcnow(),
            **self._usage_values(),
        )
