"""A job's agent_states, a row per key: never decoded by a plain read, one key set without
reading or writing the rest, the job's own row updated without them."""

import uuid

import pytest
from sqlalchemy import delete, func, select
from sqlalchemy.exc import InvalidRequestError

from holmes_backend.contracts.agents import SynthesisOutput
from holmes_backend.db import transaction
from holmes_backend.models import Case, JobState, ProcessingJob
from holmes_backend.repositories import jobs as job_repo
from holmes_backend.runtime import Runtime


async def _job(runtime: Runtime, states: dict[str, object]) -> uuid.UUID:
    async with runtime.session_factory() as session:
        case = Case(name="states")
        session.add(case)
        await session.flush()
        job = ProcessingJob(
            case_id=case.id, states=[JobState(key=k, value=v) for k, v in states.items()]
        )
        session.add(job)
        await transaction.commit(session)
        return job.id


async def test_one_key_is_set_and_the_others_are_kept(runtime: Runtime) -> None:
    job_id = await _job(runtime, {"triage": [{"file_id": "a"}], "regenerate": {"stale": 2}})
    routing = {"assignments": [{"domain": "legal", "file_ids": ["a"]}], "reasoning": "é ✓"}
    async with runtime.session_factory() as session:
        await job_repo.set_state(session, job_id, "routing", routing)
        await job_repo.set_state(session, job_id, "domains", {"legal": None})
        await job_repo.set_state(session, job_id, "domains", {"legal": {"parties": []}})
        await transaction.commit(session)
    async with runtime.session_factory() as session:
        states = await job_repo.states(session, job_id)
        job = await job_repo.get(session, job_id, with_states=True)
    assert states == {
        "triage": [{"file_id": "a"}],
        "regenerate": {"stale": 2},
        "routing": routing,
        "domains": {"legal": {"parties": []}},
    }
    assert job is not None
    assert job.agent_states == states
    async with runtime.session_factory() as session:
        assert await job_repo.state(session, job_id, "routing") == routing
        assert await job_repo.state(session, job_id, "synthesis") is None


async def test_a_plain_read_of_a_job_does_not_load_its_states(runtime: Runtime) -> None:
    job_id = await _job(runtime, {"synthesis": {"contradictions": []}})
    async with runtime.session_factory() as session:
        job = await job_repo.get(session, job_id)
        assert job is not None
        with pytest.raises(InvalidRequestError, match="states"):
            _ = job.agent_states


async def test_a_state_key_must_be_a_plain_name(runtime: Runtime) -> None:
    job_id = await _job(runtime, {})
    async with runtime.session_factory() as session:
        for key in ("a.b", '"; drop', "", "$", "k" * 65):
            with pytest.raises(ValueError, match="state key"):
                await job_repo.set_state(session, job_id, key, 1)
    async with runtime.session_factory() as session:
        assert await job_repo.states(session, job_id) == {}


async def test_an_output_kept_as_its_model_is_stored_as_its_json(runtime: Runtime) -> None:
    gap = {
        "element": "Board approval of the €2.4 m transfer — not in the minutes",
        "current_strength": "MISSING",
        "recommendation": "request the minute book",
        "sources": [{"file_id": "a", "page": 2, "excerpt": "Minute book, item 7: no resolution"}],
    }
    output = SynthesisOutput.model_validate({"evidence_gaps": [gap]})
    job_id = await _job(runtime, {})
    async with runtime.session_factory() as session:
        await job_repo.set_state(session, job_id, "synthesis", output)
        await job_repo.set_state(session, job_id, "domains", {"legal": output, "evidence": None})
        await transaction.commit(session)
    async with runtime.session_factory() as session:
        states = await job_repo.states(session, job_id)
    assert states["synthesis"] == output.model_dump(mode="json")
    assert states["synthesis"]["evidence_gaps"][0]["element"] == gap["element"]
    assert states["domains"] == {"legal": output.model_dump(mode="json"), "evidence": None}
    assert SynthesisOutput.model_validate(states["synthesis"]) == output


async def test_a_jobs_row_holds_none_of_its_states(runtime: Runtime) -> None:
    big = {"findings": ["x" * 1000] * 500}
    job_id = await _job(runtime, {"domains": big})
    async with runtime.session_factory() as session:
        await job_repo.update_fields(session, job_id, current_phase="graph")
        await transaction.commit(session)
    async with runtime.session_factory() as session:
        row = (
            await session.execute(select(ProcessingJob.__table__).where(ProcessingJob.id == job_id))
        ).one()
        states = await job_repo.states(session, job_id)
    # Updating the job (status, phases, heartbeat) writes a row of a few hundred bytes.
    assert len(repr(tuple(row))) < 2000
    assert row.current_phase == "graph"
    assert states == {"domains": big}


async def test_a_jobs_states_go_with_it(runtime: Runtime) -> None:
    job_id = await _job(runtime, {"triage": [], "routing": {"assignments": []}})
    async with runtime.session_factory() as session:
        await session.execute(delete(ProcessingJob).where(ProcessingJob.id == job_id))
        await transaction.commit(session)
    async with runtime.session_factory() as session:
        left = await session.scalar(
            select(func.count()).select_from(JobState).where(JobState.job_id == job_id)
        )
    assert left == 0
