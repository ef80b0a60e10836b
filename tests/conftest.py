"""Every database test runs on SQLite and on PostgreSQL; every storage test on local and GCS."""

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest

from holmes_backend.config import Settings
from holmes_backend.runtime import Runtime
from holmes_backend.storage import Storage, create_storage
from tests.support import (
    TEST_BUCKET,
    LiveServer,
    create_pg_database,
    drop_pg_database,
    gcs_emulator,
    live_server,
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


@pytest.fixture(params=DATABASES)
async def fresh_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    async with empty_database(str(request.param), tmp_path) as url:
        yield url


def make_settings(
    *, database_url: str, storage: str, data_dir: Path, emulator_host: str | None
) -> Settings:
    values: dict[str, object] = {
        "environment": "test",
        "data_dir": data_dir,
        "database_url": database_url,
        "storage": storage,
        "max_upload_bytes": TEST_UPLOAD_LIMIT,
        "upload_chunk_bytes": TEST_CHUNK,
    }
    if storage == "gcs":
        values |= {"gcs_bucket": TEST_BUCKET, "gcs_endpoint": emulator_host}
    return Settings.model_validate(values)


@pytest.fixture(scope="session", params=STORAGES)
def storage_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="session")
async def settings(
    database_kind: str,
    storage_kind: str,
    tmp_path_factory: pytest.TempPathFactory,
    request: pytest.FixtureRequest,
) -> AsyncIterator[Settings]:
    host = request.getfixturevalue("emulator_host") if storage_kind == "gcs" else None
    data_dir = tmp_path_factory.mktemp(f"data-{database_kind}-{storage_kind}")
    async with empty_database(database_kind, data_dir) as url:
        yield make_settings(
            database_url=url, storage=storage_kind, data_dir=data_dir, emulator_host=host
        )


@pytest.fixture(scope="session")
def server(settings: Settings) -> Iterator[LiveServer]:
    """The real service over real HTTP, migrated, on each database and storage backend."""
    with live_server(settings) as live:
        yield live


@pytest.fixture
async def client(server: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30) as http:
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
