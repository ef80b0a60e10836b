"""Evidence media as parts of a model request: the model sees the images, hears and watches the
recordings and reads the scanned PDF pages itself; the text extracted from them (OCR,
transcript, EXIF, duration) still goes along in the file's evidence block.

`MediaParts.attach` takes a request's parts and puts, after each file's evidence block, that
file's media parts, each behind a line saying what it is and how to cite it. What a provider
gets:

- Gemini API: inline bytes (Part.from_bytes) when the file is at most HOLMES_GEMINI_INLINE_MAX_BYTES
  and the request's inline data, base64-encoded, stays within
  HOLMES_GEMINI_INLINE_REQUEST_MAX_BYTES; otherwise the File API: uploaded once, kept in
  media_uploads with its expiry (48 h), checked with files.get the first time a job uses it,
  and uploaded again when it has expired or is gone.
- Gemini on Vertex (no File API): inline when small, else the gs:// URI of the evidence when it
  lies in Cloud Storage, else the extracted text only.
- An OpenAI-compatible server: images inline (LiteLLM sends them as data URIs) when
  HOLMES_LLM_MULTIMODAL says the model reads images; nothing else.
- The local analyst: nothing; it reads the extracted text.

A video longer than HOLMES_MEDIA_SEGMENT_SECONDS goes as one part per segment of the same
uploaded file, each with VideoMetadata start and end offsets. The API clips video only
(VideoMetadata is a video's); an audio file goes whole, its label giving its length.
A PDF goes as a part only when some of its pages have no text layer (scanned): whole, so its
page numbers stay those of the file.
"""

import asyncio
import logging
import math
import shutil
import tempfile
import uuid
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, Literal

import anyio
from anyio import to_thread
from google import genai
from google.genai import types
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from holmes_backend.config import Settings
from holmes_backend.db import transaction
from holmes_backend.db.types import utcnow
from holmes_backend.llm import gemini
from holmes_backend.llm.evidence import evidence_header
from holmes_backend.models import File
from holmes_backend.repositories import files as file_repo
from holmes_backend.repositories import media_uploads as upload_repo
from holmes_backend.storage import Storage

logger = logging.getLogger(__name__)

MediaKind = Literal["image", "audio", "video", "pdf"]
Mode = Literal["gemini_api", "vertex", "images"]

FILE_API = "gemini_file_api"  # media_uploads.provider of Gemini's File API
# How long the File API keeps a file when it does not say (its documented lifetime).
FILE_API_LIFETIME = timedelta(hours=48)
# An upload closer than this to its expiry is replaced: a job's requests come hours later at most.
REUPLOAD_MARGIN = timedelta(hours=2)

# The types Gemini reads (ai.google.dev: image, audio and video understanding).
IMAGE_TYPES = frozenset({"image/png", "image/jpeg", "image/webp", "image/heic", "image/heif"})
AUDIO_TYPES = frozenset(
    {
        "audio/wav",
        "audio/x-wav",
        "audio/mp3",
        "audio/mpeg",
        "audio/aiff",
        "audio/x-aiff",
        "audio/aac",
        "audio/ogg",
        "audio/flac",
        "audio/x-flac",
    }
)
VIDEO_TYPES = frozenset(
    {
        "video/mp4",
        "video/mpeg",
        "video/mpg",
        "video/quicktime",
        "video/mov",
        "video/avi",
        "video/x-msvideo",
        "video/x-flv",
        "video/webm",
        "video/wmv",
        "video/x-ms-wmv",
        "video/3gpp",
    }
)


# The names Gemini's documentation gives these types by (the upload's own name otherwise).
GEMINI_TYPE_NAMES = {
    "audio/mpeg": "audio/mp3",
    "audio/x-wav": "audio/wav",
    "audio/x-aiff": "audio/aiff",
    "audio/x-flac": "audio/flac",
    "video/quicktime": "video/mov",
    "video/x-msvideo": "video/avi",
    "video/x-ms-wmv": "video/wmv",
}


def media_kind(mime_type: str, metadata: dict[str, Any]) -> MediaKind | None:
    """What the model is given of a file besides its text, by its type."""
    kind = mime_type.split(";", 1)[0].strip().lower()
    if kind in IMAGE_TYPES:
        return "image"
    if kind in AUDIO_TYPES:
        return "audio"
    if kind in VIDEO_TYPES:
        return "video"
    if kind == "application/pdf" and metadata.get("pages_without_text"):
        return "pdf"
    return None


