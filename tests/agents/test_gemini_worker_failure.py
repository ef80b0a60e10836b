"""One failed domain worker costs its own files, not its domain (issue 44, "only the failing work
unit is retried or marked PARTIAL"; PRD §8.2).

The demo case three times over, under a small request budget, gives the financial domain several
work units (a domain's evidence is no longer split among more workers than it is worth: each
must carry several times its instruction and schema). Both models fail the
one financial worker that reads the second copy's bank statement: that worker's files end PARTIAL
and its failure is the job's (PARTIAL), while the other financial workers' findings are kept.
"""

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from holmes_backend.agents.domains.prompt import INSTRUCTIONS
from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from tests.agents.helpers import agent_runs, upload_demo, wait_done
from tests.fake_gemini import FakeGemini, JsonDict, Step, internal_error, json_reply
from tests.gemini_support import (
    FLASH_MODEL,
    PRO_MODEL,
    analyse,
    holmes_on_fake,
    instruction_of,
    pipeline_schema,
    serve_fake,
    user_text_of,
)
from tests.support import LiveServer

FAILING_FILE = "copy1_meridian_statement_lakeshore_4471_2024Q1.csv"


def responder(model: str, body: JsonDict) -> Step | None:
    instruction = instruction_of(body)
    if instruction.startswith(INSTRUCTIONS["financial"][:40]) and FAILING_FILE in user_text_of(
        body
    ):
        return internal_error()
    result = analyse(pipeline_schema(instruction), body)
    return json_reply(result.output.model_dump(mode="json"), thoughts=result.thoughts)


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="test-key") as (gemini, url):
        gemini.respond_in_thread = True
        yield gemini, url


@pytest.fixture(scope="module")
def gemini_server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("worker-failure"),
        fake_url=fake[1],
        api_key="test-key",
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
        gemini_request_budget_tokens=12_000,
    ) as live:
        yield live


async def test_a_failed_worker_leaves_its_files_partial_and_keeps_the_others_findings(
    gemini_server: LiveServer, fake: tuple[FakeGemini, str], demo_dir: Path
) -> None:
    async with httpx.AsyncClient(base_url=gemini_server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": "worker@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(
        base_url=gemini_server.base_url, timeout=30, headers=headers
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "workers"})).json()["id"]
        for copy in range(3):
            await upload_demo(client, case_id, demo_dir, prefix=f"copy{copy}_")
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=240)
        agents = list(agent_runs((await client.get(f"/api/cases/{case_id}/agents")).json()))
        findings = (await client.get(f"/api/cases/{case_id}/findings")).json()

    workers = [a for a in agents if a["agent_type"] == "FINANCIAL"]
    assert len(workers) >= 2, "the financial domain needs several workers for this test"
    failed = [w for w in workers if w["status"] == "FAILED"]
    assert len(failed) == 1
    assert all(w["status"] == "COMPLETED" for w in workers if w not in failed)

    assert status["job"]["status"] == "PARTIAL"
    (error,) = [e for e in status["job"]["errors"] if e.get("domain") == "financial"]
    assert error["agent"] == failed[0]["agent_name"]
    assert error["code"] == "PROCESSING_FAILED"
    # The failed worker's files, by the request both models refused.
    refused = next(
        user_text_of(r.body)
        for r in fake[0].requests_for(FLASH_MODEL)
        if FAILING_FILE in user_text_of(r.body)
        and instruction_of(r.body).startswith(INSTRUCTIONS["financial"][:40])
    )
    partial = {f["id"] for f in status["files"] if f["status"] == "PARTIAL"}
    assert FAILING_FILE in {f["filename"] for f in status["files"] if f["id"] in partial}
    assert all(f["filename"] in refused for f in status["files"] if f["id"] in partial)
    assert {f["status"] for f in status["files"] if f["id"] not in partial} == {"PROCESSED"}
    # The domain kept its other workers' findings.
    financial = [f for f in findings if f["domain"] == "financial"]
    assert financial
    cited = {f["file_id"] for f in financial if f["file_id"]}
    assert cited - partial
