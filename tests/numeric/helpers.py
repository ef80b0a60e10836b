"""Documents as extraction reads them, for the numeric tests."""

import asyncio
from pathlib import Path
from typing import Any

import httpx

from tests.llm.test_analysts_helpers import load as read

# Beside the repository (/work/main -> /work/shared), or beside a worktree's parent folder.
REALDOCS = next(
    (
        folder / "shared" / "realdocs"
        for folder in Path(__file__).resolve().parents
        if (folder / "shared" / "realdocs").is_dir()
    ),
    Path(__file__).resolve().parents[3] / "shared" / "realdocs",
)
BUCKLE = REALDOCS / "buckle_8-K_ex99-1_press_release.html"

__all__ = ["BUCKLE", "REALDOCS", "check_file", "html_table", "read", "wait_run"]


def html_table(title: str, note: str, header: list[str], rows: list[list[str]]) -> str:
    cells = "".join(f"<td>{c}</td>" for c in header)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return (
        f"<html><body><p>{title}</p><p>{note}</p>"
        f"<table><tr>{cells}</tr>{body}</table></body></html>"
    )


async def wait_run(
    client: httpx.AsyncClient, case_id: str, file_id: str, seconds: float = 120
) -> dict[str, Any]:
    """The file's latest numeric run once it has ended (READY or ERROR)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        response = await client.get(f"/api/cases/{case_id}/files/{file_id}/numeric-checks/status")
        assert response.status_code == 200, response.text
        run: dict[str, Any] = response.json()
        if run["status"] not in ("PENDING", "PROCESSING"):
            return run
        assert asyncio.get_running_loop().time() < deadline, run
        await asyncio.sleep(0.2)


async def check_file(client: httpx.AsyncClient, case_id: str, file_id: str) -> dict[str, Any]:
    """Queues the file's validation (202 with its run), waits for it, and returns the checks."""
    queued = await client.post(f"/api/cases/{case_id}/files/{file_id}/numeric-checks")
    assert queued.status_code == 202, queued.text
    assert queued.json()["file_id"] == file_id
    ended = await wait_run(client, case_id, file_id)
    assert ended["id"] == queued.json()["id"]
    assert ended["status"] == "READY", ended
    listed = await client.get(f"/api/cases/{case_id}/numeric-checks", params={"file_id": file_id})
    assert listed.status_code == 200, listed.text
    checks: dict[str, Any] = listed.json()
    return checks
