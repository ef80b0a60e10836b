"""Corrections over the live API on the processed demo case: verified against the cited sources,
applied surgically when confirmed, stored without effect when rejected, authorised per user."""

import copy
import json
import re
import time
import uuid
from collections import Counter
from typing import Any

import httpx
import pytest
from sqlalchemy import delete

from holmes_backend.agents.verification import items
from holmes_backend.agents.verification.kept import graph_lists
from holmes_backend.models import Finding, ProcessingJob
from holmes_backend.numeric.compare import read_value
from holmes_backend.repositories import events as event_repo
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.runtime import Runtime
from holmes_shared.enums import JobStatus
from tests.api.helpers import assert_envelope, new_case
from tests.chat.test_chat import ask
from tests.corrections.conftest import ProcessedCase

_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")


async def knowledge(client: httpx.AsyncClient, case_id: str) -> dict[str, Any]:
    """Everything the read endpoints show of the case's knowledge."""
    return {
        "graph": (await client.get(f"/api/cases/{case_id}/graph")).json(),
        "insights": (await client.get(f"/api/cases/{case_id}/insights")).json(),
        "timeline": (await client.get(f"/api/cases/{case_id}/timeline")).json(),
        "findings": (await client.get(f"/api/cases/{case_id}/findings")).json(),
    }


def place(ref: dict[str, Any]) -> tuple[Any, ...]:
    return (ref.get("file_id"), ref.get("page"), ref.get("line"), ref.get("row"), ref.get("sheet"))


