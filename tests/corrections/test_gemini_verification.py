"""The verification agent on the Gemini provider against the fake Gemini server.

Pro is overloaded (503), so the agent falls back to Flash (AGENT_FALLBACK, the fallback on its
execution record); Flash answers in the VerificationOutput response schema with the local
analyst's real analysis of the request it was sent. The case is seeded (no processing): one
evidence line, a finding and a timeline entry that misread its amount.
"""

import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from holmes_backend.agents.verification.prompt import INSTRUCTION
from holmes_backend.contracts.agents import VerificationOutput
from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from holmes_backend.models import Finding, KnowledgeGraph
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.runtime import Runtime
from holmes_shared.enums import FindingStatus
from tests.api.helpers import assert_envelope
from tests.fake_gemini import FakeGemini, JsonDict, Step, json_reply, unavailable
from tests.gemini_support import (
    FLASH_MODEL,
    PRO_MODEL,
    analyse,
    holmes_on_fake,
    instruction_of,
    serve_fake,
    user_text_of,
)
from tests.support import LiveServer

PRO, FLASH = PRO_MODEL, FLASH_MODEL
LINE = "Invoice INV-7 was paid on 2024-05-02: USD 4,750.00 to Birch & Co."
OUTAGE = "(both tiers down)"  # a justification that makes every model call fail


def responder(model: str, body: JsonDict) -> Step | None:
    if not instruction_of(body).startswith(INSTRUCTION[:60]):
        return None
    if model == PRO or OUTAGE in user_text_of(body):
        return unavailable()
    result = analyse(VerificationOutput, body)
    return json_reply(result.output.model_dump(mode="json"), thoughts=result.thoughts)


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="verify-key") as served:
        yield served


@pytest.fixture(scope="module")
def gemini_server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("gemini-verify-data"),
        fake_url=fake[1],
        api_key="verify-key",
        pro=PRO,
        flash=FLASH,
        retry_attempts=1,
    ) as live:
        yield live


async def _seeded_case(client: httpx.AsyncClient, settings: Any) -> tuple[str, str]:
    case_id = (await client.post("/api/cases", json={"name": "gemini verify"})).json()["id"]
    uploaded = await client.post(
        f"/api/cases/{case_id}/files", files=[("files", ("payments.txt", LINE, "text/plain"))]
    )
    assert uploaded.status_code == 201, uploaded.text
    file_id = uploaded.json()[0]["id"]
    source = {"file_id": file_id, "line": 1, "excerpt": LINE}
    runtime = Runtime.create(settings)
    try:
        async with runtime.session_factory() as session:
            finding = Finding(
                case_id=uuid.UUID(case_id),
                file_id=uuid.UUID(file_id),
                agent_id="financial_agent",
                domain="financial",
                finding_type="transaction",
                title="USD 4,570.00 to Birch & Co.",
                summary="Invoice INV-7",
                content={"amount": 4570.0, "currency": "USD", "source": source},
                source_location=source,
                confidence=0.8,
                status=FindingStatus.INTERIM,
            )
            session.add(finding)
            await graph_repo.add_version(
                session,
                KnowledgeGraph(
                    case_id=uuid.UUID(case_id),
                    timeline=[
                        {
                            "id": "timeline_001",
                            "timestamp": "2024-05-02",
                            "kind": "transaction",
                            "description": "Invoice INV-7 paid to Birch & Co.",
                            "amount": 4570.0,
                            "source": source,
                        }
                    ],
                ),
            )
            await session.commit()
            finding_id = str(finding.id)
    finally:
        await runtime.close()
    return case_id, finding_id


async def _token(server: LiveServer) -> str:
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30) as anon:
        response = await anon.post(
            "/api/auth/signup",
            json={"email": f"{uuid.uuid4().hex[:8]}@holmes.example", "password": "long enough pw"},
        )
    token: str = response.json()["access_token"]
    return token


async def test_verification_falls_back_to_flash_and_its_verdict_is_applied(
    gemini_server: LiveServer, fake: tuple[FakeGemini, str]
) -> None:
    headers = {"Authorization": f"Bearer {await _token(gemini_server)}"}
    async with httpx.AsyncClient(
        base_url=gemini_server.base_url, timeout=60, headers=headers
    ) as client:
        case_id, finding_id = await _seeded_case(client, gemini_server.settings)
        response = await client.post(
            f"/api/cases/{case_id}/correct",
            json={
                "target_type": "finding",
                "target_id": finding_id,
                "original_value": "4,570.00",
                "proposed_value": "$4,750",
                "justification": "Digits swapped.",
            },
        )
        body = response.json()
        assert response.status_code == 201, body
        agents = (await client.get(f"/api/cases/{case_id}/agents")).json()
        timeline = (await client.get(f"/api/cases/{case_id}/timeline")).json()
        findings = (await client.get(f"/api/cases/{case_id}/findings")).json()

    gemini = fake[0]
    assert gemini.requests_for(PRO), "pro was never tried"
    assert gemini.requests_for(FLASH)
    assert body["verdict"] == "CONFIRMED", body
    assert body["applied"] is True
    assert body["evidence"][0]["excerpt"] == LINE
    assert body["evidence"][0]["location"] == {"line": 1}
    [run] = [a for a in agents if a["agent_name"] == "verification_agent"]
    assert run["status"] == "COMPLETED"
    assert run["fallback_used"] is True
    assert run["fallback_model"] == FLASH
    assert run["thinking_traces"]
    assert timeline["version"] == 2
    assert timeline["events"][0]["amount"] == 4750.0
    current = [f for f in findings if f["superseded_by"] is None]
    assert [f["title"] for f in current] == ["USD 4,750.00 to Birch & Co."]


async def test_when_every_tier_fails_the_correction_is_refused_and_nothing_is_stored(
    gemini_server: LiveServer,
) -> None:
    headers = {"Authorization": f"Bearer {await _token(gemini_server)}"}
    async with httpx.AsyncClient(
        base_url=gemini_server.base_url, timeout=60, headers=headers
    ) as client:
        case_id, finding_id = await _seeded_case(client, gemini_server.settings)
        before = (await client.get(f"/api/cases/{case_id}/timeline")).json()
        response = await client.post(
            f"/api/cases/{case_id}/correct",
            json={
                "target_type": "finding",
                "target_id": finding_id,
                "original_value": "4,570.00",
                "proposed_value": "4,750.00",
                "justification": OUTAGE,
            },
        )
        error = assert_envelope(response, 503, "SYSTEM_ERROR")
        assert error["recoverable"] is True
        assert (await client.get(f"/api/cases/{case_id}/corrections")).json() == []
        assert (await client.get(f"/api/cases/{case_id}/timeline")).json() == before
        agents = (await client.get(f"/api/cases/{case_id}/agents")).json()
    [run] = [a for a in agents if a["agent_name"] == "verification_agent"]
    assert run["status"] == "FAILED"
    assert run["fallback_used"] is True
