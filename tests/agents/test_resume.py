"""A job whose process died after the domain phase resumes from synthesis, duplicating nothing."""

import asyncio
import os
import socket
import subprocess
import sys
import uuid
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select

from holmes_backend.agents import persist
from holmes_backend.agents.phases import synthesis as synthesis_phase
from holmes_backend.agents.phases.book import JobBook
from holmes_backend.agents.phases.state import JobRun
from holmes_backend.agents.pipeline import PHASE_STEPS, Pipeline
from holmes_backend.agents.runner import PipelineContext
from holmes_backend.db import transaction
from holmes_backend.db.types import utcnow
from holmes_backend.models import (
    AgentExecution,
    CaseEvent,
    Finding,
    JobState,
    KnowledgeGraph,
    ProcessingJob,
)
from holmes_backend.runtime import Runtime
from holmes_backend.services.processing import RUNNER_STATE, resume_interrupted
from tests.agents.helpers import job_context, upload_demo
from tests.api.helpers import new_case


async def _counts(runtime: Runtime, case_id: uuid.UUID) -> tuple[Counter[str], Counter[str]]:
    async with runtime.session_factory() as session:
        findings = (await session.scalars(select(Finding).where(Finding.case_id == case_id))).all()
        runs = (
            await session.scalars(select(AgentExecution).where(AgentExecution.case_id == case_id))
        ).all()
    return Counter(f.domain for f in findings), Counter(r.agent_name for r in runs)


async def _job_and_graphs(
    runtime: Runtime, job_id: uuid.UUID, case_id: uuid.UUID
) -> tuple[ProcessingJob | None, list[KnowledgeGraph]]:
    async with runtime.session_factory() as session:
        job = await session.get(ProcessingJob, job_id)
        graphs = (
            await session.scalars(select(KnowledgeGraph).where(KnowledgeGraph.case_id == case_id))
        ).all()
    return job, list(graphs)


async def _demo_job(
    client: httpx.AsyncClient, runtime: Runtime, demo_dir: Path, name: str
) -> tuple[uuid.UUID, ProcessingJob, PipelineContext]:
    """A case holding the demo files and a job over them, not started."""
    case = await new_case(client, name)
    case_id = uuid.UUID(case["id"])
    uploaded = await upload_demo(client, case["id"], demo_dir)
    ctx = await job_context(runtime, case_id, [f["id"] for f in uploaded])
    async with runtime.session_factory() as session:
        job = await session.get(ProcessingJob, ctx.job_id)
    assert job is not None
    return case_id, job, ctx


