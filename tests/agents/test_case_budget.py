"""A case's budget (HOLMES_CASE_BUDGET_USD), against the fake Gemini server: once the case's
records cost more than its budget, no new model call is made; the agent that would have made it
says so (AGENT_ERROR, code BUDGET_EXCEEDED) and the job ends with the reason."""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from holmes_backend.agents.orchestrator.prompt import INSTRUCTION as ORCHESTRATOR
from holmes_backend.agents.triage.prompt import INSTRUCTION as TRIAGE
from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from tests.agents.helpers import upload_demo, wait_done
from tests.fake_gemini import FakeGemini, JsonDict, Step, json_reply
from tests.gemini_support import (
    FLASH_MODEL,
    PRO_MODEL,
    analyse,
    holmes_on_fake,
    instruction_of,
    pipeline_schema,
    serve_fake,
)
from tests.support import LiveServer, read_sse

# Triage of the demo case costs about $0.01 on Flash's price: the next call is over.
BUDGET_USD = 0.0001


def responder(model: str, body: JsonDict) -> Step | None:
    result = analyse(pipeline_schema(instruction_of(body)), body)
    return json_reply(result.output.model_dump(mode="json"))


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="budget-key") as served:
        yield served


@pytest.fixture(scope="module")
def server(
    module_database: str,
    served: tuple[FakeGemini, str],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("case-budget-data"),
        fake_url=served[1],
        api_key="budget-key",
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
        case_budget_usd=BUDGET_USD,
    ) as live:
        yield live


async def test_a_case_over_its_budget_makes_no_new_call(
    server: LiveServer, served: tuple[FakeGemini, str], demo_dir: Path
) -> None:
    fake = served[0]
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": "spend@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    async with httpx.AsyncClient(
        base_url=server.base_url, timeout=30, headers={"Authorization": f"Bearer {token}"}
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "budget"})).json()["id"]
        await upload_demo(client, case_id, demo_dir)
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=120)
        cost = (await client.get(f"/api/cases/{case_id}/agents/cost")).json()
        agents: list[dict[str, Any]] = (await client.get(f"/api/cases/{case_id}/agents")).json()
        # Chat on the spent case is refused before any model is asked (PRD §8.4's envelope).
        asked = len(fake.requests)
        chat = await client.post(f"/api/cases/{case_id}/chat", json={"message": "Who paid?"})
        history = (await client.get(f"/api/cases/{case_id}/chat/history")).json()
        events: list[dict[str, Any]] = []
        async with client.stream("GET", f"/api/cases/{case_id}/events") as response:
            lines = response.aiter_lines()
            while not events or events[-1]["type"] != "PROCESSING_FAILED":
                [event] = await read_sse(lines, 1)
                events.append(json.loads(event.data))

    # Triage ran (the case had spent nothing); its cost passed the budget; routing never did.
    instructions = [instruction_of(r.body) for r in fake.requests]
    assert any(i.startswith(TRIAGE[:60]) for i in instructions)
    assert not any(i.startswith(ORCHESTRATOR[:60]) for i in instructions)
    assert len(fake.requests) == 1
    assert cost["total_usd"] > BUDGET_USD
    assert cost["budget_usd"] == BUDGET_USD
    assert [a["agent_name"] for a in agents] == ["triage_agent"]

    assert status["job"]["status"] == "ERROR"
    [error] = status["job"]["errors"]
    assert error["phase"] == "routing"
    assert error["code"] == "BUDGET_EXCEEDED"
    assert "BUDGET_EXCEEDED: the case has spent" in error["error"]
    stopped = [e for e in events if e["type"] == "AGENT_ERROR"]
    assert len(stopped) == 1
    assert stopped[0]["agent_id"] == "orchestrator"
    assert stopped[0]["payload"]["code"] == "BUDGET_EXCEEDED"
    assert stopped[0]["payload"]["spent_usd"] == pytest.approx(cost["total_usd"], abs=1e-6)
    assert stopped[0]["payload"]["budget_usd"] == BUDGET_USD

    assert chat.status_code == 402, chat.text
    refused = chat.json()["error"]
    assert refused["code"] == "BUDGET_EXCEEDED"
    assert refused["recoverable"] is True
    assert "HOLMES_CASE_BUDGET_USD" in refused["suggested_action"]
    assert refused["details"]["budget_usd"] == BUDGET_USD
    assert refused["details"]["spent_usd"] == pytest.approx(cost["total_usd"], abs=1e-6)
    assert len(fake.requests) == asked  # no model was called
    assert history == []  # and the question was not stored
