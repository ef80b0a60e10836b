"""After a processing job, what it wrote is copied from SQLite's log into the database file
(services.processing), not left for a commit of the next job to pay for."""

import asyncio
import sqlite3
import uuid
from pathlib import Path

import httpx
import pytest

from tests.agents.helpers import upload_demo, wait_done
from tests.api.helpers import new_case
from tests.db.test_checkpoint import in_database_file
from tests.support import LiveServer


async def test_a_job_ends_with_its_writes_in_the_database_file(
    client: httpx.AsyncClient, server: LiveServer, demo_dir: Path
) -> None:
    settings = server.settings
    if not settings.is_sqlite:
        pytest.skip("SQLite's write-ahead log")
    case_id = (await new_case(client, "checkpointed"))["id"]
    await upload_demo(client, case_id, demo_dir)
    job_id = (await client.post(f"/api/cases/{case_id}/process")).json()["id"]
    assert (await wait_done(client, case_id))["job"]["status"] == "READY"
    path = Path(settings.resolved_database_url.split(":///", 1)[1])
    query = "SELECT status FROM processing_jobs WHERE id = ?"
    deadline = asyncio.get_running_loop().time() + 10
    while True:
        try:
            if in_database_file(path, query, uuid.UUID(job_id).hex) == [("READY",)]:
                break
        except sqlite3.DatabaseError:  # read while the copy was writing: read again
            pass
        assert asyncio.get_running_loop().time() < deadline, "the job's end stayed in the log"
        await asyncio.sleep(0.1)
