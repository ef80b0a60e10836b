"""Numeric runs as jobs on PostgreSQL, with no worker beside the API (as deployed): a run waits
PENDING in the queue, a double request queues one job, a deleted case cancels its file's job and
a deleted file's job is skipped; a worker started later runs what waits, and the checks appear."""

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import text

from holmes_backend.config import Settings
from holmes_backend.jobs.control import numeric_task_name, stop_case_jobs
from holmes_backend.jobs.worker import work
from holmes_backend.runtime import Runtime
from tests.numeric.helpers import BUCKLE, wait_run
from tests.support import LiveServer, create_pg_database, drop_pg_database, live_server


@pytest.fixture(scope="module")
async def database_url() -> AsyncIterator[str]:
    url = await create_pg_database()
    try:
        yield url
    finally:
        await drop_pg_database(url)


@pytest.fixture(scope="module")
def api(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    settings = Settings.model_validate(
        {
            "environment": "test",
            "database_url": database_url,
            "data_dir": Path(tmp_path_factory.mktemp("numeric-runs")),
            "storage": "local",
            "serve_worker_concurrency": 0,  # as deployed: the API runs no job
            "job_heartbeat_seconds": 3600,
        }
    )
    with live_server(settings) as live:
        yield live


@pytest.fixture(scope="module")
async def client(api: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=api.base_url, timeout=60) as anon:
        signed = await anon.post(
            "/api/auth/signup",
            json={"email": "numeric-runs@holmes.example", "password": "long enough password"},
        )
    headers = {"Authorization": f"Bearer {signed.json()['access_token']}"}
    async with httpx.AsyncClient(base_url=api.base_url, timeout=60, headers=headers) as http:
        yield http


async def _file(client: httpx.AsyncClient, name: str) -> tuple[str, str]:
    case_id = (await client.post("/api/cases", json={"name": name})).json()["id"]
    uploaded = await client.post(
        f"/api/cases/{case_id}/files",
        files=[("files", (f"{name}.html", BUCKLE.read_bytes(), "text/html"))],
    )
    assert uploaded.status_code == 201, uploaded.text
    return case_id, uploaded.json()[0]["id"]


async def _queued(runtime: Runtime, file_id: str) -> list[str]:
    """The statuses of the file's jobs in procrastinate's queue."""
    async with runtime.engine.connect() as connection:
        rows = await connection.execute(
            text("SELECT status FROM procrastinate_jobs WHERE queueing_lock = :lock ORDER BY id"),
            {"lock": f"numeric:{file_id}"},
        )
        return [str(row[0]) for row in rows]


async def _runs(runtime: Runtime, file_id: str) -> int:
    async with runtime.engine.connect() as connection:
        count = await connection.scalar(
            text("SELECT count(*) FROM numeric_runs WHERE file_id = :file"),
            {"file": uuid.UUID(file_id)},
        )
        return int(count or 0)


async def test_a_run_waits_for_a_worker_and_is_queued_once(
    api: LiveServer, client: httpx.AsyncClient
) -> None:
    runtime = Runtime.create(api.settings)
    await runtime.start(listen=False)
    worker: asyncio.Task[None] | None = None
    try:
        case_id, file_id = await _file(client, "waits")
        url = f"/api/cases/{case_id}/files/{file_id}/numeric-checks"
        first = await client.post(url)
        assert first.status_code == 202, first.text
        assert first.json()["status"] == "PENDING"
        second = await client.post(url)
        assert second.status_code == 202, second.text
        assert second.json()["id"] == first.json()["id"]
        assert await _queued(runtime, file_id) == ["todo"]
        assert await _runs(runtime, file_id) == 1

        # A case deleted while its file's run waits: the job is cancelled, the run is gone.
        gone_case, gone_file = await _file(client, "deleted case")
        assert (
            await client.post(f"/api/cases/{gone_case}/files/{gone_file}/numeric-checks")
        ).status_code == 202
        assert (await client.delete(f"/api/cases/{gone_case}")).status_code == 204
        assert await _queued(runtime, gone_file) == ["cancelled"]
        assert await _runs(runtime, gone_file) == 0

        # A file deleted while its run waits: the run goes with it, its job finds nothing to do.
        kept_case, dropped_file = await _file(client, "deleted file")
        dropped = f"/api/cases/{kept_case}/files/{dropped_file}/numeric-checks"
        assert (await client.post(dropped)).status_code == 202
        assert (await client.delete(f"/api/files/{dropped_file}")).status_code == 204
        assert await _runs(runtime, dropped_file) == 0

        # A job waiting for a file runs whichever run of the file is active when it starts: here
        # its run ended meanwhile (as when a job already running for the file finished it), and
        # the next run, whose own job the queueing lock refused, is the one it runs.
        case_b, file_b = await _file(client, "later run")
        later = f"/api/cases/{case_b}/files/{file_b}/numeric-checks"
        earlier_run = (await client.post(later)).json()["id"]
        async with runtime.engine.begin() as connection:
            await connection.execute(
                text("UPDATE numeric_runs SET status = 'READY' WHERE id = :id"),
                {"id": uuid.UUID(earlier_run)},
            )
        later_run = (await client.post(later)).json()
        assert later_run["id"] != earlier_run
        assert later_run["status"] == "PENDING"
        assert await _queued(runtime, file_b) == ["todo"]

        # No worker: nothing moves.
        await asyncio.sleep(2)
        status = await client.get(f"{url}/status")
        assert status.json()["status"] == "PENDING"
        assert (await client.get(f"/api/cases/{case_id}/numeric-checks")).json()["checks"] == []

        worker = asyncio.create_task(work(runtime, concurrency=2, install_signal_handlers=False))
        ended = await wait_run(client, case_id, file_id)
        assert ended["status"] == "READY", ended
        assert ended["id"] == first.json()["id"]
        checks = (await client.get(f"/api/cases/{case_id}/numeric-checks")).json()
        assert checks["verified"] >= 15
        assert {c["file_id"] for c in checks["checks"]} == {file_id}
        ran_later = await wait_run(client, case_b, file_b)
        assert ran_later["id"] == later_run["id"]
        assert ran_later["status"] == "READY", ran_later
        # Both jobs done (finished jobs leave the queue), the deleted file's skipped cleanly.
        async with asyncio.timeout(30):
            while await _queued(runtime, file_id) or await _queued(runtime, dropped_file):
                await asyncio.sleep(0.2)
        kept = (await client.get(f"/api/cases/{kept_case}/numeric-checks")).json()
        assert kept["checks"] == []
    finally:
        if worker is not None:
            worker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await worker
        await runtime.close()


async def test_deleting_a_case_stops_its_numeric_runs_in_this_process(tmp_path: Path) -> None:
    """Embedded: the process's own numeric tasks of the deleted case are cancelled, no other."""
    settings = Settings.model_validate(
        {
            "environment": "test",
            "database_url": f"sqlite+aiosqlite:///{tmp_path / 'holmes.db'}",
            "data_dir": tmp_path,
        }
    )
    runtime = Runtime.create(settings)
    try:
        deleted, other = uuid.uuid4(), uuid.uuid4()
        mine = runtime.spawn(asyncio.sleep(3600), name=numeric_task_name(deleted, uuid.uuid4()))
        theirs = runtime.spawn(asyncio.sleep(3600), name=numeric_task_name(other, uuid.uuid4()))
        assert mine is not None
        assert theirs is not None
        await asyncio.sleep(0)
        await stop_case_jobs(runtime, deleted, None, wait_seconds=5)
        assert mine.cancelled()
        assert not theirs.done()
    finally:
        await runtime.close()
