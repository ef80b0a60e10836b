"""Tools on the openai_compat provider (a model the user serves), against the fake
OpenAI-compatible server: the domain agents' tools and chat's, called as OpenAI's `tool_calls`.

The fake financial model first calls two tools at once (a full-text search of the evidence and
statistics on the amounts), then reads their results and answers with the offline analyst's
analysis as JSON in the schema asked for. The fake chat model calls `query_knowledge_graph`, then
answers citing the source number it was given. The results must reach the model as `tool`
messages (round trip), each domain call must be on the case log as TOOL_INVOKED, and both
answers must be stored. LiteLLM (1.106) used to fail every request that declared tools.
"""

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from holmes_backend.agents.chat.prompt import INSTRUCTION as CHAT_INSTRUCTION
from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.models import KnowledgeGraph
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.runtime import Runtime
from tests.agents.helpers import agent_runs, holmes_on_local_model, signed_in, wait_done
from tests.fake_openai import (
    Answer,
    FakeOpenAI,
    JsonDict,
    Text,
    ToolCalls,
    declared_tools,
    system_text,
    tool_results,
    user_text,
)
from tests.gemini_support import analyse, pipeline_schema
from tests.support import LiveServer, read_sse, serve_app

PRO, FLASH = "qwen3:32b", "qwen3:8b"
LEDGER = (
    "Date,Payer,Payee,Amount,Reference\n"
    "2024-03-01,Acme Holdings,Northwind Supplies,9800.00,INV-101\n"
    "2024-03-02,Acme Holdings,Northwind Supplies,9750.00,INV-102\n"
    "2024-03-03,Acme Holdings,Northwind Supplies,9800.00,INV-101\n"
)
CALLS = [("search_evidence", {"query": "Northwind"}), ("amount_statistics", {"threshold": 10000})]
LOG = "21:30 Ada Quill checked in at the Harbor Lights bar."


def responder(model: str, body: JsonDict) -> Answer:
    instruction = system_text(body)
    results = tool_results(body)
    if instruction.startswith(CHAT_INSTRUCTION[:80]):
        if not results:
            return ToolCalls([("query_knowledge_graph", {"query": "Where was Ada Quill?"})])
        ref = results["query_knowledge_graph"]["items"][0]["sources"][0]["ref"]
        return Text(f"Ada Quill was at the Harbor Lights bar at 21:30 [{ref}].")
    schema = pipeline_schema(instruction)
    if schema is FinancialOutput and not results:
        return ToolCalls(CALLS)
    gemini_body = {
        "systemInstruction": {"parts": [{"text": instruction}]},
        "contents": [{"role": "user", "parts": [{"text": user_text(body)}]}],
    }
    answer: JsonDict = analyse(schema, gemini_body).output.model_dump(mode="json")
    return answer


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeOpenAI, str]]:
    server = FakeOpenAI(models=(PRO, FLASH), context_tokens=65_536, api_key="local-key")
    server.responders.append(responder)
    with serve_app(server.app) as url:
        yield server, f"{url}/v1"


