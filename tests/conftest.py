"""Every database test runs on SQLite and on PostgreSQL; every storage test on local and GCS."""

import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from holmes_backend.config import Settings
from holmes_backend.runtime import Runtime
from holmes_backend.storage import Storage, create_storage
from tests.fake_oidc import FakeOidcProvider
from tests.support import (
    TEST_BUCKET,
    LiveServer,
    create_pg_database,
    drop_pg_database,
    gcs_emulator,
    live_server,
    serve_app,
    stop_started_postgres,
)

DATABASES = ["sqlite", "postgres"]
STORAGES = ["local", "gcs"]
TEST_UPLOAD_LIMIT = 2 * 1024 * 1024
TEST_CHUNK = 64 * 1024


@pytest.fixture(scope="session")
def emulator_host() -> Iterator[str]:
    with gcs_emulator() as host:
        yield host


@asynccontextmanager
async def empty_database(kind: str, directory: Path) -> AsyncIterator[str]:
    """A fresh, empty database of the given kind (not migrated), dropped afterwards."""
    if kind == "sqlite":
        yield f"sqlite+aiosqlite:///{directory / 'holmes.db'}"
        return
    url = await create_pg_database()
    try:
        yield url
    finally:
        await drop_pg_database(url)


@pytest.fixture(scope="session", params=DATABASES)
def database_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
async def module_database(
    database_kind: str, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[str]:
    """An empty database of each kind for a test module that runs a server of its own."""
    async with empty_database(database_kind, tmp_path_factory.mktemp("module-db")) as url:
        yield url


@pytest.fixture(params=DATABASES)
async def fresh_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    async with empty_database(str(request.param), tmp_path) as url:
        yield url


GOOGLE_CLIENT_ID = "holmes-test-client.apps.googleusercontent.com"
GOOGLE_CLIENT_SECRET = "holmes-test-client-secret"


@pytest.fixture(scope="session")
def oidc() -> Iterator[tuple[FakeOidcProvider, str]]:
    provider = FakeOidcProvider(GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET)
    with serve_app(provider.app) as url:
        yield provider, url


def make_settings(
    *,
    database_url: str,
    storage: str,
    data_dir: Path,
    emulator_host: str | None,
    oidc_url: str | None = None,
) -> Settings:
    values: dict[str, object] = {
        "environment": "test",
        "data_dir": data_dir,
        "database_url": database_url,
        "storage": storage,
        "max_upload_bytes": TEST_UPLOAD_LIMIT,
        "upload_chunk_bytes": TEST_CHUNK,
        # The shared test server must not resume other tests' jobs behind their backs: its
        # watcher for abandoned jobs waits 4 h. Tests of resuming set the heartbeat themselves.
        "job_heartbeat_seconds": 3600,
    }
    if storage == "gcs":
        values |= {"gcs_bucket": TEST_BUCKET, "gcs_endpoint": emulator_host}
    if oidc_url:
        values |= {
            "google_client_id": GOOGLE_CLIENT_ID,
            "google_client_secret": GOOGLE_CLIENT_SECRET,
            "google_token_url": f"{oidc_url}/token",
            "google_jwks_url": f"{oidc_url}/jwks",
        }
    return Settings.model_validate(values)


@pytest.fixture(scope="session", params=STORAGES)
def storage_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="session")
async def settings(
    database_kind: str,
    storage_kind: str,
    oidc: tuple[FakeOidcProvider, str],
    tmp_path_factory: pytest.TempPathFactory,
    request: pytest.FixtureRequest,
) -> AsyncIterator[Settings]:
    host = request.getfixturevalue("emulator_host") if storage_kind == "gcs" else None
    data_dir = tmp_path_factory.mktemp(f"data-{database_kind}-{storage_kind}")
    async with empty_database(database_kind, data_dir) as url:
        yield make_settings(
            database_url=url,
            storage=storage_kind,
            data_dir=data_dir,
            emulator_host=host,
            oidc_url=oidc[1],
        )


@pytest.fixture(scope="session")
def server(settings: Settings) -> Iterator[LiveServer]:
    """The real service over real HTTP, migrated, on each database and storage backend."""
    with live_server(settings) as live:
        yield live


@dataclass(frozen=True)
class Account:
    id: str
    email: str
    password: str
    token: str


def _sign_up(base_url: str, label: str) -> Account:
    email = f"{label}-{uuid.uuid4().hex[:8]}@holmes.example"
    password = f"pw-{uuid.uuid4().hex}"
    response = httpx.post(
        f"{base_url}/api/auth/signup",
        json={"email": email, "password": password, "name": label.title()},
        timeout=30,
    )
    assert response.status_code == 201, response.text
    body = response.json()
    return Account(
        id=body["user"]["id"], email=email, password=password, token=body["access_token"]
    )


@pytest.fixture(scope="session")
def alice(server: LiveServer) -> Account:
    return _sign_up(server.base_url, "alice")


@pytest.fixture(scope="session")
def bob(server: LiveServer) -> Account:
    return _sign_up(server.base_url, "bob")


@pytest.fixture
async def anonymous(server: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30) as http:
        yield http


@pytest.fixture
async def client(server: LiveServer, alice: Account) -> AsyncIterator[httpx.AsyncClient]:
    """Signed in as Alice (bearer token)."""
    headers = {"Authorization": f"Bearer {alice.token}"}
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30, headers=headers) as http:
        yield http


@pytest.fixture
async def other_client(server: LiveServer, bob: Account) -> AsyncIterator[httpx.AsyncClient]:
    """Signed in as Bob, a peer who must never see Alice's cases."""
    headers = {"Authorization": f"Bearer {bob.token}"}
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30, headers=headers) as http:
        yield http


@pytest.fixture
async def storage(server: LiveServer) -> AsyncIterator[Storage]:
    """The test's own handle on the server's storage, to see what is really stored."""
    backend = create_storage(server.settings)
    try:
        yield backend
    finally:
        await backend.close()


@pytest.fixture
async def runtime(server: LiveServer) -> AsyncIterator[Runtime]:
    """Direct database and storage access on the server's configuration."""
    rt = Runtime.create(server.settings)
    try:
        yield rt
    finally:
        await rt.close()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    stop_started_postgres()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    from tests.api import test_fuzz  # noqa: PLC0415 - only its counters, after the run

    if test_fuzz.STATS["requests"]:
        report = test_fuzz.write_report()
        terminalreporter.write_sep("-", "schemathesis (bounded run)")
        terminalreporter.write_line(
            f"{report['requests']} generated requests, {report.get('peer_probes', 0)} of them "
            "aimed at another user's objects (by status: test-output/schemathesis.json)"
        )
