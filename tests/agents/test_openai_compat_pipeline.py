"""The demo case end to end on the openai_compat provider (a model the user serves), against a fake
OpenAI-compatible server on 127.0.0.1.

Both tiers answer with the local analyst's real analysis of the request the server received, as
JSON the fake checks against the schema the request asked for; the Legal analyst's model refuses
(OpenAI's `refusal`), so its files end PARTIAL and the other domains' findings are kept. The server
takes two calls at once and has a small context window, which Holmes must respect.
"""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from holmes_backend.agents.domains.prompt import INSTRUCTIONS
from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from tests.agents.helpers import agent_runs, holmes_on_local_model, upload_demo, wait_done
from tests.fake_openai import Answer, FakeOpenAI, JsonDict, Refusal, system_text, user_text
from tests.gemini_support import analyse, pipeline_schema
from tests.support import LiveServer, serve_app

PRO, FLASH = "qwen3:32b", "qwen3:8b"
# A 32k window (Holmes's default for a local model): the demo case's largest request, the
# graph agent's ~20k tokens of findings, fits with room for the answer.
CONTEXT_TOKENS = 32_768
MAX_OUTPUT_TOKENS = 4096
CONCURRENCY = 2


def responder(model: str, body: JsonDict) -> Answer:
    instruction = system_text(body)
    if instruction.startswith(INSTRUCTIONS["legal"][:40]):
        return Refusal("I can't give legal analysis.")
    # The fake's answer to the request as Gemini would have carried it.
    gemini_body = {
        "systemInstruction": {"parts": [{"text": instruction}]},
        "contents": [{"role": "user", "parts": [{"text": user_text(body)}]}],
    }
    result = analyse(pipeline_schema(instruction), gemini_body)
    answer: JsonDict = result.output.model_dump(mode="json")
    return answer


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeOpenAI, str]]:
    server = FakeOpenAI(models=(PRO, FLASH), context_tokens=CONTEXT_TOKENS, api_key="local-key")
    server.delay = 0.05  # calls overlap, so the gate on calls at once is tested
    server.responders.append(responder)
    with serve_app(server.app) as url:
        yield server, f"{url}/v1"


@pytest.fixture(scope="module")
def local_server(
    module_database: str, fake: tuple[FakeOpenAI, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_local_model(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("openai-compat-data"),
        base_url=fake[1],
        pro=PRO,
        flash=FLASH,
        context_tokens=CONTEXT_TOKENS,
        max_output_tokens=MAX_OUTPUT_TOKENS,
        concurrency=CONCURRENCY,
    ) as live:
        yield live


async def test_the_demo_case_runs_on_a_local_model_server(
    local_server: LiveServer, fake: tuple[FakeOpenAI, str], demo_dir: Path
) -> None:
    async with httpx.AsyncClient(base_url=local_server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": "local@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(
        base_url=local_server.base_url, timeout=30, headers=headers
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "local model"})).json()["id"]
        await upload_demo(client, case_id, demo_dir)
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=240)
        agents: list[dict[str, Any]] = (await client.get(f"/api/cases/{case_id}/agents")).json()
        findings = (await client.get(f"/api/cases/{case_id}/findings")).json()
        graph = (await client.get(f"/api/cases/{case_id}/graph")).json()

    server = fake[0]
    # Every request went to the configured models, with the agent's schema to answer in.
    assert server.requests
    assert {r.model for r in server.requests} <= {PRO, FLASH}
    assert server.requests_for(PRO)
    for seen in server.requests:
        assert seen.body["response_format"]["type"] == "json_schema"
        assert seen.body["response_format"]["json_schema"]["schema"]["properties"]
        assert "reasoning_effort" not in seen.body
    # Within the server's limits: never over its context window, never more calls than allowed.
    assert server.max_prompt_tokens + MAX_OUTPUT_TOKENS <= CONTEXT_TOKENS
    assert server.max_in_flight <= CONCURRENCY
    assert server.max_in_flight == CONCURRENCY  # the domains did run side by side

    assert status["job"]["status"] == "PARTIAL"
    assert any(e.get("domain") == "legal" for e in status["job"]["errors"])
    runs = list(agent_runs(agents))
    assert runs
    assert {r["provider"] for r in runs} == {"openai_compat"}
    legal = [r for r in runs if r["agent_type"] == "LEGAL"]
    assert legal
    assert all(r["status"] == "FAILED" for r in legal)
    assert all("refus" in (r["error"] or "").lower() for r in legal), legal[0]["error"]
    completed = [r for r in runs if r["status"] == "COMPLETED"]
    assert {"TRIAGE", "ORCHESTRATOR", "FINANCIAL", "EVIDENCE"} <= {
        r["agent_type"] for r in completed
    }
    # Usage as the server reported it, on the records (the numeric extractor is the engine's
    # reading: no model call).
    called = [r for r in completed if r["agent_type"] != "NUMERIC_EXTRACTOR"]
    assert all(r["input_tokens"] > 0 and r["output_tokens"] > 0 for r in called)
    assert all(not r["fallback_used"] for r in completed if r["agent_type"] == "TRIAGE")
    domains = {f["domain"] for f in findings}
    assert {"financial", "evidence"} <= domains
    assert "legal" not in domains
    assert graph["nodes"]
