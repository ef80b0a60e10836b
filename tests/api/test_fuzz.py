"""Bounded property-based fuzzing of the whole API with schemathesis, as Bob, next to Alice's data.

Every generated request must get no 5xx, a documented status code, a documented content type and
a body that matches the documented schema. Half the requests that name a case or a file name one
of Alice's instead: those must be 404, whatever else the request says.
"""

import json
from collections import Counter
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from tests.conftest import Account
from tests.support import REPO_ROOT, LiveServer

MAX_EXAMPLES = 15
STATS: Counter[str] = Counter()


@pytest.fixture(scope="session")
def api_schema(server: LiveServer) -> Any:
    return schemathesis.openapi.from_url(f"{server.base_url}/openapi.json")


@pytest.fixture(scope="session")
def alice_objects(server: LiveServer, alice: Account) -> dict[str, str]:
    headers = {"Authorization": f"Bearer {alice.token}"}
    with httpx.Client(base_url=server.base_url, headers=headers) as http:
        case = http.post("/api/cases", json={"name": "Alice's fuzz target"}).json()
        [file] = http.post(
            f"/api/cases/{case['id']}/files",
            files=[("files", ("target.txt", b"alice only", "text/plain"))],
        ).json()
    return {"case_id": case["id"], "file_id": file["id"]}


def _operations(api_schema: Any) -> list[Any]:
    # Logging out would revoke the fuzzing user's own token; it has its own tests.
    operations = [result.ok() for result in api_schema.get_all_operations()]
    return [op for op in operations if op.path != "/api/auth/logout"]


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_api_conforms_and_keeps_peers_apart(
    mode: GenerationMode,
    api_schema: Any,
    alice: Account,
    bob: Account,
    alice_objects: dict[str, str],
    server: LiveServer,
) -> None:
    operations = _operations(api_schema)
    assert len(operations) >= 14

    def exercise(case: Any) -> None:
        peer_probe = False
        params = case.path_parameters or {}
        if params and hash(json.dumps(params, sort_keys=True, default=str)) % 2 == 0:
            for name in params:
                if name in alice_objects:
                    params[name] = alice_objects[name]
                    peer_probe = True

        response = case.call(headers={"Authorization": f"Bearer {bob.token}"})
        STATS["requests"] += 1
        STATS[f"status_{response.status_code}"] += 1
        case.validate_response(
            response,
            checks=[
                not_a_server_error,
                status_code_conformance,
                content_type_conformance,
                response_schema_conformance,
            ],
        )
        if peer_probe:
            STATS["peer_probes"] += 1
            # A valid request is refused as if the object did not exist; an invalid one may be
            # refused for its invalidity first. Never is it served.
            allowed = {404} if mode is GenerationMode.POSITIVE else {400, 404, 413, 415, 422}
            assert response.status_code in allowed, (case.method, case.formatted_path)
            if case.method.upper() != "GET":
                # Whatever Bob sent, Alice's case and file are intact.
                headers = {"Authorization": f"Bearer {alice.token}"}
                with httpx.Client(base_url=server.base_url, headers=headers) as http:
                    assert http.get(f"/api/cases/{alice_objects['case_id']}").status_code == 200
                    content = http.get(f"/api/files/{alice_objects['file_id']}/content")
                    assert content.content == b"alice only"

    for operation in operations:
        run = settings(
            max_examples=MAX_EXAMPLES,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
            phases=[Phase.generate],
        )(given(operation.as_strategy(generation_mode=mode))(exercise))
        try:
            run()
        except Unsatisfiable:
            # Nothing invalid can be said to an operation without inputs (GET /api/cases).
            assert mode is GenerationMode.NEGATIVE, operation.label
            STATS["operations_without_negative_cases"] += 1


def write_report() -> dict[str, int]:
    out = REPO_ROOT / "test-output" / "schemathesis.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    report = dict(sorted(STATS.items()))
    out.write_text(json.dumps(report, indent=2) + "\n")
    return report
