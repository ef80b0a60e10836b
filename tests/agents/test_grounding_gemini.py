"""Grounding on the Gemini provider, against the fake Gemini server, on the demo case.

The financial agent's first answer cites three transactions with excerpts that are in no source.
Holmes re-asks it once with those items, what they cite and the text actually there; the fake
answers the first corrected, the second still wrong, and leaves the third out. The first is kept
verified, the second kept and marked unverified, the third dropped; the counts are on the
agent's execution record and in a GROUNDING_CHECKED event, and the re-ask is a child execution.
"""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from holmes_backend.agents.domains.prompt import INSTRUCTIONS
from holmes_backend.agents.grounding import GROUNDING_HEADING
from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.llm.evidence import parse_blocks
from tests.agents.helpers import agent_runs, upload_demo, wait_done
from tests.fake_gemini import FakeGemini, JsonDict, Step, json_reply
from tests.gemini_support import (
    FLASH_MODEL,
    PRO_MODEL,
    analyse,
    evidence_of,
    holmes_on_fake,
    instruction_of,
    pipeline_schema,
    serve_fake,
    user_text_of,
)
from tests.support import LiveServer, read_sse

BOGUS = ["Paid in cash to an unnamed courier (BOGUS-0)", "Round-trip via Malta (BOGUS-1)"]
BOGUS.append("Settled by barter (BOGUS-2)")


def _corrupted(output: FinancialOutput, upto: int) -> FinancialOutput:
    transactions = list(output.transactions)
    for index in range(upto):
        bogus = transactions[index].source.model_copy(update={"excerpt": BOGUS[index]})
        transactions[index] = transactions[index].model_copy(update={"source": bogus})
    return output.model_copy(update={"transactions": transactions})


def responder(model: str, body: JsonDict) -> Step | None:
    instruction = instruction_of(body)
    result = analyse(pipeline_schema(instruction), body)
    output = result.output
    if instruction.startswith(INSTRUCTIONS["financial"][:40]):
        assert isinstance(output, FinancialOutput)
        if GROUNDING_HEADING in user_text_of(body):
            # The re-ask: the first item corrected, the second still wrong, the third left out.
            fixed = _corrupted(output, 2).transactions
            output = FinancialOutput(transactions=[output.transactions[0], fixed[1]])
        else:
            output = _corrupted(output, 3)
    return json_reply(output.model_dump(mode="json"), thoughts=result.thoughts)


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="test-key") as served:
        yield served


@pytest.fixture(scope="module")
def gemini_server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("grounding-data"),
        fake_url=fake[1],
        api_key="test-key",
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
    ) as live:
        yield live


async def test_an_excerpt_not_in_its_source_is_reasked_then_kept_unverified_or_dropped(
    gemini_server: LiveServer, fake: tuple[FakeGemini, str], demo_dir: Path
) -> None:
    seen = len(fake[0].requests)  # the module's fake serves both databases' runs
    async with httpx.AsyncClient(base_url=gemini_server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": f"ground-{seen}@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(
        base_url=gemini_server.base_url, timeout=30, headers=headers
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "grounding"})).json()["id"]
        await upload_demo(client, case_id, demo_dir)
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=180)
        agents = list(agent_runs((await client.get(f"/api/cases/{case_id}/agents")).json()))
        findings = (await client.get(f"/api/cases/{case_id}/findings")).json()
        checked: list[dict[str, Any]] = []
        async with client.stream("GET", f"/api/cases/{case_id}/events") as response:
            lines = response.aiter_lines()
            while True:
                [event] = await read_sse(lines, 1)
                if event.event == "GROUNDING_CHECKED":
                    checked.append(json.loads(event.data)["payload"])
                if event.event in ("PROCESSING_COMPLETED", "PROCESSING_FAILED"):
                    break

    assert status["job"]["status"] == "READY", status["job"]["errors"]
    # The re-ask went out once, with the items, their excerpts and what the source says there.
    reasks = [r for r in fake[0].requests[seen:] if GROUNDING_HEADING in user_text_of(r.body)]
    financial_reasks = [
        r for r in reasks if instruction_of(r.body).startswith(INSTRUCTIONS["financial"][:40])
    ]
    assert len(financial_reasks) == 1
    sent = user_text_of(financial_reasks[0].body)
    assert all(b in sent for b in BOGUS)
    assert "text_at_location" in sent
    # Only the items and the passages they cite go back, not the agent's whole request.
    passages, _, _ = parse_blocks(sent)
    assert passages
    assert all(d.metadata.get("shown") == "passages at the cited places only" for d in passages)
    asked = [
        r
        for r in fake[0].requests[seen:]
        if instruction_of(r.body).startswith(INSTRUCTIONS["financial"][:40])
        and GROUNDING_HEADING not in user_text_of(r.body)
    ]
    # What it read (from the evidence it shares with the other domains, its files alone).
    read = [d for r in asked for d in evidence_of(r.effective_body or r.body)]
    assert len({d.file_id for d in passages}) < len({d.file_id for d in read})
    assert sum(len(d.chunks) for d in passages) * 10 < sum(len(d.chunks) for d in read)
    assert len(sent) * 3 < sum(len(user_text_of(r.effective_body or r.body)) for r in asked)

    financial = next(a for a in agents if a["agent_name"] == "financial_agent")
    counts = financial["grounding"]
    assert counts["failed"] >= 3
    assert counts["reasked"] == counts["failed"]
    assert counts["fixed"] >= 1
    assert counts["unverified"] >= 1
    assert counts["dropped"] >= 1
    assert counts["fixed"] + counts["unverified"] + counts["dropped"] == counts["failed"]
    assert counts["held"] <= counts["citations"] - 3
    [regrounding] = [a for a in agents if a["agent_name"] == "financial_agent_regrounding"]
    assert regrounding in list(agent_runs(financial["children"]))
    # The same counts on the case log, for Agent Flow.
    logged = [c for c in checked if c["execution_id"] == financial["id"]]
    assert len(logged) == 1
    assert {k: logged[0][k] for k in counts} == counts
    grounded = {a["agent_name"] for a in agents if a["id"] in {c["execution_id"] for c in checked}}
    assert {"financial_agent", "legal_agent", "synthesis_agent"} <= grounded
    # The demo's 7-minute video is over the request budget with its media (~122k tokens): the
    # evidence domain reads it in time ranges, each worker's answer grounded.
    assert any(n == "evidence_agent" or n.startswith("evidence_worker_") for n in grounded)
    assert "financial_agent_regrounding" not in grounded  # its answer is counted as its parent's

    cited = [(f, f["content"].get("source") or {}) for f in findings if f["domain"] == "financial"]
    excerpts = {source.get("excerpt"): source.get("verified") for _, source in cited}
    assert excerpts.get(BOGUS[1]) is False  # kept, shown unverified
    assert BOGUS[0] not in excerpts
    assert BOGUS[2] not in excerpts
    assert any(v is True for v in excerpts.values())
