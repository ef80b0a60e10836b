"""Regenerating what corrections left stale, and corrections kept through a full re-processing,
on the processed demo case over the live API.

The misreading is simulated consistently (the finding, the graph and the job's stored domain
output), as a model that misread a figure would have left it, so regeneration has something to
get wrong if it read anything but the corrected findings.
"""

import copy
import time
import uuid
from datetime import date, timedelta
from typing import Any

import httpx
from sqlalchemy import delete, select

from holmes_backend.agents import regeneration
from holmes_backend.agents.verification import items
from holmes_backend.agents.verification.kept import keep_corrected
from holmes_backend.models import AgentExecution, Correction, ProcessingJob
from holmes_backend.numeric.compare import read_value
from holmes_backend.repositories import jobs as job_repo
from holmes_backend.runtime import Runtime
from holmes_shared.enums import JobStatus
from tests.agents.helpers import wait_done
from tests.api.helpers import assert_envelope, new_case
from tests.conflicts.builders import wire_confirmation
from tests.corrections.conftest import ProcessedCase
from tests.corrections.test_corrections import (
    balance_entries,
    correct,
    current,
    event_log,
    knowledge,
    misread,
    place,
    refs,
    transactions,
)

Json = dict[str, Any]
GRAPH_LISTS = ("nodes", "edges", "facts", "contradictions", "evidence_gaps", "cross_modal_links")
REGENERATING_AGENTS = {"synthesis_agent", "knowledge_graph_agent", "merge_agent"}


async def version(client: httpx.AsyncClient, case_id: str, number: int) -> Json:
    response = await client.get(f"/api/cases/{case_id}/graph/versions/{number}")
    assert response.status_code == 200, response.text
    body: Json = response.json()
    return body


def stale_items(state: Json) -> list[Json]:
    graph = state["graph"]
    found = [i for key in GRAPH_LISTS for i in graph.get(key, []) if i.get("stale")]
    return found + [e for e in state["timeline"]["events"] if e.get("stale")]


def stating(value: Any, amount: float) -> bool:
    return items.holds(value, read_value(f"{amount:,.2f}"))


async def misread_everywhere(
    runtime: Runtime, case_id: str, finding: Json, right: float, wrong: float
) -> None:
    """As `misread`, and in the domain output the job stored (what synthesis reads)."""
    await misread(runtime, case_id, finding, right, wrong)
    at = items.place(finding["source_location"])
    async with runtime.session_factory() as session:
        jobs = await session.scalars(
            select(ProcessingJob.id).where(ProcessingJob.case_id == uuid.UUID(case_id))
        )
        changed = 0
        for job_id in jobs.all():
            domains = copy.deepcopy((await job_repo.states(session, job_id)).get("domains", {}))
            for tx in (domains.get("financial") or {}).get("transactions", []):
                if items.place(tx["source"]) == at and tx["amount"] == right:
                    tx["amount"] = wrong
                    changed += 1
            if domains:
                await job_repo.set_state(session, job_id, "domains", domains)
        await session.commit()
    assert changed == 1


async def regenerate(client: httpx.AsyncClient, case_id: str) -> tuple[Json, Json, float]:
    started = time.perf_counter()
    response = await client.post(f"/api/cases/{case_id}/regenerate")
    assert response.status_code == 202, response.text
    status = await wait_done(client, case_id)
    seconds = time.perf_counter() - started
    print(f"\nregeneration took {seconds * 1000:.0f} ms")
    job: Json = response.json()
    return job, status, seconds


async def executions(runtime: Runtime, job_id: str) -> list[AgentExecution]:
    async with runtime.session_factory() as session:
        rows = await session.scalars(
            select(AgentExecution).where(AgentExecution.job_id == uuid.UUID(job_id))
        )
        return list(rows)


def in_order(log: list[tuple[str, Json]], *wanted: tuple[str, dict[str, Any]]) -> None:
    """The events appear in this order (others may come between)."""
    position = 0
    for kind, fields in wanted:
        while position < len(log) and not (
            log[position][0] == kind
            and all(log[position][1].get(k) == v for k, v in fields.items())
        ):
            position += 1
        assert position < len(log), f"{kind} {fields} missing in order"
        position += 1


