"""Chat with a processed case over the live API: streamed, cited, remembered, authorised; a
question the case knowledge cannot answer goes to a domain agent, whose findings are kept."""

import json
import re
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from holmes_backend.extraction.loading import load_extraction
from holmes_backend.extraction.models import Chunk
from holmes_backend.llm.chat_context import finding_items, graph_items, terms
from holmes_backend.models import CaseEvent
from holmes_backend.repositories import events as event_repo
from holmes_backend.repositories import files as file_repo
from holmes_backend.repositories import findings as finding_repo
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.runtime import Runtime
from tests.agents.helpers import upload_demo, wait_done
from tests.api.helpers import assert_envelope, new_case
from tests.support import SseEvent, read_sse


async def ask(
    client: httpx.AsyncClient, case_id: str, message: str
) -> tuple[list[SseEvent], float]:
    """Every event of one answer, and the seconds until the first token arrived."""
    started = time.perf_counter()
    first_token = -1.0
    events: list[SseEvent] = []
    async with client.stream(
        "POST", f"/api/cases/{case_id}/chat", json={"message": message}, timeout=120
    ) as response:
        assert response.status_code == 200, await response.aread()
        assert response.headers["content-type"].startswith("text/event-stream")
        lines = response.aiter_lines()
        while not events or events[-1].event not in {"CHAT_COMPLETE", "ERROR"}:
            batch = await read_sse(lines, 1)
            assert batch, [e.event for e in events]
            if batch[0].event == "CHAT_TOKEN" and first_token < 0:
                first_token = time.perf_counter() - started
            events.extend(batch)
    return events, first_token


def person_on_a_day(
    timeline: list[dict[str, Any]], nodes: list[dict[str, Any]]
) -> tuple[str, str, dict[str, Any]]:
    """The graph's best-attested person that a dated timeline event names: (name, day, entry).

    People resolved across more files come first (the most trustworthy entities); an event naming
    the full name beats one naming the surname only.
    """
    people = sorted(
        (n for n in nodes if n["type"] == "person" and len(n["name"].split()) > 1),
        key=lambda n: (-len({s["file_id"] for s in n["sources"]}), n["name"]),
    )
    events = [
        e for e in timeline if e.get("kind") == "event" and e.get("source", {}).get("file_id")
    ]
    for person in people:
        name = person["name"]
        for needle in (name, name.split()[-1]):
            for entry in events:
                if needle.lower() in str(entry["description"]).lower():
                    return name, str(entry["timestamp"])[:10], entry
    raise AssertionError(f"no dated event names a person of the graph: {timeline[:5]}")


def located(citation: dict[str, Any], chunks: list[Chunk]) -> bool:
    """The cited place exists among the file's chunks."""
    where = citation["location"]
    if not where:
        return False
    for chunk in chunks:
        loc = chunk.location
        if "cue_start" in where and loc.cue_start is not None and loc.cue_end is not None:
            if loc.cue_start <= where["cue_start"] <= loc.cue_end:
                return True
            continue
        fields = {k: v for k, v in where.items() if k in {"page", "line", "row", "sheet"}}
        if fields and all(getattr(loc, k) == v for k, v in fields.items()):
            return True
    return False


async def chunks_of(runtime: Runtime, file_ids: set[str]) -> dict[str, list[Chunk]]:
    async with runtime.session_factory() as session:
        files = await file_repo.get_many(session, [uuid.UUID(f) for f in file_ids])
    return {str(f.id): (await load_extraction(runtime.storage, f)).chunks for f in files}


