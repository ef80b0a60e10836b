"""The pipeline on the Gemini provider against the fake Gemini server.

Pro answers 503 to everything (a storm): every agent falls back to Flash, with AGENT_FALLBACK and
the fallback on its execution record. Flash answers with the local analyst's real analysis of the
request it was sent, except for the Legal analyst, which fails: its files end PARTIAL, the job
PARTIAL, and the other domains' findings are kept.
"""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from holmes_backend.agents.domains.prompt import INSTRUCTIONS
from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from holmes_backend.llm.summaries import parse_summaries
from tests.agents.helpers import agent_runs, upload_demo, wait_done
from tests.fake_gemini import FakeGemini, JsonDict, Step, internal_error, json_reply, unavailable
from tests.gemini_support import (
    FLASH_MODEL,
    PRO_MODEL,
    analyse,
    holmes_on_fake,
    instruction_of,
    pipeline_schema,
    serve_fake,
    user_text_of,
)
from tests.support import LiveServer

PRO, FLASH = PRO_MODEL, FLASH_MODEL


def responder(model: str, body: JsonDict) -> Step | None:
    if model == PRO:
        return unavailable()
    instruction = instruction_of(body)
    if instruction.startswith(INSTRUCTIONS["legal"][:40]):
        return internal_error()
    result = analyse(pipeline_schema(instruction), body)
    return json_reply(result.output.model_dump(mode="json"), thoughts=result.thoughts)


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="test-key") as served:
        yield served


@pytest.fixture(scope="module")
def gemini_server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("gemini-data"),
        fake_url=fake[1],
        api_key="test-key",
        pro=PRO,
        flash=FLASH,
        retry_attempts=2,
    ) as live:
        yield live


async def test_pro_storm_falls_back_to_flash_and_a_failed_domain_leaves_partial(
    gemini_server: LiveServer, fake: tuple[FakeGemini, str], demo_dir: Path
) -> None:
    async with httpx.AsyncClient(base_url=gemini_server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": "gem@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(
        base_url=gemini_server.base_url, timeout=30, headers=headers
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "gemini"})).json()["id"]
        await upload_demo(client, case_id, demo_dir)
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=180)
        agents: list[dict[str, Any]] = (await client.get(f"/api/cases/{case_id}/agents")).json()
        findings = (await client.get(f"/api/cases/{case_id}/findings")).json()
        graph = (await client.get(f"/api/cases/{case_id}/graph")).json()

    gemini = fake[0]
    assert gemini.requests_for(PRO), "pro was never tried"
    assert all(r.model in (PRO, FLASH) for r in gemini.requests)
    assert status["job"]["status"] == "PARTIAL"
    assert any(e.get("domain") == "legal" for e in status["job"]["errors"])
    assert "PARTIAL" in {f["status"] for f in status["files"]}

    runs = list(agent_runs(agents))
    # Every Pro agent but the numeric extractor, which is the engine's reading (no model call).
    pro_agents = [r for r in runs if r["agent_name"] not in ("triage_agent", "numeric_extractor")]
    for run in pro_agents:
        assert run["fallback_used"], run["agent_name"]
        assert run["fallback_model"] == FLASH
    legal = [r for r in runs if r["agent_type"] == "LEGAL"]
    assert legal
    assert all(r["status"] == "FAILED" for r in legal)
    others = [r for r in runs if r["agent_type"] in ("FINANCIAL", "EVIDENCE")]
    assert others
    assert all(r["status"] == "COMPLETED" for r in others)
    domains = {f["domain"] for f in findings}
    assert {"financial", "evidence"} <= domains
    assert "legal" not in domains
    assert graph["nodes"]

    # Strategy reads the other domains' findings as text summaries, not their outputs.
    strategy = [
        r
        for r in gemini.requests_for(FLASH)
        if instruction_of(r.body).startswith(INSTRUCTIONS["strategy"][:40])
    ]
    assert strategy
    text = user_text_of(strategy[-1].body)
    assert "<<<FINDINGS" not in text
    summarised = parse_summaries(text.splitlines())
    assert set(summarised) == {"financial", "evidence"}  # legal failed: nothing to summarise
    assert summarised["financial"]["transactions"]
    assert summarised["evidence"]["events"]
    assert all(item["source"]["excerpt"] for item in summarised["financial"]["transactions"])
