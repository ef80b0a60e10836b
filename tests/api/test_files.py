"""Evidence upload, listing, ranged download and deletion, on every database and storage backend."""

import hashlib
import uuid
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from holmes_backend.storage import Storage
from holmes_backend.storage.base import evidence_disposition
from holmes_backend.storage.local import LocalStorage
from tests.api.helpers import assert_envelope, new_case, random_bytes
from tests.api.multipart import HEADERS, multipart_body
from tests.conftest import TEST_UPLOAD_LIMIT


async def _upload(
    client: httpx.AsyncClient, case_id: str, files: list[tuple[str, bytes, str]]
) -> httpx.Response:
    return await client.post(
        f"/api/cases/{case_id}/files",
        files=[("files", (name, content, mime)) for name, content, mime in files],
    )


async def _stored_keys(storage: Storage, case_id: str) -> list[str]:
    return await storage.list_keys(f"cases/{case_id}/")


async def test_upload_several_files_list_download_delete(
    client: httpx.AsyncClient, storage: Storage
) -> None:
    case = await new_case(client)
    pdf = b"%PDF-1.7\n" + random_bytes(300_000)
    text = "Interview notes — 14 March, 09:30.\n".encode()
    image = b"\x89PNG\r\n\x1a\n" + random_bytes(5000)
    response = await _upload(
        client,
        case["id"],
        [
            ("statement.pdf", pdf, "application/pdf"),
            ("notes.txt", text, "text/plain"),
            ("receipt photo.png", image, "application/octet-stream"),
        ],
    )
    assert response.status_code == 201, response.text
    uploaded = response.json()
    assert [f["filename"] for f in uploaded] == ["statement.pdf", "notes.txt", "receipt photo.png"]
    assert [f["mime_type"] for f in uploaded] == ["application/pdf", "text/plain", "image/png"]
    assert [f["size_bytes"] for f in uploaded] == [len(pdf), len(text), len(image)]
    assert [f["sha256"] for f in uploaded] == [
        hashlib.sha256(c).hexdigest() for c in (pdf, text, image)
    ]
    assert {f["status"] for f in uploaded} == {"PENDING"}

    listed = (await client.get(f"/api/cases/{case['id']}/files")).json()
    assert {f["id"] for f in listed} == {f["id"] for f in uploaded}
    for entry in listed:
        assert {"id", "filename", "mime_type", "size_bytes", "status", "triage_metadata"} <= set(
            entry
        )
    assert (await client.get(f"/api/cases/{case['id']}")).json()["file_count"] == 3
    assert len(await _stored_keys(storage, case["id"])) == 3

    pdf_id = uploaded[0]["id"]
    assert (await client.get(f"/api/files/{pdf_id}")).json() == uploaded[0]
    whole = await client.get(f"/api/files/{pdf_id}/content")
    assert whole.status_code == 200
    assert whole.content == pdf
    assert whole.headers["accept-ranges"] == "bytes"
    assert whole.headers["content-type"] == "application/pdf"

    deleted = await client.delete(f"/api/files/{pdf_id}")
    assert deleted.status_code == 204
    assert_envelope(await client.get(f"/api/files/{pdf_id}"), 404, "NOT_FOUND")
    assert_envelope(await client.get(f"/api/files/{pdf_id}/content"), 404, "NOT_FOUND")
    assert_envelope(await client.delete(f"/api/files/{pdf_id}"), 404, "NOT_FOUND")
    assert len(await _stored_keys(storage, case["id"])) == 2
    listed = (await client.get(f"/api/cases/{case['id']}/files")).json()
    assert [f["filename"] for f in listed] == ["notes.txt", "receipt photo.png"]


@pytest.mark.parametrize(
    ("header", "status", "expected_slice", "content_range"),
    [
        ("bytes=0-99", 206, slice(0, 100), "bytes 0-99/1000"),
        ("bytes=900-", 206, slice(900, 1000), "bytes 900-999/1000"),
        ("bytes=-10", 206, slice(990, 1000), "bytes 990-999/1000"),
        ("bytes=950-5000", 206, slice(950, 1000), "bytes 950-999/1000"),
        ("bytes=0-0", 206, slice(0, 1), "bytes 0-0/1000"),
        ("bytes=0-10, 20-30", 200, slice(0, 1000), None),
        ("items=0-10", 200, slice(0, 1000), None),
    ],
)
async def test_range_requests(
    client: httpx.AsyncClient,
    header: str,
    status: int,
    expected_slice: slice,
    content_range: str | None,
) -> None:
    case = await new_case(client)
    content = random_bytes(1000)
    file = (await _upload(client, case["id"], [("clip.mp4", content, "video/mp4")])).json()[0]
    response = await client.get(f"/api/files/{file['id']}/content", headers={"Range": header})
    assert response.status_code == status
    assert response.content == content[expected_slice]
    assert response.headers["content-length"] == str(len(content[expected_slice]))
    assert response.headers.get("content-range") == content_range


