"""Object-level authorization: Bob calls every case- and file-scoped route with Alice's ids.

Every answer is 404 (indistinguishable from a missing object), nothing leaks, nothing changes.
The routes come from the OpenAPI document, so a new route without an entry here fails the test.
"""

import uuid
from typing import Any

import httpx

from holmes_backend.models import Conflict, Correction
from holmes_backend.runtime import Runtime
from holmes_shared.enums import VerificationStatus
from tests.api.helpers import assert_envelope, new_case
from tests.api.multipart import HEADERS, multipart_body

# (method, path) -> request kwargs Bob sends (valid requests, so only ownership can refuse them).
REQUESTS: dict[tuple[str, str], dict[str, Any]] = {
    ("get", "/api/cases/{case_id}"): {},
    ("delete", "/api/cases/{case_id}"): {},
    ("get", "/api/cases/{case_id}/files"): {},
    ("post", "/api/cases/{case_id}/files"): {
        "content": multipart_body([("files", "planted.txt", b"planted by bob")]),
        "headers": HEADERS,
    },
    ("get", "/api/cases/{case_id}/events"): {"headers": {"Last-Event-ID": "0"}},
    ("post", "/api/cases/{case_id}/process"): {"json": {"incremental": False}},
    ("get", "/api/cases/{case_id}/process/status"): {},
    ("post", "/api/cases/{case_id}/regenerate"): {},
    ("get", "/api/cases/{case_id}/graph"): {},
    ("get", "/api/cases/{case_id}/insights"): {},
    ("get", "/api/cases/{case_id}/timeline"): {},
    ("get", "/api/cases/{case_id}/findings"): {"params": {"domain": "financial"}},
    ("get", "/api/cases/{case_id}/agents"): {},
    ("get", "/api/cases/{case_id}/agents/cost"): {},
    ("post", "/api/cases/{case_id}/chat"): {"json": {"message": "Who paid whom?"}},
    ("get", "/api/cases/{case_id}/chat/history"): {},
    ("post", "/api/cases/{case_id}/correct"): {
        "json": {
            "target_type": "entity",
            "target_id": "person:someone",
            "original_value": "Someone",
            "proposed_value": "Someone Else",
        }
    },
    ("get", "/api/cases/{case_id}/corrections"): {},
    ("post", "/api/corrections/{correction_id}/apply"): {},
    ("delete", "/api/corrections/{correction_id}"): {},
    ("get", "/api/cases/{case_id}/conflicts"): {"params": {"status": "open"}},
    ("post", "/api/conflicts/{conflict_id}/resolve"): {"json": {"resolution": "keep_existing"}},
    ("get", "/api/cases/{case_id}/graph/versions"): {},
    ("get", "/api/cases/{case_id}/graph/versions/{version}"): {},
    ("get", "/api/cases/{case_id}/numeric-checks"): {"params": {"status": "mismatch"}},
    ("post", "/api/cases/{case_id}/files/{file_id}/numeric-checks"): {},
    ("get", "/api/cases/{case_id}/files/{file_id}/numeric-checks/status"): {},
    ("get", "/api/files/{file_id}"): {},
    ("get", "/api/files/{file_id}/content"): {"headers": {"Range": "bytes=0-99"}},
    ("delete", "/api/files/{file_id}"): {},
}


async def _alice_correction(runtime: Runtime, case_id: str) -> str:
    """A correction on Alice's case, stored directly: her case is not processed, and only its
    id matters here."""
    async with runtime.session_factory() as session:
        row = Correction(
            case_id=uuid.UUID(case_id),
            target_type="entity",
            target_id="person:someone",
            original_value="Someone",
            corrected_value="Someone Else",
            verification_status=VerificationStatus.AMBIGUOUS,
            verification_evidence={"reasoning": "seeded", "evidence": []},
        )
        session.add(row)
        await session.commit()
        return str(row.id)


