"""GET /api/cases/{id}/numeric-checks and the on-demand run for one file (a job: queued with
202, followed on its status), on a live server: the checks with their figures' places, the
agents' records as a fan-out, the mismatch findings, one run for a double request, how a run
fails, and bad input in the PRD §8.4 envelope."""

import asyncio
import json
import socket
import subprocess
import sys
import uuid
from typing import Any

import httpx
from sqlalchemy import func, select

from holmes_backend.models import AgentExecution, Finding, NumericCheck, NumericRun
from holmes_backend.repositories import files as file_repo
from holmes_backend.runtime import Runtime
from holmes_backend.services.numeric import resume_interrupted_runs
from holmes_shared.enums import FileStatus, JobStatus
from tests.agents.helpers import wait_done
from tests.api.helpers import assert_envelope
from tests.numeric.helpers import BUCKLE, check_file, wait_run

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
    body = await check_file(client, case_id, file_id)
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
    # One verifier for the document: its statements (income statement, balance sheet) and its
    # narrative in one request.
    assert len(verifiers) == 1
    assert all(a["status"] == "COMPLETED" for a in [extractor, *verifiers])
    assert {c["execution_id"] for c in listed["checks"]} == {a["id"] for a in verifiers}
    # Nothing to re-verify: no reviewer runs.
    assert not any(a["agent_type"] == "NUMERIC_REVIEWER" for a in agents)


async def test_a_doctored_figure_becomes_a_finding_citing_both_figures(
    client: httpx.AsyncClient,
) -> None:
    doctored = BUCKLE.read_text().replace("140,071", "140,971").encode()
    case_id, file_id = await _case_with(client, "doctored.html", doctored)
    ran = await check_file(client, case_id, file_id)
    assert ran["mismatch"] == 2
    mismatches = [c for c in ran["checks"] if c["status"] == "mismatch"]
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
    await check_file(client, case_id, file_id)
    again = (await client.get(f"/api/cases/{case_id}/numeric-checks")).json()
    assert again["mismatch"] == 2
    assert len(again["checks"]) == len(ran["checks"])
    findings = (await client.get(f"/api/cases/{case_id}/findings")).json()
    assert sum(f["finding_type"] == "numeric_mismatch" for f in findings) == 1


async def test_a_double_request_queues_one_run(client: httpx.AsyncClient, runtime: Runtime) -> None:
    case_id, file_id = await _case_with(client, "buckle.html", BUCKLE.read_bytes())
    run_url = f"/api/cases/{case_id}/files/{file_id}/numeric-checks"
    status_url = f"{run_url}/status"
    assert_envelope(await client.get(status_url), 404, "NOT_FOUND")  # never checked yet

    answers = await asyncio.gather(client.post(run_url), client.post(run_url))
    # Both requests are answered with the file's one run (or, when they wrote it at the same
    # instant, the later one with 409 and the envelope).
    accepted = [a for a in answers if a.status_code == 202]
    assert accepted, [a.text for a in answers]
    for refused in (a for a in answers if a.status_code != 202):
        assert_envelope(refused, 409, "CONFLICT")
    assert len({a.json()["id"] for a in accepted}) == 1
    first = accepted[0].json()
    assert first["status"] in ("PENDING", "PROCESSING")
    assert first["case_id"] == case_id
    assert first["error"] is None
    assert first["completed_at"] is None
    ended = await wait_run(client, case_id, file_id)
    assert ended["status"] == "READY", ended
    assert ended["started_at"] is not None
    assert ended["completed_at"] is not None
    async with runtime.session_factory() as session:
        runs = await session.scalar(
            select(func.count())
            .select_from(NumericRun)
            .where(NumericRun.file_id == uuid.UUID(file_id))
        )
    assert runs == 1
    agents = _walk((await client.get(f"/api/cases/{case_id}/agents")).json())
    assert [a["agent_type"] for a in agents].count("NUMERIC_EXTRACTOR") == 1