@pytest.mark.parametrize("header", ["bytes=1000-", "bytes=5000-6000", "bytes=-0", "bytes=20-10"])
async def test_unsatisfiable_range_is_416(client: httpx.AsyncClient, header: str) -> None:
    case = await new_case(client)
    file = (
        await _upload(client, case["id"], [("clip.mp4", random_bytes(1000), "video/mp4")])
    ).json()[0]
    response = await client.get(f"/api/files/{file['id']}/content", headers={"Range": header})
    assert_envelope(response, 416, "RANGE_NOT_SATISFIABLE")
    assert response.headers["content-range"] == "bytes */1000"


# Uploaded evidence is somebody else's document served from our origin (issue 41).
_ACTIVE = "<!doctype html><script>fetch('/api/cases').then(r => r.text())</script>"
_EVIDENCE = [
    ("page.html", _ACTIVE.encode(), "text/html", "attachment", "sandbox"),
    (
        "feed.xml",
        b'<?xml version="1.0"?><a xmlns="http://www.w3.org/1999/xhtml">x</a>',
        "application/xml",
        "attachment",
        "sandbox",
    ),
    (
        "mail.eml",
        b"Subject: hi\r\nContent-Type: text/html\r\n\r\n" + _ACTIVE.encode(),
        "message/rfc822",
        "attachment",
        "sandbox",
    ),
    ("statement.pdf", b"%PDF-1.7\n" + b"0" * 100, "application/pdf", "inline", "sandbox"),
    ("photo.png", b"\x89PNG\r\n\x1a\n" + b"0" * 100, "image/png", "inline", "sandbox"),
    ("notes.txt", _ACTIVE.encode(), "text/plain", "inline", "sandbox"),
    ("call.mp3", b"ID3" + b"0" * 100, "audio/mpeg", "inline", "media"),
    ("clip.mp4", b"\x00\x00\x00\x18ftypmp42" + b"0" * 100, "video/mp4", "inline", "media"),
]


def _directives(policy: str) -> dict[str, str]:
    pairs = (d.strip().partition(" ") for d in policy.split(";") if d.strip())
    return {name: value for name, _, value in pairs}


async def test_evidence_is_served_so_that_it_cannot_act(client: httpx.AsyncClient) -> None:
    case = await new_case(client)
    uploaded = (
        await _upload(client, case["id"], [(n, c, m) for n, c, m, _, _ in _EVIDENCE])
    ).json()
    assert [f["mime_type"] for f in uploaded] == [m for _, _, m, _, _ in _EVIDENCE]
    for file, (name, content, mime, disposition, policy) in zip(uploaded, _EVIDENCE, strict=True):
        response = await client.get(f"/api/files/{file['id']}/content")
        assert response.status_code == 200
        assert response.content == content
        headers = response.headers
        # The type stays true (the UI's <img> and <video> need it); nosniff stops any guessing.
        assert headers["content-type"].split(";")[0] == mime, name
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["cross-origin-resource-policy"] == "same-origin"
        assert headers["content-disposition"] == f"{disposition}; filename*=UTF-8''{name}", name
        csp = _directives(headers["content-security-policy"])
        assert csp["default-src"] == "'none'", name
        assert csp["frame-ancestors"] == "'none'", name
        assert "script-src" not in csp, name
        assert "allow-scripts" not in headers["content-security-policy"]
        assert "allow-same-origin" not in headers["content-security-policy"]
        if policy == "sandbox":
            assert "sandbox" in csp, name
        else:
            # The browser's own media page loads the URL again; a sandbox would make that
            # a cross-origin load and break playback.
            assert "sandbox" not in csp, name
            assert csp["media-src"] == "'self'", name


