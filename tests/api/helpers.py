import os
from typing import Any

import httpx


async def new_case(client: httpx.AsyncClient, name: str = "Case") -> dict[str, Any]:
    response = await client.post("/api/cases", json={"name": name, "description": "context"})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def assert_envelope(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}
    error: dict[str, Any] = body["error"]
    assert set(error) == {"code", "message", "details", "recoverable", "suggested_action"}
    assert error["code"] == code
    assert error["message"]
    assert "Traceback" not in response.text
    return error


def random_bytes(size: int) -> bytes:
    return os.urandom(size)