def refs(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        if value.get("file_id"):
            return [value]
        return [r for v in value.values() for r in refs(v)]
    if isinstance(value, list):
        return [r for v in value for r in refs(v)]
    return []


def graph_items(state: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    """Every graph item the read endpoints show, by (target type, id)."""
    graph = state["graph"]
    items: dict[tuple[str, str], dict[str, Any]] = {}
    for kind, entries in (
        ("entity", graph["nodes"]),
        ("relationship", graph["edges"]),
        ("contradiction", graph["contradictions"]),
        ("evidence_gap", graph["evidence_gaps"]),
        ("cross_modal_link", graph["cross_modal_links"]),
        ("timeline_event", state["timeline"]["events"]),
    ):
        for entry in entries:
            items[(kind, entry["id"])] = entry
    return items


def current(findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [f for f in findings if f["status"] not in {"superseded"} and not f["superseded_by"]]


def transactions(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Current transaction findings whose cited row states their amount."""
    found = []
    for f in current(state["findings"]):
        amount = f["content"].get("amount") if f["finding_type"] == "transaction" else None
        excerpt = f["source_location"].get("excerpt", "")
        if amount and f["source_location"].get("row") and f"{amount:.2f}" in excerpt:
            found.append(f)
    return found


async def event_log(runtime: Runtime, case_id: str) -> list[tuple[str, dict[str, Any]]]:
    async with runtime.session_factory() as session:
        events = await event_repo.after(session, uuid.UUID(case_id), 0, 100_000)
    return [(e.type, e.payload) for e in events]


async def misread(
    runtime: Runtime, case_id: str, finding: dict[str, Any], right: float, wrong: float
) -> None:
    """Store the amount as a model that misread it would have: wrong in the finding and in every
    graph item that tells the same fact (resting on that row alone)."""
    misread_at = {items.place(finding["source_location"])}
    as_read, misread_as = read_value(f"{right:.2f}"), read_value(f"{wrong:.2f}")
    async with runtime.session_factory() as session:
        row = await session.get(Finding, uuid.UUID(finding["id"]))
        assert row is not None
        row.title = row.title.replace(f"{right:,.2f}", f"{wrong:,.2f}")
        row.content = {**row.content, "amount": wrong}
        graph = await graph_repo.latest(session, uuid.UUID(case_id))
        assert graph is not None
        for name, entries in graph_lists(graph).items():
            setattr(
                graph,
                name,
                [
                    items.rewrite(e, as_read, misread_as) if items.places(e) == misread_at else e
                    for e in copy.deepcopy(entries)
                ],
            )
        await session.commit()


async def correct(
    client: httpx.AsyncClient, case_id: str, **body: Any
) -> tuple[httpx.Response, dict[str, Any]]:
    started = time.perf_counter()
    response = await client.post(f"/api/cases/{case_id}/correct", json=body)
    print(f"\ncorrection answered in {(time.perf_counter() - started) * 1000:.0f} ms")
    return response, response.json()


async def test_a_correction_the_source_supports_is_confirmed_and_changes_the_graph(
    client: httpx.AsyncClient, demo_case: ProcessedCase, runtime: Runtime
) -> None:
    case_id = demo_case.id
    state = await knowledge(client, case_id)
    cited = Counter(
        place(r)
        for name in ("contradictions", "evidence_gaps", "cross_modal_links")
        for item in state["insights"][name]
        for r in {place(r): r for r in refs(item)}.values()
    )
    # The transaction the most insights draw on, so the correction has something downstream
    # (chosen the same way whatever order the database lists the findings in).
    target = max(
        (f for f in transactions(state) if cited[place(f["source_location"])]),
        key=lambda f: (cited[place(f["source_location"])], -f["source_location"]["row"]),
    )
    right = float(target["content"]["amount"])
    wrong = right + 111.11
    assert f"{wrong:.2f}" not in target["source_location"]["excerpt"]
    await misread(runtime, case_id, target, right, wrong)
    before = await knowledge(client, case_id)

    response, body = await correct(
        client,
        case_id,
        target_type="finding",
        target_id=target["id"],
        original_value=f"{wrong:,.2f}",
        proposed_value=f"{right:,.2f}",
        justification="The statement row shows a different figure.",
    )
    assert response.status_code == 201, body
    print(f"\nCONFIRMED: {body['reasoning']}")
    assert body["verdict"] == "CONFIRMED", body
    assert body["applied"] is True
    assert body["applied_at"]
    assert body["proposed_in_source"]
    assert not body["original_in_source"]
    [evidence, *_] = body["evidence"]
    assert evidence["file_id"] == target["file_id"]
    assert evidence["location"]["row"] == target["source_location"]["row"]
    assert f"{right:.2f}" in evidence["excerpt"]
    changes = body["changes"]
    print(f"changes: {json.dumps(changes)}")
    version = before["graph"]["version"]
    assert (changes["graph_version_before"], changes["graph_version_after"]) == (
        version,
        version + 1,
    )

    after = await knowledge(client, case_id)
    assert after["graph"]["version"] == version + 1
    cid = body["id"]
    # The superseded finding points at its corrected successor, which states the right amount.
    [superseded] = changes["superseded_findings"]
    assert superseded["id"] == target["id"]
    findings = {f["id"]: f for f in after["findings"]}
    old, new = findings[target["id"]], findings[superseded["superseded_by"]]
    assert old["status"] == "superseded"
    assert old["superseded_by"] == new["id"]
    assert new["content"]["amount"] == right
    assert new["version"] == old["version"] + 1
    assert f"{right:,.2f}" in new["title"]
    assert f"{wrong:,.2f}" not in new["title"]
    assert new["source_location"] == old["source_location"]
    # The timeline entry told the same fact: its value changed in the new graph version.
    entries = [
        e
        for e in after["timeline"]["events"]
        if place(e["source"]) == place(target["source_location"]) and "amount" in e
    ]
    assert entries
    assert all(e["amount"] == right and cid in e["corrected_by"] for e in entries)
    assert ("timeline_event", entries[0]["id"]) in {
        (i["kind"], i["id"]) for i in changes["corrected_items"]
    }
    # Downstream items are stale, visibly, and exactly those the correction lists.
    shown_items = graph_items(after)
    stale = {key for key, item in shown_items.items() if cid in item["stale_because"]}
    shown = {kind for kind, _ in shown_items}
    assert stale == {(i["kind"], i["id"]) for i in changes["stale_items"] if i["kind"] in shown}
    assert all(shown_items[key]["stale"] is True for key in stale)
    assert any(kind in {"contradiction", "evidence_gap", "cross_modal_link"} for kind, _ in stale)
    for item in after["insights"]["evidence_gaps"] + after["insights"]["contradictions"]:
        if place(target["source_location"]) in {place(r) for r in refs(item)}:
            assert item["stale"] is True, item
    stale_findings = {f["id"] for f in after["findings"] if f["stale"]}
    assert set(changes["stale_findings"]) <= stale_findings
    assert changes["stale_findings"], "a multi-row finding draws on the corrected row"
    assert all(findings[i]["status"] == "stale" for i in changes["stale_findings"])
    # The earlier version is kept.
    async with runtime.session_factory() as session:
        kept = await graph_repo.get_version(session, uuid.UUID(case_id), version)
    assert kept is not None
    assert [
        e["amount"] for e in kept.timeline if place(e["source"]) == place(target["source_location"])
    ] == [wrong] * len(entries)

    log = await event_log(runtime, case_id)
    verified = [p for t, p in log if t == "CORRECTION_VERIFIED" and p["correction_id"] == cid]
    marked = [p for t, p in log if t == "STALE_ITEMS_MARKED" and p["correction_id"] == cid]
    assert [p["verdict"] for p in verified] == ["CONFIRMED"]
    assert len(marked) == 1
    assert marked[0]["graph_version"] == version + 1
    assert marked[0]["count"] == len(changes["stale_items"]) + len(changes["stale_findings"])
    agents = (await client.get(f"/api/cases/{case_id}/agents")).json()
    assert any(
        a["agent_name"] == "verification_agent" and a["status"] == "COMPLETED" for a in agents
    )

    listed = (await client.get(f"/api/cases/{case_id}/corrections")).json()
    assert body in listed
    # Applying again changes nothing.
    again = await client.post(f"/api/corrections/{cid}/apply")
    assert again.status_code == 200
    assert again.json() == body
    assert (await client.get(f"/api/cases/{case_id}/graph")).json()["version"] == version + 1

    # Chat still answers, from the corrected knowledge.
    events, _ = await ask(client, case_id, f"What was paid on {target['content']['date'][:10]}?")
    assert events[-1].event == "CHAT_COMPLETE", events[-1]


async def test_a_correction_the_source_contradicts_is_rejected_and_changes_nothing(
    client: httpx.AsyncClient, demo_case: ProcessedCase, runtime: Runtime
) -> None:
    case_id = demo_case.id
    before = await knowledge(client, case_id)
    target = [f for f in transactions(before) if f["version"] == 1][-1]
    amount = float(target["content"]["amount"])
    events_before = len(await event_log(runtime, case_id))

    response, body = await correct(
        client,
        case_id,
        target_type="finding",
        target_id=target["id"],
        original_value=f"{amount:,.2f}",
        proposed_value=f"${amount + 500:,.2f}",
        justification="I remember it being higher.",
    )
    assert response.status_code == 201, body
    print(f"\nREJECTED: {body['reasoning']}")
    assert body["verdict"] == "REJECTED", body
    assert body["applied"] is False
    assert body["changes"] is None
    assert body["original_in_source"]
    assert not body["proposed_in_source"]
    [evidence, *_] = body["evidence"]
    assert evidence["file_id"] == target["file_id"]
    assert evidence["location"]["row"] == target["source_location"]["row"]
    assert f"{amount:.2f}" in evidence["excerpt"]
    assert f"{amount:.2f}" in body["reasoning"]

    assert await knowledge(client, case_id) == before  # graph version, items, findings: identical
    cid = body["id"]
    log = await event_log(runtime, case_id)
    mine = [(t, p) for t, p in log[events_before:] if p.get("correction_id") == cid]
    assert [(t, p["verdict"]) for t, p in mine] == [("CORRECTION_VERIFIED", "REJECTED")]
    assert not any(t in {"STALE_ITEMS_MARKED", "GRAPH_UPDATED"} for t, _ in log[events_before:])

    listed = (await client.get(f"/api/cases/{case_id}/corrections")).json()
    assert [c["verdict"] for c in listed if c["id"] == cid] == ["REJECTED"]
    error = assert_envelope(await client.post(f"/api/corrections/{cid}/apply"), 409, "CONFLICT")
    assert "contradict" in error["message"]
    assert (await client.delete(f"/api/corrections/{cid}")).status_code == 204
    assert cid not in {
        c["id"] for c in (await client.get(f"/api/cases/{case_id}/corrections")).json()
    }
    assert_envelope(await client.delete(f"/api/corrections/{cid}"), 404, "NOT_FOUND")
    assert await knowledge(client, case_id) == before


def balance_entries(state: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    """Transaction timeline entries whose cited row also states another figure (a balance)."""
    found = []
    for entry in state["timeline"]["events"]:
        amount = entry.get("amount")
        excerpt = entry.get("source", {}).get("excerpt", "")
        if entry.get("kind") != "transaction" or not amount or entry.get("corrected_by"):
            continue
        others = [n for n in _NUMBER.findall(excerpt.split(";", 1)[-1]) if float(n) != amount]
        others = [n for n in others if float(n) > 100 and f"{float(n):.2f}" == n]
        if others and f"{amount:.2f}" in excerpt:
            found.append((entry, others[-1]))
    return found


async def test_an_ambiguous_correction_applies_on_request_and_reverts_while_it_is_the_latest(
    client: httpx.AsyncClient, demo_case: ProcessedCase
) -> None:
    case_id = demo_case.id
    before = await knowledge(client, case_id)
    candidates = balance_entries(before)
    assert len(candidates) >= 2, before["timeline"]["events"][:5]
    bodies = []
    for entry, other in candidates[:2]:
        # The user read the row's other figure: the row states both, so the source cannot decide.
        response, body = await correct(
            client,
            case_id,
            target_type="timeline_event",
            target_id=entry["id"],
            original_value=f"{entry['amount']:,.2f}",
            proposed_value=other,
        )
        assert response.status_code == 201, body
        assert body["verdict"] == "AMBIGUOUS", body
        assert body["original_in_source"]
        assert body["proposed_in_source"]
        assert body["applied"] is False
        assert body["changes"] is None
        bodies.append(body)
    assert await knowledge(client, case_id) == before

    first, second = bodies
    applied = (await client.post(f"/api/corrections/{first['id']}/apply")).json()
    assert applied["applied"] is True
    assert applied["verdict"] == "AMBIGUOUS"
    after_first = await knowledge(client, case_id)
    version = before["graph"]["version"]
    assert after_first["graph"]["version"] == version + 1
    entry = next(e for e in after_first["timeline"]["events"] if e["id"] == first["target_id"])
    assert entry["amount"] == float(first["proposed_value"])
    # The transaction finding at that row told the same amount: it is superseded too.
    assert applied["changes"]["superseded_findings"]
    assert (await client.post(f"/api/corrections/{second['id']}/apply")).status_code == 200
    assert (await client.get(f"/api/cases/{case_id}/graph")).json()["version"] == version + 2

    # The first is no longer the latest change: it cannot be undone, and nothing changes.
    error = assert_envelope(await client.delete(f"/api/corrections/{first['id']}"), 409, "CONFLICT")
    assert error["details"]["current_version"] == version + 2
    assert (await client.delete(f"/api/corrections/{second['id']}")).status_code == 204
    reverted = await knowledge(client, case_id)
    assert reverted["graph"]["version"] == version + 3
    for key in ("nodes", "edges", "contradictions", "evidence_gaps", "cross_modal_links"):
        assert reverted["graph"][key] == after_first["graph"][key]
    assert reverted["timeline"]["events"] == after_first["timeline"]["events"]
    assert reverted["findings"] == after_first["findings"]
    # The graph is again as the first left it, so the first can be undone now.
    assert (await client.delete(f"/api/corrections/{first['id']}")).status_code == 204
    restored = await knowledge(client, case_id)
    assert restored["graph"]["version"] == version + 4
    assert restored["timeline"]["events"] == before["timeline"]["events"]
    assert restored["findings"] == before["findings"]
    for key in ("nodes", "edges", "contradictions", "evidence_gaps", "cross_modal_links"):
        assert restored["graph"][key] == before["graph"][key]
    listed = {c["id"] for c in (await client.get(f"/api/cases/{case_id}/corrections")).json()}
    assert not listed & {first["id"], second["id"]}


async def test_a_chat_answer_can_be_corrected_against_its_citations(
    client: httpx.AsyncClient, demo_case: ProcessedCase
) -> None:
    case_id = demo_case.id
    events, _ = await ask(client, case_id, "Where was Victor Hale on March 14, 2024?")
    answer = json.loads(events[-1].data)
    day = next(m for m in re.findall(r"\d{4}-\d{2}-\d{2}", answer["content"]))
    before = await knowledge(client, case_id)
    response, body = await correct(
        client,
        case_id,
        target_type="message",
        target_id=answer["message_id"],
        original_value=day,
        proposed_value="1999-01-01",
    )
    assert response.status_code == 201, body
    assert body["verdict"] == "REJECTED", body
    assert {e["file_id"] for e in body["evidence"]} <= {c["file_id"] for c in answer["citations"]}
    assert await knowledge(client, case_id) == before


def misspelt(name: str) -> str:
    """The name with the first letter of its last word doubled ("Hale" -> "Hhale")."""
    *first, last = name.split()
    return " ".join([*first, last[0] + last.lower()])


async def test_an_entity_name_is_checked_against_the_places_it_was_read(
    client: httpx.AsyncClient, demo_case: ProcessedCase, runtime: Runtime
) -> None:
    case_id = demo_case.id
    state = await knowledge(client, case_id)
    node = next(
        n
        for n in state["graph"]["nodes"]
        if n["type"] == "person"
        and len(n["name"].split()) > 1
        and any(n["name"] in s.get("excerpt", "") for s in n["sources"])
    )
    name, wrong = node["name"], misspelt(node["name"])
    response, body = await correct(
        client,
        case_id,
        target_type="entity",
        target_id=node["id"],
        original_value=name,
        proposed_value=wrong,
    )
    assert response.status_code == 201, body
    assert body["verdict"] == "REJECTED", body
    assert any(name in e["excerpt"] for e in body["evidence"])
    assert await knowledge(client, case_id) == state

    # A model that misspelt the name: the user's correction restores what the sources say.
    async with runtime.session_factory() as session:
        graph = await graph_repo.latest(session, uuid.UUID(case_id))
        assert graph is not None
        graph.nodes = [
            {**n, "name": wrong} if n["id"] == node["id"] else n for n in copy.deepcopy(graph.nodes)
        ]
        await session.commit()
    response, body = await correct(
        client,
        case_id,
        target_type="entity",
        target_id=node["id"],
        original_value=wrong,
        proposed_value=name,
    )
    assert response.status_code == 201, body
    assert body["verdict"] == "CONFIRMED", body
    after = await knowledge(client, case_id)
    assert after["graph"]["version"] == state["graph"]["version"] + 1
    [fixed] = [n for n in after["graph"]["nodes"] if n["id"] == node["id"]]
    assert fixed["name"] == name
    assert fixed["corrected_by"] == [body["id"]]
    assert {(i["kind"], i["id"]) for i in body["changes"]["corrected_items"]} >= {
        ("entity", node["id"])
    }
    # A spelling feeds no computation: only items repeating the wrong spelling could go stale.
    assert body["changes"]["stale_items"] == []


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"target_type": "finding", "target_id": "x", "original_value": "", "proposed_value": "1"},
        {"target_type": "finding", "target_id": "x", "original_value": "  ", "proposed_value": "1"},
        {"target_type": "finding", "target_id": "x", "original_value": "1", "proposed_value": ""},
        {"target_type": "finding", "target_id": "x", "original_value": "1"},
        {"target_type": "finding", "target_id": "", "original_value": "1", "proposed_value": "2"},
        {"target_type": "node", "target_id": "x", "original_value": "1", "proposed_value": "2"},
        {
            "target_type": "finding",
            "target_id": "x",
            "original_value": "1",
            "proposed_value": "2",
            "extra": True,
        },
        {"target_type": "finding", "target_id": "x", "original_value": 1, "proposed_value": "2"},
        {
            "target_type": "finding",
            "target_id": "x",
            "original_value": "nul \x00",
            "proposed_value": "2",
        },
        {
            "target_type": "finding",
            "target_id": "x",
            "original_value": "1" * 2001,
            "proposed_value": "2",
        },
    ],
)
async def test_malformed_corrections_are_422(
    client: httpx.AsyncClient, demo_case: ProcessedCase, body: dict[str, Any]
) -> None:
    response = await client.post(f"/api/cases/{demo_case.id}/correct", json=body)
    assert_envelope(response, 422, "VALIDATION_ERROR")


async def test_bad_targets_values_cases_and_owners_get_the_envelope(
    client: httpx.AsyncClient,
    other_client: httpx.AsyncClient,
    demo_case: ProcessedCase,
    runtime: Runtime,
) -> None:
    case_id = demo_case.id
    state = await knowledge(client, case_id)
    target = transactions(state)[0]
    amount = f"{target['content']['amount']:,.2f}"
    base = {"target_type": "finding", "target_id": target["id"], "original_value": amount}
    url = f"/api/cases/{case_id}/correct"

    for target_type, target_id in (
        ("finding", str(uuid.uuid4())),
        ("finding", "not-a-uuid"),
        ("entity", "person:nobody-at-all"),
        ("relationship", "edge_999999"),
        ("timeline_event", "timeline_999999"),
        ("contradiction", "gap_001"),
        ("insight", "nothing_001"),
        ("message", str(uuid.uuid4())),
    ):
        body = {**base, "target_type": target_type, "target_id": target_id, "proposed_value": "1"}
        error = assert_envelope(await client.post(url, json=body), 404, "NOT_FOUND")
        assert error["details"] == {"target_type": target_type, "target_id": target_id}
    # The proposed value is the original one written differently.
    same = {**base, "proposed_value": amount.replace(",", "")}
    assert_envelope(await client.post(url, json=same), 422, "VALIDATION_ERROR")
    # The target does not state the original value.
    absent = {**base, "original_value": "123,456,789.01", "proposed_value": "1"}
    error = assert_envelope(await client.post(url, json=absent), 422, "VALIDATION_ERROR")
    assert "does not state" in error["message"]
    # Unknown case; a finding of another case.
    assert_envelope(
        await client.post(
            f"/api/cases/{uuid.uuid4()}/correct", json={**base, "proposed_value": "1"}
        ),
        404,
        "NOT_FOUND",
    )
    other = (await new_case(client, "Another case"))["id"]
    upload = await client.post(
        f"/api/cases/{other}/files",
        files=[
            ("files", ("note.txt", b"Paid 100.00 USD on 2024-01-02 to Acme Ltd.", "text/plain"))
        ],
    )
    assert upload.status_code == 201
    # Before processing there is nothing to correct: 409, whatever the target.
    error = assert_envelope(
        await client.post(f"/api/cases/{other}/correct", json={**base, "proposed_value": "1"}),
        409,
        "CONFLICT",
    )
    assert error["suggested_action"] == "process the case"
    assert (await client.get(f"/api/cases/{other}/corrections")).json() == []
    assert (await client.post(f"/api/cases/{other}/process")).status_code == 202
    from tests.agents.helpers import wait_done  # noqa: PLC0415 - only this test waits on a job

    await wait_done(client, other)
    error = assert_envelope(
        await client.post(f"/api/cases/{other}/correct", json={**base, "proposed_value": "1"}),
        404,
        "NOT_FOUND",
    )
    assert error["message"] == "Finding not found in this case."
    # While the case is being processed again, corrections wait (the graph is being rewritten).
    async with runtime.session_factory() as session:
        job = ProcessingJob(case_id=uuid.UUID(case_id), status=JobStatus.PROCESSING)
        session.add(job)
        await session.commit()
    try:
        error = assert_envelope(
            await client.post(url, json={**base, "proposed_value": "1"}), 409, "CONFLICT"
        )
        assert "being processed" in error["message"]
    finally:
        async with runtime.session_factory() as session:
            await session.execute(delete(ProcessingJob).where(ProcessingJob.id == job.id))
            await session.commit()

    # Another user: the case, its corrections and each correction are all 404.
    response, body = await correct(
        client, case_id, **{**base, "proposed_value": f"{target['content']['amount'] + 7:,.2f}"}
    )
    assert response.status_code == 201, body
    cid = body["id"]
    peer_requests: list[tuple[str, str, dict[str, Any] | None]] = [
        ("post", url, {**base, "proposed_value": "1"}),
        ("get", f"/api/cases/{case_id}/corrections", None),
        ("post", f"/api/corrections/{cid}/apply", None),
        ("delete", f"/api/corrections/{cid}", None),
    ]
    for method, path, json_body in peer_requests:
        error = assert_envelope(
            await other_client.request(method, path, json=json_body), 404, "NOT_FOUND"
        )
        assert error["message"] in {"Case not found.", "Correction not found."}
    for method in ("post", "delete"):
        path = f"/api/corrections/{uuid.uuid4()}" + ("/apply" if method == "post" else "")
        assert_envelope(await client.request(method, path), 404, "NOT_FOUND")
    assert_envelope(await client.post("/api/corrections/not-a-uuid/apply"), 422, "VALIDATION_ERROR")
    assert [c["id"] for c in (await client.get(f"/api/cases/{case_id}/corrections")).json()].count(
        cid
    ) == 1
    assert (await client.delete(f"/api/corrections/{cid}")).status_code == 204