def segments(duration: float | None, length: float) -> list[tuple[float, float]]:
    """[start, end) seconds of each segment of a recording; one (the whole) when it is short or
    its length is unknown."""
    if not duration or duration <= length:
        return []
    count = math.ceil(duration / length)
    return [(i * length, min(duration, (i + 1) * length)) for i in range(count)]


def mode_for(settings: Settings) -> Mode | None:
    provider = settings.resolved_llm_provider
    if provider == "gemini":
        key = settings.gemini_api_key
        return "gemini_api" if key is not None and key.get_secret_value() else "vertex"
    if provider == "openai_compat" and settings.llm_multimodal:
        return "images"
    return None


def _base64_size(size: int) -> int:
    return 4 * math.ceil(size / 3)


def _seconds(value: float) -> str:
    return f"{value:g}s"  # a protobuf Duration in JSON


def _label(kind: MediaKind, header: dict[str, Any], span: tuple[float, float] | None) -> str:
    who = f"file_id {header.get('file_id')} ({header.get('filename')})"
    metadata: dict[str, Any] = header.get("metadata") or {}
    if kind == "image":
        return (
            f"[image of {who}: cite a place in it with bbox [left, top, right, bottom] in "
            "pixels of the upright image]"
        )
    if kind == "pdf":
        pages = ", ".join(str(p) for p in metadata.get("pages_without_text", []))
        return (
            f"[PDF of {who}: pages {pages} have no text layer (scanned); read them here and "
            "cite them by page number]"
        )
    duration = metadata.get("duration")
    length = f", {duration:g} s long" if isinstance(duration, int | float) else ""
    window = f" seconds {span[0]:g} to {span[1]:g} of" if span else ""
    return (
        f"[{kind} recording,{window} {who}{length}: cite moments with cue_start and cue_end in "
        "seconds from the start of the recording]"
    )


@dataclass
class _InlineBudget:
    left: int

    def take(self, size: int) -> bool:
        needed = _base64_size(size)
        if needed > self.left:
            return False
        self.left -= needed
        return True


