"""GET /api/cases/{id}/numeric-checks and the on-demand run for one file, on a live server:
the checks with their figures' places, the agents' records as a fan-out, the mismatch findings,
and bad input in the PRD §8.4 envelope."""

import uuid
from typing import Any

import httpx

from tests.agents.helpers import wait_done
from tests.api.helpers import assert_envelope
from tests.numeric.helpers import BUCKLE

HTML = "text/html"


async def _case_with(client: httpx.AsyncClient, name: str, body: bytes) -> tuple[str, str]:
    case_id = (await client.post("/api/cases", json={"name": f"numeric {name}"})).json()["id"]
    uploaded = await client.post(
        f"/api/cases/{case_id}/files", files=[("files", (name, body, HTML))]
    )
    assert uploaded.status_code == 201, uploaded.text
    return case_id, uploaded.json()[0]["id"]


def _walk(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [n for node in nodes for n in [node, *_walk(node["children"])]]


async def test_on_demand_run_lists_checks_with_their_sources(client: httpx.AsyncClient) -> None:
    case_id, file_id = await _case_with(client, "buckle.html", BUCKLE.read_bytes())
    ran = await client.post(f"/api/cases/{case_id}/files/{file_id}/numeric-checks")
    assert ran.status_code == 200, ran.text
    body = ran.json()
    assert body["mismatch"] == 0
    assert body["verified"] >= 15
    listed = (await client.get(f"/api/cases/{case_id}/numeric-checks")).json()
    assert listed["verified"] == body["verified"]
    gross = next(
        c
        for c in listed["checks"]
        if c["subject"] == "Gross profit" and c["period"] == "Thirteen Weeks Ended 2024-11-02"
    )
    assert gross["status"] == "verified"
    assert gross["computation"] == "140,071 = $293,618 - 153,547"
    assert gross["stated"] == gross["computed"] == 140_071_000
    assert gross["tolerance"] == 1500
    assert [f["source"]["line"] for f in gross["figures"]] == [35, 33, 34]
    assert all(f["source"]["file_id"] == file_id for f in gross["figures"])
    only_mismatches = await client.get(
        f"/api/cases/{case_id}/numeric-checks", params={"status": "mismatch", "file_id": file_id}
    )
    assert only_mismatches.json()["checks"] == []

    agents = _walk((await client.get(f"/api/cases/{case_id}/agents")).json())
    (extractor,) = [a for a in agents if a["agent_type"] == "NUMERIC_EXTRACTOR"]
    verifiers = [a for a in extractor["children"] if a["agent_type"] == "NUMERIC_VERIFIER"]
    # One verifier per statement (income statement, balance sheet) and one for the narrative.
    assert len(verifiers) == 3
    assert all(a["status"] == "COMPLETED" for a in [extractor, *verifiers])
    assert {c["execution_id"] for c in listed["checks"]} == {a["id"] for a in verifiers}
    # Nothing to re-verify: no reviewer runs.
    assert not any(a["agent_type"] == "NUMERIC_REVIEWER" for a in agents)


async def test_a_doctored_figure_becomes_a_finding_citing_both_figures(
    client: httpx.AsyncClient,
) -> None:
    doctored = BUCKLE.read_text().replace("140,071", "140,971").encode()
    case_id, file_id = await _case_with(client, "doctored.html", doctored)
    ran = await client.post(f"/api/cases/{case_id}/files/{file_id}/numeric-checks")
    assert ran.json()["mismatch"] == 2
    mismatches = [c for c in ran.json()["checks"] if c["status"] == "mismatch"]
    suspects = {c["suspect_figure"] for c in mismatches}
    assert len(suspects) == 1
    agents = _walk((await client.get(f"/api/cases/{case_id}/agents")).json())
    (extractor,) = [a for a in agents if a["agent_type"] == "NUMERIC_EXTRACTOR"]
    (reviewer,) = [a for a in extractor["children"] if a["agent_type"] == "NUMERIC_REVIEWER"]
    assert reviewer["status"] == "COMPLETED"
    (finding,) = [
        f
        for f in (await client.get(f"/api/cases/{case_id}/findings")).json()
        if f["finding_type"] == "numeric_mismatch"
    ]
    assert "Gross profit" in finding["title"]
    assert finding["content"]["suspect_figure"]["written"] == "140,971"
    assert {s["line"] for s in finding["content"]["sources"]} >= {33, 34, 35, 39, 40}
    # A second run replaces the first's checks and finding rather than adding to them.
    await client.post(f"/api/cases/{case_id}/files/{file_id}/numeric-checks")
    again = (await client.get(f"/api/cases/{case_id}/numeric-checks")).json()
    assert again["mismatch"] == 2
    assert len(again["checks"]) == len(ran.json()["checks"])
    findings = (await client.get(f"/api/cases/{case_id}/findings")).json()
    assert sum(f["finding_type"] == "numeric_mismatch" for f in findings) == 1


async def test_processing_runs_numeric_validation_for_financial_files(
    client: httpx.AsyncClient,
) -> None:
    case_id, file_id = await _case_with(client, "buckle.html", BUCKLE.read_bytes())
    started = await client.post(f"/api/cases/{case_id}/process")
    assert started.status_code in (200, 202), started.text
    status = await wait_done(client, case_id)
    assert status["job"]["status"] == "READY", status
    listed = (await client.get(f"/api/cases/{case_id}/numeric-checks")).json()
    assert listed["verified"] >= 15
    assert listed["mismatch"] == 0
    assert {c["job_id"] for c in listed["checks"]} == {status["job"]["id"]}
    assert {c["file_id"] for c in listed["checks"]} == {file_id}


async def test_a_processed_mismatch_is_among_the_case_insights(
    client: httpx.AsyncClient,
) -> None:
    doctored = BUCKLE.read_text().replace("140,071", "140,971").encode()
    case_id, file_id = await _case_with(client, "doctored.html", doctored)
    await client.post(f"/api/cases/{case_id}/process")
    assert (await wait_done(client, case_id))["job"]["status"] == "READY"
    insights = (await client.get(f"/api/cases/{case_id}/insights")).json()
    numeric = [c for c in insights["contradictions"] if c["id"].startswith("numeric_")]
    assert len(numeric) == 1, insights["contradictions"]
    (found,) = numeric
    assert "Gross profit" in found["claim"]
    assert found["claim_source"]["file_id"] == file_id
    assert "140,971" in found["claim_source"]["excerpt"]
    assert found["evidence_against"]
    assert found["claim_source"] not in found["evidence_against"]
    # The graph the UI reads lists the same contradictions, the synthesis's numbered as before.
    graph = (await client.get(f"/api/cases/{case_id}/graph")).json()
    assert graph["contradictions"] == insights["contradictions"]
    assert all(
        c["id"].startswith("contradiction_") for c in graph["contradictions"] if c not in numeric
    )


async def test_bad_input_gets_the_error_envelope(
    client: httpx.AsyncClient, other_client: httpx.AsyncClient
) -> None:
    case_id, file_id = await _case_with(client, "buckle.html", BUCKLE.read_bytes())
    other_case, other_file = await _case_with(other_client, "theirs.html", b"<p>x</p>")
    checks = f"/api/cases/{case_id}/numeric-checks"
    assert_envelope(
        await client.get("/api/cases/not-a-uuid/numeric-checks"), 422, "VALIDATION_ERROR"
    )
    assert_envelope(await client.get(checks, params={"status": "wrong"}), 422, "VALIDATION_ERROR")
    assert_envelope(await client.get(checks, params={"file_id": "7"}), 422, "VALIDATION_ERROR")
    assert_envelope(await client.get(f"/api/cases/{uuid.uuid4()}/numeric-checks"), 404, "NOT_FOUND")
    # Another user's case and file, and a file of another case, are not found.
    assert_envelope(await client.get(f"/api/cases/{other_case}/numeric-checks"), 404, "NOT_FOUND")
    assert_envelope(await client.get(checks, params={"file_id": other_file}), 404, "NOT_FOUND")
    assert_envelope(
        await client.post(f"/api/cases/{case_id}/files/{other_file}/numeric-checks"),
        404,
        "NOT_FOUND",
    )
    assert_envelope(
        await client.post(f"/api/cases/{other_case}/files/{file_id}/numeric-checks"),
        404,
        "NOT_FOUND",
    )
    unauthenticated = httpx.AsyncClient(base_url=str(client.base_url))
    async with unauthenticated:
        assert_envelope(await unauthenticated.get(checks), 401, "UNAUTHORIZED")
