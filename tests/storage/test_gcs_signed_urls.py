"""With signed URLs on, GCS content is a 307 to a V4-signed URL that serves the bytes and ranges."""

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from tests.conftest import make_settings
from tests.support import LiveServer, live_server


@pytest.fixture(scope="module")
def key_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    path = tmp_path_factory.mktemp("sa") / "key.json"
    path.write_text(
        json.dumps(
            {
                "type": "service_account",
                "project_id": "holmes-test",
                "private_key_id": "test-key",
                "private_key": pem,
                "client_email": "holmes@holmes-test.iam.gserviceaccount.com",
                "client_id": "1",
                "token_uri": "http://127.0.0.1:9/token",
            }
        )
    )
    return path


@pytest.fixture(scope="module")
def signing_server(
    module_database: str,
    emulator_host: str,
    key_file: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[LiveServer]:
    settings = make_settings(
        database_url=module_database,
        storage="gcs",
        data_dir=tmp_path_factory.mktemp("signed-data"),
        emulator_host=emulator_host,
    ).model_copy(update={"gcs_signed_urls": True, "gcs_credentials_file": key_file})
    with live_server(settings) as live:
        yield live


async def test_content_redirects_to_a_signed_url(signing_server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=signing_server.base_url) as anon:
        signup = await anon.post(
            "/api/auth/signup",
            json={"email": "signer@holmes.example", "password": "long enough password"},
        )
    headers = {"Authorization": f"Bearer {signup.json()['access_token']}"}
    content = bytes(range(256)) * 4
    async with httpx.AsyncClient(base_url=signing_server.base_url, headers=headers) as client:
        case = (await client.post("/api/cases", json={"name": "signed"})).json()
        [file] = (
            await client.post(
                f"/api/cases/{case['id']}/files",
                files=[("files", ("clip.mp4", content, "video/mp4"))],
            )
        ).json()
        response = await client.get(f"/api/files/{file['id']}/content")
        head = await client.head(f"/api/files/{file['id']}/content")
        [page] = (
            await client.post(
                f"/api/cases/{case['id']}/files",
                files=[("files", ("page.html", b"<script>1</script>", "text/html"))],
            )
        ).json()
        page_location = (await client.get(f"/api/files/{page['id']}/content")).headers["location"]

    assert response.status_code == 307
    location = response.headers["location"]
    assert "X-Goog-Signature=" in location
    assert "X-Goog-Credential=holmes%40holmes-test.iam.gserviceaccount.com" in location
    assert head.status_code == 307
    assert head.headers["location"].split("?")[0] == location.split("?")[0]
    # Storage's own origin sends no policy of ours, so a web page is a download there too.
    signed = parse_qs(urlsplit(location).query)
    assert signed["response-content-disposition"] == ["inline; filename*=UTF-8''clip.mp4"]
    assert signed["response-content-type"] == ["video/mp4"]
    page_signed = parse_qs(urlsplit(page_location).query)
    assert page_signed["response-content-disposition"] == ["attachment; filename*=UTF-8''page.html"]
    async with httpx.AsyncClient() as browser:
        whole = await browser.get(location)
        assert whole.content == content
        part = await browser.get(location, headers={"Range": "bytes=0-99"})
        assert part.status_code == 206
        assert part.content == content[:100]