@pytest.mark.parametrize(
    ("mime_type", "inline"),
    [
        ("image/svg+xml", False),
        ("application/xhtml+xml", False),
        ("text/xml", False),
        ("TEXT/HTML; charset=utf-8", False),
        ("application/octet-stream", False),
        ("application/pdf", True),
        ("image/webp", True),
        ("audio/ogg", True),
        ("video/webm", True),
        ("text/csv", True),
    ],
)
def test_only_types_that_cannot_act_open_inline(mime_type: str, inline: bool) -> None:
    """SVG is no default evidence type, but a deployment may allow it: it is downloaded too."""
    disposition = evidence_disposition("evidence", mime_type)
    assert disposition.startswith("inline;" if inline else "attachment;")


async def test_head_answers_like_get_without_a_body(client: httpx.AsyncClient) -> None:
    case = await new_case(client)
    content = random_bytes(1000)
    [file] = (await _upload(client, case["id"], [("clip.mp4", content, "video/mp4")])).json()
    url = f"/api/files/{file['id']}/content"
    same = (
        "content-length",
        "content-type",
        "accept-ranges",
        "etag",
        "content-disposition",
        "cache-control",
        "content-security-policy",
        "x-content-type-options",
        "cross-origin-resource-policy",
        "content-range",
    )
    for headers in ({}, {"Range": "bytes=100-199"}):
        got = await client.get(url, headers=headers)
        head = await client.head(url, headers=headers)
        assert head.status_code == got.status_code, headers
        assert head.content == b""
        assert {h: head.headers.get(h) for h in same} == {h: got.headers.get(h) for h in same}
    assert head.status_code == 206
    assert head.headers["content-length"] == "100"
    assert head.headers["content-range"] == "bytes 100-199/1000"
    assert head.headers["etag"] == f'"{hashlib.sha256(content).hexdigest()}"'

    unsatisfiable = await client.head(url, headers={"Range": "bytes=5000-"})
    assert unsatisfiable.status_code == 416
    assert unsatisfiable.headers["content-range"] == "bytes */1000"
    assert (await client.head(f"/api/files/{uuid.uuid4()}/content")).status_code == 404
    async with httpx.AsyncClient(base_url=str(client.base_url)) as anonymous:
        assert (await anonymous.head(url)).status_code == 401


async def test_deleting_a_case_removes_its_evidence_from_storage(
    client: httpx.AsyncClient, storage: Storage
) -> None:
    case = await new_case(client)
    other = await new_case(client, "Unrelated")
    files = [("a.txt", b"alpha", "text/plain"), ("b.csv", b"x,y\n1,2\n", "text/csv")]
    uploaded = (await _upload(client, case["id"], files)).json()
    await _upload(client, other["id"], [("keep.txt", b"keep me", "text/plain")])
    assert len(await _stored_keys(storage, case["id"])) == 2

    assert (await client.delete(f"/api/cases/{case['id']}")).status_code == 204

    assert await _stored_keys(storage, case["id"]) == []
    for file in uploaded:
        assert_envelope(await client.get(f"/api/files/{file['id']}"), 404, "NOT_FOUND")
    assert_envelope(await client.get(f"/api/cases/{case['id']}/files"), 404, "NOT_FOUND")
    assert len(await _stored_keys(storage, other["id"])) == 1
    kept = (await client.get(f"/api/cases/{other['id']}/files")).json()
    assert [f["filename"] for f in kept] == ["keep.txt"]


# ---- bad input: the envelope, the status, and nothing left behind -------------------------


async def _case_with_one_file(client: httpx.AsyncClient, storage: Storage) -> tuple[str, list[str]]:
    case = await new_case(client)
    await _upload(client, case["id"], [("existing.txt", b"already here", "text/plain")])
    return case["id"], await _stored_keys(storage, case["id"])


async def _assert_unchanged(
    client: httpx.AsyncClient, storage: Storage, case_id: str, keys_before: list[str]
) -> None:
    listed = (await client.get(f"/api/cases/{case_id}/files")).json()
    assert [f["filename"] for f in listed] == ["existing.txt"]
    assert await _stored_keys(storage, case_id) == keys_before
    if isinstance(storage, LocalStorage):
        assert await storage.list_incoming() == []
    existing = await client.get(f"/api/files/{listed[0]['id']}/content")
    assert existing.content == b"already here"