async def test_chat_answers_from_the_case_with_citations_and_history(
    client: httpx.AsyncClient, other_client: httpx.AsyncClient, demo_dir: Path, runtime: Runtime
) -> None:
    case_id = (await new_case(client, "Chat demo"))["id"]
    uploaded = await upload_demo(client, case_id, demo_dir)
    file_ids = {f["id"] for f in uploaded}

    early = await client.post(f"/api/cases/{case_id}/chat", json={"message": "Who paid?"})
    error = assert_envelope(early, 409, "CONFLICT")
    assert error["suggested_action"] == "process the case"

    assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
    status = await wait_done(client, case_id)
    assert status["job"]["status"] == "READY", status["job"]["errors"]

    timeline = (await client.get(f"/api/cases/{case_id}/timeline")).json()["events"]
    nodes = (await client.get(f"/api/cases/{case_id}/graph")).json()["nodes"]
    name, day, entry = person_on_a_day(timeline, nodes)
    question = f"Where was {name} on {day}?"
    events, first_token = await ask(client, case_id, question)
    print(f"\nchat time-to-first-token (local provider): {first_token * 1000:.0f} ms")
    print(f"Q: {question}\nA: {json.loads(events[-1].data)['content']}")

    kinds = [e.event for e in events]
    assert kinds[-1] == "CHAT_COMPLETE", kinds
    assert len(kinds) > 2, kinds
    assert set(kinds[:-1]) == {"CHAT_TOKEN"}, kinds
    complete = json.loads(events[-1].data)
    assert set(complete) == {"message_id", "content", "citations"}
    content = complete["content"]
    assert "".join(json.loads(e.data)["token"] for e in events[:-1]) == content
    assert name.split()[-1] in content, content
    assert day in content, content

    citations = complete["citations"]
    assert citations, content
    assert {c["file_id"] for c in citations} <= file_ids
    assert all(set(c) == {"file_id", "location", "excerpt", "verified"} for c in citations)
    chunks = await chunks_of(runtime, {c["file_id"] for c in citations})
    assert any(located(c, chunks[c["file_id"]]) for c in citations), citations
    # Checked against the evidence index as the pipeline's citations are (agents.grounding).
    assert any(c["verified"] for c in citations), citations
    assert entry["source"]["file_id"] in {c["file_id"] for c in citations}, (entry, citations)

    gaps, _ = await ask(client, case_id, "What evidence is missing?")
    assert gaps[-1].event == "CHAT_COMPLETE"
    gap_answer = json.loads(gaps[-1].data)
    print(f"Q: What evidence is missing?\nA: {gap_answer['content']}")

    history = (await client.get(f"/api/cases/{case_id}/chat/history")).json()
    assert [m["role"] for m in history] == ["user", "assistant", "user", "assistant"]
    assert [m["content"] for m in history] == [
        question,
        content,
        "What evidence is missing?",
        gap_answer["content"],
    ]
    assert history[1]["id"] == complete["message_id"]
    assert history[1]["citations"] == citations
    assert history[0]["citations"] == []
    stamps = [m["created_at"] for m in history]
    assert stamps == sorted(stamps)

    assert_envelope(
        await other_client.post(f"/api/cases/{case_id}/chat", json={"message": question}),
        404,
        "NOT_FOUND",
    )
    assert_envelope(await other_client.get(f"/api/cases/{case_id}/chat/history"), 404, "NOT_FOUND")
    assert len((await client.get(f"/api/cases/{case_id}/chat/history")).json()) == 4

    # The graph answered both: no domain agent was asked for more.
    runs = walk((await client.get(f"/api/cases/{case_id}/agents")).json())
    chats = [r for r in runs if r["agent_name"] == "chat_agent"]
    assert len(chats) == 2, chats
    assert all(not r["children"] for r in chats), chats


async def test_chat_refuses_bad_bodies_and_unknown_cases(client: httpx.AsyncClient) -> None:
    case_id = (await new_case(client))["id"]
    url = f"/api/cases/{case_id}/chat"
    for body in (
        {},
        {"message": ""},
        {"message": "   "},
        {"message": "x" * 4001},
        {"message": "nul \x00 inside"},
        {"message": "hello", "extra": 1},
        {"message": 42},
    ):
        assert_envelope(await client.post(url, json=body), 422, "VALIDATION_ERROR")
    assert_envelope(await client.post(url, content=b"not json"), 422, "VALIDATION_ERROR")
    assert_envelope(
        await client.post(f"/api/cases/{uuid.uuid4()}/chat", json={"message": "hi"}),
        404,
        "NOT_FOUND",
    )
    assert (await client.get(f"{url}/history")).json() == []
    # Within the limit is accepted as far as the knowledge-graph check (409 until processed).
    assert_envelope(await client.post(url, json={"message": "x" * 4000}), 409, "CONFLICT")