async def test_a_file_that_cannot_be_read_fails_in_the_envelope(
    client: httpx.AsyncClient, runtime: Runtime
) -> None:
    # Processing found it unreadable: refused at once.
    case_id, file_id = await _case_with(client, "unread.html", BUCKLE.read_bytes())
    async with runtime.session_factory() as session:
        await file_repo.set_status(
            session, [uuid.UUID(file_id)], FileStatus.ERROR, "the file is truncated"
        )
        await session.commit()
    refused = await client.post(f"/api/cases/{case_id}/files/{file_id}/numeric-checks")
    error = assert_envelope(refused, 422, "FILE_CORRUPT")
    assert "truncated" in error["message"]
    assert error["details"] == {"file_id": file_id}

    # Not read yet, and unreadable: the run ends in error, the envelope's body on its status.
    broken_case = (await client.post("/api/cases", json={"name": "broken pdf"})).json()["id"]
    uploaded = await client.post(
        f"/api/cases/{broken_case}/files",
        files=[("files", ("broken.pdf", b"%PDF-1.7\n" + b"\x00garbage" * 50, "application/pdf"))],
    )
    assert uploaded.status_code == 201, uploaded.text
    broken = uploaded.json()[0]["id"]
    queued = await client.post(f"/api/cases/{broken_case}/files/{broken}/numeric-checks")
    assert queued.status_code == 202, queued.text
    ended = await wait_run(client, broken_case, broken)
    assert ended["status"] == "ERROR"
    assert ended["error"]["code"] == "FILE_CORRUPT"
    assert ended["error"]["details"] == {"file_id": broken}
    assert ended["error"]["recoverable"] is False
    checks = await client.get(f"/api/cases/{broken_case}/numeric-checks")
    assert checks.json()["checks"] == []


async def test_a_case_deleted_while_its_file_is_checked_leaves_nothing(
    client: httpx.AsyncClient, runtime: Runtime
) -> None:
    case_id, file_id = await _case_with(client, "deleted.html", BUCKLE.read_bytes())
    queued = await client.post(f"/api/cases/{case_id}/files/{file_id}/numeric-checks")
    assert queued.status_code == 202, queued.text
    # The run is aborted (a worker's job, or this process's task) before the evidence goes.
    assert (await client.delete(f"/api/cases/{case_id}")).status_code == 204
    await asyncio.sleep(1)  # anything the run still wrote would have landed by now
    case = uuid.UUID(case_id)
    async with runtime.session_factory() as session:
        for table in (NumericRun, NumericCheck, AgentExecution, Finding):
            left = await session.scalar(
                select(func.count()).select_from(table).where(table.case_id == case)
            )
            assert left == 0, table.__tablename__
    assert await runtime.storage.list_keys(f"cases/{case_id}/") == []


async def test_a_run_whose_process_died_runs_again_here(
    client: httpx.AsyncClient, runtime: Runtime
) -> None:
    """Embedded: a run its process left running (that process gone) is run again by the next
    one to start, once."""
    case_id, file_id = await _case_with(client, "orphan.html", BUCKLE.read_bytes())
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    gone = json.dumps({"host": socket.gethostname(), "pid": dead.pid, "token": "x"}, sort_keys=True)
    async with runtime.session_factory() as session:
        orphan = NumericRun(
            case_id=uuid.UUID(case_id),
            file_id=uuid.UUID(file_id),
            status=JobStatus.PROCESSING,
            runner=gone,
        )
        session.add(orphan)
        await session.commit()
    resumed = await asyncio.gather(
        resume_interrupted_runs(runtime), resume_interrupted_runs(runtime)
    )
    assert sum(resumed) == 1  # claimed by one of the two
    ended = await wait_run(client, case_id, file_id)
    assert ended["id"] == str(orphan.id)
    assert ended["status"] == "READY", ended
    assert (await client.get(f"/api/cases/{case_id}/numeric-checks")).json()["verified"] >= 15


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
    for case, file in ((case_id, other_file), (other_case, file_id), (case_id, uuid.uuid4())):
        assert_envelope(
            await client.get(f"/api/cases/{case}/files/{file}/numeric-checks/status"),
            404,
            "NOT_FOUND",
        )
    assert_envelope(
        await client.post(f"/api/cases/{case_id}/files/{uuid.uuid4()}/numeric-checks"),
        404,
        "NOT_FOUND",
    )
    assert_envelope(
        await client.post(f"/api/cases/{case_id}/files/not-a-uuid/numeric-checks"),
        422,
        "VALIDATION_ERROR",
    )
    assert_envelope(
        await client.get(f"/api/cases/{case_id}/files/7/numeric-checks/status"),
        422,
        "VALIDATION_ERROR",
    )
    unauthenticated = httpx.AsyncClient(base_url=str(client.base_url))
    async with unauthenticated:
        assert_envelope(await unauthenticated.get(checks), 401, "UNAUTHORIZED")
