"""Evidence deleted while its case is processed: the job drops that file (or stops, for the
whole case) cleanly, shows the user no SQL, and leaves nothing derived in storage."""

import asyncio
import threading
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from holmes_backend.extraction import loading as evidence
from holmes_backend.storage import Storage, create_storage
from tests.agents.helpers import wait_done
from tests.support import LiveServer

LETTER = (
    b"Statement of Anna Berg, 12 March 2024.\n"
    b"I was at home at 14 Larch Close all evening on 3 March 2024. I never met Tom Hale.\n"
)
LEDGER = b"date,payee,amount,approved_by\n" + b"".join(
    b"2024-03-%02d,Hale Consulting Ltd,%d,Anna Berg\n" % (1 + n % 28, 9000 + n) for n in range(400)
)
MAIL = (
    b"From: tom@hale.example\nTo: anna@berg.example\nDate: Mon, 4 Mar 2024 09:00:00 +0000\n"
    b"Subject: dinner\n\nGood to see you yesterday in Rotterdam, Anna. Invoice attached.\n"
)


@pytest.fixture
async def storage(latent_server: LiveServer) -> AsyncIterator[Storage]:
    backend = create_storage(latent_server.settings)
    try:
        yield backend
    finally:
        await backend.close()


async def _case_with_files(http: httpx.AsyncClient) -> tuple[str, dict[str, str]]:
    case_id = (await http.post("/api/cases", json={"name": "deleted mid-run"})).json()["id"]
    upload = await http.post(
        f"/api/cases/{case_id}/files",
        files=[
            ("files", ("statement.txt", LETTER)),
            ("files", ("ledger.csv", LEDGER)),
            ("files", ("note.eml", MAIL)),
        ],
    )
    assert upload.status_code == 201, upload.text
    return case_id, {f["filename"]: f["id"] for f in upload.json()}


async def _wait_for_phase(http: httpx.AsyncClient, case_id: str, phase: str) -> None:
    async with asyncio.timeout(60):
        while True:
            status: dict[str, Any] = (await http.get(f"/api/cases/{case_id}/process/status")).json()
            if phase in status["job"]["completed_phases"]:
                return
            await asyncio.sleep(0.05)


async def test_a_file_deleted_mid_run_is_dropped_and_the_job_ends(
    latent_client: httpx.AsyncClient, storage: Storage
) -> None:
    case_id, ids = await _case_with_files(latent_client)
    assert (await latent_client.post(f"/api/cases/{case_id}/process")).status_code == 202
    await _wait_for_phase(latent_client, case_id, "extraction")
    gone = ids["ledger.csv"]
    assert (await latent_client.delete(f"/api/files/{gone}")).status_code == 204
    status = await wait_done(latent_client, case_id, seconds=120)

    assert status["job"]["status"] in ("READY", "PARTIAL"), status
    shown = str(status["job"]["errors"])
    for raw in ("IntegrityError", "INSERT INTO", "FOREIGN KEY", "sqlalchemy"):
        assert raw not in shown
    assert gone not in {f["id"] for f in status["files"]}
    findings = (await latent_client.get(f"/api/cases/{case_id}/findings")).json()
    items = findings["items"] if isinstance(findings, dict) else findings
    assert all(f.get("file_id") != gone for f in items)
    assert [k for k in await storage.list_keys(f"cases/{case_id}/") if gone in k] == []


def _hold_extraction(
    monkeypatch: pytest.MonkeyPatch, filename: str
) -> tuple[threading.Event, threading.Event]:
    """Holds the extraction of `filename` once it has started until the second event is set."""
    extracting, released = threading.Event(), threading.Event()
    extract = evidence.extract_isolated

    async def held(path: Any, mime_type: str, name: str, **kwargs: Any) -> Any:
        if name == filename:
            extracting.set()
            await asyncio.to_thread(released.wait, 30)
        return await extract(path, mime_type, name, **kwargs)

    monkeypatch.setattr(evidence, "extract_isolated", held)
    return extracting, released


async def _until_empty(storage: Storage, prefix: str) -> list[str]:
    async with asyncio.timeout(30):  # the job clears what it derived after the delete
        while await storage.list_keys(prefix):
            await asyncio.sleep(0.1)
    await asyncio.sleep(1)
    return await storage.list_keys(prefix)


async def test_a_file_deleted_during_its_extraction_leaves_nothing_in_storage(
    latent_client: httpx.AsyncClient, storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    extracting, released = _hold_extraction(monkeypatch, "ledger.csv")
    case_id, ids = await _case_with_files(latent_client)
    assert (await latent_client.post(f"/api/cases/{case_id}/process")).status_code == 202
    assert await asyncio.to_thread(extracting.wait, 30)
    gone = ids["ledger.csv"]
    assert (await latent_client.delete(f"/api/files/{gone}")).status_code == 204
    released.set()

    status = await wait_done(latent_client, case_id, seconds=120)
    assert status["job"]["status"] in ("READY", "PARTIAL"), status
    assert await _until_empty(storage, f"cases/{case_id}/files/{gone}") == []


async def test_a_case_deleted_during_extraction_leaves_nothing_in_storage(
    latent_client: httpx.AsyncClient, storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    extracting, released = _hold_extraction(monkeypatch, "statement.txt")
    case_id, _ = await _case_with_files(latent_client)
    assert (await latent_client.post(f"/api/cases/{case_id}/process")).status_code == 202
    assert await asyncio.to_thread(extracting.wait, 30)
    assert (await latent_client.delete(f"/api/cases/{case_id}")).status_code == 204
    released.set()
    assert await _until_empty(storage, f"cases/{case_id}/") == []
