"""One numeric agent's step: its model's answer when it is given request parts, else the
deterministic engine's, under an execution record and events of the same kind."""

import uuid
from collections.abc import Callable
from typing import Any

from anyio import to_thread
from pydantic import BaseModel

from holmes_backend.agents.runner import (
    AgentFailedError,
    AgentSpec,
    Attempt,
    ExecutionRecord,
    PipelineContext,
    run_agent,
)
from holmes_backend.llm import budget

ENGINE_TRACE = "computed by the deterministic numeric engine"
# What an answer of the engine's records as its model: no model was asked.
ENGINE_MODEL = "holmes-numeric-engine"


async def step(
    ctx: PipelineContext,
    spec: AgentSpec,
    parts: list[str] | None,
    parent: uuid.UUID | None,
    input_summary: dict[str, Any],
    offline: Callable[[], BaseModel],
) -> tuple[BaseModel, uuid.UUID]:
    """The agent's output and execution id: from its model when given request parts, else
    from the deterministic engine (its record says so in its thinking trace, and has no
    usage)."""
    if parts is not None:
        # The figures go whole; the documents beside them are cut to the request budget.
        fitted = budget.fit_parts(parts, ctx.settings, spec.instruction, spec.schema)
        return await run_agent(
            ctx, spec, fitted, parent_execution_id=parent, input_summary=input_summary
        )
    record = ExecutionRecord.start(ctx, spec, parent, input_summary, model=ENGINE_MODEL)
    try:
        output = await to_thread.run_sync(offline)
    except Exception as exc:
        reason = f"{type(exc).__name__}: {exc}"[:2000]
        await record.fail(reason)
        raise AgentFailedError(spec.name, reason) from exc
    thoughts = [f"{spec.name}: {ENGINE_TRACE}"]
    await record.complete(Attempt(model=ENGINE_MODEL, output=output, thoughts=thoughts, usage=None))
    return output, record.id
