"""Every kind of re-ask comes out of one budget per work unit (agents.bounds), end to end.

With HOLMES_AGENT_REASKS=1, the fake financial model first answers off its schema: Holmes asks
again (the unit's one re-ask). The second answer fits, but one transaction cites an excerpt that
is not in its source: the re-ask budget is spent, so it is not sent back; it is kept with its
citation unverified, and the counts say so. Without the shared budget it would have been re-asked.
"""

from collections.abc import Iterator

import httpx
import pytest

from holmes_backend.agents.attempt import REASK_HEADING
from holmes_backend.agents.grounding import GROUNDING_HEADING
from holmes_backend.contracts.agents import FinancialOutput
from tests.agents.helpers import agent_runs, wait_done
from tests.agents.test_domain_tools import LEDGER
from tests.fake_gemini import FakeGemini, JsonDict, Reply, Step, json_reply, text
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

BOGUS = "Paid in cash to an unnamed courier"


def responder(model: str, body: JsonDict) -> Step | None:
    schema = pipeline_schema(instruction_of(body))
    result = analyse(schema, body)
    if schema is not FinancialOutput:
        return json_reply(result.output.model_dump(mode="json"), thoughts=result.thoughts)
    asked = user_text_of(body)
    if REASK_HEADING not in asked and GROUNDING_HEADING not in asked:
        return Reply(parts=[text("The payments look ordinary to me.")])  # off its schema
    output = result.output
    assert isinstance(output, FinancialOutput)
    first = output.transactions[0]
    bogus = first.model_copy(update={"source": first.source.model_copy(update={"excerpt": BOGUS})})
    answer = output.model_copy(update={"transactions": [bogus, *output.transactions[1:]]})
    return json_reply(answer.model_dump(mode="json"))


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="reask-key") as served:
        yield served


@pytest.fixture(scope="module")
def gemini_server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("reask-data"),
        fake_url=fake[1],
        api_key="reask-key",
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
        agent_reasks=1,
    ) as live:
        yield live


async def test_a_schema_reask_spends_the_budget_a_grounding_reask_would_have_used(
    gemini_server: LiveServer, fake: tuple[FakeGemini, str]
) -> None:
    seen = len(fake[0].requests)
    async with httpx.AsyncClient(base_url=gemini_server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": f"reask-{seen}@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(
        base_url=gemini_server.base_url, timeout=30, headers=headers
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "reasks"})).json()["id"]
        uploaded = await client.post(
            f"/api/cases/{case_id}/files", files=[("files", ("payments.csv", LEDGER, "text/csv"))]
        )
        assert uploaded.status_code == 201, uploaded.text
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=120)
        agents = list(agent_runs((await client.get(f"/api/cases/{case_id}/agents")).json()))

    assert status["job"]["status"] == "READY", status["job"]["errors"]
    financial_requests = [
        r
        for r in fake[0].requests[seen:]
        if pipeline_schema(instruction_of(r.body)) is FinancialOutput
    ]
    # The first answer and the schema re-ask; no grounding re-ask.
    assert len(financial_requests) == 2
    assert REASK_HEADING in user_text_of(financial_requests[1].body)
    assert not any(GROUNDING_HEADING in user_text_of(r.body) for r in financial_requests)
    assert "financial_agent_regrounding" not in {a["agent_name"] for a in agents}
    financial = next(a for a in agents if a["agent_name"] == "financial_agent")
    counts = financial["grounding"]
    assert counts["failed"] == 1
    assert (counts["reasked"], counts["unverified"]) == (0, 1)