async def test_over_the_size_limit_is_413(client: httpx.AsyncClient, storage: Storage) -> None:
    case_id, keys = await _case_with_one_file(client, storage)
    response = await _upload(
        client,
        case_id,
        [
            ("fine.txt", b"small and fine", "text/plain"),
            ("huge.mp4", random_bytes(TEST_UPLOAD_LIMIT + 1), "video/mp4"),
        ],
    )
    error = assert_envelope(response, 413, "PAYLOAD_TOO_LARGE")
    assert error["details"]["limit_bytes"] == TEST_UPLOAD_LIMIT
    assert error["details"]["filename"] == "huge.mp4"
    await _assert_unchanged(client, storage, case_id, keys)


async def test_a_file_at_exactly_the_limit_is_accepted(client: httpx.AsyncClient) -> None:
    case = await new_case(client)
    response = await _upload(
        client, case["id"], [("max.mp4", random_bytes(TEST_UPLOAD_LIMIT), "video/mp4")]
    )
    assert response.status_code == 201
    assert response.json()[0]["size_bytes"] == TEST_UPLOAD_LIMIT


@pytest.mark.parametrize(
    ("filename", "content", "mime"),
    [
        ("tool.exe", b"MZ\x90\x00" + b"\x00" * 100, "application/octet-stream"),
        ("archive.zip", b"PK\x03\x04" + b"\x00" * 100, "application/zip"),
        ("mystery", b"\x00\x01\x02", "application/octet-stream"),
        ("payload.sh", b"#!/bin/sh\nrm -rf /\n", "application/x-sh"),
        ("disguised.pdf", b"\x7fELF\x02\x01\x01" + b"\x00" * 100, "application/pdf"),
        ("disguised.jpg", b"MZ\x90\x00\x03" + b"\x00" * 100, "image/jpeg"),
    ],
)
async def test_types_outside_the_allowlist_are_415(
    client: httpx.AsyncClient, storage: Storage, filename: str, content: bytes, mime: str
) -> None:
    case_id, keys = await _case_with_one_file(client, storage)
    response = await _upload(
        client, case_id, [("ok.txt", b"fine", "text/plain"), (filename, content, mime)]
    )
    error = assert_envelope(response, 415, "UNSUPPORTED_MEDIA_TYPE")
    assert error["details"]["filename"] == filename
    await _assert_unchanged(client, storage, case_id, keys)


async def test_text_that_happens_to_start_with_mz_is_fine(client: httpx.AsyncClient) -> None:
    case = await new_case(client)
    response = await _upload(
        client, case["id"], [("memo.txt", b"MZ Holdings board memo", "text/plain")]
    )
    assert response.status_code == 201


@pytest.mark.parametrize(
    ("filename", "message_part"),
    [
        ("../escape.txt", "path parts"),
        ("dir/inner.txt", "path parts"),
        ("dir\\\\inner.txt", "path parts"),
        ("..", "path parts"),
        ("bell\x07.txt", "control characters"),
        ("tab\there.txt", "control characters"),
        ("del\x7f.txt", "control characters"),
        ("line\u2028break.txt", "control characters"),
        ("\u202e\u200f\ufeff", "needs a filename"),
        ("", "needs a filename"),
        ("x" * 300 + ".txt", "longer than"),
    ],
)
async def test_bad_filenames_are_422(
    client: httpx.AsyncClient, storage: Storage, filename: str, message_part: str
) -> None:
    case_id, keys = await _case_with_one_file(client, storage)
    body = multipart_body([("files", "ok.txt", b"fine"), ("files", filename, b"content")])
    response = await client.post(f"/api/cases/{case_id}/files", content=body, headers=HEADERS)
    error = assert_envelope(response, 422, "VALIDATION_ERROR")
    assert message_part in error["message"]
    await _assert_unchanged(client, storage, case_id, keys)


async def test_empty_file_is_422(client: httpx.AsyncClient, storage: Storage) -> None:
    case_id, keys = await _case_with_one_file(client, storage)
    response = await _upload(
        client, case_id, [("ok.txt", b"fine", "text/plain"), ("empty.pdf", b"", "application/pdf")]
    )
    error = assert_envelope(response, 422, "VALIDATION_ERROR")
    assert "empty" in error["message"]
    await _assert_unchanged(client, storage, case_id, keys)