async def open_a_conflict(client: httpx.AsyncClient, case_id: str) -> list[Json]:
    """New evidence stating another amount for the graph's best-attested transaction."""
    latest = (await client.get(f"/api/cases/{case_id}/graph")).json()["version"]
    facts = (await version(client, case_id, latest))["facts"]
    dated = {f["subject_id"] for f in facts if f["attribute"] == "date"}
    amount = max(
        (f for f in facts if f["attribute"] == "amount" and f["subject_id"] in dated),
        key=lambda f: (len(f["sources"]), f["confidence"], f["id"]),
    )
    day = next(
        f for f in facts if f["attribute"] == "date" and f["subject_id"] == amount["subject_id"]
    )
    number, currency = amount["value"].split()
    document = wire_confirmation(
        bank="First Lakes Bank",
        reference=str(amount["subject_name"]).split()[-1],
        amount=round(float(number) * 1.1, 2),
        currency=currency,
        day=date.fromisoformat(day["value"]) + timedelta(days=60),
    )
    response = await client.post(
        f"/api/cases/{case_id}/files",
        files=[("files", ("wire_confirmation.pdf", document, "application/pdf"))],
    )
    assert response.status_code == 201, response.text
    job = await client.post(f"/api/cases/{case_id}/process", json={"incremental": True})
    assert job.status_code == 202, job.text
    status = await wait_done(client, case_id)
    assert status["job"]["status"] == "READY", status["job"]["errors"]
    conflicts: list[Json] = (await client.get(f"/api/cases/{case_id}/conflicts")).json()
    opened = [c for c in conflicts if c["status"] == "OPEN"]
    assert opened
    return opened


async def test_regeneration_refreshes_stale_items_and_keeps_corrections_and_conflicts(
    client: httpx.AsyncClient, demo_case: ProcessedCase, runtime: Runtime
) -> None:
    case_id = demo_case.id
    conflicts = await open_a_conflict(client, case_id)
    conflicted = {c["fact_id"] for c in conflicts}
    before_misread = await knowledge(client, case_id)
    graph = before_misread["graph"]

    def cited(entries: list[Json]) -> set[tuple[Any, ...]]:
        """The places items draw on: items citing several places (one resting on a single
        place tells that place's fact, and is corrected with it, not made stale)."""
        return {
            place(r)
            for item in entries
            if len({place(r) for r in refs(item)}) > 1
            for r in refs(item)
        }

    insight_places = cited(graph["contradictions"] + graph["evidence_gaps"])
    derived_places = cited(graph["edges"] + [n for n in graph["nodes"] if n["type"] == "amount"])
    # A transaction that insights and graph relationships draw on: both go stale.
    target = next(
        f
        for f in transactions(before_misread)
        if place(f["source_location"]) in insight_places & derived_places
    )
    right = float(target["content"]["amount"])
    wrong = right + 111.11
    await misread_everywhere(runtime, case_id, target, right, wrong)
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
    assert body["verdict"] == "CONFIRMED", body
    corrected = await knowledge(client, case_id)
    assert stale_items(corrected)
    assert any(f["stale"] and f["domain"] == "synthesis" for f in current(corrected["findings"]))
    events_before = len(await event_log(runtime, case_id))

    job, status, _ = await regenerate(client, case_id)
    assert job["completed_phases"] == ["extraction", "triage", "routing", "domains"]
    assert job["status"] == "PENDING"
    assert status["job"]["id"] == job["id"]
    assert status["job"]["status"] == "READY", status["job"]["errors"]
    after = await knowledge(client, case_id)

    # A new version in which nothing is stale any more.
    assert after["graph"]["version"] == corrected["graph"]["version"] + 1
    assert stale_items(after) == []
    assert not [f for f in current(after["findings"]) if f["stale"] and f["domain"] == "synthesis"]
    # The corrected value is still there, and the misread one is stated nowhere.
    fixed = next(
        f
        for f in after["findings"]
        if f["id"] == body["changes"]["superseded_findings"][0]["superseded_by"]
    )
    assert fixed["status"] != "superseded"
    assert fixed["content"]["amount"] == right
    at = place(target["source_location"])
    entries = [e for e in after["timeline"]["events"] if place(e["source"]) == at and "amount" in e]
    assert entries
    assert all(e["amount"] == right for e in entries)
    for key in (*GRAPH_LISTS, "timeline"):
        shown = after["timeline"]["events"] if key == "timeline" else after["graph"].get(key, [])
        assert not [i for i in shown if stating(i, wrong)], key
    # Synthesis read the corrected findings: what it derives is what it derived before the
    # misreading, and the graph has the same entities and relationships again.
    for name in ("contradictions", "evidence_gaps", "cross_modal_links"):
        # (Whether a citation was checked aside: a regeneration reads no evidence, so its
        # synthesis's citations are not checked again and carry verified null.)
        assert unchecked(after["insights"][name]) == unchecked(before_misread["insights"][name])
    assert {n["id"] for n in after["graph"]["nodes"]} == {
        n["id"] for n in before_misread["graph"]["nodes"]
    }

    def edge_keys(state: Json) -> set[tuple[str, str, str]]:
        return {(e["source_id"], e["target_id"], e["type"]) for e in state["graph"]["edges"]}

    assert edge_keys(after) == edge_keys(before_misread)
    # The open conflicts are still open, still marked on the facts, and none was added.
    listed = (await client.get(f"/api/cases/{case_id}/conflicts")).json()
    assert sorted(c["id"] for c in listed) == sorted(c["id"] for c in conflicts)
    assert all(c["status"] == "OPEN" for c in listed)
    regenerated = await version(client, case_id, after["graph"]["version"])
    assert not [f for f in regenerated["facts"] if f.get("stale")]
    assert not [f for f in regenerated["facts"] if stating(f, wrong)]
    marked = {f["id"] for f in regenerated["facts"] if f.get("conflict_ids")}
    assert conflicted <= marked

    # Followed like any job: its events in order, and only synthesis and graph agents ran.
    log = (await event_log(runtime, case_id))[events_before:]
    kinds = [kind for kind, _ in log]
    in_order(
        log,
        ("PROCESSING_STARTED", {"job_id": job["id"], "kind": "regeneration"}),
        ("AGENT_STARTED", {}),
        ("GRAPH_UPDATED", {"reason": "regeneration", "version": after["graph"]["version"]}),
        ("PROCESSING_COMPLETED", {"job_id": job["id"], "status": "READY"}),
    )
    assert "CONFLICT_DETECTED" not in kinds
    assert "INSIGHT_DETECTED" in kinds
    ran = await executions(runtime, job["id"])
    names = {e.agent_name for e in ran}
    print(f"regeneration agents: {sorted(names)}; change: {regenerated['change']}")
    assert {"synthesis_agent", "knowledge_graph_agent", "merge_agent"} == names
    assert all(e.status == "COMPLETED" for e in ran)
    assert regenerated["change"]["kind"] == "regeneration"
    assert regenerated["change"]["withdrawn"] > 0

    # What regeneration refreshes is fresh now: a second one is refused. The findings a domain
    # agent computed from the figure (an anomaly's total) stay stale: only a new reading of the
    # evidence refreshes them, and the refusal says so.
    still = regenerated["change"]["findings_still_stale"]
    assert set(still) == {f["id"] for f in current(after["findings"]) if f["stale"]}
    error = assert_envelope(await client.post(f"/api/cases/{case_id}/regenerate"), 409, "CONFLICT")
    if still:
        assert error["details"]["domain_findings"] == len(still)
        assert error["suggested_action"] == "process the case again to re-read the evidence"
    else:
        assert "Nothing" in error["message"]


