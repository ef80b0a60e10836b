"""The UI's static export served at "/": pages, deep links, caching, and never shadowing the API."""

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from holmes_backend.config import Settings
from tests.api.helpers import assert_envelope
from tests.support import live_server


@pytest.fixture(scope="module")
def ui_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("ui")
    out = root / "out"
    (out / "case").mkdir(parents=True)
    (out / "_next" / "static" / "chunks").mkdir(parents=True)
    (out / "index.html").write_text("<html>case list</html>")
    (out / "case" / "index.html").write_text("<html>workspace</html>")
    (out / "404.html").write_text("<html>not found page</html>")
    (out / "_next" / "static" / "chunks" / "app.js").write_text("console.log(1)")
    (root / "secret.txt").write_text("outside the export")
    settings = Settings(environment="test", data_dir=root / "data", ui_dir=out)
    with live_server(settings) as server:
        yield server.base_url


def _get(base: str, path: str) -> httpx.Response:
    return httpx.get(base + path, timeout=10)


def test_pages_and_deep_links_are_files(ui_server: str) -> None:
    index = _get(ui_server, "/")
    assert index.status_code == 200
    assert index.text == "<html>case list</html>"
    assert "script-src 'self'" in index.headers["content-security-policy"]
    assert index.headers["x-frame-options"] == "DENY"
    assert index.headers["cache-control"] == "no-cache"

    # A reload of a deep link with its query string is the workspace page.
    deep = _get(ui_server, "/case/?id=4f42bcf3-0242-47d9-8a59-86f67a2efce4&view=graph")
    assert deep.status_code == 200
    assert deep.text == "<html>workspace</html>"
    assert _get(ui_server, "/case").text == "<html>workspace</html>"


def test_fingerprinted_assets_are_cached_for_good(ui_server: str) -> None:
    asset = _get(ui_server, "/_next/static/chunks/app.js")
    assert asset.status_code == 200
    assert "immutable" in asset.headers["cache-control"]


def test_unknown_pages_get_the_404_page_and_nothing_outside_the_export(ui_server: str) -> None:
    missing = _get(ui_server, "/no/such/page/")
    assert missing.status_code == 404
    assert missing.text == "<html>not found page</html>"
    for path in ("/../secret.txt", "/%2e%2e/secret.txt", "/case/..%2f..%2fsecret.txt"):
        response = _get(ui_server, path)
        assert response.status_code == 404, path
        assert "outside the export" not in response.text


def test_the_api_is_never_shadowed(ui_server: str) -> None:
    assert_envelope(_get(ui_server, "/api/no-such-route"), 404, "NOT_FOUND")
    assert_envelope(httpx.post(ui_server + "/api/no-such-route", timeout=10), 404, "NOT_FOUND")
    assert_envelope(_get(ui_server, "/api"), 404, "NOT_FOUND")
    assert _get(ui_server, "/api/health").json()["status"] == "ok"
    # The UI routes are not part of the API's document.
    spec = _get(ui_server, "/openapi.json").json()
    assert all(path.startswith("/api/") for path in spec["paths"])


def test_without_a_build_there_is_no_ui_route(tmp_path: Path) -> None:
    settings = Settings(environment="test", data_dir=tmp_path, ui_dir=tmp_path / "missing")
    with live_server(settings) as server:
        assert_envelope(_get(server.base_url, "/"), 404, "NOT_FOUND")
