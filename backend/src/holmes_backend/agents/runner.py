"""Runs one agent the way every pipeline agent runs (seed 000).

An execution record (PENDING → RUNNING → COMPLETED/FAILED) with model, tokens, thinking traces,
timings and its parent; events on the case log as it goes (AGENT_SPAWNED, AGENT_STARTED,
THINKING_UPDATE, AGENT_COMPLETED / AGENT_ERROR); its own stage-isolated ADK session; Pro first and
Flash when Pro fails (AGENT_FALLBACK, recorded on the execution). Each call opens its own database
sessions, so agents can run side by side.
"""

import asyncio
import uuid
from dataclasses import dataclass
from typing import Any

from google.adk.agents import LlmAgent
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.genai import types
from pydantic import BaseModel, ValidationError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from holmes_backend.config import Settings
from holmes_backend.db import transaction
from holmes_backend.db.types import utcnow
from holmes_backend.events.hub import EventHub
from holmes_backend.llm.gemini import AgentRole, Tier
from holmes_backend.llm.provider import generate_config, model_for
from holmes_backend.models import AgentExecution
from holmes_backend.repositories import executions as execution_repo
from holmes_backend.services import events as event_service
from holmes_shared.enums import ExecutionStatus
from holmes_shared.events import EventType

_APP = "holmes"
_OUTPUT_KEY = "output"
# Thought text kept per execution record and per event; the trace is for reading, not archiving.
_THOUGHT_CHARS = 4000


@dataclass(frozen=True)
class AgentSpec:
    name: str  # unique within the job: "financial_agent", "legal_worker_2", ...
    agent_type: str  # ORCHESTRATOR | TRIAGE | FINANCIAL | LEGAL | EVIDENCE | STRATEGY | ...
    role: AgentRole
    tier: Tier
    schema: type[BaseModel]
    instruction: str


@dataclass
class PipelineContext:
    """What every agent run of one job shares."""

    settings: Settings
    session_factory: async_sessionmaker[AsyncSession]
    hub: EventHub
    case_id: uuid.UUID
    job_id: uuid.UUID | None


class AgentFailedError(RuntimeError):
    def __init__(self, agent: str, reason: str) -> None:
        super().__init__(f"{agent} failed: {reason}")
        self.agent = agent
        self.reason = reason


@dataclass
class _Attempt:
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
    async with ctx.session_factory() as session:
        await _record(session, ctx, event_type, payload, agent_id, agent_type)
        await transaction.commit(session)


async def _record(
    session: AsyncSession,
    ctx: PipelineContext,
    event_type: EventType,
    payload: dict[str, Any],
    agent_id: str | None,
    agent_type: str | None,
) -> None:
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
    parts: list[str],
    *,
    parent_execution_id: uuid.UUID | None = None,
    input_summary: dict[str, Any] | None = None,
) -> tuple[BaseModel, uuid.UUID]:
    """The agent's structured output and its execution id; AgentFailedError when all tiers fail."""
    execution_id = await _create_execution(ctx, spec, parent_execution_id, input_summary)
    tiers: list[Tier] = [spec.tier] + (["flash"] if spec.tier == "pro" else [])
    last_error = ""
    for index, tier in enumerate(tiers):
        model = model_for(tier, ctx.settings)
        model_name = model if isinstance(model, str) else model.model
        if index > 0:
            await _fallback(ctx, spec, execution_id, model_name, last_error)
        try:
            attempt = await _attempt(ctx, spec, tier, parts)
        except Exception as exc:  # any model or parse failure: the next tier, or the end
            last_error = f"{type(exc).__name__}: {exc}"[:2000]
            continue
        await _complete(ctx, spec, execution_id, model_name, attempt)
        return attempt.output, execution_id
    await _fail(ctx, spec, execution_id, last_error)
    raise AgentFailedError(spec.name, last_error)