async def test_resume_after_the_domain_phase(
    client: httpx.AsyncClient, runtime: Runtime, demo_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    case_id, job, ctx = await _demo_job(client, runtime, demo_dir, "resume")

    async def process_dies(job_run: JobRun) -> None:
        # Stopped once the domain phase is recorded as completed (its writes go behind the
        # next model call; until they land, a resumed job would redo the phase).
        assert job_run.book.closing is not None
        await job_run.book.closing
        raise asyncio.CancelledError  # what the runner sees when its process is stopped

    with monkeypatch.context() as patch:
        patch.setitem(PHASE_STEPS, "synthesis", process_dies)
        with pytest.raises(asyncio.CancelledError):
            await Pipeline(ctx, runtime.storage, job.id).run()

    async with runtime.session_factory() as session:
        stopped = await session.get(ProcessingJob, job.id)
        assert stopped is not None
        assert stopped.status == "PROCESSING"
        assert stopped.completed_phases == ["extraction", "triage", "routing", "domains"]
    findings_before, runs_before = await _counts(runtime, case_id)
    assert "synthesis" not in findings_before
    assert {"financial", "legal", "evidence", "strategy"} <= set(findings_before)

    await Pipeline(ctx, runtime.storage, job.id).run()

    findings_after, runs_after = await _counts(runtime, case_id)
    done, graphs = await _job_and_graphs(runtime, job.id, case_id)
    assert done is not None
    assert done.status == "READY", done.errors
    assert done.completed_phases == [
        "extraction",
        "triage",
        "routing",
        "domains",
        "synthesis",
        "graph",
    ]
    for domain in ("financial", "legal", "evidence", "strategy"):
        assert findings_after[domain] == findings_before[domain], domain
    assert findings_after["synthesis"] > 0
    for name, count in runs_before.items():
        assert runs_after[name] == count, f"{name} ran again"
    assert runs_after["synthesis_agent"] == 1
    assert runs_after["knowledge_graph_agent"] == 1
    assert len(graphs) == 1


async def test_a_job_stopped_before_its_end_has_no_graph_version_and_builds_one_on_resume(
    client: httpx.AsyncClient, runtime: Runtime, demo_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    case_id, job, ctx = await _demo_job(client, runtime, demo_dir, "died-at-the-end")

    async def process_dies(self: JobBook, *_: object) -> None:
        raise asyncio.CancelledError  # stopped inside the graph version's transaction

    with monkeypatch.context() as patch:
        patch.setattr(JobBook, "end_completed", process_dies)
        with pytest.raises(asyncio.CancelledError):
            await Pipeline(ctx, runtime.storage, job.id).run()
    stopped, graphs = await _job_and_graphs(runtime, job.id, case_id)
    assert stopped is not None
    assert stopped.status == "PROCESSING"
    # The graph version and the job's end are one commit: neither was stored.
    assert stopped.completed_phases[-1] == "synthesis"
    assert graphs == []

    await Pipeline(ctx, runtime.storage, job.id).run()

    done, graphs = await _job_and_graphs(runtime, job.id, case_id)
    _, runs = await _counts(runtime, case_id)
    assert done is not None
    assert done.status == "READY", done.errors
    assert done.completed_phases[-1] == "graph"
    assert [g.version for g in graphs] == [1]
    assert runs["synthesis_agent"] == 1


async def _graph_agent_record(runtime: Runtime, case_id: uuid.UUID) -> AgentExecution | None:
    async with runtime.session_factory() as session:
        record: AgentExecution | None = await session.scalar(
            select(AgentExecution).where(
                AgentExecution.case_id == case_id,
                AgentExecution.agent_name == "knowledge_graph_agent",
            )
        )
    return record


async def test_the_graph_agents_completion_is_in_the_versions_transaction(
    client: httpx.AsyncClient, runtime: Runtime, demo_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    case_id, job, ctx = await _demo_job(client, runtime, demo_dir, "version-refused")
    seen: list[str] = []

    async def refused(self: JobBook, *_: object) -> None:
        # Inside the version's transaction, from outside it: nothing of it is stored yet.
        record = await _graph_agent_record(runtime, case_id)
        assert record is not None
        seen.append(record.status)
        raise RuntimeError("disk full")

    with monkeypatch.context() as patch:
        patch.setattr(JobBook, "end_completed", refused)
        await Pipeline(ctx, runtime.storage, job.id).run()

    assert seen == ["RUNNING"]
    done, graphs = await _job_and_graphs(runtime, job.id, case_id)
    assert done is not None
    assert done.status == "ERROR"
    assert done.errors[-1]["phase"] == "graph"
    assert graphs == []
    # The agent did its work: its record says so, though the version was not kept.
    record = await _graph_agent_record(runtime, case_id)
    assert record is not None
    assert record.status == "COMPLETED"
    assert record.output_data["entities"]

    await Pipeline(ctx, runtime.storage, job.id).run()  # resumed: the graph phase again

    done, graphs = await _job_and_graphs(runtime, job.id, case_id)
    assert done is not None
    assert done.status == "READY", done.errors
    assert [g.version for g in graphs] == [1]
    async with runtime.session_factory() as session:
        order = list(
            await session.scalars(
                select(CaseEvent.type)
                .where(CaseEvent.case_id == case_id)
                .where(
                    CaseEvent.type.in_(["AGENT_COMPLETED", "GRAPH_UPDATED", "PROCESSING_COMPLETED"])
                )
                .order_by(CaseEvent.id)
            )
        )
    assert order[-3:] == ["AGENT_COMPLETED", "GRAPH_UPDATED", "PROCESSING_COMPLETED"]
    # The completed run's record names the version it made instead of keeping its copy.
    async with runtime.session_factory() as session:
        completed = list(
            await session.scalars(
                select(AgentExecution)
                .where(
                    AgentExecution.case_id == case_id,
                    AgentExecution.agent_name == "knowledge_graph_agent",
                )
                .order_by(AgentExecution.started_at)
            )
        )
    assert completed[-1].output_data == {
        "graph_version": 1,
        "entities": len(graphs[0].nodes),
        "relationships": len(graphs[0].edges),
    }


async def test_a_job_whose_graph_phase_completed_without_its_end_ends_without_a_second_graph(
    client: httpx.AsyncClient, runtime: Runtime, demo_dir: Path
) -> None:
    case_id, job, ctx = await _demo_job(client, runtime, demo_dir, "ended-late")
    await Pipeline(ctx, runtime.storage, job.id).run()
    async with runtime.session_factory() as session:
        # What an earlier version left when its process died between the two commits.
        stored = await session.get(ProcessingJob, job.id)
        assert stored is not None
        assert stored.completed_phases[-1] == "graph"
        stored.status = "PROCESSING"
        stored.completed_at = None
        await transaction.commit(session)

    await Pipeline(ctx, runtime.storage, job.id).run()

    done, graphs = await _job_and_graphs(runtime, job.id, case_id)
    _, runs = await _counts(runtime, case_id)
    assert done is not None
    assert done.status == "READY", done.errors
    assert done.completed_at is not None
    assert [g.version for g in graphs] == [1]
    assert runs["knowledge_graph_agent"] == 1


async def test_jobs_left_processing_resume_when_the_server_starts(
    client: httpx.AsyncClient, runtime: Runtime, demo_dir: Path
) -> None:
    case = await new_case(client, "restart")
    case_id = uuid.UUID(case["id"])
    uploaded = await upload_demo(client, case["id"], demo_dir)
    async with runtime.session_factory() as session:
        # What a process killed mid-run leaves behind: an active job, part-way through.
        job = ProcessingJob(
            case_id=case_id,
            status="PROCESSING",
            file_ids=[f["id"] for f in uploaded],
            current_phase="triage",
            completed_phases=["extraction"],
            heartbeat_at=datetime(2000, 1, 1, tzinfo=UTC),  # its process died long ago
        )
        session.add(job)
        await transaction.commit(session)

    assert await resume_interrupted(runtime) >= 1
    await asyncio.gather(*runtime.tasks)

    async with runtime.session_factory() as session:
        done = await session.get(ProcessingJob, job.id)
    assert done is not None
    assert done.status == "READY", done.errors
    assert done.completed_phases[-1] == "graph"


async def test_a_failed_write_behind_a_phase_fails_the_job_and_the_phase_runs_again(
    client: httpx.AsyncClient, runtime: Runtime, demo_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    case_id, job, ctx = await _demo_job(client, runtime, demo_dir, "write-fails")

    async def storage_fails(*_: object) -> None:
        raise OSError("disk full")

    # The synthesis findings are written behind the graph agent's call; their failure surfaces
    # after the graph phase ran, and names the phase whose results were lost.
    with monkeypatch.context() as patch:
        patch.setattr(synthesis_phase, "write", storage_fails)
        await Pipeline(ctx, runtime.storage, job.id).run()
    failed, graphs = await _job_and_graphs(runtime, job.id, case_id)
    assert failed is not None
    assert failed.status == "ERROR"
    assert failed.completed_phases == ["extraction", "triage", "routing", "domains"]
    assert failed.errors[-1]["phase"] == "synthesis"
    assert "disk full" in failed.errors[-1]["error"]
    assert graphs == []  # a graph version only stands on stored phases
    findings, _ = await _counts(runtime, case_id)
    assert "synthesis" not in findings

    response = await client.post(f"/api/cases/{case_id}/process")
    assert response.status_code == 202
    assert response.json()["id"] == str(job.id)  # the failed job resumes
    async with asyncio.timeout(120):
        while True:
            status = (await client.get(f"/api/cases/{case_id}/process/status")).json()
            if status["job"]["status"] not in ("PENDING", "PROCESSING"):
                break
            await asyncio.sleep(0.1)
    assert status["job"]["status"] == "READY", status["job"]["errors"]
    assert status["job"]["completed_phases"][-2:] == ["synthesis", "graph"]
    findings_after, runs = await _counts(runtime, case_id)
    assert findings_after["synthesis"] > 0
    assert runs["synthesis_agent"] == 2  # run again: its findings were never stored
    assert runs["knowledge_graph_agent"] == 2
    assert runs["financial_agent"] + runs["financial_worker_1"] == 1  # not run again


async def test_a_job_stopped_while_its_graph_agent_works_leaves_no_agent_running(
    client: httpx.AsyncClient, runtime: Runtime, demo_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, job, ctx = await _demo_job(client, runtime, demo_dir, "stopped-mid-graph")
    ctx.settings = runtime.settings.model_copy(update={"local_analyst_latency_ms": 500})

    def stopped(*_: object) -> None:
        raise asyncio.CancelledError  # the job is stopped while the graph agent's call is out

    monkeypatch.setattr(persist, "timeline", stopped)
    with pytest.raises(asyncio.CancelledError):
        await Pipeline(ctx, runtime.storage, job.id).run()
    await asyncio.sleep(0.05)
    running = [
        t for t in asyncio.all_tasks() if not t.done() and t.get_coro().__qualname__ == "run_agent"
    ]
    assert running == []


async def _left_by(
    runtime: Runtime, client: httpx.AsyncClient, demo_dir: Path, label: str, runner: object
) -> ProcessingJob:
    """An active job with a fresh heartbeat, run (its state says) by `runner`, with an agent
    that run left RUNNING."""
    case = await new_case(client, label)
    uploaded = await upload_demo(client, case["id"], demo_dir)
    async with runtime.session_factory() as session:
        job = ProcessingJob(
            case_id=uuid.UUID(case["id"]),
            status="PROCESSING",
            file_ids=[f["id"] for f in uploaded],
            current_phase="triage",
            completed_phases=["extraction"],
            started_at=utcnow(),
            heartbeat_at=utcnow(),  # beat a moment ago: silence alone would wait a minute
            states=[JobState(key=RUNNER_STATE, value=runner)],
        )
        session.add(job)
        await session.flush()
        session.add(
            AgentExecution(
                case_id=job.case_id,
                job_id=job.id,
                agent_name="triage_agent",
                agent_type="TRIAGE",
                model_name="holmes-local-flash",
                status="RUNNING",
            )
        )
        await transaction.commit(session)
    return job


def _dead_pid() -> int:
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    return ended.pid


async def test_a_job_whose_process_is_gone_resumes_at_once_and_ends_its_agents(
    client: httpx.AsyncClient, runtime: Runtime, demo_dir: Path
) -> None:
    runner = {"host": socket.gethostname(), "pid": _dead_pid(), "token": "a killed server"}
    job = await _left_by(runtime, client, demo_dir, "killed", runner)

    assert await resume_interrupted(runtime) >= 1
    await asyncio.gather(*runtime.tasks)

    async with runtime.session_factory() as session:
        done = await session.get(ProcessingJob, job.id)
        statuses = set(
            await session.scalars(
                select(AgentExecution.status).where(AgentExecution.job_id == job.id)
            )
        )
    assert done is not None
    assert done.status == "READY", done.errors
    assert "RUNNING" not in statuses
    assert "FAILED" in statuses  # the agent the killed run left, said to have been stopped


async def test_a_job_whose_process_lives_is_left_to_it(
    client: httpx.AsyncClient, runtime: Runtime, demo_dir: Path
) -> None:
    alive = {"host": socket.gethostname(), "pid": os.getppid(), "token": "another server"}
    elsewhere = {"host": "another-host", "pid": _dead_pid(), "token": "a server elsewhere"}
    jobs = [
        await _left_by(runtime, client, demo_dir, "alive", alive),
        await _left_by(runtime, client, demo_dir, "elsewhere", elsewhere),
    ]
    await resume_interrupted(runtime)
    assert not {t.get_name() for t in runtime.tasks} & {f"job-{j.id}" for j in jobs}
