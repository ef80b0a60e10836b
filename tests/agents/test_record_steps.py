"""What a job writes behind its model calls, written with less work: the steps of execution
records taken together (parallel workers' completions) are one transaction, and a job state
saved again before its first save was written is written once, as its latest value."""

import asyncio
import uuid
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from holmes_backend.agents.pipeline import Pipeline
from holmes_backend.agents.runner import (
    AgentSpec,
    Attempt,
    ExecutionRecord,
    PipelineContext,
    WriteBehind,
    drain,
)
from holmes_backend.contracts.agents import FinancialOutput, Finding, SourceRef
from holmes_backend.models import AgentExecution, CaseEvent
from holmes_backend.repositories import jobs as job_repo
from holmes_backend.runtime import Runtime
from tests.agents.helpers import Commits, job_context
from tests.api.helpers import new_case


async def _context(client: httpx.AsyncClient, runtime: Runtime, name: str) -> PipelineContext:
    case = await new_case(client, name)
    return await job_context(runtime, uuid.UUID(case["id"]), [])


def _output(n: int) -> FinancialOutput:
    return FinancialOutput(
        findings=[
            Finding(
                finding_type="note",
                severity="MEDIUM",
                title=f"Finding {n}",
                summary=f"Worker {n} found this",
                confidence=0.5,
                sources=[SourceRef(file_id=str(uuid.uuid4()), page=n, excerpt="x")],
            )
        ]
    )


async def _opened(ctx: PipelineContext, spec: AgentSpec) -> ExecutionRecord:
    record = ExecutionRecord.start(ctx, spec, None, None)
    await record.wait_opened()
    return record


def _spec(n: int) -> AgentSpec:
    return AgentSpec(f"worker_{n}", "FINANCIAL", "domain", "pro", FinancialOutput, "analyse")


async def test_completions_taken_together_are_one_transaction_each_record_complete(
    client: httpx.AsyncClient, runtime: Runtime
) -> None:
    ctx = await _context(client, runtime, "record steps")
    records = [await _opened(ctx, _spec(n)) for n in range(3)]
    for n, record in enumerate(records):
        record.thought([f"thinking of worker {n}"])
    attempts = [
        Attempt(model="pro-model", output=_output(n), thoughts=[f"trace {n}"], usage=None)
        for n in range(3)
    ]
    commits = Commits(runtime)
    try:
        await asyncio.gather(*(r.complete(a) for r, a in zip(records, attempts, strict=True)))
    finally:
        commits.close()
    assert commits.count == 1

    async with runtime.session_factory() as session:
        rows = {
            r.id: r
            for r in await session.scalars(
                select(AgentExecution).where(AgentExecution.case_id == ctx.case_id)
            )
        }
        events = list(
            await session.scalars(
                select(CaseEvent)
                .where(CaseEvent.case_id == ctx.case_id)
                .where(CaseEvent.type.in_(["THINKING_UPDATE", "AGENT_COMPLETED"]))
                .order_by(CaseEvent.id)
            )
        )
    for n, record in enumerate(records):
        row = rows[record.id]
        assert row.status == "COMPLETED"
        assert row.output_data == attempts[n].output.model_dump(mode="json")
        assert row.thinking_traces == [f"trace {n}"]
    # Each record's thoughts, then its completion, record after record.
    assert [(e.type, e.agent_id) for e in events] == [
        (kind, f"worker_{n}") for n in range(3) for kind in ("THINKING_UPDATE", "AGENT_COMPLETED")
    ]


async def test_a_record_step_cancelled_while_waiting_leaves_the_others_transaction_alone(
    client: httpx.AsyncClient, runtime: Runtime
) -> None:
    ctx = await _context(client, runtime, "record step cancelled")
    records = [await _opened(ctx, _spec(n)) for n in range(2)]
    attempts = [Attempt(model="m", output=_output(n), thoughts=[], usage=None) for n in range(2)]
    cancelled = asyncio.create_task(records[0].complete(attempts[0]))
    kept = asyncio.create_task(records[1].complete(attempts[1]))
    await asyncio.sleep(0)  # both have joined the same transaction
    cancelled.cancel()
    await asyncio.wait_for(kept, 10)
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    async with runtime.session_factory() as session:
        statuses = {
            r.agent_name: r.status
            for r in await session.scalars(
                select(AgentExecution).where(AgentExecution.case_id == ctx.case_id)
            )
        }
    assert statuses == {"worker_0": "COMPLETED", "worker_1": "COMPLETED"}


async def test_a_state_saved_again_before_it_was_written_is_written_once_as_its_latest(
    client: httpx.AsyncClient, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    ctx = await _context(client, runtime, "state saves")
    assert ctx.job_id is not None
    ctx.write_behind = WriteBehind()
    pipeline = Pipeline(ctx, runtime.storage, ctx.job_id)
    written: list[tuple[str, Any]] = []
    set_state = job_repo.set_state

    async def counted(session: Any, job_id: uuid.UUID, key: str, value: Any) -> None:
        written.append((key, value))
        await set_state(session, job_id, key, value)

    monkeypatch.setattr(job_repo, "set_state", counted)

    # Saved three times in one step of the event loop (no write has run yet).
    pipeline.book.save_state("domains", {"financial": {"n": 1}})
    pipeline.book.save_state("routing", {"plan": True})
    pipeline.book.save_state("domains", {"financial": {"n": 1}, "legal": {"n": 2}})
    await drain(pipeline.job_run.writes.take())
    assert written == [
        ("routing", {"plan": True}),
        ("domains", {"financial": {"n": 1}, "legal": {"n": 2}}),
    ]

    # Saved again once the first is written: written again.
    pipeline.book.save_state("domains", {"financial": {"n": 3}})
    await drain(pipeline.job_run.writes.take())
    assert written[-1] == ("domains", {"financial": {"n": 3}})
    async with runtime.session_factory() as session:
        states = await job_repo.states(session, ctx.job_id)
    assert states == {"routing": {"plan": True}, "domains": {"financial": {"n": 3}}}
