"""The merge step on the Gemini provider, against the fake Gemini server.

Pro answers 503 to everything, so the merge agent falls back to Flash (AGENT_FALLBACK, recorded on
its execution). Flash answers every agent with the local analyst's analysis of the request it
was sent, except that its merge plan leaves the facts unreviewed, as a model may: a new fact
stating another value for exactly what the graph holds must still become a conflict.
"""

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import httpx
import pytest
from pydantic import BaseModel

from holmes_backend.agents.domains.prompt import INSTRUCTIONS
from holmes_backend.agents.knowledge_graph.prompt import INSTRUCTION as GRAPH
from holmes_backend.agents.merge.prompt import INSTRUCTION as MERGE
from holmes_backend.agents.orchestrator.prompt import INSTRUCTION as ORCHESTRATOR
from holmes_backend.agents.pipeline import DOMAIN_SCHEMAS
from holmes_backend.agents.synthesis.prompt import INSTRUCTION as SYNTHESIS
from holmes_backend.agents.triage.prompt import INSTRUCTION as TRIAGE
from holmes_backend.contracts.agents import (
    GraphOutput,
    MergePlan,
    RoutingPlan,
    SynthesisOutput,
    TriageResult,
)
from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from tests.agents.helpers import upload_demo, wait_done
from tests.conflicts.builders import wire_confirmation
from tests.fake_gemini import FakeGemini, JsonDict, Step, json_reply, unavailable
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
SCHEMAS: list[tuple[str, type[BaseModel]]] = [
    (TRIAGE[:60], TriageResult),
    (ORCHESTRATOR[:60], RoutingPlan),
    (SYNTHESIS[:60], SynthesisOutput),
    (GRAPH[:60], GraphOutput),
    (MERGE[:60], MergePlan),
    *((INSTRUCTIONS[d][:40], DOMAIN_SCHEMAS[d]) for d in DOMAIN_SCHEMAS),
    *NUMERIC_SCHEMAS,
]


def responder(model: str, body: JsonDict) -> Step | None:
    if model == PRO:
        return unavailable()
    instruction = instruction_of(body)
    schema = next(s for prefix, s in SCHEMAS if instruction.startswith(prefix))
    output = analyse(schema, body).output
    if isinstance(output, MergePlan):
        output = output.model_copy(update={"facts": []})
    return json_reply(output.model_dump(mode="json"), thoughts=["Merged the new material."])


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
        data_dir=tmp_path_factory.mktemp("gemini-merge-data"),
        fake_url=fake[1],
        api_key="test-key",
        pro=PRO,
        flash=FLASH,
    ) as live:
        yield live


async def test_merge_falls_back_to_flash_and_unreviewed_disagreement_is_a_conflict(
    gemini_server: LiveServer, demo_dir: Path
) -> None:
    async with httpx.AsyncClient(base_url=gemini_server.base_url, timeout=60) as http:
        signup = await http.post(
            "/api/auth/signup",
            json={"email": "merge@holmes.example", "password": "pw-merge-gemini-1"},
        )
        assert signup.status_code == 201, signup.text
        http.headers["Authorization"] = f"Bearer {signup.json()['access_token']}"
        case_id = (await http.post("/api/cases", json={"name": "Gemini merge"})).json()["id"]
        await upload_demo(http, case_id, demo_dir)
        await http.post(f"/api/cases/{case_id}/process")
        assert (await wait_done(http, case_id, 300))["job"]["status"] in {"READY", "PARTIAL"}
        facts = (await http.get(f"/api/cases/{case_id}/graph/versions/1")).json()["facts"]
        amount = max(
            (f for f in facts if f["attribute"] == "amount"),
            key=lambda f: (len(f["sources"]), f["id"]),
        )
        number, currency = amount["value"].split()
        confirmation = wire_confirmation(
            bank="First Lakes Bank",
            reference=amount["subject_name"].split()[-1],
            amount=round(float(number) * 1.25, 2),
            currency=currency,
            day=date(2024, 1, 2) + timedelta(days=400),
        )
        uploaded = await http.post(
            f"/api/cases/{case_id}/files",
            files=[("files", ("wire_confirmation.pdf", confirmation, "application/pdf"))],
        )
        assert uploaded.status_code == 201, uploaded.text
        await http.post(f"/api/cases/{case_id}/process", json={"incremental": True})
        status = await wait_done(http, case_id, 300)
        assert status["job"]["status"] == "READY", status["job"]["errors"]

        conflicts = (await http.get(f"/api/cases/{case_id}/conflicts")).json()
        money = [c for c in conflicts if c["fact_id"] == amount["id"]]
        assert len(money) == 1, conflicts
        assert money[0]["new"]["value"] == f"{float(number) * 1.25:.2f} {currency}"
        assert money[0]["status"] == "OPEN"
        v2 = (await http.get(f"/api/cases/{case_id}/graph/versions/2")).json()
        kept = next(f for f in v2["facts"] if f["id"] == amount["id"])
        assert kept["value"] == amount["value"]
        assert kept["conflict_ids"] == [money[0]["id"]]

        agents = (await http.get(f"/api/cases/{case_id}/agents")).json()
        merge = [a for a in agents if a["agent_name"] == "merge_agent"]
        assert len(merge) == 1
        assert merge[0]["status"] == "COMPLETED"
        assert merge[0]["fallback_used"] is True
        assert merge[0]["fallback_model"] == FLASH
