"""The per-domain merge of PRD §4.7 on the model, against the fake Gemini server.

With a small request budget, a domain's files are read in several work units (its workers); the
domain's output is then the answer of its merge agent ("<domain>_synthesis"), which is sent every
worker's output as a findings block, under the budget. The fake model merges them and marks every
item it answers with, so the stored findings show whose they are.
"""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from holmes_backend.agents.domains import merge as domain_merge
from holmes_backend.demo import write_synthetic_case
from holmes_backend.demo.formats import mime_type_of
from holmes_backend.llm.evidence import parse_blocks
from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from tests.agents.helpers import wait_done
from tests.fake_gemini import FakeGemini, JsonDict, Reply, Step, text
from tests.gemini_support import (
    FLASH_MODEL,
    MERGE_PREFIX,
    PRO_MODEL,
    analyse,
    holmes_on_fake,
    instruction_of,
    pipeline_schema,
    serve_fake,
    user_text_of,
)
from tests.support import LiveServer

BUDGET = 12_000
MARK = "[merged] "


def responder(model: str, body: JsonDict) -> Step | None:
    schema = pipeline_schema(instruction_of(body))
    output = analyse(schema, body).output
    if instruction_of(body).startswith(MERGE_PREFIX) and hasattr(output, "findings"):
        for finding in output.findings:
            finding.title = MARK + finding.title
    return Reply(parts=[text(output.model_dump_json())])


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="merge-key") as served:
        yield served


@pytest.fixture(scope="module")
def server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("merge-data"),
        fake_url=fake[1],
        api_key="merge-key",
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
        gemini_request_budget_tokens=BUDGET,
        triage_preview_tokens=300,
    ) as live:
        yield live


def _walk(nodes: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for node in nodes:
        yield node
        yield from _walk(node["children"])


def test_merge_groups_keep_each_request_under_the_room() -> None:
    assert domain_merge.groups([10, 10, 10], 30) == [[0, 1, 2]]
    assert domain_merge.groups([10, 15, 10, 25], 30) == [[0, 1], [2], [3]]
    assert domain_merge.groups([40, 5, 5], 30) == [[0], [1, 2]]  # over the room: alone


async def test_a_domain_read_in_several_units_is_merged_by_the_model_under_the_budget(
    server: LiveServer, fake: tuple[FakeGemini, str], tmp_path: Path
) -> None:
    gemini = fake[0]
    first = len(gemini.requests)
    paths = sorted(write_synthetic_case(tmp_path / "case", 16, 5))
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": "merge@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    async with httpx.AsyncClient(
        base_url=server.base_url, timeout=60, headers={"Authorization": f"Bearer {token}"}
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "merge"})).json()["id"]
        files = [("files", (p.name, p.read_bytes(), mime_type_of(p.name))) for p in paths]
        assert (await client.post(f"/api/cases/{case_id}/files", files=files)).status_code == 201
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=600)
        agents = list(_walk((await client.get(f"/api/cases/{case_id}/agents")).json()))
        findings = (await client.get(f"/api/cases/{case_id}/findings")).json()

    assert status["job"]["status"] in ("READY", "PARTIAL"), status["job"]
    requests = gemini.requests[first:]
    merges = [r for r in requests if instruction_of(r.body).startswith(MERGE_PREFIX)]
    assert merges, "no domain was read in several units: lower BUDGET"
    assert max(r.prompt_tokens for r in merges) <= BUDGET
    names = {a["agent_name"]: a for a in agents}
    merged_domains = set()
    for request in merges:
        domain = instruction_of(request.body)[len(MERGE_PREFIX) :].split(" ", 1)[0]
        merged_domains.add(domain)
        blocks = parse_blocks(user_text_of(request.body))[1]
        assert len(blocks) >= 2  # the workers' outputs, each a findings block
        assert {b.header["domain"] for b in blocks} == {domain}
        workers = [n for n in names if n.startswith(f"{domain}_worker_")]
        assert len(workers) >= 2
        # "<domain>_synthesis", or "<domain>_synthesis_<round>_<group>" when the workers'
        # outputs do not fit one request together.
        mergers = [a for n, a in names.items() if n.startswith(f"{domain}_synthesis")]
        assert mergers
        assert all(a["status"] == "COMPLETED" for a in mergers)
        # The workers' citations reach the merge as they gave them.
        cited = {
            s["file_id"]
            for b in blocks
            for f in b.data.get("findings", [])
            for s in f.get("sources", [])
        }
        stored = [f for f in findings if f["domain"] == domain]
        if cited:
            assert stored
            # What the domain stored is the merge's answer, with the workers' sources.
            assert all(f["title"].startswith(MARK) for f in stored), [f["title"] for f in stored]
            assert {f["file_id"] for f in stored if f["file_id"]} <= cited
    # A domain read in one unit has no merge.
    for domain in {"financial", "legal", "evidence", "strategy"} - merged_domains:
        assert f"{domain}_synthesis" not in names
    assert json.dumps(status["job"]["errors"]).count("_synthesis") == 0
