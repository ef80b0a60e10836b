"""New evidence on a processed case: only the new files are analysed; the graph covers all."""

from pathlib import Path
from typing import Any

import httpx

from holmes_backend.demo.formats import mime_type_of
from tests.agents.helpers import wait_done


def _cited(item: Any) -> set[str]:
    if isinstance(item, dict):
        own = {item["file_id"]} if isinstance(item.get("file_id"), str) else set()
        return own.union(*(_cited(v) for v in item.values()))
    if isinstance(item, list):
        return set().union(*(_cited(v) for v in item))
    return set()


async def _upload(client: httpx.AsyncClient, case_id: str, paths: list[Path]) -> set[str]:
    files = [("files", (p.name, p.read_bytes(), mime_type_of(p.name))) for p in paths]
    response = await client.post(f"/api/cases/{case_id}/files", files=files)
    assert response.status_code == 201, response.text
    return {f["id"] for f in response.json()}


async def test_incremental_processing(client: httpx.AsyncClient, demo_dir: Path) -> None:
    paths = sorted(p for p in demo_dir.iterdir() if p.name != "answers.json")
    first, later = paths[: len(paths) // 2], paths[len(paths) // 2 :]
    case_id = (await client.post("/api/cases", json={"name": "incremental"})).json()["id"]
    first_ids = await _upload(client, case_id, first)
    await client.post(f"/api/cases/{case_id}/process")
    assert (await wait_done(client, case_id))["job"]["status"] == "READY"

    later_ids = await _upload(client, case_id, later)
    job = (await client.post(f"/api/cases/{case_id}/process", json={"incremental": True})).json()
    assert job["incremental"] is True
    status = await wait_done(client, case_id)
    assert status["job"]["status"] == "READY", status["job"]["errors"]
    assert {f["id"] for f in status["files"]} == later_ids

    graph = (await client.get(f"/api/cases/{case_id}/graph")).json()
    assert graph["version"] == 2
    cited = _cited(graph["nodes"])
    assert cited & first_ids
    assert cited & later_ids
    files = (await client.get(f"/api/cases/{case_id}/files")).json()
    assert {f["status"] for f in files} == {"PROCESSED"}

    nothing = await client.post(f"/api/cases/{case_id}/process", json={"incremental": True})
    assert nothing.status_code == 422


async def test_processing_again_supersedes_the_earlier_findings(
    client: httpx.AsyncClient, demo_dir: Path
) -> None:
    paths = sorted(p for p in demo_dir.iterdir() if p.name != "answers.json")[:4]
    case_id = (await client.post("/api/cases", json={"name": "again"})).json()["id"]
    await _upload(client, case_id, paths)
    await client.post(f"/api/cases/{case_id}/process")
    await wait_done(client, case_id)
    first = (await client.get(f"/api/cases/{case_id}/findings")).json()
    await client.post(f"/api/cases/{case_id}/process")
    await wait_done(client, case_id)
    findings = (await client.get(f"/api/cases/{case_id}/findings")).json()
    current = [f for f in findings if f["status"] != "superseded"]
    assert len(current) == len(first)
    assert {f["id"] for f in findings if f["status"] == "superseded"} == {f["id"] for f in first}
