"""How one agent (agents.runner.run_agent) meets a model that fails, on the Gemini provider against
the fake: an answer that does not fit the schema is asked for again once of the same model; a
model that goes quiet is tried once more and then the agent ends AGENT_TIMEOUT; a quota that
stays exhausted ends it QUOTA_EXCEEDED after PROCESSING_DELAYED; none of these reaches Flash."""

import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from pydantic import SecretStr
from sqlalchemy import select

from holmes_backend.agents.attempt import REASK_HEADING
from holmes_backend.agents.runner import (
    AgentFailedError,
    AgentSpec,
    PipelineContext,
    run_agent,
)
from holmes_backend.contracts.agents import TriageResult
from holmes_backend.models import AgentExecution, CaseEvent
from holmes_backend.runtime import Runtime
from holmes_shared.errors import ErrorCode
from tests.api.helpers import new_case
from tests.fake_gemini import FakeGemini, Reply, Stall, json_reply, rate_limited, text
from tests.gemini_support import FLASH_MODEL, PRO_MODEL, user_text_of
from tests.support import serve_app

KEY = "test-key"
SPEC = AgentSpec("financial_agent", "FINANCIAL", "domain", "pro", TriageResult, "Classify.")
VALID = {
    "files": [
        {
            "file_id": "f1",
            "filename": "ledger.csv",
            "classification": "bank_statement",
            "domain_scores": {"financial": 0.9, "legal": 0.2, "evidence": 0.4, "strategy": 0.1},
            "complexity_score": 0.5,
            "primary_domain": "financial",
        }
    ]
}


@pytest.fixture
def fake() -> Iterator[tuple[FakeGemini, str]]:
    server = FakeGemini(api_key=KEY)
    with serve_app(server.app) as url:
        yield server, url


async def _context(
    client: httpx.AsyncClient, runtime: Runtime, url: str, **settings: Any
) -> PipelineContext:
    case = await new_case(client, "model failures")
    gemini = runtime.settings.model_copy(
        update={
            "llm_provider": "gemini",
            "gemini_api_key": SecretStr(KEY),
            "gemini_base_url": url,
            "gemini_pro_model": PRO_MODEL,
            "gemini_flash_model": FLASH_MODEL,
            "gemini_retry_attempts": 1,
            **settings,
        }
    )
    return PipelineContext(
        settings=gemini,
        session_factory=runtime.session_factory,
        hub=runtime.hub,
        case_id=uuid.UUID(case["id"]),
        job_id=None,
    )


async def _events(ctx: PipelineContext) -> list[CaseEvent]:
    async with ctx.session_factory() as session:
        rows = await session.scalars(
            select(CaseEvent).where(CaseEvent.case_id == ctx.case_id).order_by(CaseEvent.id)
        )
        return list(rows)


async def _record(ctx: PipelineContext) -> AgentExecution:
    async with ctx.session_factory() as session:
        return (
            await session.scalars(
                select(AgentExecution).where(AgentExecution.case_id == ctx.case_id)
            )
        ).one()


async def test_an_answer_that_does_not_fit_is_asked_again_of_the_same_model(
    client: httpx.AsyncClient, runtime: Runtime, fake: tuple[FakeGemini, str]
) -> None:
    server, url = fake
    server.script(PRO_MODEL, Reply(parts=[text('{"files": "none"}')]), json_reply(VALID))
    ctx = await _context(client, runtime, url)

    output, _ = await run_agent(ctx, SPEC, ["ledger.csv"])

    assert output == TriageResult.model_validate(VALID)
    first, second = server.requests_for(PRO_MODEL)
    assert not server.requests_for(FLASH_MODEL)
    assert REASK_HEADING not in user_text_of(first.body)
    asked = user_text_of(second.body)
    assert user_text_of(first.body) in asked
    assert REASK_HEADING in asked
    assert "does not fit TriageResult" in asked
    assert "files" in asked.split(REASK_HEADING)[1]
    assert "Input should be a valid array" in asked
    assert "errors.pydantic.dev" not in asked
    types = [e.type for e in await _events(ctx)]
    assert "AGENT_FALLBACK" not in types
    assert "AGENT_COMPLETED" in types


