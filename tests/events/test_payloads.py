"""Every event type has one payload model; the log refuses a payload its model does not accept,
and the OpenAPI document publishes the events as a union discriminated on their type."""

import uuid
from typing import Any, get_args

import httpx
import pytest
from pydantic import TypeAdapter, ValidationError

from holmes_backend.agents.runner import AgentSpec
from holmes_backend.contracts.agents import TriageResult
from holmes_backend.contracts.events import PAYLOADS, CaseEvent
from holmes_backend.db import transaction
from holmes_backend.events import log as event_service
from holmes_backend.models import Case
from holmes_backend.runtime import Runtime
from holmes_shared.events import EventType


def _members() -> dict[str, Any]:
    union = get_args(CaseEvent)[0]
    return {get_args(m.model_fields["type"].annotation)[0]: m for m in get_args(union)}


def test_every_event_type_has_a_payload_model_and_an_envelope() -> None:
    assert set(PAYLOADS) == {t.value for t in EventType}
    members = _members()
    assert set(members) == {t.value for t in EventType}
    for name, member in members.items():
        assert member.model_fields["payload"].annotation is PAYLOADS[name], name


def test_a_logged_event_reads_back_as_its_typed_payload() -> None:
    event = TypeAdapter(CaseEvent).validate_python(
        {
            "id": 7,
            "case_id": str(uuid.uuid4()),
            "type": "AGENT_STARTED",
            "agent_id": "financial_worker_2",
            "agent_type": "FINANCIAL",
            "timestamp": "2026-12-06T08:00:00Z",
            "payload": {
                "execution_id": "e1",
                "model": "m",
                "phase": "domains",
                "domain": "financial",
                "worker": 2,
            },
        }
    )
    assert event.type == "AGENT_STARTED"
    assert (event.payload.domain, event.payload.worker) == ("financial", 2)  # type: ignore[union-attr]


def test_an_agent_says_who_it_is() -> None:
    worker = AgentSpec(
        "financial_worker_2",
        "FINANCIAL",
        "domain",
        "pro",
        TriageResult,
        "",
        domain="financial",
        worker=2,
    )
    assert worker.identity() == {"phase": "domains", "domain": "financial", "worker": 2}
    orchestrator = AgentSpec(
        "orchestrator", "ORCHESTRATOR", "orchestrator", "pro", TriageResult, ""
    )
    assert orchestrator.identity() == {"phase": "routing", "domain": None, "worker": None}
    numeric = AgentSpec(
        "n", "NUMERIC_VERIFIER", "domain", "pro", TriageResult, "", phase="numeric_verify"
    )
    assert numeric.identity()["phase"] == "numeric_verify"


async def test_the_log_refuses_a_payload_its_type_does_not_declare(runtime: Runtime) -> None:
    async with runtime.session_factory() as session:
        session.add(case := Case(name="typed events"))
        await transaction.commit(session)
    async with runtime.session_factory() as session:
        with pytest.raises(ValidationError):
            await event_service.record(
                session,
                hub=runtime.hub,
                case_id=case.id,
                type=EventType.AGENT_PROGRESS,
                payload={"phase": "extraction", "stray": 1},
            )
        with pytest.raises(ValidationError):  # a required field missing
            await event_service.record(
                session,
                hub=runtime.hub,
                case_id=case.id,
                type=EventType.GRAPH_UPDATED,
                payload={"version": 2},
            )
        event = await event_service.record(
            session,
            hub=runtime.hub,
            case_id=case.id,
            type=EventType.GRAPH_UPDATED,
            payload={"version": 2, "nodes": 3, "edges": 1},
        )
        await transaction.commit(session)
    assert event.payload["version"] == 2
    assert event.payload["reason"] is None  # every declared field is written


async def test_openapi_publishes_the_events_as_a_discriminated_union(
    anonymous: httpx.AsyncClient,
) -> None:
    document = (await anonymous.get("/openapi.json")).json()
    schemas = document["components"]["schemas"]
    union = schemas["CaseEvent"]
    mapping = union["discriminator"]["mapping"]
    assert set(mapping) == {t.value for t in EventType}
    started = schemas[mapping["AGENT_STARTED"].rsplit("/", 1)[1]]
    payload = schemas[started["properties"]["payload"]["$ref"].rsplit("/", 1)[1]]
    assert {"domain", "worker", "phase", "execution_id"} <= set(payload["properties"])
    assert payload.get("additionalProperties") is False
    stream = document["paths"]["/api/cases/{case_id}/events"]["get"]["responses"]["200"]
    assert stream["content"]["text/event-stream"]["schema"] == {
        "$ref": "#/components/schemas/CaseEvent"
    }
