"""Domain workers started during the orchestrator's call (runner.Speculation), on the fake Gemini.

Their requests are built while the orchestrator's call is out and leave only once its plan is
known: when the plan is the rule-based one they were started for, they go out as they are, with
the orchestrator as their parent; when it assigns a domain otherwise, that domain's held workers
are dropped (nothing sent, nothing recorded) and it runs as the plan says.
"""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import BaseModel

from holmes_backend.agents.domains.prompt import INSTRUCTIONS
from holmes_backend.agents.knowledge_graph.prompt import INSTRUCTION as GRAPH
from holmes_backend.agents.orchestrator.prompt import INSTRUCTION as ORCHESTRATOR
from holmes_backend.agents.pipeline import DOMAIN_SCHEMAS
from holmes_backend.agents.schemas import GraphOutput, RoutingPlan, SynthesisOutput, TriageResult
from holmes_backend.agents.synthesis.prompt import INSTRUCTION as SYNTHESIS
from holmes_backend.agents.triage.prompt import INSTRUCTION as TRIAGE
from tests.agents.helpers import upload_demo, wait_done
from tests.fake_gemini import FakeGemini, JsonDict, Received, Step, internal_error, json_reply
from tests.gemini_support import (
    FLASH_MODEL,
    NUMERIC_SCHEMAS,
    PRO_MODEL,
    analyse,
    holmes_on_fake,
    instruction_of,
    serve_fake,
)
from tests.support import LiveServer

PRO, FLASH = PRO_MODEL, FLASH_MODEL
LATENCY = 0.3
SCHEMAS: list[tuple[str, type[BaseModel]]] = [
    (TRIAGE[:60], TriageResult),
    (ORCHESTRATOR[:60], RoutingPlan),
    (SYNTHESIS[:60], SynthesisOutput),
    (GRAPH[:60], GraphOutput),
    *((INSTRUCTIONS[d][:40], DOMAIN_SCHEMAS[d]) for d in DOMAIN_SCHEMAS),
    *NUMERIC_SCHEMAS,
]
# Domains the orchestrator gives only their first file, unlike the analyst (and the rule-based
# plan the workers were started for); the files it takes from them go to strategy, so every
# file still has a domain (one without is given to its primary domain: Pipeline._checked_plan).
NARROWED: set[str] = set()


def responder(model: str, body: JsonDict) -> Step | None:
    instruction = instruction_of(body)
    schema = next(s for prefix, s in SCHEMAS if instruction.startswith(prefix))
    result = analyse(schema, body)
    output = result.output
    if isinstance(output, RoutingPlan) and NARROWED:
        taken = [f for a in output.assignments if a.domain in NARROWED for f in a.file_ids[1:]]
        output = output.model_copy(
            update={
                "assignments": [
                    a.model_copy(update={"file_ids": a.file_ids[:1], "workers": 1})
                    if a.domain in NARROWED
                    else a.model_copy(update={"file_ids": [*a.file_ids, *taken]})
                    if a.domain == "strategy"
                    else a
                    for a in output.assignments
                ]
            }
        )
    return json_reply(output.model_dump(mode="json"), thoughts=result.thoughts)


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeGemini]:
    with serve_fake(responder, api_key="test-key") as (gemini, url):
        gemini.latency = LATENCY
        gemini.url = url  # type: ignore[attr-defined]
        yield gemini


@pytest.fixture(scope="module")
def gemini_server(
    module_database: str, fake: FakeGemini, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("speculation-data"),
        fake_url=fake.url,  # type: ignore[attr-defined]
        api_key="test-key",
        pro=PRO,
        flash=FLASH,
    ) as live:
        yield live


def _domain_of(received: Received) -> str | None:
    instruction = instruction_of(received.body)
    return next((d for d in DOMAIN_SCHEMAS if instruction.startswith(INSTRUCTIONS[d][:40])), None)


def _text(received: Received) -> str:
    return "\n".join(p.get("text", "") for c in received.body["contents"] for p in c["parts"])