async def test_unknown_case_is_404(client: httpx.AsyncClient) -> None:
    response = await _upload(client, str(uuid.uuid4()), [("a.txt", b"a", "text/plain")])
    assert_envelope(response, 404, "NOT_FOUND")
    assert_envelope(await client.get(f"/api/cases/{uuid.uuid4()}/files"), 404, "NOT_FOUND")
    assert_envelope(await client.get(f"/api/files/{uuid.uuid4()}"), 404, "NOT_FOUND")
    assert_envelope(await client.delete(f"/api/files/{uuid.uuid4()}"), 404, "NOT_FOUND")
    assert_envelope(await client.get("/api/files/nope/content"), 422, "VALIDATION_ERROR")


@pytest.mark.parametrize(
    ("body", "headers", "status", "code"),
    [
        (b'{"files": []}', {"content-type": "application/json"}, 415, "UNSUPPORTED_MEDIA_TYPE"),
        (b"plain words", {}, 415, "UNSUPPORTED_MEDIA_TYPE"),
        (b"--x--\r\n", {"content-type": "multipart/form-data"}, 400, "VALIDATION_ERROR"),
        (
            multipart_body([("files", "cut.txt", b"cut short")], close=False),
            HEADERS,
            400,
            "VALIDATION_ERROR",
        ),
        (multipart_body([]), HEADERS, 422, "VALIDATION_ERROR"),
        (multipart_body([("note", None, b"just a field")]), HEADERS, 422, "VALIDATION_ERROR"),
        (multipart_body([("files", None, b"no filename")]), HEADERS, 422, "VALIDATION_ERROR"),
        (multipart_body([("evidence", "a.txt", b"wrong field")]), HEADERS, 422, "VALIDATION_ERROR"),
        (b"this is not multipart at all", HEADERS, 400, "VALIDATION_ERROR"),
    ],
)
async def test_malformed_upload_bodies(
    client: httpx.AsyncClient,
    storage: Storage,
    body: bytes,
    headers: dict[str, str],
    status: int,
    code: str,
) -> None:
    case_id, keys = await _case_with_one_file(client, storage)
    response = await client.post(f"/api/cases/{case_id}/files", content=body, headers=headers)
    assert_envelope(response, status, code)
    await _assert_unchanged(client, storage, case_id, keys)


async def test_unicode_filenames_survive(client: httpx.AsyncClient) -> None:
    case = await new_case(client)
    name = "Zeugenaussage Müller \u2013 証拠.txt"
    uploaded: list[dict[str, Any]] = (
        await _upload(client, case["id"], [(name, b"Aussage", "text/plain")])
    ).json()
    assert uploaded[0]["filename"] == name
    response = await client.get(f"/api/files/{uploaded[0]['id']}/content")
    assert "filename*=UTF-8''" in response.headers["content-disposition"]


@pytest.mark.parametrize(
    ("sent", "stored"),
    [
        # Shown as "reporttxt.pdf" with the override in place.
        ("report\u202efdp.txt", "reportfdp.txt"),
        (
            "\u202ae\u202bm\u202ca\u202di\u2066l\u2067 \u2068o\u2069f\u200e \u200fM\u061cay.eml",
            "email of May.eml",
        ),
        ("zero\u200bwidth\ufeff soft\u00adhyphen.txt", "zerowidth softhyphen.txt"),
        ("invoice\u202e\u2066.pdf\u2069.txt", "invoice.pdf.txt"),
        # Joiners belong to Persian and emoji names; they reorder nothing.
        (
            "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.txt",
            "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.txt",
        ),
        ("family \U0001f468\u200d\U0001f469.txt", "family \U0001f468\u200d\U0001f469.txt"),
    ],
)
async def test_invisible_format_characters_are_removed_from_filenames(
    client: httpx.AsyncClient, sent: str, stored: str
) -> None:
    case = await new_case(client)
    response = await _upload(client, case["id"], [(sent, b"evidence", "text/plain")])
    assert response.status_code == 201, response.text
    [file] = response.json()
    assert file["filename"] == stored
    assert file["mime_type"] == _TYPES[stored.rsplit(".", 1)[1]]
    assert (await client.get(f"/api/files/{file['id']}")).json()["filename"] == stored
    listed = (await client.get(f"/api/cases/{case['id']}/files")).json()
    assert [f["filename"] for f in listed] == [stored]
    content = await client.get(f"/api/files/{file['id']}/content")
    assert content.headers["content-disposition"].endswith(
        f"filename*=UTF-8''{quote(stored, safe='')}"
    )


_TYPES = {"txt": "text/plain", "eml": "message/rfc822"}
