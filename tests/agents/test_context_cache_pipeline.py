"""A processing job on the Gemini provider against the fake, every agent answered with the local
analyst's analysis of what it was sent: synthesis and the knowledge graph start with the same
findings, read from one context cache the job creates and deletes at its end; the domain agents
read the evidence they share from another."""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from holmes_backend.agents.domains.prompt import INSTRUCTIONS
from holmes_backend.agents.knowledge_graph.prompt import INSTRUCTION as GRAPH
from holmes_backend.agents.phases.shared_evidence import FOCUS_HEADING
from holmes_backend.agents.synthesis.prompt import INSTRUCTION as SYNTHESIS
from holmes_backend.agents.triage.prompt import INSTRUCTION as TRIAGE
from holmes_backend.llm import budget
from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from tests.agents.helpers import agent_runs, signed_in, upload_demo, wait_done
from tests.fake_gemini import FakeGemini, JsonDict, Step, get, json_reply
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


def responder(model: str, body: JsonDict) -> Step | None:
    result = analyse(pipeline_schema(instruction_of(body)), body)
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
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
    ) as live:
        yield live


async def test_synthesis_and_graph_read_the_findings_from_one_cache_deleted_at_the_end(
    gemini_server: LiveServer, fake: tuple[FakeGemini, str], demo_dir: Path
) -> None:
    async with httpx.AsyncClient(base_url=gemini_server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": "cache@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    async with httpx.AsyncClient(
        base_url=gemini_server.base_url,
        timeout=30,
        headers={"Authorization": f"Bearer {token}"},
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "cached"})).json()["id"]
        await upload_demo(client, case_id, demo_dir)
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=180)
        agents: list[dict[str, Any]] = (await client.get(f"/api/cases/{case_id}/agents")).json()
    assert status["job"]["status"] == "READY", status["job"]

    gemini = fake[0]
    by_role = {
        role: [
            r
            for r in gemini.requests_for(PRO_MODEL)
            if r.effective_body is not None
            and instruction_of(r.effective_body).startswith(prefix[:60])
        ]
        for role, prefix in (("synthesis", SYNTHESIS), ("graph", GRAPH))
    }
    synthesis, graph = by_role["synthesis"][0], by_role["graph"][0]
    # One cache, read by both; they send their own parts only.
    assert synthesis.cached_content is not None
    assert graph.cached_content == synthesis.cached_content
    assert not get(synthesis.body, "systemInstruction")
    assert not get(graph.body, "systemInstruction")
    made = [b for b, status in gemini.cache_creations if status == 200]
    cached_findings = next(
        texts
        for texts in ([p["text"] for c in m["contents"] for p in c["parts"]] for m in made)
        if any(text.startswith("<<<FINDINGS") for text in texts)
    )
    raw = graph.raw.decode()
    assert all(text not in raw for text in cached_findings)
    # Deleted when the job ended.
    assert synthesis.cached_content in gemini.cache_deletions
    assert not gemini.live_caches()

    runs = {r["agent_name"]: r for r in agent_runs(agents)}
    assert runs["synthesis_agent"]["cached_tokens"] > 0
    assert (
        runs["knowledge_graph_agent"]["cached_tokens"] == runs["synthesis_agent"]["cached_tokens"]
    )
    # Cost: cached tokens at the cached price; synthesis made the cache, so its record also
    # has the cache's tokens as input sent (at the input price) and their storage for the TTL.
    cache_tokens = runs["synthesis_agent"]["cached_tokens"]
    assert runs["synthesis_agent"]["input_tokens"] > 2 * cache_tokens
    assert runs["knowledge_graph_agent"]["input_tokens"] < 2 * cache_tokens
    ttl = gemini_server.settings.gemini_cache_ttl_seconds
    for name, storage in (("synthesis_agent", cache_tokens), ("knowledge_graph_agent", 0)):
        run = runs[name]
        expected = (
            (run["input_tokens"] - run["cached_tokens"]) * 2.0
            + run["cached_tokens"] * 0.2
            + (run["output_tokens"] + run["thinking_tokens"]) * 12.0
            + storage * 4.5 * ttl / 3600
        ) / 1_000_000
        assert run["cost_usd"] == pytest.approx(expected, rel=1e-4), name


async def test_the_domains_read_the_evidence_they_share_from_one_cache_each_with_its_files(
    gemini_server: LiveServer, fake: tuple[FakeGemini, str], demo_dir: Path
) -> None:
    gemini = fake[0]
    gemini.requests.clear()
    gemini.cache_creations.clear()
    async with await signed_in(gemini_server, "shared@holmes.example") as client:
        case_id = (await client.post("/api/cases", json={"name": "shared"})).json()["id"]
        uploaded = await upload_demo(client, case_id, demo_dir)
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=180)
    assert status["job"]["status"] == "READY", status["job"]
    names = {f["id"]: f["filename"] for f in uploaded}

    # A segment of the evidence, in the job's order, cached once on the Pro model.
    made = [b for b, code in gemini.cache_creations if code == 200]
    [segment] = [
        "\n".join(p["text"] for c in m["contents"] for p in c["parts"])
        for m in made
        if any(p["text"].startswith("<<<EVIDENCE") for c in m["contents"] for p in c["parts"])
    ]
    cached_files = {i for i, name in names.items() if f'"filename": "{name}"' in segment}
    assert len(cached_files) >= 2

    cache = None
    focuses: dict[str, set[str]] = {}
    for domain in ("financial", "legal", "evidence"):
        for request in gemini.requests_for(PRO_MODEL):
            body = request.effective_body
            if body is None or not instruction_of(body).startswith(INSTRUCTIONS[domain][:60]):
                continue
            parts = [p for c in request.body["contents"] for p in c["parts"]]
            texts = [p.get("text", "") for p in parts]
            listed = [t for t in texts if t.startswith(FOCUS_HEADING)]
            if not listed:
                continue  # its files outside the shared segment, sent as before
            # Read from the cache: none of the evidence is sent again; the focus names the
            # domain's files there, and its files' media alone follow it.
            assert request.cached_content is not None, domain
            cache = cache or request.cached_content
            assert request.cached_content == cache
            assert not any(t.startswith("<<<EVIDENCE") for t in texts)
            assert not get(request.body, "tools")
            ids = {f["file_id"] for f in json.loads(listed[0].removeprefix(FOCUS_HEADING))}
            assert ids, domain
            assert ids <= cached_files, domain
            focuses.setdefault(domain, set()).update(ids)
            media = [i for i, p in enumerate(parts) if p.get("inlineData") or p.get("fileData")]
            assert all(i > texts.index(listed[0]) for i in media)
            assert all(any(f in texts[i - 1] for f in ids) for i in media), domain
    # Every domain read it, each its own files.
    assert set(focuses) == {"financial", "legal", "evidence"}
    assert len({frozenset(f) for f in focuses.values()}) > 1
    assert cache in gemini.cache_deletions

    # Triage read a preview of each file, of the model's size; a longer file was cut to it.
    cap = gemini_server.settings.triage_preview_tokens
    previews = [
        budget.estimate_tokens(p["text"])
        for r in gemini.requests_for(FLASH_MODEL)
        if r.effective_body is not None and instruction_of(r.effective_body).startswith(TRIAGE[:60])
        for c in r.body["contents"]
        for p in c["parts"]
        if p.get("text", "").startswith("<<<EVIDENCE")
    ]
    assert len(previews) == len(names)
    assert max(previews) <= cap * 1.15
    assert max(previews) > cap * 0.8
