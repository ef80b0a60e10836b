"""The per-domain merge in rounds, against the fake Gemini server: with a 5,000-token request
budget, a domain's workers find more rows than one merge request holds; they are merged in
groups of at most half the room, and the groups' answers merged again in a second round.

A module of its own: its server, with its own budget, has its own database (on PostgreSQL two
servers on one database share the job queue, and either's worker may take the other's job).
"""

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from holmes_backend.demo import write_synthetic_case
from holmes_backend.demo.case import HYPOTHESES
from holmes_backend.demo.formats import mime_type_of
from tests.agents.helpers import agent_runs, wait_done
from tests.agents.test_domain_merge import responder
from tests.fake_gemini import FakeGemini
from tests.gemini_support import (
    FLASH_MODEL,
    MERGE_PREFIX,
    PRO_MODEL,
    holmes_on_fake,
    instruction_of,
    serve_fake,
)
from tests.support import LiveServer


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="merge-key") as served:
        yield served


SMALL_BUDGET = 5_000


@pytest.fixture(scope="module")
def small_server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("merge-rounds-data"),
        fake_url=fake[1],
        api_key="merge-key",
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
        gemini_request_budget_tokens=SMALL_BUDGET,
        triage_preview_tokens=60,
    ) as live:
        yield live


async def test_rows_that_do_not_fit_one_merge_request_are_merged_in_rounds(
    small_server: LiveServer, fake: tuple[FakeGemini, str], tmp_path: Path
) -> None:
    gemini = fake[0]
    first = len(gemini.requests)
    paths = sorted(write_synthetic_case(tmp_path / "case", 30, 11))
    async with httpx.AsyncClient(base_url=small_server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": "rounds@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    async with httpx.AsyncClient(
        base_url=small_server.base_url, timeout=60, headers={"Authorization": f"Bearer {token}"}
    ) as client:
        # Every worker weighs the case's hypotheses: rows that overlap across every group.
        case = {"name": "rounds", "hypotheses": HYPOTHESES}
        case_id = (await client.post("/api/cases", json=case)).json()["id"]
        files = [("files", (p.name, p.read_bytes(), mime_type_of(p.name))) for p in paths]
        assert (await client.post(f"/api/cases/{case_id}/files", files=files)).status_code == 201
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=900)
        agents = list(agent_runs((await client.get(f"/api/cases/{case_id}/agents")).json()))

    assert status["job"]["status"] in ("READY", "PARTIAL"), status["job"]
    merges = [r for r in gemini.requests[first:] if instruction_of(r.body).startswith(MERGE_PREFIX)]
    # Every merge request under the budget, however many rows the domain's workers found.
    assert merges
    assert max(r.prompt_tokens for r in merges) <= SMALL_BUDGET
    names = [a["agent_name"] for a in agents]
    rounds: dict[str, set[int]] = {}
    for name in names:
        domain, _, rest = name.partition("_synthesis_")
        if rest:
            rounds.setdefault(domain, set()).add(int(rest.split("_")[0]))
    # A domain whose rows took several requests in a first round merged their answers again.
    assert any({1, 2} <= found for found in rounds.values()), sorted(
        n for n in names if "_synthesis" in n
    )
    merged = [a for a in agents if "_synthesis" in a["agent_name"]]
    assert all(a["status"] == "COMPLETED" for a in merged)
