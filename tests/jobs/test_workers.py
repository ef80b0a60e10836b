"""PostgreSQL as deployed: two API processes that run no jobs, worker processes that do.

One cluster for the module (processes start in seconds each on a 2-core machine): with no worker
the jobs wait PENDING; three workers then process 20 cases, each exactly once, though one worker
is killed (SIGKILL) mid-job and its job resumes on another from its last completed phase; event
streams on both APIs see every event of every case, in order; and a case deleted while a worker
processes it has its job aborted and leaves nothing behind."""

import asyncio
import json
import os
import signal
import uuid
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.jobs.cluster import Cluster, cluster
from tests.support import read_sse

CASES = 20
LETTER = (
    b"Statement of Anna Berg, 12 March 2024.\n"
    b"I was at home at 14 Larch Close all evening on 3 March 2024. I never met Tom Hale.\n"
)
MAIL = (
    b"From: tom@hale.example\nTo: anna@berg.example\nDate: Mon, 4 Mar 2024 09:00:00 +0000\n"
    b"Subject: dinner\n\nGood to see you yesterday in Rotterdam, Anna. Invoice attached.\n"
)
LEDGER = b"date,payee,amount,approved_by\n" + b"".join(
    b"2024-03-%02d,Hale Consulting Ltd,%d,Anna Berg\n" % (1 + n % 28, 9000 + n) for n in range(40)
)
ENDS = {"PROCESSING_COMPLETED", "PROCESSING_FAILED"}


@pytest.fixture(scope="module")
def jobs_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    env = {
        # Each agent call takes 0.3 s more, so a job lasts long enough to be caught mid-run.
        "HOLMES_LOCAL_ANALYST_LATENCY_MS": "300",
        "HOLMES_WORKER_HEARTBEAT_SECONDS": "1",
        "HOLMES_WORKER_STALLED_SECONDS": "4",
        "HOLMES_WORKER_SHUTDOWN_GRACE_SECONDS": "2",
    }
    with cluster(tmp_path_factory.mktemp("cluster"), env) as running:
        running.start_apis(2)
        yield running


@pytest.fixture(scope="module")
def token(jobs_cluster: Cluster) -> str:
    response = httpx.post(
        f"{jobs_cluster.apis[0]}/api/auth/signup",
        json={"email": "workers@holmes.example", "password": "long enough password"},
        timeout=30,
    )
    assert response.status_code == 201, response.text
    return str(response.json()["access_token"])


def _client(base_url: str, token: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        base_url=base_url, timeout=60, headers={"Authorization": f"Bearer {token}"}
    )


async def _new_case(http: httpx.AsyncClient, name: str) -> str:
    case_id = str((await http.post("/api/cases", json={"name": name})).json()["id"])
    upload = await http.post(
        f"/api/cases/{case_id}/files",
        files=[
            ("files", ("statement.txt", LETTER)),
            ("files", ("note.eml", MAIL)),
            ("files", ("ledger.csv", LEDGER)),
        ],
    )
    assert upload.status_code == 201, upload.text
    return case_id


async def _status(http: httpx.AsyncClient, case_id: str) -> dict[str, Any]:
    response = await http.get(f"/api/cases/{case_id}/process/status")
    assert response.status_code == 200, response.text
    job: dict[str, Any] = response.json()["job"]
    return job


async def _stream(
    http: httpx.AsyncClient, case_id: str, opened: asyncio.Event, last_event_id: int = 0
) -> list[tuple[int, str]]:
    """The case's events as one browser tab sees them, until the job's end event."""
    headers = {"Last-Event-ID": str(last_event_id)} if last_event_id else {}
    seen: list[tuple[int, str]] = []
    async with http.stream("GET", f"/api/cases/{case_id}/events", headers=headers) as response:
        assert response.status_code == 200
        opened.set()
        lines = response.aiter_lines()
        while not seen or seen[-1][1] not in ENDS:
            (event,) = await read_sse(lines, 1)
            seen.append((int(event.id or 0), str(json.loads(event.data)["type"])))
    return seen


async def _log(jobs_cluster: Cluster, case_id: str) -> list[tuple[int, str]]:
    rows = await jobs_cluster.query(
        "SELECT id, type FROM case_events WHERE case_id = $1 ORDER BY id", uuid.UUID(case_id)
    )
    return [(row["id"], row["type"]) for row in rows]


async def _per_case(jobs_cluster: Cluster, sql: str, case_id: str) -> Counter[str]:
    rows = await jobs_cluster.query(sql, uuid.UUID(case_id))
    return Counter({row[0]: row[1] for row in rows})


