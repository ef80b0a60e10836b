import uuid

import httpx

from tests.api.helpers import assert_envelope, new_case


async def test_create_get_list_delete_case(client: httpx.AsyncClient) -> None:
    created = await new_case(client, "Meridian Holdings fraud")
    assert created["status"] == "PENDING"
    assert created["file_count"] == 0
    assert created["description"] == "context"

    fetched = (await client.get(f"/api/cases/{created['id']}")).json()
    assert fetched == created

    listed = (await client.get("/api/cases")).json()
    assert created["id"] in [c["id"] for c in listed]

    response = await client.delete(f"/api/cases/{created['id']}")
    assert response.status_code == 204
    assert_envelope(await client.get(f"/api/cases/{created['id']}"), 404, "NOT_FOUND")
    listed = (await client.get("/api/cases")).json()
    assert created["id"] not in [c["id"] for c in listed]


async def test_hypotheses_are_kept(client: httpx.AsyncClient) -> None:
    response = await client.post(
        "/api/cases",
        json={"name": "H", "hypotheses": ["  The CFO approved the transfers  "]},
    )
    assert response.status_code == 201
    assert response.json()["hypotheses"] == ["The CFO approved the transfers"]


async def test_unknown_case_is_404(client: httpx.AsyncClient) -> None:
    missing = uuid.uuid4()
    for method in ("GET", "DELETE"):
        response = await client.request(method, f"/api/cases/{missing}")
        error = assert_envelope(response, 404, "NOT_FOUND")
        assert error["details"] == {"case_id": str(missing)}


async def test_bad_case_bodies_are_422_with_the_envelope(client: httpx.AsyncClient) -> None:
    before = len((await client.get("/api/cases")).json())
    bad_bodies: list[tuple[str, dict[str, str]]] = [
        ('{"name": ""}', {"content-type": "application/json"}),
        ('{"name": "   "}', {"content-type": "application/json"}),
        ('{"description": "no name"}', {"content-type": "application/json"}),
        ('{"name": "x", "unexpected": 1}', {"content-type": "application/json"}),
        ('{"name": ' + '"' + "x" * 201 + '"}', {"content-type": "application/json"}),
        ("{not json", {"content-type": "application/json"}),
        ("[1, 2]", {"content-type": "application/json"}),
    ]
    for body, headers in bad_bodies:
        response = await client.post("/api/cases", content=body, headers=headers)
        error = assert_envelope(response, 422, "VALIDATION_ERROR")
        assert error["details"]["errors"], body
    assert len((await client.get("/api/cases")).json()) == before


async def test_malformed_ids_and_unknown_routes(client: httpx.AsyncClient) -> None:
    assert_envelope(await client.get("/api/cases/not-a-uuid"), 422, "VALIDATION_ERROR")
    assert_envelope(await client.get("/api/nothing-here"), 404, "NOT_FOUND")
    assert_envelope(await client.put("/api/cases"), 405, "METHOD_NOT_ALLOWED")


async def test_health(client: httpx.AsyncClient) -> None:
    body = (await client.get("/api/health")).json()
    assert body["status"] == "ok"
    assert body["database"] == "ok"
    assert body["storage"] in {"local", "gcs"}


async def test_unstorable_text_is_422_not_a_server_error(client: httpx.AsyncClient) -> None:
    # Found by the fuzzer: PostgreSQL refuses NUL and UTF-8 cannot encode lone surrogates.
    for body in (
        '{"name": "a\\u0000b"}',
        '{"name": "ok", "description": "\\udb17"}',
        '{"name": "ok", "hypotheses": ["x\\u0000"]}',
    ):
        response = await client.post(
            "/api/cases", content=body, headers={"content-type": "application/json"}
        )
        assert_envelope(response, 422, "VALIDATION_ERROR")
    login = await client.post("/api/auth/login", json={"email": "\x00a@b.c", "password": "x"})
    assert_envelope(login, 422, "VALIDATION_ERROR")
