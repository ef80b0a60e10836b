import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager

import httpx
import pytest

from tests.conftest import make_settings
from tests.support import LiveServer, live_server


@pytest.fixture(scope="module")
def latent_server(
    module_database: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    """A server of the module's own whose offline analyst takes 300 ms a call, as a model
    would: jobs last long enough for things to happen while they run."""
    settings = make_settings(
        database_url=module_database,
        storage="local",
        data_dir=tmp_path_factory.mktemp("latent"),
        emulator_host=None,
    ).model_copy(update={"local_analyst_latency_ms": 300})
    with live_server(settings) as live:
        yield live


@asynccontextmanager
async def signed_up(server: LiveServer, label: str) -> AsyncIterator[httpx.AsyncClient]:
    """A client of a new account on `server`."""
    async with httpx.AsyncClient(base_url=server.base_url, timeout=120) as client:
        signup = await client.post(
            "/api/auth/signup",
            json={
                "email": f"{label}-{uuid.uuid4().hex[:8]}@holmes.example",
                "password": f"pw-{uuid.uuid4().hex}",
            },
        )
        assert signup.status_code == 201, signup.text
        client.headers["Authorization"] = f"Bearer {signup.json()['access_token']}"
        yield client


@pytest.fixture
async def latent_client(latent_server: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    async with signed_up(latent_server, "latent") as client:
        yield client
