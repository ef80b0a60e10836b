"""Shared by the pipeline tests: Holmes on a local model server, a signed-in client, uploading the
demo case, a job to run by hand, waiting for a job to finish."""

import asyncio
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from pydantic import SecretStr
from sqlalchemy import event

from holmes_backend.agents.runner import PipelineContext
from holmes_backend.config import Settings
from holmes_backend.db import transaction
from holmes_backend.demo.formats import mime_type_of
from holmes_backend.models import ProcessingJob
from holmes_backend.runtime import Runtime
from tests.conftest import make_settings
from tests.support import LiveServer, live_server

DONE = {"READY", "PARTIAL", "ERROR"}


@contextmanager
def holmes_on_local_model(
    *, database_url: str, data_dir: Path, base_url: str, pro: str, flash: str, **limits: Any
) -> Iterator[LiveServer]:
    """A Holmes server on the openai_compat provider, its model server at `base_url` (key
    "local-key"), with any other llm_* settings given (context, output, concurrency)."""
    settings = make_settings(
        database_url=database_url, storage="local", data_dir=data_dir, emulator_host=None
    ).model_copy(
        update={
            "llm_provider": "openai_compat",
            "llm_base_url": base_url,
            "llm_api_key": SecretStr("local-key"),
            "llm_pro_model": pro,
            "llm_flash_model": flash,
            "llm_timeout_seconds": 60,
            **{f"llm_{name}": value for name, value in limits.items()},
        }
    )
    with live_server(settings) as live:
        yield live


async def signed_in(server: LiveServer, email: str | None = None) -> httpx.AsyncClient:
    """A client of the server signed in as a new user (by default with an address of its own)."""
    email = email or f"{uuid.uuid4().hex[:12]}@holmes.example"
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup", json={"email": email, "password": "long enough password"}
            )
        ).json()["access_token"]
    return httpx.AsyncClient(
        base_url=server.base_url, timeout=60, headers={"Authorization": f"Bearer {token}"}
    )


async def upload_demo(
    client: httpx.AsyncClient, case_id: str, demo: Path, *, prefix: str = ""
) -> list[dict[str, Any]]:
    files = [
        ("files", (prefix + p.name, p.read_bytes(), mime_type_of(p.name)))
        for p in sorted(demo.iterdir())
        if p.name != "answers.json"
    ]
    response = await client.post(f"/api/cases/{case_id}/files", files=files)
    assert response.status_code == 201, response.text
    uploaded: list[dict[str, Any]] = response.json()
    return uploaded


async def job_context(
    runtime: Runtime, case_id: uuid.UUID, file_ids: list[str], *, incremental: bool = False
) -> PipelineContext:
    """A job over `file_ids`, stored and not started, and the context to run it in."""
    async with runtime.session_factory() as session:
        job = ProcessingJob(case_id=case_id, incremental=incremental, file_ids=file_ids)
        session.add(job)
        await transaction.commit(session)
    return PipelineContext(
        settings=runtime.settings,
        session_factory=runtime.session_factory,
        hub=runtime.hub,
        case_id=case_id,
        job_id=job.id,
    )


def attempt_context(settings: Settings) -> PipelineContext:
    """A context for one model attempt on its own (agents.attempt.attempt writes nothing)."""
    return PipelineContext(
        settings=settings,
        session_factory=None,  # type: ignore[arg-type]
        hub=None,  # type: ignore[arg-type]
        case_id=uuid.uuid4(),
        job_id=None,
    )


async def wait_done(
    client: httpx.AsyncClient, case_id: str, seconds: float = 120
) -> dict[str, Any]:
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        status: dict[str, Any] = (await client.get(f"/api/cases/{case_id}/process/status")).json()
        if status["job"]["status"] in DONE:
            return status
        assert asyncio.get_running_loop().time() < deadline, status
        await asyncio.sleep(0.25)


class Commits:
    """Counts the commits of the runtime's engine, from its creation until close()."""

    def __init__(self, runtime: Runtime) -> None:
        self.count = 0
        self._engine = runtime.engine.sync_engine
        event.listen(self._engine, "commit", self._on_commit)

    def _on_commit(self, *_: Any) -> None:
        self.count += 1

    def close(self) -> None:
        event.remove(self._engine, "commit", self._on_commit)


def agent_runs(nodes: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every execution of GET /api/cases/{id}/agents' tree, parents before their children."""
    for node in nodes:
        yield node
        yield from agent_runs(node["children"])