async def _alice_conflict(runtime: Runtime, case_id: str) -> str:
    """An open conflict on Alice's case, stored directly (only its id and state matter)."""
    async with runtime.session_factory() as session:
        row = Conflict(
            case_id=uuid.UUID(case_id),
            conflict_type="amount",
            description="seeded",
            target_ref={"attribute": "amount", "existing_fact_id": "fact:seeded"},
            existing_value="100.00 USD",
            new_value="200.00 USD",
            existing_source={"sources": []},
            new_source={"sources": []},
            resolved_value=None,
        )
        session.add(row)
        await session.commit()
        return str(row.id)


async def test_peer_gets_404_on_every_scoped_route_and_changes_nothing(
    client: httpx.AsyncClient, other_client: httpx.AsyncClient, runtime: Runtime
) -> None:
    case = await new_case(client, "Alice's confidential case")
    secret = b"Alice's privileged evidence " * 10
    [file] = (
        await client.post(
            f"/api/cases/{case['id']}/files",
            files=[("files", ("memo.txt", secret, "text/plain"))],
        )
    ).json()
    ids = {
        "case_id": case["id"],
        "file_id": file["id"],
        "correction_id": await _alice_correction(runtime, case["id"]),
        "conflict_id": await _alice_conflict(runtime, case["id"]),
        "version": 1,
    }

    spec = (await client.get("/openapi.json")).json()
    scoped = {
        (method, path) for path, item in spec["paths"].items() for method in item if "{" in path
    }
    assert scoped == set(REQUESTS), "add every new scoped route to REQUESTS"

    for (method, path), kwargs in REQUESTS.items():
        response = await other_client.request(method, path.format(**ids), **kwargs)
        error = assert_envelope(response, 404, "NOT_FOUND")
        assert "Alice" not in response.text
        assert secret[:20].decode() not in response.text
        assert error["message"] in {
            "Case not found.",
            "File not found.",
            "Correction not found.",
            "Conflict not found.",
        }, (method, path)

    assert case["id"] not in [c["id"] for c in (await other_client.get("/api/cases")).json()]

    # Nothing changed for Alice.
    assert (await client.get(f"/api/cases/{case['id']}")).json()["file_count"] == 1
    files = (await client.get(f"/api/cases/{case['id']}/files")).json()
    assert [f["filename"] for f in files] == ["memo.txt"]
    assert (await client.get(f"/api/files/{file['id']}/content")).content == secret
    corrections = (await client.get(f"/api/cases/{case['id']}/corrections")).json()
    assert [c["id"] for c in corrections] == [ids["correction_id"]]
    assert corrections[0]["applied"] is False
    conflicts = (await client.get(f"/api/cases/{case['id']}/conflicts")).json()
    assert [(c["id"], c["status"]) for c in conflicts] == [(ids["conflict_id"], "OPEN")]
    checks = (await client.get(f"/api/cases/{case['id']}/numeric-checks")).json()
    assert checks["checks"] == []


async def test_without_a_token_every_route_but_health_and_auth_is_401(
    anonymous: httpx.AsyncClient, client: httpx.AsyncClient
) -> None:
    case = await new_case(client)
    spec = (await anonymous.get("/openapi.json")).json()
    ids = {
        "case_id": case["id"],
        "file_id": case["id"],
        "correction_id": case["id"],
        "conflict_id": case["id"],
        "version": 1,
    }
    public = {"/api/health", "/api/auth/signup", "/api/auth/login", "/api/auth/google"}
    checked = 0
    for path, item in spec["paths"].items():
        if path in public:
            continue
        for method in item:
            response = await anonymous.request(method, path.format(**ids))
            assert_envelope(response, 401, "UNAUTHORIZED")
            assert response.headers["www-authenticate"] == "Bearer"
            checked += 1
    assert checked >= 9
    assert (await client.get(f"/api/cases/{case['id']}")).status_code == 200
