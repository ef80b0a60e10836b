"""Chat on the Gemini provider against the fake Gemini server: real function calling, real
token streaming.

The fake model first asks for `query_knowledge_graph`; on its second turn it reads the tool's
answer, cites the source number it was given, and streams its text in several chunks some time
apart. The CHAT_TOKEN events must arrive while the text is still being written (one per chunk,
the first long before CHAT_COMPLETE), and the citation must be the graph item's source.
"""

import json
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from holmes_backend.agents.chat.prompt import INSTRUCTION as CHAT_INSTRUCTION
from holmes_backend.models import KnowledgeGraph
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.runtime import Runtime
from tests.fake_gemini import (
    FakeGemini,
    JsonDict,
    Reply,
    Step,
    declared_functions,
    function_call,
    function_responses,
    text,
    thought,
)
from tests.gemini_support import FLASH_MODEL, PRO_MODEL, holmes_on_fake, serve_fake
from tests.support import LiveServer, read_sse

PRO, FLASH = PRO_MODEL, FLASH_MODEL
PIECES = 4
GAP = 0.25
PLACE = "the Harbor Lights bar"


def _instruction(body: JsonDict) -> str:
    system = body.get("systemInstruction") or body.get("system_instruction") or {}
    return "\n".join(p.get("text", "") for p in system.get("parts", []))


def responder(model: str, body: JsonDict) -> Step | None:
    if not _instruction(body).startswith(CHAT_INSTRUCTION[:80]):
        return None
    answered = function_responses(body)
    if not answered:
        return Reply(
            parts=[
                thought("The graph should know where people were."),
                function_call("query_knowledge_graph", {"query": "Where was Ada Quill?"}),
            ]
        )
    items = answered[-1]["response"]["items"]
    ref = items[0]["sources"][0]["ref"]
    words = f"Ada Quill was at {PLACE} on 14 March 2024 at 21:30 [{ref}], as the log records."
    return Reply(
        parts=[thought("The timeline entry answers it."), text(words)], pieces=PIECES, gap=GAP
    )


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="chat-key") as served:
        yield served


@pytest.fixture(scope="module")
def gemini_server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("gemini-chat-data"),
        fake_url=fake[1],
        api_key="chat-key",
        pro=PRO,
        flash=FLASH,
    ) as live:
        yield live


async def _case_with_a_graph(
    client: httpx.AsyncClient, settings: Any, tmp_path: Path
) -> tuple[str, str]:
    """A case with one evidence file and a graph whose timeline cites it (no processing: this
    test is about chat, and the fake model only plays the chat agent)."""
    case_id = (await client.post("/api/cases", json={"name": "gemini chat"})).json()["id"]
    log = "21:30 Ada Quill checked in at the Harbor Lights bar.\n"
    uploaded = await client.post(
        f"/api/cases/{case_id}/files", files=[("files", ("door_log.txt", log, "text/plain"))]
    )
    assert uploaded.status_code == 201, uploaded.text
    file_id = uploaded.json()[0]["id"]
    source = {"file_id": file_id, "line": 1, "excerpt": log.strip()}
    runtime = Runtime.create(settings)
    try:
        async with runtime.session_factory() as session:
            await graph_repo.add_version(
                session,
                KnowledgeGraph(
                    case_id=uuid.UUID(case_id),
                    nodes=[
                        {"id": "p1", "name": "Ada Quill", "type": "person", "sources": [source]}
                    ],
                    timeline=[
                        {
                            "id": "timeline_001",
                            "timestamp": "2024-03-14T21:30:00",
                            "kind": "event",
                            "description": "Ada Quill checked in at the Harbor Lights bar",
                            "place": "Harbor Lights",
                            "source": source,
                        }
                    ],
                ),
            )
            await session.commit()
    finally:
        await runtime.close()
    return case_id, file_id


async def test_gemini_chat_calls_a_tool_and_streams_tokens_as_they_arrive(
    gemini_server: LiveServer, fake: tuple[FakeGemini, str], tmp_path: Path
) -> None:
    async with httpx.AsyncClient(base_url=gemini_server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={
                    "email": f"{uuid.uuid4().hex[:8]}@holmes.example",
                    "password": "chat tool stream test",
                },
            )
        ).json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(
        base_url=gemini_server.base_url, timeout=30, headers=headers
    ) as client:
        case_id, file_id = await _case_with_a_graph(client, gemini_server.settings, tmp_path)
        seen = len(fake[0].requests)  # the fake serves every database's run of this module
        arrivals: list[tuple[float, str, str]] = []
        async with client.stream(
            "POST", f"/api/cases/{case_id}/chat", json={"message": "Where was Ada Quill?"}
        ) as response:
            assert response.status_code == 200, await response.aread()
            lines = response.aiter_lines()
            while not arrivals or arrivals[-1][1] not in {"CHAT_COMPLETE", "ERROR"}:
                batch = await read_sse(lines, 1)
                assert batch, arrivals
                arrivals.append((time.perf_counter(), str(batch[0].event), batch[0].data))
        history = (await client.get(f"/api/cases/{case_id}/chat/history")).json()
        runs = (await client.get(f"/api/cases/{case_id}/agents")).json()

    kinds = [kind for _, kind, _ in arrivals]
    assert kinds[-1] == "CHAT_COMPLETE", arrivals[-1]
    tokens = [json.loads(data)["token"] for _, kind, data in arrivals if kind == "CHAT_TOKEN"]
    complete: dict[str, Any] = json.loads(arrivals[-1][2])
    # One event per streamed chunk, in order, the first well before the answer was complete.
    assert len(tokens) >= PIECES - 1, tokens
    assert "".join(tokens) == complete["content"]
    first_token_at = arrivals[kinds.index("CHAT_TOKEN")][0]
    assert arrivals[-1][0] - first_token_at > GAP * (PIECES - 2), arrivals
    assert PLACE in complete["content"]
    assert "[1]" in complete["content"]  # the tool's source number, renumbered as the first
    assert complete["citations"] == [
        {
            "file_id": file_id,
            "location": {"line": 1},
            "excerpt": complete["citations"][0]["excerpt"],
            # The file was never processed, so it is not in the evidence index: not checkable.
            "verified": None,
        }
    ]
    assert "Ada Quill" in complete["citations"][0]["excerpt"]
    assert history[-1]["content"] == complete["content"]
    assert history[-1]["citations"] == complete["citations"]

    # The model was called twice with the tools declared: the call, then the answer; streamed.
    gemini = fake[0]
    calls = [
        r
        for r in gemini.requests[seen:]
        if r.model == PRO and _instruction(r.body).startswith("You are the chat")
    ]
    assert len(calls) == 2, [r.method for r in calls]
    assert all(r.stream for r in calls)
    assert {
        "query_knowledge_graph",
        "search_findings",
        "get_source_context",
        "escalate_to_domain",
    } <= set(declared_functions(calls[0].body))
    returned = function_responses(calls[1].body)
    assert returned[0]["name"] == "query_knowledge_graph"
    assert returned[0]["response"]["items"][0]["kind"] == "timeline"

    chat = next(r for r in runs if r["agent_name"] == "chat_agent")
    assert chat["status"] == "COMPLETED"
    assert chat["model_name"] == PRO
    assert chat["output_tokens"] > 0
    assert chat["thinking_traces"] == [
        "The graph should know where people were.",
        "The timeline entry answers it.",
    ]
