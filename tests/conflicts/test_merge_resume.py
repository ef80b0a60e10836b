"""An incremental job whose process dies in the merge step resumes without merging twice."""

import asyncio
import uuid
from collections import Counter
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from holmes_backend.agents.merge import step as merge_step
from holmes_backend.agents.pipeline import Pipeline
from holmes_backend.agents.runner import PipelineContext
from holmes_backend.models import AgentExecution, Conflict, KnowledgeGraph
from holmes_backend.repositories import jobs as job_repo
from holmes_backend.runtime import Runtime
from tests.agents.helpers import job_context, upload_demo, wait_done
from tests.api.helpers import assert_envelope, new_case
from tests.conflicts.builders import wire_confirmation


async def _state(runtime: Runtime, ctx: PipelineContext) -> tuple[Any, ...]:
    async with runtime.session_factory() as session:
        job = await job_repo.get(session, ctx.job_id, with_states=True)
        versions = (
            await session.scalars(
                select(KnowledgeGraph.version).where(KnowledgeGraph.case_id == ctx.case_id)
            )
        ).all()
        conflicts = (
            await session.scalars(select(Conflict.id).where(Conflict.case_id == ctx.case_id))
        ).all()
        runs = (
            await session.scalars(
                select(AgentExecution.agent_name).where(AgentExecution.job_id == ctx.job_id)
            )
        ).all()
    assert job is not None
    return job, sorted(versions), set(conflicts), Counter(runs)


async def test_a_merge_interrupted_before_or_after_writing_resumes_once(
    client: httpx.AsyncClient, runtime: Runtime, demo_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    case = await new_case(client, "merge resume")
    case_id = uuid.UUID(case["id"])
    await upload_demo(client, case["id"], demo_dir)
    await client.post(f"/api/cases/{case_id}/process")
    assert (await wait_done(client, case["id"]))["job"]["status"] == "READY"
    facts = (await client.get(f"/api/cases/{case_id}/graph/versions/1")).json()["facts"]
    amount = max(
        (f for f in facts if f["attribute"] == "amount"), key=lambda f: (len(f["sources"]), f["id"])
    )
    number, currency = amount["value"].split()

    async def upload(factor: float) -> list[str]:
        confirmation = wire_confirmation(
            bank="First Lakes Bank",
            reference=amount["subject_name"].split()[-1],
            amount=round(float(number) * factor, 2),
            currency=currency,
            day=date(2024, 1, 2) + timedelta(days=int(400 * factor)),
        )
        response = await client.post(
            f"/api/cases/{case_id}/files",
            files=[("files", (f"confirmation_{factor}.pdf", confirmation, "application/pdf"))],
        )
        assert response.status_code == 201, response.text
        return [f["id"] for f in response.json()]

    real_apply = merge_step._apply

    async def dies_before_writing(*_: Any, **__: Any) -> None:
        raise asyncio.CancelledError

    async def dies_after_writing(*args: Any, **kwargs: Any) -> None:
        await real_apply(*args, **kwargs)
        raise asyncio.CancelledError

    # Before the merge is written: the new files' graph is kept, the merge runs again.
    first = await job_context(runtime, case_id, await upload(1.2), incremental=True)
    with monkeypatch.context() as patch:
        patch.setattr(merge_step, "_apply", dies_before_writing)
        with pytest.raises(asyncio.CancelledError):
            await Pipeline(first, runtime.storage, first.job_id or uuid.uuid4()).run()
    job, versions, conflicts, _ = await _state(runtime, first)
    assert job.status == "PROCESSING"
    assert "delta_graph" in job.agent_states
    assert versions == [1]
    assert conflicts == set()
    await Pipeline(first, runtime.storage, job.id).run()
    job, versions, conflicts, runs = await _state(runtime, first)
    assert job.status == "READY", job.errors
    assert versions == [1, 2]
    assert len(conflicts) >= 1
    assert runs["knowledge_graph_agent"] == 1
    assert runs["merge_agent"] == 2  # the first run's plan was never written

    # After it is written: nothing is merged twice.
    second = await job_context(runtime, case_id, await upload(1.5), incremental=True)
    with monkeypatch.context() as patch:
        patch.setattr(merge_step, "_apply", dies_after_writing)
        with pytest.raises(asyncio.CancelledError):
            await Pipeline(second, runtime.storage, second.job_id or uuid.uuid4()).run()
    job, versions, after_crash, _ = await _state(runtime, second)
    assert job.status == "PROCESSING"
    assert versions == [1, 2, 3]
    assert len(after_crash) > len(conflicts)
    # While the job is unfinished the graph is about to change: decisions wait.
    busy = await client.post(
        f"/api/conflicts/{sorted(after_crash - conflicts)[0]}/resolve",
        json={"resolution": "keep_existing"},
    )
    assert assert_envelope(busy, 409, "CONFLICT")["suggested_action"]
    await Pipeline(second, runtime.storage, job.id).run()
    job, versions, resumed, runs = await _state(runtime, second)
    assert job.status == "READY", job.errors
    assert versions == [1, 2, 3]
    assert resumed == after_crash
    assert runs["merge_agent"] == 1
    assert job.completed_phases[-1] == "graph"
