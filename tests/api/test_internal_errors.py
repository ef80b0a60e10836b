"""An unexpected failure answers 500 in the envelope, with nothing of its internals."""

import httpx

from holmes_backend.config import Settings
from holmes_backend.main import create_app


async def test_unhandled_exception_is_an_opaque_500() -> None:
    app = create_app(Settings(environment="test"))

    @app.get("/api/boom")
    async def boom() -> None:
        raise RuntimeError("password=hunter2 at /srv/holmes/secret.py line 42")

    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        response = await client.get("/api/boom")
    assert response.status_code == 500
    body = response.json()
    assert body["error"]["code"] == "SYSTEM_ERROR"
    assert body["error"]["recoverable"] is True
    for leak in ("hunter2", "secret.py", "RuntimeError", "Traceback"):
        assert leak not in response.text