def _walk(nodes: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for node in nodes:
        yield node
        yield from _walk(node["children"])


async def _process(server: LiveServer, demo: Path, label: str) -> tuple[dict[str, Any], list]:
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": f"{label}@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    async with httpx.AsyncClient(
        base_url=server.base_url, timeout=30, headers={"Authorization": f"Bearer {token}"}
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": label})).json()["id"]
        await upload_demo(client, case_id, demo)
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=180)
        agents = list(_walk((await client.get(f"/api/cases/{case_id}/agents")).json()))
    return status, agents


async def test_workers_held_until_the_plan_confirms_them_then_sent_once(
    gemini_server: LiveServer, fake: FakeGemini, demo_dir: Path
) -> None:
    NARROWED.clear()
    fake.requests.clear()
    status, agents = await _process(gemini_server, demo_dir, "confirmed")

    assert status["job"]["status"] == "READY"
    routing = [r for r in fake.requests if instruction_of(r.body).startswith(ORCHESTRATOR[:60])]
    assert len(routing) == 1
    answered = routing[0].at + LATENCY  # the fake answers after its latency
    workers = [r for r in fake.requests if _domain_of(r) in ("financial", "legal", "evidence")]
    assert workers
    assert min(r.at for r in workers) >= answered - 0.01, "a worker's request left before the plan"
    records = [a for a in agents if a["agent_type"] in ("FINANCIAL", "LEGAL", "EVIDENCE")]
    assert len(records) == len(workers), "each worker ran (and was recorded) exactly once"
    orchestrator = next(a for a in agents if a["agent_type"] == "ORCHESTRATOR")
    assert {a["id"] for a in orchestrator["children"]} >= {a["id"] for a in records}
    assert all(a["status"] == "COMPLETED" for a in records)


async def test_a_domain_the_plan_assigns_otherwise_runs_as_planned_and_nothing_held_is_sent(
    gemini_server: LiveServer, fake: FakeGemini, demo_dir: Path
) -> None:
    NARROWED.clear()
    fake.requests.clear()
    # A domain the rule-based plan gives several files (seen in a first run's requests).
    triaged: dict[str, list[str]] = {}
    first = await _process(gemini_server, demo_dir, "rule")
    assert first[0]["job"]["status"] == "READY"
    for received in fake.requests:
        domain = _domain_of(received)
        if domain in ("financial", "legal", "evidence"):
            triaged.setdefault(domain, []).append(_text(received))
    domain = next(
        d for d, texts in triaged.items() if sum(t.count("<<<EVIDENCE") for t in texts) > 1
    )
    NARROWED.add(domain)
    fake.requests.clear()

    status, agents = await _process(gemini_server, demo_dir, "narrowed")

    assert status["job"]["status"] == "READY"
    sent = [r for r in fake.requests if _domain_of(r) == domain]
    assert len(sent) == 1, "only the planned worker's request left"
    assert _text(sent[0]).count("<<<EVIDENCE") == 1
    records = [a for a in agents if a["agent_type"] == domain.upper()]
    assert len(records) == 1, "the dropped workers left no record"


async def test_an_orchestrator_that_fails_drops_the_held_workers_and_the_job_ends(
    gemini_server: LiveServer, fake: FakeGemini, demo_dir: Path
) -> None:
    NARROWED.clear()
    fake.requests.clear()
    fake.responders.insert(
        0,
        lambda model, body: (
            internal_error() if instruction_of(body).startswith(ORCHESTRATOR[:60]) else None
        ),
    )
    try:
        status, agents = await _process(gemini_server, demo_dir, "no-plan")
    finally:
        fake.responders.pop(0)
    assert status["job"]["status"] == "ERROR"
    assert status["job"]["errors"][-1]["phase"] == "routing"
    assert not [r for r in fake.requests if _domain_of(r) is not None], "a held request left"
    assert not [a for a in agents if a["agent_type"] in ("FINANCIAL", "LEGAL", "EVIDENCE")]
