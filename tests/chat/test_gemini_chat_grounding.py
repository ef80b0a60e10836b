"""Chat's citations are grounded as the pipeline's are, and chat has the domain agents' tools.

Against the fake Gemini server: the case's graph holds a timeline entry whose excerpt is not in
its source (the door log says Harbor Lights; the entry quotes the Blue Parrot). The fake chat
model looks the question up (query_knowledge_graph) and converts the time to UTC with the domain
tool `time_zone`, both in one turn; it answers citing the entry. Holmes checks the excerpt
against the indexed door log at line 1, finds it is not there, and asks the model again in the
same session with the citation and the text that is there. The model cites the same entry
again: the answer it gives the second time is the one stored, its citation marked unverified;
the counts are on the turn's record and in GROUNDING_CHECKED, and both tool calls round-trip
and are on the log as TOOL_INVOKED.
"""

import json
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from holmes_backend.agents.chat.prompt import INSTRUCTION as CHAT_INSTRUCTION
from holmes_backend.agents.grounding import GROUNDING_HEADING
from holmes_backend.db import transaction
from holmes_backend.models import KnowledgeGraph
from holmes_backend.repositories import chunks as chunk_repo
from holmes_backend.repositories import files as file_repo
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.runtime import Runtime
from holmes_shared.enums import FileStatus
from tests.fake_gemini import (
    FakeGemini,
    JsonDict,
    Reply,
    Step,
    function_call,
    function_responses,
    text,
)
from tests.gemini_support import (
    FLASH_MODEL,
    PRO_MODEL,
    holmes_on_fake,
    instruction_of,
    serve_fake,
    user_text_of,
)
from tests.support import LiveServer, read_sse

LOG = "21:30 Ada Quill checked in at the Harbor Lights bar."
BOGUS = "Ada Quill was seen at the Blue Parrot casino"
FIRST = "Ada Quill was at the Blue Parrot casino at 21:30 [{ref}]."
SECOND = "The graph places Ada Quill at the Blue Parrot casino [{ref}], which I could not confirm."


def responder(model: str, body: JsonDict) -> Step | None:
    if not instruction_of(body).startswith(CHAT_INSTRUCTION[:80]):
        return None
    answered = function_responses(body)
    if not answered:
        return Reply(
            parts=[
                function_call("query_knowledge_graph", {"query": "Where was Ada Quill?"}),
                function_call(
                    "time_zone",
                    {"zone_or_place": "Chicago", "local_time": "2024-03-14T21:30:00"},
                ),
            ]
        )
    graph = next(r for r in answered if r["name"] == "query_knowledge_graph")
    ref = graph["response"]["items"][0]["sources"][0]["ref"]
    again = GROUNDING_HEADING in user_text_of(body)
    return Reply(parts=[text((SECOND if again else FIRST).format(ref=ref))], pieces=2)


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="ground-chat-key") as served:
        yield served


@pytest.fixture(scope="module")
def gemini_server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("chat-grounding-data"),
        fake_url=fake[1],
        api_key="ground-chat-key",
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
    ) as live:
        yield live


async def _case(client: httpx.AsyncClient, settings: Any) -> tuple[str, str]:
    """A case whose door log is processed and indexed, and a graph whose timeline misquotes it."""
    case_id = (await client.post("/api/cases", json={"name": "chat grounding"})).json()["id"]
    uploaded = await client.post(
        f"/api/cases/{case_id}/files", files=[("files", ("door_log.txt", LOG + "\n", "text/plain"))]
    )
    assert uploaded.status_code == 201, uploaded.text
    file_id = uploaded.json()[0]["id"]
    source = {"file_id": file_id, "line": 1, "excerpt": BOGUS}
    runtime = Runtime.create(settings)
    try:
        async with runtime.session_factory() as session:
            await file_repo.set_status(session, [uuid.UUID(file_id)], FileStatus.PROCESSED)
            await chunk_repo.add(
                session,
                [
                    chunk_repo.ChunkValues(
                        case_id=uuid.UUID(case_id),
                        file_id=uuid.UUID(file_id),
                        position=0,
                        text=LOG,
                        location={"line": 1},
                        speaker=None,
                    )
                ],
            )
            await graph_repo.add_version(
                session,
                KnowledgeGraph(
                    case_id=uuid.UUID(case_id),
                    nodes=[
                        {"id": "p1", "name": "Ada Quill", "type": "person", "sources": [source]}
                    ],
                    timeline=[
                        {
                            "timestamp": "2024-03-14T21:30:00",
                            "kind": "event",
                            "description": "Ada Quill at the Blue Parrot casino",
                            "source": source,
                        }
                    ],
                ),
            )
            await transaction.commit(session)
    finally:
        await runtime.close()
    return case_id, file_id