async def _attempt(ctx: PipelineContext, spec: AgentSpec, tier: Tier, parts: list[str]) -> _Attempt:
    agent = LlmAgent(
        name=spec.name,
        model=model_for(tier, ctx.settings),
        instruction=spec.instruction,
        output_schema=spec.schema,
        output_key=_OUTPUT_KEY,
        generate_content_config=generate_config(spec.role, ctx.settings),
    )
    sessions = InMemorySessionService()  # stage-isolated: nothing leaks between agents
    runner = Runner(agent=agent, app_name=_APP, session_service=sessions)
    session = await sessions.create_session(app_name=_APP, user_id=str(ctx.case_id))
    message = types.Content(role="user", parts=[types.Part(text=p) for p in parts])
    thoughts: list[str] = []
    usage = None
    timeout = (
        ctx.settings.gemini_triage_timeout_seconds
        if spec.role == "triage"
        else ctx.settings.gemini_timeout_seconds
    )
    async with asyncio.timeout(timeout * (ctx.settings.gemini_retry_attempts + 1)):
        async for event in runner.run_async(
            user_id=str(ctx.case_id), session_id=session.id, new_message=message
        ):
            parts_out = (event.content.parts if event.content else None) or []
            new = [p.text for p in parts_out if p.thought and p.text and not event.partial]
            if new:
                thoughts.extend(new)
                async with ctx.session_factory() as db:
                    for text in new:
                        await _record(
                            db,
                            ctx,
                            EventType.THINKING_UPDATE,
                            {"thinking_summary": text[:_THOUGHT_CHARS]},
                            spec.name,
                            spec.agent_type,
                        )
                    await transaction.commit(db)
            usage = event.usage_metadata or usage
            if event.error_code:
                raise RuntimeError(f"{event.error_code}: {event.error_message}")
    stored = await sessions.get_session(
        app_name=_APP, user_id=str(ctx.case_id), session_id=session.id
    )
    raw = stored.state.get(_OUTPUT_KEY) if stored is not None else None
    if raw is None:
        raise RuntimeError("the model returned no structured output")
    try:
        output = spec.schema.model_validate(raw)
    except ValidationError as exc:
        raise RuntimeError(f"the model's output does not fit {spec.schema.__name__}") from exc
    return _Attempt(output=output, thoughts=thoughts, usage=usage)


async def _create_execution(
    ctx: PipelineContext,
    spec: AgentSpec,
    parent_execution_id: uuid.UUID | None,
    input_summary: dict[str, Any] | None,
) -> uuid.UUID:
    model = model_for(spec.tier, ctx.settings)
    async with ctx.session_factory() as session:
        execution = await execution_repo.add(
            session,
            AgentExecution(
                case_id=ctx.case_id,
                job_id=ctx.job_id,
                parent_execution_id=parent_execution_id,
                agent_name=spec.name,
                agent_type=spec.agent_type,
                model_name=model if isinstance(model, str) else model.model,
                status=ExecutionStatus.RUNNING,
                input_data=input_summary or {},
                started_at=utcnow(),
            ),
        )
        await transaction.commit(session)
    payload = {
        "execution_id": str(execution.id),
        "parent_execution_id": str(parent_execution_id) if parent_execution_id else None,
        "model": execution.model_name,
        "input": input_summary or {},
    }
    await emit(
        ctx, EventType.AGENT_SPAWNED, payload, agent_id=spec.name, agent_type=spec.agent_type
    )
    await emit(
        ctx, EventType.AGENT_STARTED, payload, agent_id=spec.name, agent_type=spec.agent_type
    )
    return execution.id


async def _fallback(
    ctx: PipelineContext, spec: AgentSpec, execution_id: uuid.UUID, model: str, error: str
) -> None:
    async with ctx.session_factory() as session:
        execution = await execution_repo.get(session, execution_id)
        assert execution is not None
        execution.fallback_used = True
        execution.fallback_model = model
        await _record(
            session,
            ctx,
            EventType.AGENT_FALLBACK,
            {"execution_id": str(execution_id), "fallback_model": model, "error": error},
            spec.name,
            spec.agent_type,
        )
        await transaction.commit(session)


async def _complete(
    ctx: PipelineContext,
    spec: AgentSpec,
    execution_id: uuid.UUID,
    model: str,
    attempt: _Attempt,
) -> None:
    usage = attempt.usage
    async with ctx.session_factory() as session:
        execution = await execution_repo.get(session, execution_id)
        assert execution is not None
        execution.status = ExecutionStatus.COMPLETED
        execution.model_name = model if not execution.fallback_used else execution.model_name
        execution.output_data = attempt.output.model_dump(mode="json")
        execution.thinking_traces = [t[:_THOUGHT_CHARS] for t in attempt.thoughts]
        execution.input_tokens = (usage.prompt_token_count or 0) if usage else 0
        execution.output_tokens = (usage.candidates_token_count or 0) if usage else 0
        execution.thinking_tokens = (usage.thoughts_token_count or 0) if usage else 0
        execution.completed_at = utcnow()
        started = execution.started_at
        await _record(
            session,
            ctx,
            EventType.AGENT_COMPLETED,
            {
                "execution_id": str(execution_id),
                "model": model,
                "tokens": {"input": execution.input_tokens, "output": execution.output_tokens},
                "duration_seconds": (execution.completed_at - started).total_seconds()
                if started
                else None,
                "fallback_used": execution.fallback_used,
            },
            spec.name,
            spec.agent_type,
        )
        await transaction.commit(session)


async def _fail(ctx: PipelineContext, spec: AgentSpec, execution_id: uuid.UUID, error: str) -> None:
    async with ctx.session_factory() as session:
        execution = await execution_repo.get(session, execution_id)
        assert execution is not None
        execution.status = ExecutionStatus.FAILED
        execution.error = error
        execution.completed_at = utcnow()
        await _record(
            session,
            ctx,
            EventType.AGENT_ERROR,
            {"execution_id": str(execution_id), "error": error},
            spec.name,
            spec.agent_type,
        )
        await transaction.commit(session)
