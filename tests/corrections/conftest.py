"""One processed demo case per database and storage backend, shared by the correction tests."""

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from holmes_backend.demo.case import write_demo_case
from tests.agents.helpers import upload_demo, wait_done
from tests.api.helpers import new_case
from tests.conftest import Account
from tests.support import LiveServer


@dataclass(frozen=True)
class ProcessedCase:
    id: str
    files: dict[str, dict[str, Any]]  # file id -> file


@pytest.fixture(scope="session")
def demo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_demo_case(tmp_path_factory.mktemp("corrections-demo")).parent


@pytest.fixture(scope="module")
async def demo_case(
    server: LiveServer, alice: Account, demo_dir: Path
) -> AsyncIterator[ProcessedCase]:
    """Alice's demo case, processed on the local provider."""
    headers = {"Authorization": f"Bearer {alice.token}"}
    async with httpx.AsyncClient(base_url=server.base_url, timeout=60, headers=headers) as http:
        case_id = (await new_case(http, "Corrections demo"))["id"]
        uploaded = await upload_demo(http, case_id, demo_dir)
        assert (await http.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(http, case_id)
        assert status["job"]["status"] == "READY", status["job"]["errors"]
        yield ProcessedCase(case_id, {f["id"]: f for f in uploaded})