async def test_regeneration_is_refused_when_it_cannot_run_and_to_other_users(
    client: httpx.AsyncClient,
    other_client: httpx.AsyncClient,
    demo_case: ProcessedCase,
    runtime: Runtime,
) -> None:
    case_id = demo_case.id
    # Another user's request, an unknown case, a malformed id.
    error = assert_envelope(
        await other_client.post(f"/api/cases/{case_id}/regenerate"), 404, "NOT_FOUND"
    )
    assert error["message"] == "Case not found."
    assert_envelope(await client.post(f"/api/cases/{uuid.uuid4()}/regenerate"), 404, "NOT_FOUND")
    assert_envelope(await client.post("/api/cases/nope/regenerate"), 422, "VALIDATION_ERROR")
    # Before processing there is nothing to regenerate.
    fresh = (await new_case(client, "Not processed"))["id"]
    error = assert_envelope(await client.post(f"/api/cases/{fresh}/regenerate"), 409, "CONFLICT")
    assert error["suggested_action"] == "process the case"
    # While a job runs.
    async with runtime.session_factory() as session:
        running = ProcessingJob(case_id=uuid.UUID(case_id), status=JobStatus.PROCESSING)
        session.add(running)
        await session.commit()
    try:
        error = assert_envelope(
            await client.post(f"/api/cases/{case_id}/regenerate"), 409, "CONFLICT"
        )
        assert "being processed" in error["message"]
    finally:
        async with runtime.session_factory() as session:
            await session.execute(delete(ProcessingJob).where(ProcessingJob.id == running.id))
            await session.commit()
    # Nothing stale (the first test regenerated everything), and nothing was started.
    jobs = (await client.get(f"/api/cases/{case_id}/process/status")).json()["job"]["id"]
    assert_envelope(await client.post(f"/api/cases/{case_id}/regenerate"), 409, "CONFLICT")
    assert (await client.get(f"/api/cases/{case_id}/process/status")).json()["job"]["id"] == jobs


