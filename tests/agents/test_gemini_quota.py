"""A case on a Gemini that enforces a quota of 30 requests a minute (issue 44, "Limits and
failures"), with time scaled down: the fake's minute, and Holmes's, last MINUTE seconds.

Holmes is given no limits of its own, so its calls run into the quota; each refusal is waited out
for the RetryInfo delay the fake sends (the time until its window has room), announced with
PROCESSING_DELAYED, and tried again (at most HOLMES_GEMINI_QUOTA_RETRIES, 3, times a call); from
the first refusal on, Holmes paces the model at 90% of the quota the refusal names. The case
completes with no failed agent and no fallback, and every retried request reached the fake no
earlier than its refusal said.
"""

import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from holmes_backend.models import CaseEvent
from holmes_backend.runtime import Runtime
from tests.agents.helpers import agent_runs, upload_demo, wait_done
from tests.fake_gemini import FakeGemini, JsonDict, Step, json_reply
from tests.gemini_support import (
    FLASH_MODEL,
    PRO_MODEL,
    analyse,
    holmes_on_fake,
    instruction_of,
    pipeline_schema,
    serve_fake,
)
from tests.support import LiveServer

QUOTA = 30  # requests per model per minute
MINUTE = 4.0  # seconds: "a minute" on both sides


def responder(model: str, body: JsonDict) -> Step | None:
    result = analyse(pipeline_schema(instruction_of(body)), body)
    return json_reply(result.output.model_dump(mode="json"), thoughts=result.thoughts)


@pytest.fixture(scope="module")
def fake(module_database: str) -> Iterator[tuple[FakeGemini, str]]:
    """A fake of its own for each database's run (its quota window and counts start empty)."""
    with serve_fake(responder, api_key="test-key") as (gemini, url):
        gemini.limit_rate(QUOTA, per_seconds=MINUTE)
        # The analysts answer in a thread, as a model's latency does not hold up the server:
        # requests are counted against the quota when they arrive, not after an answer.
        gemini.respond_in_thread = True
        yield gemini, url


@pytest.fixture(scope="module")
def quota_server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    """Holmes with no limits of its own: it learns of the quota from the refusals. Its requests
    are held to 12k tokens, so the case is read in more work units than the quota lets through
    a minute (at the default budget the demo three times over is 19 requests)."""
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("quota-data"),
        fake_url=fake[1],
        api_key="test-key",
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
        extra={"llm_minute_seconds": MINUTE, "gemini_request_budget_tokens": 12_000},
    ) as live:
        yield live


async def case_events(server: LiveServer, case_id: uuid.UUID) -> list[CaseEvent]:
    runtime = Runtime.create(server.settings)
    try:
        async with runtime.session_factory() as session:
            rows = await session.scalars(
                select(CaseEvent).where(CaseEvent.case_id == case_id).order_by(CaseEvent.id)
            )
            return list(rows)
    finally:
        await runtime.close()


@dataclass
class Run:
    status: dict[str, Any]
    events: list[CaseEvent]
    agents: list[dict[str, Any]]
    findings: list[dict[str, Any]]
    seconds: float

    def of(self, event_type: str) -> list[dict[str, Any]]:
        return [e.payload for e in self.events if e.type == event_type]


async def run_case(server: LiveServer, demo_dir: Path, email: str) -> Run:
    """The demo case three times over, processed to the end."""
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup", json={"email": email, "password": "long enough password"}
            )
        ).json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30, headers=headers) as client:
        case_id = (await client.post("/api/cases", json={"name": "quota"})).json()["id"]
        for copy in range(3):
            await upload_demo(client, case_id, demo_dir, prefix=f"copy{copy}_")
        started = time.monotonic()
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=240)
        seconds = time.monotonic() - started
        agents = (await client.get(f"/api/cases/{case_id}/agents")).json()
        findings = (await client.get(f"/api/cases/{case_id}/findings")).json()
    events = await case_events(server, uuid.UUID(case_id))
    return Run(status, events, list(agent_runs(agents)), findings, seconds)


def assert_completed_without_a_failed_call(run: Run) -> None:
    assert run.status["job"]["status"] == "READY", run.status["job"]["errors"]
    assert {f["status"] for f in run.status["files"]} == {"PROCESSED"}
    assert run.agents
    assert all(a["status"] == "COMPLETED" for a in run.agents)
    assert not any(a["fallback_used"] for a in run.agents)
    types = {e.type for e in run.events}
    assert not types & {"AGENT_ERROR", "AGENT_TIMEOUT", "AGENT_FALLBACK"}
    assert {"financial", "legal", "evidence"} <= {f["domain"] for f in run.findings}


async def test_a_case_under_a_30_rpm_quota_completes_waiting_as_retry_info_says(
    quota_server: LiveServer, fake: tuple[FakeGemini, str], demo_dir: Path
) -> None:
    gemini = fake[0]
    run = await run_case(quota_server, demo_dir, "quota@holmes.example")

    delayed = run.of("PROCESSING_DELAYED")
    print(
        f"\nno limits of its own: {len(gemini.requests)} requests, {len(gemini.refusals)} "
        f"refused, {len(delayed)} PROCESSING_DELAYED, {run.seconds:.1f} s"
    )
    assert_completed_without_a_failed_call(run)
    assert gemini.refusals, "the quota was never reached"
    refused = [d for d in delayed if d["reason"] == "quota_refused"]
    assert len(refused) == len(gemini.refusals)
    assert all(d["source"] == "retry_info" for d in refused)
    assert all(datetime.fromisoformat(d["resume_at"]).tzinfo is not None for d in delayed)
    # Every refused request was sent again, and not before its retryDelay had passed.
    slack: list[float] = []
    for refusal in gemini.refusals:
        again = [
            r.at
            for r in gemini.requests
            if r.raw == refusal.raw and r.at > refusal.at and r.model == refusal.model
        ]
        assert again, "a refused request was never retried"
        slack.append(again[0] - (refusal.at + refusal.retry_delay))
    print(f"retried after RetryInfo's delay plus {min(slack):.3f} to {max(slack):.3f} s")
    assert min(slack) >= 0
