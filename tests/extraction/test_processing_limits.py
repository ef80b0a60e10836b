"""Processing a case whose files pass the extraction limits: a file read in part is PARTIAL and
says why, a refused one is ERROR with the reason, and the others are analysed as usual."""

import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from tests.agents.helpers import wait_done
from tests.conftest import make_settings
from tests.extraction.builders import write_paragraph_docx
from tests.support import LiveServer, live_server

DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


@pytest.fixture(scope="module")
def limited_server(
    module_database: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    settings = make_settings(
        database_url=module_database,
        storage="local",
        data_dir=tmp_path_factory.mktemp("limited-data"),
        emulator_host=None,
    ).model_copy(update={"extraction_max_chunks": 50})
    with live_server(settings) as live:
        yield live


@pytest.fixture
async def limited_client(limited_server: LiveServer) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=limited_server.base_url, timeout=30) as http:
        response = await http.post(
            "/api/auth/signup",
            json={"email": f"{uuid.uuid4().hex[:10]}@holmes.example", "password": uuid.uuid4().hex},
        )
        assert response.status_code == 201, response.text
        http.headers["Authorization"] = f"Bearer {response.json()['access_token']}"
        yield http


async def test_files_past_the_limits_are_partial_or_refused_with_the_reason(
    limited_client: httpx.AsyncClient, tmp_path: Path
) -> None:
    rows = "Date,Payee,Amount\n" + "".join(f"2024-03-01,Payee {n},{n}.00\n" for n in range(200))
    bomb = write_paragraph_docx(tmp_path / "bomb.docx", 400_000).read_bytes()
    note = b"Paid Acme Ltd 1,200.00 on 1 March 2024.\n"
    case = (await limited_client.post("/api/cases", json={"name": "Limits"})).json()
    uploaded = await limited_client.post(
        f"/api/cases/{case['id']}/files",
        files=[
            ("files", ("ledger.csv", rows.encode(), "text/csv")),
            ("files", ("bomb.docx", bomb, DOCX)),
            ("files", ("note.txt", note, "text/plain")),
        ],
    )
    assert uploaded.status_code == 201, uploaded.text

    assert (await limited_client.post(f"/api/cases/{case['id']}/process")).status_code == 202
    status = await wait_done(limited_client, case["id"])

    files = {f["filename"]: f for f in status["files"]}
    assert files["ledger.csv"]["status"] == "PARTIAL"
    assert files["ledger.csv"]["error"] == (
        "only the first 50 rows were read; the file has more (the extraction limit)"
    )
    assert files["bomb.docx"]["status"] == "ERROR"
    assert "times its packed size (the limit is 100)" in files["bomb.docx"]["error"]
    assert files["note.txt"]["status"] == "PROCESSED"
    assert status["job"]["status"] == "PARTIAL"
    assert {e.get("file_id") for e in status["job"]["errors"]} == {
        files["ledger.csv"]["id"],
        files["bomb.docx"]["id"],
    }
