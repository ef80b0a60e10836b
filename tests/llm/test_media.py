"""llm.media: which media parts a request gets, by provider, size and storage.

The File API path (Gemini API) runs end to end in tests/agents/test_media_parts.py; here, the
request's inline budget, Vertex's gs:// references (on each storage backend: only Cloud Storage
has them) and the providers that get no media.
"""

import io
import json
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
from tests.extraction.builders import make_wav


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


async def test_a_clip_too_large_to_inline_is_stored_beside_its_recording_for_vertex(
    client: httpx.AsyncClient, runtime: Runtime
) -> None:
    case_id = (await client.post("/api/cases", json={"name": "vertex clip"})).json()["id"]
    response = await client.post(
        f"/api/cases/{case_id}/files", files=[("files", ("call.wav", make_wav(60.0), "audio/wav"))]
    )
    assert response.status_code == 201, response.text
    [file] = response.json()
    block = render_evidence(
        file_id=file["id"],
        filename="call.wav",
        mime_type="audio/wav",
        extraction=Extraction(kind="audio", metadata={"duration": 60.0}),
    )
    # A time-range unit's block: seconds 10-40 of the recording (llm.budget.split_recording).
    head, _, rest = block.partition("\n")
    header = json.loads(head.removeprefix("<<<EVIDENCE ").removesuffix(">>>"))
    header |= {"segment": [10.0, 40.0], "range": "seconds 10-40"}
    part = f"<<<EVIDENCE {json.dumps(header)}>>>\n{rest}"
    vertex = runtime.settings.model_copy(
        update={
            "llm_provider": "gemini",
            "gemini_api_key": None,
            "gemini_use_vertexai": True,
            "gemini_inline_max_bytes": 1_000,  # the 30 s clip is ~15 kB
        }
    )
    media = MediaParts(vertex, runtime.session_factory, runtime.storage)
    try:
        parts = await media.attach([part])
    finally:
        await media.close()

    stored_as = file_storage_key(uuid.UUID(case_id), uuid.UUID(file["id"]))
    if runtime.storage.gs_uri("any") is None:  # local storage: nothing Vertex can read
        assert isinstance(parts[-1], str)
        assert "could not be attached" in parts[-1]
        return
    label, reference = parts[1], parts[2]
    assert isinstance(label, str)
    assert "starts at second 10" in label
    assert isinstance(reference, types.Part)
    assert reference.file_data is not None
    [clip_key] = [k for k in await runtime.storage.list_keys(stored_as) if k != stored_as]
    assert reference.file_data.file_uri == runtime.storage.gs_uri(clip_key)
    assert 10_000 < await runtime.storage.size(clip_key) < 20_000  # 30 s of 500 Hz 8-bit
    # Deleted with its file.
    assert (await client.delete(f"/api/files/{file['id']}")).status_code == 204
    assert await runtime.storage.list_keys(stored_as) == []