FINDINGS = "SELECT domain, count(*) FROM findings WHERE case_id = $1 GROUP BY domain"
COMPLETED_RUNS = (
    "SELECT agent_name, count(*) FROM agent_executions WHERE case_id = $1 "
    "AND status = 'COMPLETED' GROUP BY agent_name"
)
EVENTS = "SELECT type, count(*) FROM case_events WHERE case_id = $1 GROUP BY type"
# The agents of each phase, by name prefix.
PHASE_AGENTS = {
    "triage": ("triage_",),
    "routing": ("orchestrator",),
    "domains": ("financial_", "legal_", "evidence_", "strategy_", "numeric_"),
    "synthesis": ("synthesis_",),
}


def _assert_ran_once(runs: Counter[str], stopped_after: list[str] | None) -> None:
    """Every agent completed once; in a job stopped mid-run (`stopped_after` its completed
    phases), those of its completed phases once, and those of the phase it was in at most twice
    (a phase whose completion was not yet recorded runs again on resume)."""
    if stopped_after is None:
        assert set(runs.values()) == {1}, runs
        return
    done = tuple(p for phase in stopped_after for p in PHASE_AGENTS.get(phase, ()))
    for name, count in runs.items():
        assert count <= (1 if name.startswith(done) else 2), (name, runs)


async def test_workers_process_every_case_once_through_a_killed_worker(
    jobs_cluster: Cluster, token: str
) -> None:
    api_a, api_b = jobs_cluster.apis
    async with _client(api_a, token) as a, _client(api_b, token) as b:
        cases = [await _new_case((a, b)[i % 2], f"case {i}") for i in range(CASES)]

        # Every case watched live from both API processes, from before its job starts.
        opened = [asyncio.Event() for _ in range(2 * CASES)]
        streams = [
            asyncio.create_task(_stream(http, case_id, opened[2 * i + j]))
            for i, case_id in enumerate(cases)
            for j, http in enumerate((a, b))
        ]
        async with asyncio.timeout(60):
            await asyncio.gather(*(event.wait() for event in opened))

        for i, case_id in enumerate(cases):
            response = await (b, a)[i % 2].post(f"/api/cases/{case_id}/process")
            assert response.status_code == 202, response.text

        # No worker yet: the jobs wait in the queue.
        await asyncio.sleep(3)
        statuses = [(await _status(a, case_id))["status"] for case_id in cases]
        assert statuses == ["PENDING"] * CASES

        workers = jobs_cluster.start_workers(3, concurrency=2)

        # A worker is killed while its job is between phases it has completed and the end.
        async with asyncio.timeout(120):
            while True:
                victim = None
                for case_id in cases:
                    job = await _status(a, case_id)
                    if job["status"] == "PROCESSING" and "triage" in job["completed_phases"]:
                        pid = await jobs_cluster.worker_pid_of(case_id)
                        if pid is not None and pid in {w.pid for w in workers}:
                            victim = case_id
                            break
                if victim is not None:
                    break
                await asyncio.sleep(0.1)
        os.kill(pid, signal.SIGKILL)
        # Every job the killed worker ran (it runs two at once), and where each was.
        victims = {
            case_id: (await _status(b, case_id))["completed_phases"]
            for case_id, runner in (await jobs_cluster.runners()).items()
            if runner == pid
        }
        assert victim in victims
        assert "triage" in victims[victim]
        assert all("graph" not in phases for phases in victims.values())

        await asyncio.wait_for(asyncio.gather(*streams), 240)

    for case_id in cases:
        job = await _status_sync(api_a, token, case_id)
        assert job["status"] == "READY", (case_id, job)

    # Each case processed once: one start (the killed one: one more, resumed where it was),
    # one end, one graph, every agent completed once.
    reference_findings = None
    for case_id in cases:
        events = await _per_case(jobs_cluster, EVENTS, case_id)
        assert events["PROCESSING_COMPLETED"] == 1, case_id
        assert events["PROCESSING_STARTED"] == (2 if case_id in victims else 1), case_id
        runs = await _per_case(jobs_cluster, COMPLETED_RUNS, case_id)
        assert runs, case_id
        _assert_ran_once(runs, victims.get(case_id))
        findings = await _per_case(jobs_cluster, FINDINGS, case_id)
        # The same evidence in every case: the same findings, none twice in a resumed one.
        reference_findings = reference_findings or findings
        assert findings == reference_findings, case_id

    for case_id, killed_at in victims.items():
        started = await jobs_cluster.query(
            "SELECT payload FROM case_events WHERE case_id = $1 "
            "AND type = 'PROCESSING_STARTED' ORDER BY id",
            uuid.UUID(case_id),
        )
        payloads = [json.loads(row["payload"]) for row in started]
        assert payloads[0]["resumed_after"] == []
        assert payloads[1]["resumed_after"] == killed_at  # resumed on another worker
    # Every stream, on either API, saw its case's whole log in order.
    for i, case_id in enumerate(cases):
        log = await _log(jobs_cluster, case_id)
        assert streams[2 * i].result() == log, case_id
        assert streams[2 * i + 1].result() == log, case_id

    # A browser reconnecting to the other API with Last-Event-ID gets exactly what it missed.
    log = await _log(jobs_cluster, victim)
    async with _client(api_b, token) as b:
        again = await _stream(b, victim, asyncio.Event(), last_event_id=log[9][0])
    assert again == log[10:]


