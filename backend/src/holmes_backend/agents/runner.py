"""The one function that runs any agent (seed 000): `run_agent`, used by the pipeline's phases,
chat, verification, the merge and the numeric reviewer alike.

An execution record (agents.record) with model, tokens, thinking traces, timings and its parent;
its events on the case log as it goes; Pro first and Flash when Pro fails (AGENT_FALLBACK,
recorded on the execution) for any reason but these, which another model would hide rather than
fix (PRD §8.1, §8.3; agents.errors):
- a model refusing the configuration (an unknown model, a refused thinking level): AGENT_ERROR
  with the configuration error;
- a quota that stays exhausted (llm.limits waits out each 429 first, with PROCESSING_DELAYED on
  the case log): AGENT_ERROR with code QUOTA_EXCEEDED;
- a model that goes quiet past its idle timeout twice (it is tried once more): AGENT_TIMEOUT.
Each tier's attempt is, by default, one structured answer through ADK (agents.attempt: asked for
again once when off its schema, tools bounded by the unit's agents.bounds); chat gives its own
attempt (a streamed answer) and says when a fallback is no longer possible (text is out). Each
call opens its own database sessions, so agents can run side by side.

The model request never waits for the database: the record is inserted while the request is on
its way (workers started together in one transaction), and in the processing pipeline its
completion is written behind (WriteBehind) while the next agent's request goes out.
"""

import uuid
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from google.genai import types
from pydantic import BaseModel

from holmes_backend.agents.attempt import tries
from holmes_backend.agents.bounds import RunBounds
from holmes_backend.agents.context import (
    PipelineContext,
    WriteBehind,
    drain,
    emit,
    emit_all,
    record_event,
)
from holmes_backend.agents.errors import (
    AgentFailedError,
    AnswerCutOffError,
    BudgetExceededError,
    ModelFailure,
    UnusableAnswerError,
    model_failure,
)
from holmes_backend.agents.record import Attempt, Completion, ExecutionRecord
from holmes_backend.agents.spec import AgentSpec, model_name, tiers_of
from holmes_backend.llm import context_cache
from holmes_backend.llm.cost import Usage
from holmes_backend.llm.gemini import Tier
from holmes_backend.llm.params import agent_params
from holmes_backend.repositories import executions as execution_repo
from holmes_shared.errors import ErrorCode
from holmes_shared.events import EventType

# Besides run_agent, the run's vocabulary other modules import from here.
__all__ = [
    "AgentFailedError",
    "AgentSpec",
    "AnswerCutOffError",
    "Attempt",
    "Completion",
    "ExecutionRecord",
    "PipelineContext",
    "WriteBehind",
    "drain",
    "emit",
    "emit_all",
    "model_name",
    "record_event",
    "run_agent",
]


class Attempter(Protocol):
    """One tier's attempt of an agent: its answer, or an exception (the next tier, or the end)."""

    async def __call__(self, tier: Tier, record: ExecutionRecord) -> Attempt: ...


async def run_agent(
    ctx: PipelineContext,
    spec: AgentSpec,
    parts: Sequence[str | types.Part],
    *,
    parent_execution_id: uuid.UUID | None = None,
    input_summary: dict[str, Any] | None = None,
    completion: Completion | None = None,
    bounds: RunBounds | None = None,
    attempter: Attempter | None = None,
    may_fall_back: Callable[[], bool] | None = None,
) -> tuple[BaseModel, uuid.UUID]:
    """The agent's output and its execution id; AgentFailedError when all tiers fail.
    `parts` are the request's: text, or media (llm.media). Given a `completion`, the record's
    completion is left to the caller to write in its own transaction. `bounds` are the work
    unit's (its tool calls and re-asks), fresh from the settings when not given. `attempter`
    replaces the structured ADK attempt over `parts` (chat streams its answer); `may_fall_back`,
    asked after a failed tier, says whether the next tier may still take over."""
    await check_budget(ctx, spec)
    unit_bounds = bounds or RunBounds.of(ctx.settings)

    async def structured(tier: Tier, record: ExecutionRecord) -> Attempt:
        return await tries(ctx, spec, tier, parts, record, unit_bounds)

    # The record is written while the request is on its way: the model call does not wait
    # for the database (parallel workers would queue there), and every later write of the
    # record waits for this one, so the log keeps its order.
    record = ExecutionRecord.start(ctx, spec, parent_execution_id, input_summary)
    # A context cache its calls create is paid for on its record (llm.context_cache).
    with context_cache.creations() as created:
        return await _run_tiers(
            ctx, spec, record, created, completion, attempter or structured, may_fall_back
        )


async def _run_tiers(
    ctx: PipelineContext,
    spec: AgentSpec,
    record: ExecutionRecord,
    created: list[context_cache.Creation],
    completion: Completion | None,
    attempter: Attempter,
    may_fall_back: Callable[[], bool] | None,
) -> tuple[BaseModel, uuid.UUID]:
    failure = ModelFailure("", ErrorCode.PROCESSING_FAILED, False)
    cut_off = False
    for index, tier in enumerate(tiers_of(spec)):
        if index > 0:
            await record.fallback(tier, failure.message)
        try:
            with agent_params(spec.params):
                attempt = await attempter(tier, record)
        except Exception as exc:  # any model or parse failure: the next tier, or the end
            failure = model_failure(exc, tier, ctx.settings)
            if isinstance(exc, UnusableAnswerError):
                record.charge(model_name(tier, ctx.settings), exc.usage)
                if cut_off := exc.cut_off:
                    break  # Flash's answer would be cut off as well: the caller splits the work
            if failure.final or (may_fall_back is not None and not may_fall_back()):
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
