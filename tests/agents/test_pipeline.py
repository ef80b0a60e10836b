"""The pipeline on the demo case with the local analyst, through the real API and event log."""

import json
import uuid
from pathlib import Path
from typing import Any

import httpx

from tests.agents.helpers import upload_demo, wait_done
from tests.api.helpers import assert_envelope, new_case
from tests.support import read_sse


def cited_files(item: Any) -> set[str]:
    """Every file_id an insight cites, wherever it sits in the item."""
    found: set[str] = set()
    if isinstance(item, dict):
        for key, value in item.items():
            if key == "file_id" and isinstance(value, str):
                found.add(value)
            else:
                found |= cited_files(value)
    elif isinstance(item, list):
        for value in item:
            found |= cited_files(value)
    return found


async def test_demo_case_processes_to_a_cited_graph(
    client: httpx.AsyncClient, demo_dir: Path
) -> None:
    case = await client.post(
        "/api/cases",
        json={
            "name": "Demo",
            "description": "Procurement fraud inquiry",
            "hypotheses": ["The vice president approved payments to a company he co-owns"],
        },
    )
    case_id = case.json()["id"]
    uploaded = await upload_demo(client, case_id, demo_dir)
    file_ids = {f["id"] for f in uploaded}

    assert_envelope(await client.get(f"/api/cases/{case_id}/process/status"), 404, "NOT_FOUND")
    first = await client.post(f"/api/cases/{case_id}/process")
    assert first.status_code == 202
    again = await client.post(f"/api/cases/{case_id}/process", json={"incremental": False})
    assert again.status_code == 202
    assert again.json()["id"] == first.json()["id"]  # one active job per case

    status = await wait_done(client, case_id)
    assert status["job"]["status"] == "READY", status["job"]["errors"]
    assert [p["state"] for p in status["phases"]] == ["completed"] * 6
    assert {f["status"] for f in status["files"]} == {"PROCESSED"}
    assert (await client.get(f"/api/cases/{case_id}")).json()["status"] == "READY"

    listed = (await client.get(f"/api/cases/{case_id}/files")).json()
    for file in listed:
        meta = file["triage_metadata"]
        assert meta["primary_domain"] in {"financial", "legal", "evidence", "strategy"}
        assert set(meta["domain_scores"]) == {"financial", "legal", "evidence", "strategy"}

    for domain in ("financial", "legal", "evidence", "strategy"):
        rows = (await client.get(f"/api/cases/{case_id}/findings?domain={domain}")).json()
        assert rows, domain
        assert all(r["status"] == "interim" for r in rows)
    interim = (await client.get(f"/api/cases/{case_id}/findings?domain=financial")).json()
    assert any(r["file_id"] in file_ids and r["source_location"] for r in interim)

    insights = (await client.get(f"/api/cases/{case_id}/insights")).json()
    for kind in ("contradictions", "evidence_gaps", "cross_modal_links"):
        assert insights[kind], kind
    for kind in ("contradictions", "cross_modal_links"):
        for item in insights[kind]:
            cited = cited_files(item)
            assert cited, (kind, item)
            assert cited <= file_ids, (kind, item)

    graph = (await client.get(f"/api/cases/{case_id}/graph")).json()
    assert graph["version"] == 1
    assert graph["nodes"]
    assert graph["edges"]
    node_ids = {n["id"] for n in graph["nodes"]}
    assert all(e["source_id"] in node_ids and e["target_id"] in node_ids for e in graph["edges"])
    merged = [n for n in graph["nodes"] if len(cited_files(n["sources"])) >= 2]
    assert merged, "no entity was resolved across files"

    timeline = (await client.get(f"/api/cases/{case_id}/timeline")).json()["events"]
    assert timeline
    stamps = [str(e["timestamp"]) for e in timeline]
    assert stamps == sorted(stamps)
    assert all(e["source"].get("file_id") in file_ids for e in timeline)

    agents = (await client.get(f"/api/cases/{case_id}/agents")).json()
    names = {a["agent_name"] for a in agents}
    assert {"triage_agent", "orchestrator"} <= names
    orchestrator = next(a for a in agents if a["agent_name"] == "orchestrator")
    domains = {c["agent_type"] for c in orchestrator["children"]}
    assert {"FINANCIAL", "LEGAL", "EVIDENCE", "STRATEGY"} <= domains
    assert all(
        c["status"] == "COMPLETED" and c["thinking_traces"] for c in orchestrator["children"]
    )

    async with client.stream("GET", f"/api/cases/{case_id}/events") as response:
        lines = response.aiter_lines()
        events: list[str] = []
        while "PROCESSING_COMPLETED" not in events:
            [event] = await read_sse(lines, 1)
            events.append(str(event.event))
            if event.event == "AGENT_SPAWNED":
                assert json.loads(event.data)["agent_type"]
    for expected in (
        "PROCESSING_STARTED",
        "AGENT_SPAWNED",
        "THINKING_UPDATE",
        "AGENT_COMPLETED",
        "INSIGHT_DETECTED",
        "GRAPH_UPDATED",
    ):
        assert expected in events, expected


async def test_processing_needs_files_and_ownership(
    client: httpx.AsyncClient, other_client: httpx.AsyncClient
) -> None:
    case = await new_case(client)
    assert_envelope(await client.post(f"/api/cases/{case['id']}/process"), 422, "VALIDATION_ERROR")
    assert_envelope(await other_client.post(f"/api/cases/{case['id']}/process"), 404, "NOT_FOUND")
    assert_envelope(await client.get(f"/api/cases/{case['id']}/graph"), 404, "NOT_FOUND")
    assert_envelope(await client.post(f"/api/cases/{uuid.uuid4()}/process"), 404, "NOT_FOUND")


async def test_the_demo_answer_key_planted_contradiction_is_found(
    client: httpx.AsyncClient, demo_dir: Path
) -> None:
    """Scored against the demo's answer key: the sworn alibi must meet its contrary evidence."""
    answers = json.loads((demo_dir / "answers.json").read_text())
    case_id = (await client.post("/api/cases", json={"name": "answer key"})).json()["id"]
    uploaded = await upload_demo(client, case_id, demo_dir)
    ids = {f["filename"]: f["id"] for f in uploaded}
    await client.post(f"/api/cases/{case_id}/process")
    assert (await wait_done(client, case_id))["job"]["status"] == "READY"
    found = (await client.get(f"/api/cases/{case_id}/insights")).json()["contradictions"]

    alibi = next(c for c in answers["contradictions"] if c["id"] == "alibi")
    claim_file = ids[alibi["claim_source"]["file"]]
    against = {ids[e["file"]] for e in alibi["evidence_against"]}
    matches = [
        c
        for c in found
        if c["claim_source"]["file_id"] == claim_file
        and {e["file_id"] for e in c["evidence_against"]} & against
    ]
    assert matches, [c["claim"] for c in found]