@pytest.fixture(scope="module")
def local_server(
    module_database: str, fake: tuple[FakeOpenAI, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_local_model(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("openai-tools-data"),
        base_url=fake[1],
        pro=PRO,
        flash=FLASH,
        context_tokens=65_536,
    ) as live:
        yield live


async def test_domain_tools_round_trip_on_a_local_model(
    local_server: LiveServer, fake: tuple[FakeOpenAI, str]
) -> None:
    seen = len(fake[0].requests)
    async with await signed_in(local_server) as client:
        case_id = (await client.post("/api/cases", json={"name": "local tools"})).json()["id"]
        uploaded = await client.post(
            f"/api/cases/{case_id}/files",
            files=[("files", ("payments.csv", LEDGER, "text/csv"))],
        )
        assert uploaded.status_code == 201, uploaded.text
        file_id = uploaded.json()[0]["id"]
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=120)
        runs = (await client.get(f"/api/cases/{case_id}/agents")).json()
        findings = (await client.get(f"/api/cases/{case_id}/findings")).json()
        invoked: list[dict[str, Any]] = []
        async with client.stream("GET", f"/api/cases/{case_id}/events") as response:
            lines = response.aiter_lines()
            while True:
                [event] = await read_sse(lines, 1)
                if event.event == "TOOL_INVOKED":
                    invoked.append(json.loads(event.data))
                if event.event in ("PROCESSING_COMPLETED", "PROCESSING_FAILED"):
                    break

    assert status["job"]["status"] == "READY", status["job"]["errors"]
    financial = [
        r
        for r in fake[0].requests[seen:]
        if pipeline_schema(system_text(r.body)) is FinancialOutput
    ]
    first, second = financial[:2]
    assert {"search_evidence", "amount_statistics", "read_source"} <= set(
        declared_tools(first.body)
    )
    # The round trip: both results came back as tool messages the model read.
    results = tool_results(second.body)
    assert set(results) == {name for name, _ in CALLS}
    passages = results["search_evidence"]["passages"]
    assert passages
    assert all(p["file_id"] == file_id for p in passages)
    assert results["amount_statistics"]["count"] == 3
    assert [d["times"] for d in results["amount_statistics"]["duplicates"]] == [2]

    by_tool = {e["payload"]["tool"]: e for e in invoked}
    assert set(by_tool) == {name for name, _ in CALLS}
    for name, args in CALLS:
        assert by_tool[name]["agent_id"] == "financial_agent"
        assert by_tool[name]["payload"]["arguments"] == args
    record = next(r for r in agent_runs(runs) if r["agent_name"] == "financial_agent")
    assert record["status"] == "COMPLETED"
    assert record["input_tokens"] > 0
    assert [f for f in findings if f["domain"] == "financial"]


async def test_chat_calls_a_tool_on_a_local_model(
    local_server: LiveServer, fake: tuple[FakeOpenAI, str], tmp_path: Path
) -> None:
    async with await signed_in(local_server) as client:
        case_id = (await client.post("/api/cases", json={"name": "local chat"})).json()["id"]
        uploaded = await client.post(
            f"/api/cases/{case_id}/files", files=[("files", ("door_log.txt", LOG, "text/plain"))]
        )
        assert uploaded.status_code == 201, uploaded.text
        file_id = uploaded.json()[0]["id"]
        source = {"file_id": file_id, "line": 1, "excerpt": LOG}
        runtime = Runtime.create(local_server.settings)
        try:
            async with runtime.session_factory() as session:
                await graph_repo.add_version(
                    session,
                    KnowledgeGraph(
                        case_id=uuid.UUID(case_id),
                        nodes=[{"id": "p1", "name": "Ada Quill", "type": "person"}],
                        timeline=[
                            {
                                "id": "timeline_001",
                                "timestamp": "2024-03-14T21:30:00",
                                "kind": "event",
                                "description": "Ada Quill checked in at the Harbor Lights bar",
                                "source": source,
                            }
                        ],
                    ),
                )
                await session.commit()
        finally:
            await runtime.close()
        seen = len(fake[0].requests)
        kinds: list[tuple[str, str]] = []
        async with client.stream(
            "POST", f"/api/cases/{case_id}/chat", json={"message": "Where was Ada Quill?"}
        ) as response:
            assert response.status_code == 200, await response.aread()
            lines = response.aiter_lines()
            while not kinds or kinds[-1][0] not in {"CHAT_COMPLETE", "ERROR"}:
                [event] = await read_sse(lines, 1)
                kinds.append((str(event.event), event.data))

    assert kinds[-1][0] == "CHAT_COMPLETE", kinds[-1]
    complete = json.loads(kinds[-1][1])
    assert "Harbor Lights" in complete["content"]
    assert "[1]" in complete["content"]
    assert [c["file_id"] for c in complete["citations"]] == [file_id]
    calls = [r for r in fake[0].requests[seen:] if system_text(r.body).startswith("You are")]
    assert len(calls) == 2
    assert "query_knowledge_graph" in declared_tools(calls[0].body)
    assert tool_results(calls[1].body)["query_knowledge_graph"]["items"][0]["kind"] == "timeline"