def walk(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [n for node in nodes for n in (node, *walk(node["children"]))]


async def events_since(runtime: Runtime, case_id: str, last_id: int) -> list[CaseEvent]:
    async with runtime.session_factory() as session:
        return list(await event_repo.after(session, uuid.UUID(case_id), last_id, 10_000))


async def processed_demo(client: httpx.AsyncClient, demo_dir: Path, name: str) -> str:
    case_id: str = (await new_case(client, name))["id"]
    await upload_demo(client, case_id, demo_dir)
    assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
    status = await wait_done(client, case_id)
    assert status["job"]["status"] == "READY", status["job"]["errors"]
    return case_id


async def unknown_word(runtime: Runtime, case_id: str) -> tuple[str, str, Chunk]:
    """A word of the evidence that no graph item and no finding says: (word, file id, chunk).

    It is written in lower case (an ordinary word, not a name), long, and in one passage only,
    so the evidence holds an answer to a question about it that the knowledge does not.
    """
    async with runtime.session_factory() as session:
        graph = await graph_repo.latest(session, uuid.UUID(case_id))
        findings = await finding_repo.for_case(session, uuid.UUID(case_id))
        files = await file_repo.list_for_case(session, uuid.UUID(case_id))
    assert graph is not None
    known_items = graph_items(
        {
            "nodes": graph.nodes,
            "edges": graph.edges,
            "contradictions": graph.contradictions,
            "evidence_gaps": graph.evidence_gaps,
            "cross_modal_links": graph.cross_modal_links,
            "timeline": graph.timeline,
        }
    ) + finding_items(
        [{"domain": f.domain, "title": f.title, "summary": f.summary} for f in findings]
    )
    known = {t for item in known_items for t in terms(item.text)}
    known |= {w.lower() for f in findings for w in re.findall(r"[A-Za-z]+", str(f.content))}
    places: dict[str, list[tuple[str, Chunk]]] = {}
    counts: Counter[str] = Counter()
    for file in files:
        for chunk in (await load_extraction(runtime.storage, file)).chunks:
            for word in set(re.findall(r"\b[a-z]{9,}\b", chunk.text)):
                counts[word] += 1
                places.setdefault(word, []).append((str(file.id), chunk))
    candidates = sorted(w for w, n in counts.items() if n == 1 and not set(terms(w)) & known)
    assert candidates, "every long word of the evidence is in the case knowledge"
    word = candidates[0]
    file_id, chunk = places[word][0]
    return word, file_id, chunk


async def test_a_question_the_knowledge_cannot_answer_escalates_to_a_domain_agent(
    client: httpx.AsyncClient, demo_dir: Path, runtime: Runtime
) -> None:
    case_id = await processed_demo(client, demo_dir, "Escalation")
    before = {f["id"] for f in (await client.get(f"/api/cases/{case_id}/findings")).json()}
    word, file_id, chunk = await unknown_word(runtime, case_id)
    async with runtime.session_factory() as session:
        last_event = await event_repo.head(session, uuid.UUID(case_id))

    question = f"What do the files say about {word}?"
    events, first_token = await ask(client, case_id, question)
    complete = json.loads(events[-1].data)
    print(f"\nQ: {question}\nA: {complete['content']}\nfirst token: {first_token * 1000:.0f} ms")
    assert events[-1].event == "CHAT_COMPLETE", events[-1]
    assert word in complete["content"].lower()

    # New findings, stored with their source, visible to the findings API.
    findings = (await client.get(f"/api/cases/{case_id}/findings")).json()
    new = [f for f in findings if f["id"] not in before]
    assert new, "the escalation stored no finding"
    answering = [f for f in new if word in f["summary"].lower()]
    assert answering, new
    for finding in answering:
        assert finding["file_id"] == file_id
        assert finding["source_location"]["file_id"] == file_id
        assert finding["domain"] in {"financial", "legal", "evidence", "strategy"}
        assert finding["agent_id"] == f"{finding['domain']}_agent"

    # The answer cites the new findings' sources: the very passage with the word.
    citations = complete["citations"]
    assert citations
    places = [
        {k: v for k, v in f["source_location"].items() if k not in ("file_id", "excerpt")}
        for f in answering
    ]
    assert any(c["file_id"] == file_id and c["location"] in places for c in citations), (
        citations,
        places,
    )
    assert located(next(c for c in citations if c["file_id"] == file_id), [chunk])

    # The domain agent ran under the chat agent, with its record and events.
    runs = walk((await client.get(f"/api/cases/{case_id}/agents")).json())
    chats = [r for r in runs if r["agent_name"] == "chat_agent"]
    assert len(chats) == 1
    assert chats[0]["status"] == "COMPLETED"
    domain_runs = chats[0]["children"]
    assert domain_runs, chats[0]
    assert {r["agent_name"] for r in domain_runs} == {f"{f['domain']}_agent" for f in answering}
    assert all(r["status"] == "COMPLETED" for r in domain_runs)
    logged = await events_since(runtime, case_id, last_event)
    kinds = Counter((e.type, e.agent_id) for e in logged)
    for run in domain_runs:
        assert kinds[("AGENT_SPAWNED", run["agent_name"])] == 1
        assert kinds[("AGENT_COMPLETED", run["agent_name"])] == 1
    tools = [e.payload["tool"] for e in logged if e.type == "TOOL_INVOKED"]
    assert tools.count("escalate_to_domain") == 1, tools
    assert {"query_knowledge_graph", "search_findings"} <= set(tools)

    # A question nothing in the case speaks to is answered as such, without an escalation.
    nothing, _ = await ask(client, case_id, "What do the files say about zqxjvwplm?")
    assert nothing[-1].event == "CHAT_COMPLETE"
    unanswered = json.loads(nothing[-1].data)
    assert unanswered["citations"] == []
    assert unanswered["content"].startswith("Nothing in the case")
    logged = await events_since(runtime, case_id, last_event)
    tools = [e.payload["tool"] for e in logged if e.type == "TOOL_INVOKED"]
    assert tools.count("escalate_to_domain") == 1, tools
