"""The domain agents' tools on the Gemini provider, against the fake Gemini server.

The fake financial model, on its first turn, calls three tools at once: a full-text search of
the case's evidence, statistics on the amounts, and the offline engine's financial detectors. The
unit's policy (HOLMES_AGENT_TOOL_CALLS=2) lets two run and answers the third that the budget is
spent. On its second turn the model reads the results and gives its answer through ADK's
set_model_response, as a Gemini API model with tools and an output schema does. The results
must reach the model as function responses (round trip), each call must be on the case log as
TOOL_INVOKED with its arguments, a summary and its duration (shown in Agent Flow), and the
answer must be the financial agent's output.
"""

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from holmes_backend.agents.bounds import TOOL_BUDGET_SPENT
from holmes_backend.agents.domains.prompt import TOOLS
from holmes_backend.contracts.agents import FinancialOutput
from tests.agents.helpers import agent_runs, wait_done
from tests.fake_gemini import (
    ANSWER_TOOL,
    FakeGemini,
    JsonDict,
    Reply,
    Step,
    declared_functions,
    function_call,
    function_responses,
    json_reply,
    thought,
)
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

LEDGER = (
    "Date,Payer,Payee,Amount,Reference\n"
    "2024-03-01,Acme Holdings,Northwind Supplies,9800.00,INV-101\n"
    "2024-03-02,Acme Holdings,Northwind Supplies,9750.00,INV-102\n"
    "2024-03-03,Acme Holdings,Northwind Supplies,9800.00,INV-101\n"
    "2024-03-09,Acme Holdings,Harbor Consulting,4200.00,INV-207\n"
)
CALLS = [
    ("search_evidence", {"query": "Northwind"}),
    ("amount_statistics", {"threshold": 10000}),
    ("run_detectors", {"domain": "financial"}),
]


def responder(model: str, body: JsonDict) -> Step | None:
    schema = pipeline_schema(instruction_of(body))
    result = analyse(schema, body)
    if schema is not FinancialOutput:
        return json_reply(result.output.model_dump(mode="json"), thoughts=result.thoughts)
    if not function_responses(body):
        return Reply(
            parts=[
                thought("First the evidence index and the figures."),
                *(function_call(name, args) for name, args in CALLS),
            ]
        )
    answer = result.output.model_dump(mode="json", exclude_none=True)
    return Reply(parts=[thought("The tools agree."), function_call(ANSWER_TOOL, answer)])


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="tools-key") as served:
        yield served


@pytest.fixture(scope="module")
def gemini_server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("tools-data"),
        fake_url=fake[1],
        api_key="tools-key",
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
        agent_tool_calls=2,
    ) as live:
        yield live


async def test_domain_tool_calls_round_trip_bounded_and_on_the_log(
    gemini_server: LiveServer, fake: tuple[FakeGemini, str]
) -> None:
    seen = len(fake[0].requests)
    async with httpx.AsyncClient(base_url=gemini_server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": f"tools-{seen}@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(
        base_url=gemini_server.base_url, timeout=30, headers=headers
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "tools"})).json()["id"]
        uploaded = await client.post(
            f"/api/cases/{case_id}/files",
            files=[("files", ("payments.csv", LEDGER, "text/csv"))],
        )
        assert uploaded.status_code == 201, uploaded.text
        file_id = uploaded.json()[0]["id"]
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=120)
        runs = (await client.get(f"/api/cases/{case_id}/agents")).json()
        findings = (await client.get(f"/api/cases/{case_id}/findings")).json()
        invoked: list[dict[str, Any]] = []
        async with client.stream("GET", f"/api/cases/{case_id}/events") as response:
            lines = response.aiter_lines()
            while True:
                [event] = await read_sse(lines, 1)
                envelope = json.loads(event.data)
                if event.event == "TOOL_INVOKED":
                    invoked.append(envelope)
                if event.event in ("PROCESSING_COMPLETED", "PROCESSING_FAILED"):
                    break

    assert status["job"]["status"] == "READY", status["job"]["errors"]
    financial_requests = [
        r
        for r in fake[0].requests[seen:]
        if pipeline_schema(instruction_of(r.body)) is FinancialOutput
    ]
    first, second = financial_requests[:2]
    # The tools and ADK's answer tool were declared; no response schema beside them.
    declared = set(declared_functions(first.body))
    assert {name for name, _ in CALLS} | {"read_source", "table_rows", ANSWER_TOOL} <= declared
    assert first.response_schema is None
    assert TOOLS in instruction_of(first.body)  # what the tools are for

    # The round trip: the three calls answered, two with results, the third refused.
    answered = {r["name"]: r["response"] for r in function_responses(second.body)}
    assert set(answered) == {name for name, _ in CALLS}
    search = answered["search_evidence"]
    assert search["passages"]
    assert all(p["file_id"] == file_id for p in search["passages"])
    assert any("Northwind" in p["text"] for p in search["passages"])
    stats = answered["amount_statistics"]
    assert stats["count"] == 4
    assert {n.get("amount", None) for n in stats["near_threshold"]} == {
        9800.0,
        9750.0,
    }
    assert [d["times"] for d in stats["duplicates"]] == [2]
    assert answered["run_detectors"] == {"error": TOOL_BUDGET_SPENT}

    # On the log for Agent Flow: each call with its arguments, a summary and its duration.
    by_tool = {e["payload"]["tool"]: e for e in invoked}
    assert set(by_tool) == {name for name, _ in CALLS}  # set_model_response is the answer
    for name, args in CALLS:
        event = by_tool[name]
        assert event["agent_id"] == "financial_agent"
        assert event["payload"]["arguments"] == args
        assert isinstance(event["payload"]["duration_ms"], int)
        assert event["payload"]["summary"]
    assert by_tool["search_evidence"]["payload"]["results"] == len(search["passages"])
    assert by_tool["run_detectors"]["payload"]["error"] == TOOL_BUDGET_SPENT[:200]
    financial = next(r for r in agent_runs(runs) if r["agent_name"] == "financial_agent")
    assert {e["payload"]["execution_id"] for e in invoked} == {financial["id"]}
    assert financial["status"] == "COMPLETED"
    # Both model calls of the tool loop are charged on the record, not only the last.
    assert len(financial_requests) == 2
    assert financial["input_tokens"] == first.prompt_tokens + second.prompt_tokens
    # The answer came through set_model_response: the findings the analyst gave, stored.
    cited = [f for f in findings if f["domain"] == "financial"]
    assert cited
    assert {(f["content"].get("source") or {}).get("file_id") for f in cited} >= {file_id}