async def test_a_second_answer_that_does_not_fit_goes_to_flash(
    client: httpx.AsyncClient, runtime: Runtime, fake: tuple[FakeGemini, str]
) -> None:
    server, url = fake
    bad = Reply(parts=[text("not JSON at all")])
    server.script(PRO_MODEL, bad, Reply(parts=[text('{"files": "none"}')]))
    server.script(FLASH_MODEL, json_reply(VALID))
    ctx = await _context(client, runtime, url)

    output, _ = await run_agent(ctx, SPEC, ["ledger.csv"])

    assert output == TriageResult.model_validate(VALID)
    assert len(server.requests_for(PRO_MODEL)) == 2
    assert len(server.requests_for(FLASH_MODEL)) == 1
    assert "AGENT_FALLBACK" in [e.type for e in await _events(ctx)]


async def test_a_model_that_goes_quiet_twice_ends_the_agent_agent_timeout_without_flash(
    client: httpx.AsyncClient, runtime: Runtime, fake: tuple[FakeGemini, str]
) -> None:
    server, url = fake
    server.script(PRO_MODEL, Stall(30), Stall(30))
    ctx = await _context(client, runtime, url, gemini_timeout_seconds=1.0)

    with pytest.raises(AgentFailedError) as failed:
        await run_agent(ctx, SPEC, ["ledger.csv"])

    assert failed.value.code == ErrorCode.AGENT_TIMEOUT
    assert len(server.requests_for(PRO_MODEL)) == 2  # PRD §8.1.1: retried once
    assert not server.requests_for(FLASH_MODEL)
    events = await _events(ctx)
    (timeout,) = [e for e in events if e.type == "AGENT_TIMEOUT"]
    assert timeout.agent_id == SPEC.name
    assert timeout.payload["code"] == "AGENT_TIMEOUT"
    assert "sent nothing for 1 s" in timeout.payload["error"]
    assert not {"AGENT_ERROR", "AGENT_FALLBACK"} & {e.type for e in events}
    record = await _record(ctx)
    assert record.status == "FAILED"
    assert not record.fallback_used


async def test_a_model_quiet_once_is_tried_again_and_completes(
    client: httpx.AsyncClient, runtime: Runtime, fake: tuple[FakeGemini, str]
) -> None:
    server, url = fake
    server.script(PRO_MODEL, Stall(30), json_reply(VALID))
    ctx = await _context(client, runtime, url, gemini_timeout_seconds=1.0)

    output, _ = await run_agent(ctx, SPEC, ["ledger.csv"])

    assert output == TriageResult.model_validate(VALID)
    assert len(server.requests_for(PRO_MODEL)) == 2
    types = {e.type for e in await _events(ctx)}
    assert "AGENT_COMPLETED" in types
    assert not {"AGENT_TIMEOUT", "AGENT_FALLBACK"} & types


async def test_a_quota_that_stays_exhausted_ends_the_agent_quota_exceeded_without_flash(
    client: httpx.AsyncClient, runtime: Runtime, fake: tuple[FakeGemini, str]
) -> None:
    server, url = fake
    server.script(PRO_MODEL, *(rate_limited(0.2) for _ in range(3)))
    ctx = await _context(client, runtime, url, gemini_quota_retries=2)

    with pytest.raises(AgentFailedError) as failed:
        await run_agent(ctx, SPEC, ["ledger.csv"])

    assert failed.value.code == ErrorCode.QUOTA_EXCEEDED
    assert len(server.requests_for(PRO_MODEL)) == 3
    assert not server.requests_for(FLASH_MODEL)
    events = await _events(ctx)
    delayed = [e for e in events if e.type == "PROCESSING_DELAYED"]
    assert [e.payload["retry"] for e in delayed] == [1, 2]
    assert all(e.agent_id == SPEC.name for e in delayed)
    assert all(e.payload["delay_seconds"] == 0.2 for e in delayed)
    assert all(e.payload["model"] == PRO_MODEL for e in delayed)
    (error,) = [e for e in events if e.type == "AGENT_ERROR"]
    assert error.payload["code"] == "QUOTA_EXCEEDED"
    assert "AGENT_FALLBACK" not in {e.type for e in events}
