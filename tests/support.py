"""Test infrastructure: throwaway PostgreSQL databases, the GCS emulator, a live HTTP server."""

import asyncio
import os
import socket
import subprocess
import threading
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import uvicorn
from gcp_storage_emulator.server import create_server
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.types import ASGIApp

from holmes_backend.__main__ import proxy_options
from holmes_backend.config import Settings
from holmes_backend.db.migrate import upgrade
from holmes_backend.main import create_app
from holmes_backend.models import Case, User

# What chooses the model provider and points it somewhere (a developer's real key in the shell
# must not turn a test or a benchmark into Gemini calls).
LLM_ENV = (
    "GOOGLE_API_KEY",
    "GEMINI_API_KEY",
    "HOLMES_GEMINI_API_KEY",
    "GOOGLE_GENAI_USE_VERTEXAI",
    "GOOGLE_GENAI_USE_ENTERPRISE",
    "HOLMES_GEMINI_USE_VERTEXAI",
    "HOLMES_LLM_PROVIDER",
    "GEMINI_PRO_MODEL",
    "GEMINI_FLASH_MODEL",
    "HOLMES_GEMINI_BASE_URL",
    # A model server of the developer's own would make "auto" choose openai_compat.
    "HOLMES_LLM_BASE_URL",
    "HOLMES_LLM_PRO_MODEL",
    "HOLMES_LLM_FLASH_MODEL",
    "HOLMES_LLM_API_KEY",
)

T = TypeVar("T")
REPO_ROOT = Path(__file__).resolve().parents[1]
TEST_BUCKET = "holmes-test-evidence"


def postgres_admin_url() -> str:
    """The server the PostgreSQL runs use: HOLMES_TEST_PG_URL, else scripts/ensure-postgres.sh.

    Never skips: without a PostgreSQL the run fails with the script's message.
    """
    url = os.environ.get("HOLMES_TEST_PG_URL")
    if url:
        return url
    result = subprocess.run(
        ["bash", str(REPO_ROOT / "scripts" / "ensure-postgres.sh")],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0 or not result.stdout.strip():
        raise RuntimeError(f"no PostgreSQL for the tests: {result.stderr.strip()}")
    url = result.stdout.strip().splitlines()[-1]
    os.environ["HOLMES_TEST_PG_URL"] = url
    if make_url(url).port != 5432:
        os.environ["HOLMES_TEST_PG_STARTED"] = "1"
    return url


def stop_started_postgres() -> None:
    """Stop the throwaway cluster postgres_admin_url() started, if it started one."""
    if os.environ.pop("HOLMES_TEST_PG_STARTED", None):
        subprocess.run(["bash", str(REPO_ROOT / "scripts" / "stop-test-postgres.sh")], check=False)


def _asyncpg_dsn(url: str, database: str | None = None) -> str:
    parsed = make_url(url).set(drivername="postgresql")
    if database is not None:
        parsed = parsed.set(database=database)
    return parsed.render_as_string(hide_password=False)


async def create_pg_database() -> str:
    """Create a throwaway database; returns its SQLAlchemy asyncpg URL."""
    admin = postgres_admin_url()
    name = f"holmes_test_{uuid.uuid4().hex[:12]}"
    connection = await asyncpg.connect(_asyncpg_dsn(admin))
    try:
        await connection.execute(f'CREATE DATABASE "{name}"')
    finally:
        await connection.close()
    url = make_url(admin).set(drivername="postgresql+asyncpg", database=name)
    return url.render_as_string(hide_password=False)


async def drop_pg_database(url: str) -> None:
    name = make_url(url).database
    connection = await asyncpg.connect(_asyncpg_dsn(postgres_admin_url()))
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await connection.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def gcs_emulator() -> Iterator[str]:
    """The gcp-storage-emulator on 127.0.0.1, in memory, with the test bucket; yields host:port."""
    port = free_port()
    server = create_server("127.0.0.1", port, in_memory=True, default_bucket=TEST_BUCKET)
    server.start()
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.stop()


@dataclass
class LiveServer:
    base_url: str
    settings: Settings


@dataclass
class SseEvent:
    id: str | None
    event: str | None
    data: str


async def read_sse(lines: AsyncIterator[str], count: int) -> list[SseEvent]:
    """The next ``count`` events of a text/event-stream (comments and pings skipped)."""
    events: list[SseEvent] = []
    fields: dict[str, str] = {}
    async for line in lines:
        if line.startswith(":"):
            continue
        if line == "":
            if "data" in fields:
                events.append(SseEvent(fields.get("id"), fields.get("event"), fields["data"]))
                if len(events) == count:
                    return events
            fields = {}
            continue
        name, _, value = line.partition(":")
        fields[name] = value[1:] if value.startswith(" ") else value
    return events


@contextmanager
def serve_app(app: ASGIApp, **options: Any) -> Iterator[str]:
    """Serve an ASGI app with uvicorn on a real socket in its own thread and loop; yield its URL."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on", **options))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)
        sock.close()


@contextmanager
def live_server(settings: Settings) -> Iterator[LiveServer]:
    """The Holmes service on settings, migrated, over real HTTP."""
    asyncio.run(upgrade(settings))
    # Served as `python -m holmes_backend serve` serves it (which proxies it believes).
    with serve_app(create_app(settings), **proxy_options(settings)) as url:
        yield LiveServer(base_url=url, settings=settings)


async def owned_case(session_factory: async_sessionmaker[AsyncSession], name: str) -> Case:
    """A user and a case of theirs, straight in the database (for service-level tests)."""
    async with session_factory() as session:
        user = User(email=f"{uuid.uuid4().hex[:10]}@holmes.example")
        session.add(user)
        await session.flush()
        case = Case(name=name, user_id=user.id)
        session.add(case)
        await session.commit()
        return case


async def worst_loop_lag(work: Awaitable[T]) -> tuple[T, float]:
    """`work`'s result, and the longest the event loop was late for a 5 ms timer meanwhile."""
    worst = 0.0
    done = False

    async def tick() -> None:
        nonlocal worst
        while not done:
            expected = time.perf_counter() + 0.005
            await asyncio.sleep(0.005)
            worst = max(worst, time.perf_counter() - expected)

    ticker = asyncio.create_task(tick())
    try:
        result = await work
    finally:
        done = True
        await ticker
    return result, worst
