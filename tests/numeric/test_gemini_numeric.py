"""Numeric validation on the Gemini provider, against the fake Gemini server.

The verifier and the reviewer are real model requests; the extractor is the engine's reading of
the figures on every provider (its model's answer was never read). One verifier reads the
document with all its statements (one FIGURES block each); for the income statement it proposes
one relation of its own and two that must be refused (code, an unknown figure). Its Pro tier is
overloaded, so it falls back to Flash; the reviewer answers with executed code beside its JSON.
Whatever the models say, each relation is evaluated by the engine: the doctored gross profit
breaks every relation it is in.
"""

import json
import uuid
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import httpx
import pytest
from pydantic import BaseModel

from holmes_backend.agents.domains.prompt import INSTRUCTIONS
from holmes_backend.agents.knowledge_graph.prompt import INSTRUCTION as GRAPH
from holmes_backend.agents.numeric.prompt import (
    REVIEWER_INSTRUCTION,
    VERIFIER_INSTRUCTION,
)
from holmes_backend.agents.numeric.step import ENGINE_MODEL, ENGINE_TRACE
from holmes_backend.agents.orchestrator.prompt import INSTRUCTION as ORCHESTRATOR
from holmes_backend.agents.pipeline import DOMAIN_SCHEMAS
from holmes_backend.agents.synthesis.prompt import INSTRUCTION as SYNTHESIS
from holmes_backend.agents.triage.prompt import INSTRUCTION as TRIAGE
from holmes_backend.contracts.agents import GraphOutput, RoutingPlan, SynthesisOutput, TriageResult
from holmes_backend.llm.evidence import parse_blocks
from holmes_backend.numeric.expr import evaluate, parse
from tests.agents.helpers import wait_done
from tests.fake_gemini import (
    FakeGemini,
    JsonDict,
    Reply,
    Step,
    internal_error,
    json_reply,
    text,
    unavailable,
)
from tests.gemini_support import (
    FLASH_MODEL,
    PRO_MODEL,
    analyse,
    holmes_on_fake,
    instruction_of,
    serve_fake,
    user_text_of,
)
from tests.numeric.helpers import BUCKLE, check_file
from tests.support import LiveServer

KEY = "numeric-key"
INVALID = ["__import__('os').system('true')", "f99999 = f1"]


def _block(body: JsonDict) -> tuple[dict[str, Any], Any]:
    _, findings, _ = parse_blocks(user_text_of(body))
    return findings[0].header, findings[0].data


def _blocks(body: JsonDict) -> list[tuple[dict[str, Any], Any]]:
    """Each FIGURES block's header and its figures, a row read by the header's column names."""
    _, findings, _ = parse_blocks(user_text_of(body))
    return [
        (block.header, [dict(zip(block.header["columns"], row, strict=True)) for row in block.data])
        for block in findings
    ]


def _figure(figures: list[dict[str, Any]], label: str) -> str:
    return next(f["id"] for f in figures if f["label"] == label)


def _verifier(model: str, body: JsonDict) -> Step:
    if model == PRO_MODEL:
        return unavailable()
    statements = []
    for header, figures in _blocks(body):
        relations = _relations(header["statement"], figures)
        statements.append({"statement": header["statement"], "relations": relations})
    return json_reply({"statements": statements}, thoughts=["Listing the statements' relations."])


def _relations(statement: str, figures: list[dict[str, Any]]) -> list[dict[str, str]]:
    relations: list[dict[str, str]] = []
    if "INCOME" in statement:
        sales = _figure(figures, "SALES, Net of returns and allowances")
        cost = _figure(
            figures, "COST OF SALES (Including buying, distribution, and occupancy costs)"
        )
        gross = _figure(figures, "Gross profit")
        relations.append(
            {
                "check_type": "difference",
                "expression": f"{sales} = {cost} + {gross}",
                "subject": "Net sales",
                "period": "Thirteen Weeks Ended 2024-11-02",
            }
        )
        relations += [{"check_type": "footing", "expression": e, "subject": "x"} for e in INVALID]
    return relations