class MediaParts:
    """One job's media parts: files read once, each file uploaded at most once per job."""

    def __init__(
        self,
        settings: Settings,
        session_factory: async_sessionmaker[AsyncSession],
        storage: Storage,
        *,
        client: genai.Client | None = None,
    ) -> None:
        self.settings = settings
        self.session_factory = session_factory
        self.storage = storage
        self.mode = mode_for(settings)
        self._client = client
        self._files: dict[str, File] = {}
        self._references: dict[str, asyncio.Task[tuple[str, str] | None]] = {}

    @property
    def client(self) -> genai.Client:
        if self._client is None:
            self._client = gemini.genai_client(self.settings)
        return self._client

    async def attach(self, parts: list[str]) -> list[str | types.Part]:
        """The request's parts with each file's media parts after its evidence block."""
        if self.mode is None:
            return list(parts)
        headers = [evidence_header(part) for part in parts]
        wanted = [
            str(h["file_id"])
            for h in headers
            if h and media_kind(str(h.get("mime_type", "")), h.get("metadata") or {})
        ]
        if not wanted:
            return list(parts)
        await self._load(wanted)
        # The request's text counts against the request's size too.
        budget = _InlineBudget(
            self.settings.gemini_inline_request_max_bytes - sum(len(p) for p in parts)
        )
        attached: list[str | types.Part] = []
        for part, header in zip(parts, headers, strict=True):
            attached.append(part)
            if header is not None:
                attached.extend(await self._file_parts(header, budget))
        return attached

    async def _load(self, file_ids: list[str]) -> None:
        missing = [uuid.UUID(f) for f in file_ids if f not in self._files]
        if not missing:
            return
        async with self.session_factory() as session:
            for file in await file_repo.get_many(session, missing):
                self._files[str(file.id)] = file

    async def _file_parts(
        self, header: dict[str, Any], budget: _InlineBudget
    ) -> list[str | types.Part]:
        file = self._files.get(str(header.get("file_id")))
        kind = media_kind(str(header.get("mime_type", "")), header.get("metadata") or {})
        if file is None or kind is None or (self.mode == "images" and kind != "image"):
            return []
        mime_type = file.mime_type.split(";", 1)[0].strip().lower()
        mime_type = GEMINI_TYPE_NAMES.get(mime_type, mime_type)
        duration = (header.get("metadata") or {}).get("duration")
        spans = (
            segments(float(duration), self.settings.media_segment_seconds)
            if kind == "video" and isinstance(duration, int | float)
            else []
        )
        # A segmented video is referenced, never inlined once per segment.
        if (
            not spans
            and file.size_bytes <= self.settings.gemini_inline_max_bytes
            and budget.take(file.size_bytes)
        ):
            data = b"".join(
                [
                    chunk
                    async for chunk in self.storage.read_range(
                        file.storage_key, 0, file.size_bytes - 1
                    )
                ]
            )
            return [
                _label(kind, header, None),
                types.Part.from_bytes(data=data, mime_type=mime_type),
            ]
        if self.mode == "images":
            return []  # an OpenAI-compatible server has no file store to reference
        reference = await self._reference(file, mime_type)
        if reference is None:
            return [
                f"[the {kind} of file_id {file.id} could not be attached; only its extracted "
                "text is given]"
            ]
        uri, uri_mime = reference
        if not spans:
            return [
                _label(kind, header, None),
                types.Part.from_uri(file_uri=uri, mime_type=uri_mime),
            ]
        attached: list[str | types.Part] = []
        for start, end in spans:
            part = types.Part.from_uri(file_uri=uri, mime_type=uri_mime)
            part.video_metadata = types.VideoMetadata(
                start_offset=_seconds(start), end_offset=_seconds(end)
            )
            attached += [_label(kind, header, (start, end)), part]
        return attached

    async def _reference(self, file: File, mime_type: str) -> tuple[str, str] | None:
        """A URI the model reads the file at (and its type), or None when there is none."""
        if self.mode == "vertex":
            uri = self.storage.gs_uri(file.storage_key)
            return (uri, mime_type) if uri else None
        key = str(file.id)
        task = self._references.get(key)
        if task is None:
            task = self._references[key] = asyncio.create_task(self._uploaded(file, mime_type))
        return await asyncio.shield(task)

    async def _uploaded(self, file: File, mime_type: str) -> tuple[str, str] | None:
        """The file's File API upload: the cached one while it lives, else a new one."""
        try:
            async with self.session_factory() as session:
                cached = (await upload_repo.for_files(session, [file.id], FILE_API)).get(file.id)
            if cached is not None and cached.expires_at - utcnow() > REUPLOAD_MARGIN:
                if await gemini.uploaded_file(self.client, cached.name) is not None:
                    return cached.uri, cached.mime_type
                logger.info("%s is gone from the File API: uploading it again", cached.name)
            uploaded = await self._upload(file, mime_type)
            if uploaded.uri is None or uploaded.name is None:  # upload_file makes sure of both
                raise gemini.GeminiMediaError(f"the File API gave {file.id} no name or URI")
            uri_mime = uploaded.mime_type or mime_type
            async with self.session_factory() as session:
                await upload_repo.replace(
                    session,
                    file_id=file.id,
                    provider=FILE_API,
                    name=uploaded.name,
                    uri=uploaded.uri,
                    mime_type=uri_mime,
                    expires_at=uploaded.expiration_time or utcnow() + FILE_API_LIFETIME,
                )
                await transaction.commit(session)
            return uploaded.uri, uri_mime
        except Exception:  # the model still gets the file's text
            logger.exception("%s could not be uploaded to the File API", file.id)
            return None

    async def _upload(self, file: File, mime_type: str) -> types.File:
        """Copied from storage to a temporary file in chunks, then uploaded from there (the
        SDK reads a path in chunks too): never the whole recording in memory."""
        folder = Path(await to_thread.run_sync(tempfile.mkdtemp, None, "holmes-media-"))
        try:
            path = folder / "evidence"
            async with await anyio.open_file(path, "wb") as out:
                async for chunk in self.storage.read_range(
                    file.storage_key, 0, file.size_bytes - 1
                ):
                    await out.write(chunk)
            return await gemini.upload_file(
                self.client, path, mime_type=mime_type, display_name=file.filename[:512]
            )
        finally:
            await to_thread.run_sync(shutil.rmtree, folder, True)


__all__ = ["FILE_API", "MediaParts", "media_kind", "mode_for", "segments"]
