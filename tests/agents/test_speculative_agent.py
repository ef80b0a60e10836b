"""One agent run under a speculation (runner.Speculation), on the local analyst: nothing of it
is recorded before it is confirmed, and an agent whose model fails before its request is held
still waits for the decision, then falls back like any other."""

import asyncio
import uuid
from collections.abc import AsyncGenerator

import httpx
import pytest
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from sqlalchemy import select

from holmes_backend.agents.domains.prompt import INSTRUCTIONS
from holmes_backend.agents.runner import (
    AgentSpec,
    ExecutionRecord,
    PipelineContext,
    Speculation,
    run_agent,
)
from holmes_backend.agents.schemas import FinancialOutput, RoutingPlan
from holmes_backend.llm.local import model as local_model
from holmes_backend.llm.local.model import LOCAL_PRO, LocalAnalystError, LocalAnalystLlm
from holmes_backend.models import AgentExecution
from holmes_backend.runtime import Runtime
from tests.api.helpers import new_case

WORKER = AgentSpec(
    "financial_agent", "FINANCIAL", "domain", "pro", FinancialOutput, INSTRUCTIONS["financial"]
)


async def _context(client: httpx.AsyncClient, runtime: Runtime, name: str) -> PipelineContext:
    case = await new_case(client, name)
    return PipelineContext(
        settings=runtime.settings,
        session_factory=runtime.session_factory,
        hub=runtime.hub,
        case_id=uuid.UUID(case["id"]),
        job_id=None,
    )


async def _records(runtime: Runtime, case_id: uuid.UUID) -> list[AgentExecution]:
    async with runtime.session_factory() as session:
        rows = await session.scalars(
            select(AgentExecution).where(AgentExecution.case_id == case_id)
        )
        return list(rows.all())


async def _parent(ctx: PipelineContext) -> uuid.UUID:
    spec = AgentSpec("orchestrator", "ORCHESTRATOR", "orchestrator", "pro", RoutingPlan, "route")
    record = await ExecutionRecord.open(ctx, spec, None, None)
    return record.id


async def _confirmed_worker(
    client: httpx.AsyncClient, runtime: Runtime, name: str
) -> AgentExecution:
    """A worker run under a speculation: nothing of it recorded (nor its answer taken) before
    it is confirmed; then its record, under the parent it was confirmed with, completed, and
    no turn left waiting (work that waits for the requests to be out is not stuck)."""
    ctx = await _context(client, runtime, name)
    parent = await _parent(ctx)
    speculation = Speculation(ctx.turns)
    task = asyncio.create_task(run_agent(ctx, WORKER, ["no evidence"], speculation=speculation))
    await asyncio.sleep(0.3)
    assert not task.done(), "a speculative agent ended before the decision"
    assert [r.agent_name for r in await _records(runtime, ctx.case_id)] == ["orchestrator"]

    speculation.confirm(parent)
    _, execution_id = await asyncio.wait_for(task, 30)

    assert ctx.turns.idle
    worker = next(r for r in await _records(runtime, ctx.case_id) if r.id == execution_id)
    assert worker.parent_execution_id == parent
    assert worker.status == "COMPLETED"
    return worker


async def test_a_held_agent_is_recorded_only_once_confirmed(
    client: httpx.AsyncClient, runtime: Runtime
) -> None:
    worker = await _confirmed_worker(client, runtime, "held")
    assert not worker.fallback_used


async def test_an_agent_failing_before_its_request_is_held_falls_back_once_confirmed(
    client: httpx.AsyncClient, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    analyse = LocalAnalystLlm.generate_content_async

    async def pro_is_down(
        self: LocalAnalystLlm, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        if self.model == LOCAL_PRO:
            raise LocalAnalystError("pro is down")
        async for response in analyse(self, llm_request, stream):
            yield response

    monkeypatch.setattr(LocalAnalystLlm, "generate_content_async", pro_is_down)
    worker = await _confirmed_worker(client, runtime, "fails-early")
    assert worker.fallback_used


async def test_an_agent_whose_model_never_holds_its_request_still_waits_for_the_decision(
    client: httpx.AsyncClient, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def no_hold_point() -> None:
        return None

    monkeypatch.setattr(local_model, "hold_point", no_hold_point)
    worker = await _confirmed_worker(client, runtime, "never-held")
    assert not worker.fallback_used


async def test_a_dropped_agent_leaves_nothing(client: httpx.AsyncClient, runtime: Runtime) -> None:
    ctx = await _context(client, runtime, "dropped")
    speculation = Speculation(ctx.turns)
    speculation.tasks = [
        asyncio.create_task(run_agent(ctx, WORKER, ["no evidence"], speculation=speculation))
    ]
    await asyncio.sleep(0.3)
    await speculation.drop()
    assert speculation.tasks[0].cancelled()
    assert ctx.turns.idle
    assert await _records(runtime, ctx.case_id) == []
