"""An agent run's execution record (PENDING → RUNNING → COMPLETED/FAILED) with model, tokens,
cost, thinking traces, timings and its parent, and its lifecycle events on the case log
(AGENT_SPAWNED, AGENT_STARTED, THINKING_UPDATE, AGENT_FALLBACK, AGENT_COMPLETED / AGENT_ERROR /
AGENT_TIMEOUT). Records opened, and steps taken, in one turn of the event loop (a domain's
workers) are written in one transaction."""

import asyncio
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from google.genai import types
from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.agents.context import PipelineContext, WriteBehind, record_event
from holmes_backend.agents.spec import AgentSpec, model_name
from holmes_backend.db import transaction
from holmes_backend.db.types import utcnow
from holmes_backend.llm import context_cache
from holmes_backend.llm.cost import Usage, cache_creation_usd, cost_usd
from holmes_backend.llm.gemini import Tier
from holmes_backend.models import AgentExecution
from holmes_backend.repositories import executions as execution_repo
from holmes_shared.enums import ExecutionStatus
from holmes_shared.errors import ErrorCode
from holmes_shared.events import EventType

# Thought text kept per execution record and per event; the trace is for reading, not archiving.
THOUGHT_CHARS = 4000


@dataclass
class Attempt:
    """What one model attempt produced."""

    model: str
    output: BaseModel
    thoughts: list[str]
    usage: types.GenerateContentResponseUsageMetadata | None


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
            {"thinking_summary": text[:THOUGHT_CHARS], **record.spec.identity()},
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
    def start(
        cls,
        ctx: PipelineContext,
        spec: AgentSpec,
        parent_execution_id: uuid.UUID | None,
        input_summary: dict[str, Any] | None,
        model: str | None = None,
    ) -> "ExecutionRecord":
        """The record, RUNNING, with AGENT_SPAWNED and AGENT_STARTED on the case log, written in
        the background (`wait_opened`); the record's later steps wait for it. Records started
        together (a domain's workers) are written in one transaction. `model`: what answers
        when it is not the spec's tier's model (the numeric engine)."""
        record = cls(ctx, spec, uuid.uuid4(), utcnow())
        model = model or model_name(spec.tier, ctx.settings)
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
            "thinking_traces": [t[:THOUGHT_CHARS] for t in attempt.thoughts],
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