def _reviewer(body: JsonDict) -> Step:
    assert any("codeExecution" in tool or "code_execution" in tool for tool in body["tools"])
    _, mismatches = _block(body)
    reviewed = []
    for mismatch in mismatches:
        right = mismatch["expression"].split("=")[1]
        values = {k: Fraction(v) for k, v in mismatch["values"].items()}
        reviewed.append(
            {
                "check_id": mismatch["check_id"],
                "confirmed": True,
                "computed": float(evaluate(parse(right), values)),
                "code": f"print({right})",
            }
        )
    code = "\n".join(r["code"] for r in reviewed)
    answer = {"reviewed": reviewed, "shared_figures": []}
    return Reply(
        parts=[
            {"executableCode": {"language": "PYTHON", "code": code}},
            {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "140071000.0"}},
            text(json.dumps(answer)),
        ]
    )


# Processing's other agents, answered with the local analyst's real analysis.
PIPELINE: list[tuple[str, type[BaseModel]]] = [
    (TRIAGE[:60], TriageResult),
    (ORCHESTRATOR[:60], RoutingPlan),
    (SYNTHESIS[:60], SynthesisOutput),
    (GRAPH[:60], GraphOutput),
    *((INSTRUCTIONS[d][:40], DOMAIN_SCHEMAS[d]) for d in DOMAIN_SCHEMAS),
]
BROKEN = "broken-numbers.html"  # a file whose numeric verifier fails on both tiers


def responder(model: str, body: JsonDict) -> Step | None:
    instruction = instruction_of(body)
    if instruction.startswith(VERIFIER_INSTRUCTION[:60]):
        if BROKEN in user_text_of(body):
            return internal_error()
        return _verifier(model, body)
    if instruction.startswith(REVIEWER_INSTRUCTION[:60]):
        return _reviewer(body)
    schema = next(s for prefix, s in PIPELINE if instruction.startswith(prefix))
    result = analyse(schema, body)
    return json_reply(result.output.model_dump(mode="json"), thoughts=result.thoughts)


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key=KEY) as served:
        yield served


@pytest.fixture(scope="module")
def gemini_server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("gemini-numeric-data"),
        fake_url=fake[1],
        api_key=KEY,
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
    ) as live:
        yield live