async def test_a_full_reprocessing_keeps_applied_corrections_or_reports_them(
    client: httpx.AsyncClient, demo_case: ProcessedCase, runtime: Runtime
) -> None:
    case_id = demo_case.id
    state = await knowledge(client, case_id)
    # The user stands by the other figure of a row that states two: the sources cannot decide,
    # so the analysis reads the original again on every processing.
    graph = state["graph"]
    drawn_on = {  # as above: items citing several places draw on each of them
        place(r)
        for item in graph["edges"] + graph["contradictions"] + graph["evidence_gaps"]
        if len({place(r) for r in refs(item)}) > 1
        for r in refs(item)
    }
    candidates = balance_entries(state)
    # Preferably a row something draws on, so that the re-applied correction leaves it stale.
    entry, other = next((c for c in candidates if place(c[0]["source"]) in drawn_on), candidates[0])
    draws = place(entry["source"]) in drawn_on
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
    applied = (await client.post(f"/api/corrections/{body['id']}/apply")).json()
    assert applied["applied"] is True
    proposed, at = float(other), place(entry["source"])
    events_before = len(await event_log(runtime, case_id))

    assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
    status = await wait_done(client, case_id)
    assert status["job"]["status"] == "READY", status["job"]["errors"]
    after = await knowledge(client, case_id)
    # The new analysis read the original figure again; the correction put it right again.
    shown = [e for e in after["timeline"]["events"] if place(e["source"]) == at and "amount" in e]
    assert shown
    assert all(e["amount"] == proposed and body["id"] in e["corrected_by"] for e in shown)
    fresh = [f for f in transactions(after) if place(f["source_location"]) == at]
    assert [f["content"]["amount"] for f in fresh] == [proposed]
    listed = {c["id"]: c for c in (await client.get(f"/api/cases/{case_id}/corrections")).json()}
    [again] = listed[body["id"]]["reapplications"]
    assert again["outcome"] == "applied"
    assert again["job_id"] == status["job"]["id"]
    assert again["graph_version"] == after["graph"]["version"]
    # The first test's correction restored what the source says: the analysis reads it so.
    earlier = [c for c in listed.values() if c["id"] != body["id"] and c["applied"]]
    assert earlier
    assert {c["reapplications"][-1]["outcome"] for c in earlier} == {"already_current"}
    log = (await event_log(runtime, case_id))[events_before:]
    reapplied = [p for kind, p in log if kind == "CORRECTION_REAPPLIED"]
    assert {p["correction_id"]: p["outcome"] for p in reapplied} == {
        c["id"]: c["reapplications"][-1]["outcome"] for c in [*earlier, listed[body["id"]]]
    }
    in_order(
        log,
        ("CORRECTION_REAPPLIED", {"correction_id": body["id"], "outcome": "applied"}),
        ("STALE_ITEMS_MARKED", {"correction_id": body["id"], "reapplied": True}),
        ("GRAPH_UPDATED", {"version": after["graph"]["version"]}),
    )
    # What draws on the figure is stale again, and regeneration refreshes it.
    print(f"re-applied: {again}")
    assert bool(stale_items(after)) == draws
    if not draws:
        assert_envelope(await client.post(f"/api/cases/{case_id}/regenerate"), 409, "CONFLICT")
        return
    _, regenerated_status, _ = await regenerate(client, case_id)
    assert regenerated_status["job"]["status"] == "READY", regenerated_status["job"]["errors"]
    regenerated = await knowledge(client, case_id)
    assert stale_items(regenerated) == []
    kept = [e for e in regenerated["timeline"]["events"] if place(e["source"]) == at]
    assert kept
    assert all(e["amount"] == proposed for e in kept if "amount" in e)

    # The evidence the corrections rest on is removed: processing again reports them, and keeps
    # them listed.
    file_id = entry["source"]["file_id"]
    assert (await client.delete(f"/api/files/{file_id}")).status_code == 204
    assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
    status = await wait_done(client, case_id)
    assert status["job"]["status"] == "READY", status["job"]["errors"]
    listed = {c["id"]: c for c in (await client.get(f"/api/cases/{case_id}/corrections")).json()}
    last = listed[body["id"]]["reapplications"][-1]
    assert last["outcome"] == "target_missing"
    assert "not applied again" in last["note"]
    log = await event_log(runtime, case_id)
    assert any(
        kind == "CORRECTION_REAPPLIED"
        and p["correction_id"] == body["id"]
        and p["outcome"] == "target_missing"
        for kind, p in log
    )
    final = await knowledge(client, case_id)
    assert not [e for e in final["timeline"]["events"] if e["source"].get("file_id") == file_id]