def _walk(nodes: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for node in nodes:
        yield node
        yield from _walk(node.get("children", []))


async def test_a_chat_citation_not_in_its_source_is_reasked_then_unverified(
    gemini_server: LiveServer, fake: tuple[FakeGemini, str]
) -> None:
    async with httpx.AsyncClient(base_url=gemini_server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={
                    "email": f"{uuid.uuid4().hex[:8]}@holmes.example",
                    "password": "chat grounding test",
                },
            )
        ).json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(
        base_url=gemini_server.base_url, timeout=30, headers=headers
    ) as client:
        case_id, file_id = await _case(client, gemini_server.settings)
        seen = len(fake[0].requests)
        streamed: list[tuple[str, dict[str, Any]]] = []
        async with client.stream(
            "POST", f"/api/cases/{case_id}/chat", json={"message": "Where was Ada Quill?"}
        ) as response:
            assert response.status_code == 200, await response.aread()
            lines = response.aiter_lines()
            while not streamed or streamed[-1][0] not in {"CHAT_COMPLETE", "ERROR"}:
                [event] = await read_sse(lines, 1)
                streamed.append((str(event.event), json.loads(event.data)))
        history = (await client.get(f"/api/cases/{case_id}/chat/history")).json()
        runs = list(_walk((await client.get(f"/api/cases/{case_id}/agents")).json()))
        logged: list[dict[str, Any]] = []
        async with client.stream("GET", f"/api/cases/{case_id}/events") as response:
            lines = response.aiter_lines()
            while not logged or logged[-1]["type"] != "AGENT_COMPLETED":
                [event] = await read_sse(lines, 1)
                logged.append(json.loads(event.data))

    kind, complete = streamed[-1]
    assert kind == "CHAT_COMPLETE", complete
    # The answer given when re-asked replaces the streamed one; its citation is unverified.
    assert complete["content"] == SECOND.format(ref=1)
    assert complete["citations"] == [
        {"file_id": file_id, "location": {"line": 1}, "excerpt": BOGUS, "verified": False}
    ]
    assert history[-1]["content"] == complete["content"]
    assert history[-1]["citations"][0]["verified"] is False

    # The re-ask: the same session (the tool calls in its history), the citation and the text
    # actually at line 1.
    chat = [r for r in fake[0].requests[seen:] if instruction_of(r.body).startswith("You are")]
    assert len(chat) == 3
    reask = chat[2]
    assert GROUNDING_HEADING in user_text_of(reask.body)
    assert BOGUS in user_text_of(reask.body)
    assert LOG in user_text_of(reask.body)
    assert {r["name"] for r in function_responses(reask.body)} == {
        "query_knowledge_graph",
        "time_zone",
    }
    # The domain tool round-tripped: Chicago's zone, the time in UTC.
    zone = next(r for r in function_responses(chat[1].body) if r["name"] == "time_zone")
    assert zone["response"]["zone"] == "America/Chicago"
    assert zone["response"]["utc_time"] == "2024-03-15T02:30:00Z"  # CDT, UTC-5, that night

    record = next(r for r in runs if r["agent_name"] == "chat_agent")
    counts = record["grounding"]
    assert counts["citations"] == 1
    assert counts["held"] == 0
    assert (counts["failed"], counts["reasked"], counts["unverified"]) == (1, 1, 1)
    assert (counts["fixed"], counts["dropped"]) == (0, 0)
    grounded = [e for e in logged if e["type"] == "GROUNDING_CHECKED"]
    assert [e["payload"]["execution_id"] for e in grounded] == [record["id"]]
    tools = [e["payload"] for e in logged if e["type"] == "TOOL_INVOKED"]
    assert {t["tool"] for t in tools} == {"query_knowledge_graph", "time_zone"}
    assert all(t["execution_id"] == record["id"] for t in tools)
    assert next(t for t in tools if t["tool"] == "time_zone")["summary"].startswith(
        "America/Chicago"
    )