def _walk(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [n for node in nodes for n in [node, *_walk(node["children"])]]


async def _headers(server: LiveServer) -> dict[str, str]:
    async with httpx.AsyncClient(base_url=server.base_url, timeout=60) as anon:
        signed = await anon.post(
            "/api/auth/signup",
            json={"email": f"{uuid.uuid4().hex[:8]}@holmes.example", "password": "long enough pw"},
        )
    return {"Authorization": f"Bearer {signed.json()['access_token']}"}


async def test_gemini_agents_propose_and_the_engine_decides(
    gemini_server: LiveServer, fake: tuple[FakeGemini, str]
) -> None:
    headers = await _headers(gemini_server)
    async with httpx.AsyncClient(
        base_url=gemini_server.base_url, timeout=120, headers=headers
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "gemini numeric"})).json()["id"]
        doctored = BUCKLE.read_text().replace("140,071", "140,971").encode()
        uploaded = await client.post(
            f"/api/cases/{case_id}/files",
            files=[("files", ("doctored.html", doctored, "text/html"))],
        )
        file_id = uploaded.json()[0]["id"]
        body = await check_file(client, case_id, file_id)
        agents = _walk((await client.get(f"/api/cases/{case_id}/agents")).json())

    mismatches = [c for c in body["checks"] if c["status"] == "mismatch"]
    assert sorted(c["subject"] for c in mismatches) == [
        "Gross profit",
        "INCOME FROM OPERATIONS",
        "Net sales",
    ]
    proposed = next(c for c in mismatches if c["subject"] == "Net sales")
    assert proposed["computation"] == "$293,618 = 153,547 + 140,971"
    assert proposed["computed"] == 294_518_000
    assert {c["suspect_figure"] for c in mismatches} == {
        next(c for c in mismatches if c["subject"] == "Gross profit")["figures"][0]["id"]
    }
    assert all("Code execution reproduces the mismatch" in c["note"] for c in mismatches)
    assert not any(e in c["expression"] for c in body["checks"] for e in ("__import__", "f99999"))
    assert body["verified"] >= 15

    by_type = {a["agent_type"]: a for a in agents}
    # The extractor is the engine's reading: no model call, no tokens.
    assert by_type["NUMERIC_EXTRACTOR"]["input_tokens"] == 0
    assert by_type["NUMERIC_EXTRACTOR"]["model_name"] == ENGINE_MODEL
    assert any(ENGINE_TRACE in t for t in by_type["NUMERIC_EXTRACTOR"]["thinking_traces"])
    # One verifier for the document, its request holding every statement of it.
    [verifier] = [a for a in agents if a["agent_type"] == "NUMERIC_VERIFIER"]
    assert verifier["fallback_used"]
    assert verifier["fallback_model"] == FLASH_MODEL
    reviewer = by_type["NUMERIC_REVIEWER"]
    assert reviewer["status"] == "COMPLETED"
    assert any(t.startswith("[executed code]") for t in reviewer["thinking_traces"])

    gemini = fake[0]
    verified = [
        r
        for r in gemini.requests_for(FLASH_MODEL)
        if instruction_of(r.body).startswith(VERIFIER_INSTRUCTION[:60])
        and file_id in user_text_of(r.body)
    ]
    assert len(verified) == 1
    statements = [header["statement"] for header, _ in _blocks(verified[0].body)]
    assert len(statements) == 3  # the income statement, the balance sheet, the narrative
    assert sum("INCOME" in s for s in statements) == sum("BALANCE" in s for s in statements) == 1
    assert user_text_of(verified[0].body).count("--- DOCUMENT doctored.html") == 1
    reviewed = [
        r
        for r in gemini.requests_for(PRO_MODEL)
        if instruction_of(r.body).startswith(REVIEWER_INSTRUCTION[:60])
        and file_id in user_text_of(r.body)  # this test's (the fake serves both databases')
    ]
    assert len(reviewed) == 1
    assert reviewed[0].response_schema is not None


async def test_a_failed_verifier_during_processing_leaves_the_engine_checks_and_the_job(
    gemini_server: LiveServer, fake: tuple[FakeGemini, str]
) -> None:
    first = len(fake[0].requests)
    async with httpx.AsyncClient(
        base_url=gemini_server.base_url, timeout=120, headers=await _headers(gemini_server)
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "broken numbers"})).json()["id"]
        await client.post(
            f"/api/cases/{case_id}/files",
            files=[("files", (BROKEN, BUCKLE.read_bytes(), "text/html"))],
        )
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=180)
        checks = (await client.get(f"/api/cases/{case_id}/numeric-checks")).json()
        agents = _walk((await client.get(f"/api/cases/{case_id}/agents")).json())

    job = status["job"]
    assert job["status"] in ("READY", "PARTIAL"), job
    assert not [e for e in job["errors"] if e.get("domain") == "numeric"]
    # The relations found from the figures are evaluated all the same, made by no verifier.
    assert checks["checks"]
    assert {c["execution_id"] for c in checks["checks"]} == {None}
    financial = [a for a in agents if a["agent_type"] == "FINANCIAL"]
    assert financial, "the financial domain went on"
    assert all(a["status"] == "COMPLETED" for a in financial)
    (extractor,) = [a for a in agents if a["agent_type"] == "NUMERIC_EXTRACTOR"]
    assert extractor["status"] == "COMPLETED"
    (verifier,) = [a for a in agents if a["agent_type"] == "NUMERIC_VERIFIER"]
    assert verifier["status"] == "FAILED"
    assert verifier["fallback_used"]
    verifiers = [
        r
        for r in fake[0].requests[first:]
        if instruction_of(r.body).startswith(VERIFIER_INSTRUCTION[:60])
    ]
    assert {r.model for r in verifiers} == {PRO_MODEL, FLASH_MODEL}