def _correction(original: str, proposed: str, cited: list[Json]) -> Correction:
    return Correction(
        id=uuid.uuid4(),
        original_value=original,
        corrected_value=proposed,
        verification_evidence={"cited": cited},
    )


def test_items_derived_again_keep_the_corrected_value() -> None:
    row = {"file_id": "f1", "row": 4, "excerpt": "2024-03-01;Payment;4,500.00;12,000.00"}
    other_row = {"file_id": "f1", "row": 5, "excerpt": "2024-03-02;Payment;4,500.00"}
    correction = _correction("4,500.00", "5,400.00", [row])
    lists: dict[str, list[Any]] = {
        "timeline": [
            {"id": "timeline_001", "amount": 4500.0, "description": "Paid 4,500.00", "source": row},
            {"id": "timeline_002", "amount": 4500.0, "source": other_row},
            {"id": "timeline_003", "amount": 12000.0, "source": row},
        ],
        "edges": [
            {
                "source_id": "a",
                "target_id": "b",
                "description": "4,500.00",
                "evidence": [row, other_row],
            }
        ],
    }
    kept = keep_corrected(lists, [correction])
    first, second, third = lists["timeline"]
    # The fact told again where the correction applied takes the corrected value...
    assert first["amount"] == 5400.0
    assert first["description"] == "Paid 5,400.00"
    assert first["corrected_by"] == [str(correction.id)]
    assert first["source"] == row  # a citation is a quote: never rewritten
    # ...another row's figure, another figure of the row, and what rests on more are untouched.
    assert second == {"id": "timeline_002", "amount": 4500.0, "source": other_row}
    assert third["amount"] == 12000.0
    assert "corrected_by" not in lists["edges"][0]
    assert kept == [
        {"kind": "timeline_event", "id": "timeline_001", "correction_id": str(correction.id)}
    ]
    # Keeping it twice changes nothing more.
    assert keep_corrected(lists, [correction]) == []


def test_only_stale_items_without_a_user_decision_are_withdrawn() -> None:
    row = {"file_id": "f1", "row": 4}
    lists: dict[str, list[Any]] = {
        "nodes": [
            {
                "id": "amount:x",
                "type": "amount",
                "stale": True,
                "stale_because": ["c"],
                "sources": [row],
            },
            {"id": "person:y", "type": "person", "sources": [row]},
        ],
        "edges": [
            {
                "source_id": "person:y",
                "target_id": "amount:x",
                "type": "paid",
                "stale": True,
                "evidence": [row],
            }
        ],
        "facts": [
            {
                "id": "fact:1",
                "stale": True,
                "stale_because": ["c"],
                "conflict_ids": ["k"],
                "sources": [row],
            },
        ],
        "timeline": [
            {
                "id": "timeline_001",
                "timestamp": "2024-03-01",
                "status": "rejected",
                "stale": True,
                "source": row,
            }
        ],
    }
    kept, where, counts = regeneration._withdraw(lists)
    assert [n["id"] for n in kept["nodes"]] == ["person:y"]
    assert kept["edges"] == []
    # An open conflict or a decision stands: the item stays, no longer stale.
    assert kept["facts"] == [{"id": "fact:1", "conflict_ids": ["k"], "sources": [row]}]
    assert kept["timeline"] == [
        {"id": "timeline_001", "timestamp": "2024-03-01", "status": "rejected", "source": row}
    ]
    assert where == items.places([row])
    assert counts == {"withdrawn": 2, "kept_for_decisions": 2}


def unchecked(value: Any) -> Any:
    """The value without the grounding check's `verified` marks."""
    if isinstance(value, dict):
        return {k: unchecked(v) for k, v in value.items() if k != "verified"}
    if isinstance(value, list):
        return [unchecked(v) for v in value]
    return value
