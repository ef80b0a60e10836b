"""llm.media: which media parts a request gets, by provider, size and storage.

The File API path (Gemini API) runs end to end in tests/agents/test_media_parts.py; here, the
request's inline budget, Vertex's gs:// references (on each storage backend: only Cloud Storage
has them) and the providers that get no media.
"""

import io
import math
import uuid

import httpx
from google.genai import types
from PIL import Image

from holmes_backend.extraction.models import Extraction
from holmes_backend.llm.evidence import render_evidence
from holmes_backend.llm.media import MediaParts, media_cost, media_kind, segments
from holmes_backend.runtime import Runtime
from holmes_backend.services.files import file_storage_key


def test_a_long_video_is_cut_in_segments_and_a_short_one_is_not() -> None:
    assert segments(1500.0, 600.0) == [(0.0, 600.0), (600.0, 1200.0), (1200.0, 1500.0)]
    assert segments(600.0, 600.0) == []
    assert segments(None, 600.0) == []


def test_what_goes_as_media() -> None:
    assert media_kind("image/jpeg", {}) == "image"
    assert media_kind("audio/mpeg", {}) == "audio"
    assert media_kind("video/mp4; codecs=avc1", {}) == "video"
    assert media_kind("application/pdf", {"pages_without_text": [2]}) == "pdf"
    assert media_kind("application/pdf", {"page_count": 3}) is None  # its text is all there
    assert media_kind("image/gif", {}) is None  # not a type Gemini reads
    assert media_kind("text/plain", {}) is None


def _jpeg(size: int, colour: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (size, size), colour).save(out, "JPEG")
    return out.getvalue()


async def test_inline_until_the_request_budget_then_a_gs_uri_on_vertex(
    client: httpx.AsyncClient, runtime: Runtime
) -> None:
    case_id = (await client.post("/api/cases", json={"name": "media parts"})).json()["id"]
    first, second = _jpeg(40, "red"), _jpeg(48, "blue")
    response = await client.post(
        f"/api/cases/{case_id}/files",
        files=[
            ("files", ("a.jpg", first, "image/jpeg")),
            ("files", ("b.jpg", second, "image/jpeg")),
        ],
    )
    assert response.status_code == 201, response.text
    files = response.json()
    texts = [
        render_evidence(
            file_id=f["id"],
            filename=f["filename"],
            mime_type="image/jpeg",
            extraction=Extraction(kind="image", metadata={"ocr": "tesseract"}),
        )
        for f in files
    ]
    # Room for the text and the first image (base64) only.
    room = sum(len(t) for t in texts) + 4 * math.ceil(len(first) / 3)
    vertex = runtime.settings.model_copy(
        update={
            "llm_provider": "gemini",
            "gemini_api_key": None,
            "gemini_use_vertexai": True,
            "gemini_inline_max_bytes": 1_000_000,
            "gemini_inline_request_max_bytes": room,
        }
    )
    parts = await MediaParts(vertex, runtime.session_factory, runtime.storage).attach(texts)

    assert parts[0] == texts[0]
    label, inline = parts[1], parts[2]
    assert isinstance(label, str)
    assert "bbox" in label
    assert isinstance(inline, types.Part)
    assert inline.inline_data is not None
    assert inline.inline_data.data == first
    assert parts[3] == texts[1]
    # Local storage: Vertex has no way to read a file over the inline budget.
    if runtime.storage.gs_uri("any") is None:
        assert len(parts) == 5
        assert isinstance(parts[4], str)
        assert "could not be attached" in parts[4]
    else:
        reference = parts[5]
        assert isinstance(reference, types.Part)
        assert reference.file_data is not None
        assert reference.file_data.file_uri is not None
        stored_as = file_storage_key(uuid.UUID(case_id), uuid.UUID(files[1]["id"]))
        assert reference.file_data.file_uri == runtime.storage.gs_uri(stored_as)
        assert reference.file_data.file_uri.startswith("gs://")

    # The offline analyst and a text-only local model get the text alone.
    for provider in ("local", "openai_compat"):
        settings = runtime.settings.model_copy(update={"llm_provider": provider})
        media = MediaParts(settings, runtime.session_factory, runtime.storage)
        assert await media.attach(texts) == texts


def test_what_media_cost_in_a_requests_budget() -> None:
    video = {"mime_type": "video/mp4", "metadata": {"duration": 100.0}}
    audio = {"mime_type": "audio/mpeg", "metadata": {"duration": 100.0}}
    image = {"mime_type": "image/jpeg", "metadata": {}}
    scanned = {"mime_type": "application/pdf", "metadata": {"pages_without_text": [3]}}
    assert media_cost(video, "gemini_api").per_second == 290.0
    assert media_cost(video, "gemini_api", video_rate=102.0).per_second == 102.0
    assert media_cost(audio, "vertex").per_second == 32.0
    assert media_cost(image, "images").fixed == 1_120
    assert media_cost(scanned, "gemini_api", '[loc {"page": 5}] text').fixed == 5 * 560
    # Nothing for what the provider is not sent.
    assert media_cost(video, "images") == media_cost(video, None) == media_cost(image, None)
    assert media_cost(video, None).tokens("") == 0