async def _status_sync(base_url: str, token: str, case_id: str) -> dict[str, Any]:
    async with _client(base_url, token) as http:
        return await _status(http, case_id)


async def test_a_case_deleted_while_a_worker_processes_it_leaves_nothing(
    jobs_cluster: Cluster, token: str
) -> None:
    if not jobs_cluster.workers or all(w.poll() is not None for w in jobs_cluster.workers):
        jobs_cluster.start_workers(1, concurrency=1)
    api_a, api_b = jobs_cluster.apis
    async with _client(api_a, token) as a, _client(api_b, token) as b:
        case_id = await _new_case(a, "deleted mid-run")
        assert (await a.post(f"/api/cases/{case_id}/process")).status_code == 202
        async with asyncio.timeout(60):
            while "triage" not in (await _status(a, case_id))["completed_phases"]:
                await asyncio.sleep(0.05)
        assert await jobs_cluster.worker_pid_of(case_id) is not None
        evidence = jobs_cluster.data_dir / "storage" / "cases" / case_id
        assert evidence.is_dir()  # where the case's files and what the job derived are

        assert (await b.delete(f"/api/cases/{case_id}")).status_code == 204

        # The worker's job was aborted (not finished, not waiting to run again).
        queued = await jobs_cluster.query(
            "SELECT status FROM procrastinate_jobs WHERE queueing_lock = $1", case_id
        )
        assert [row["status"] for row in queued] == ["aborted"]
        await asyncio.sleep(2)  # anything the job still wrote would have landed by now
        assert (await a.get(f"/api/cases/{case_id}")).status_code == 404
    tables = await jobs_cluster.query(
        "SELECT table_name FROM information_schema.columns "
        "WHERE column_name = 'case_id' AND table_schema = 'public'"
    )
    assert len(tables) >= 10
    for row in tables:
        left = await jobs_cluster.query(
            f'SELECT count(*) FROM "{row["table_name"]}" WHERE case_id = $1',
            uuid.UUID(case_id),
        )
        assert left[0][0] == 0, row["table_name"]
    assert not evidence.exists()


async def test_a_worker_stopped_with_sigterm_hands_its_job_on(
    jobs_cluster: Cluster, token: str
) -> None:
    alive = [w for w in jobs_cluster.workers if w.poll() is None]
    if len(alive) < 2:
        jobs_cluster.start_workers(2 - len(alive), concurrency=1)
    async with _client(jobs_cluster.apis[0], token) as a:
        case_id = await _new_case(a, "worker stopped")
        assert (await a.post(f"/api/cases/{case_id}/process")).status_code == 202
        async with asyncio.timeout(60):
            while "triage" not in (await _status(a, case_id))["completed_phases"]:
                await asyncio.sleep(0.05)
        pid = await jobs_cluster.worker_pid_of(case_id)
        (worker,) = [w for w in jobs_cluster.workers if w.pid == pid]
        stopped_at = (await _status(a, case_id))["completed_phases"]

        worker.send_signal(signal.SIGTERM)
        # It lets its job run for its grace period (2 s here), stops it, and exits cleanly.
        assert await asyncio.to_thread(worker.wait, 30) == 0

        async with asyncio.timeout(120):
            while (job := await _status(a, case_id))["status"] in ("PENDING", "PROCESSING"):
                await asyncio.sleep(0.1)
    assert job["status"] == "READY", job
    events = await _per_case(jobs_cluster, EVENTS, case_id)
    assert events["PROCESSING_COMPLETED"] == 1
    runs = await _per_case(jobs_cluster, COMPLETED_RUNS, case_id)
    _assert_ran_once(runs, stopped_at if events["PROCESSING_STARTED"] == 2 else None)
    if events["PROCESSING_STARTED"] == 2:  # stopped mid-job: resumed after what it had done
        started = await jobs_cluster.query(
            "SELECT payload FROM case_events WHERE case_id = $1 "
            "AND type = 'PROCESSING_STARTED' ORDER BY id",
            uuid.UUID(case_id),
        )
        resumed_after = json.loads(started[1]["payload"])["resumed_after"]
        assert set(stopped_at) <= set(resumed_after)
    else:
        assert events["PROCESSING_STARTED"] == 1  # it finished within its grace period
