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
uploaded file, each with VideoMetadata start and end offsets. A PDF goes as a part only when
some of its pages have no text layer (scanned): whole, so its page numbers stay those of the
file.

Media count in a request's token budget (`MediaParts.cost`, at the rates Gemini documents: a
second of audio 32 tokens; a second of video a frame, sampled at 1 fps, of up to 258 tokens
plus its audio; an image up to 1,120 and a document page up to 560 at Gemini 3's default
resolutions), so a long recording is read in time-range work units (llm.budget): its evidence
block's header says which seconds it covers ("segment"), and only those are sent:
- a video's, as VideoMetadata offsets into the one upload of the whole file;
- an audio file's, as a clip of those seconds cut from the file (PyAV, packets copied, not
  re-encoded): the API clips video only (VideoMetadata is a video's), and a whole 2-hour
  recording (230k tokens) with every unit would break the budget. Each clip is inlined or
  uploaded once per job (kept in media_uploads under its own key, "gemini_file_api:<s>-<e>").
Each part's label gives the seconds it covers: the model cites cue seconds from the start of the
whole recording, wherever its part begins.
"""

import asyncio
import logging
import math
import re
import shutil
import tempfile
import uuid
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, Literal

import anyio
import av
from anyio import to_thread
from google import genai
from google.genai import types
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from holmes_backend.config import Settings
from holmes_backend.db import transaction
from holmes_backend.db.types import utcnow
from holmes_backend.llm import gemini, media_tokens
from holmes_backend.llm.budget import NO_MEDIA, MediaCost
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

# Tokens per media input (llm.media_tokens: the figures Gemini documents).
AUDIO_TOKENS_PER_SECOND = media_tokens.AUDIO_TOKENS_PER_SECOND
VIDEO_TOKENS_PER_SECOND = media_tokens.VIDEO_TOKENS_PER_SECOND
IMAGE_TOKENS = media_tokens.IMAGE_TOKENS
PDF_PAGE_TOKENS = media_tokens.PDF_PAGE_TOKENS
_PAGE = re.compile(r'^\[loc \{"page": (\d+)', re.MULTILINE)

# The muxer PyAV (FFmpeg) writes an audio clip with, by the file's type: packets are copied.
CLIP_FORMATS = {
    "audio/mp3": "mp3",
    "audio/mpeg": "mp3",
    "audio/wav": "wav",
    "audio/aiff": "aiff",
    "audio/aac": "adts",
    "audio/ogg": "ogg",
    "audio/flac": "flac",
}

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


def media_cost(
    header: dict[str, Any],
    mode: Mode | None,
    part: str = "",
    video_rate: float = VIDEO_TOKENS_PER_SECOND,
) -> MediaCost:
    """What the media sent with a file's evidence block cost in tokens, by its header (and, for
    a scanned PDF, its pages as the block numbers them); a second of video `video_rate`."""
    metadata: dict[str, Any] = header.get("metadata") or {}
    kind = media_kind(str(header.get("mime_type", "")), metadata)
    if mode is None or kind is None or (mode == "images" and kind != "image"):
        return NO_MEDIA
    if kind == "image":
        return MediaCost(fixed=IMAGE_TOKENS)
    if kind == "pdf":
        pages = [int(p) for p in _PAGE.findall(part)]
        pages += [int(p) for p in metadata.get("pages_without_text", [])]
        return MediaCost(fixed=PDF_PAGE_TOKENS * max(pages, default=1))
    duration = metadata.get("duration")
    seconds = float(duration) if isinstance(duration, int | float) and duration > 0 else None
    rate = video_rate if kind == "video" else AUDIO_TOKENS_PER_SECOND
    # A recording of unknown length is counted as a segment's worth.
    return MediaCost(per_second=rate, duration=seconds) if seconds else MediaCost(fixed=0)


def clip_audio(source: Path, target: Path, start: float, end: float, muxer: str) -> None:
    """Seconds `start` to `end` of an audio file written to `target` (a `muxer` file), its
    packets copied (no re-encoding): from the packet holding `start` to the one before `end`,
    timed from 0."""
    with av.open(str(source)) as reader, av.open(str(target), "w", format=muxer) as writer:
        stream = reader.streams.audio[0]
        out = writer.add_stream_from_template(stream)
        base = stream.time_base
        if base is None:
            raise gemini.GeminiMediaError(f"{source.name}: an audio stream without a time base")
        if start > 0:
            reader.seek(int(start / base), stream=stream, backward=True)
        offset: int | None = None
        for packet in reader.demux(stream):
            if packet.pts is None:
                continue
            at = float(packet.pts * base)
            if at + float((packet.duration or 0) * base) <= start:
                continue
            if at >= end:
                break
            if offset is None:
                offset = packet.pts
            packet.pts -= offset
            packet.dts = packet.pts
            packet.stream = out
            writer.mux(packet)


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
    """A protobuf Duration in JSON, to the millisecond ("1136.842s"; `:g` would round it to
    six digits, and a unit's range would not meet the next's)."""
    return f"{round(value, 3):.3f}".rstrip("0").rstrip(".") + "s"


def _label(
    kind: MediaKind,
    header: dict[str, Any],
    span: tuple[float, float] | None,
    *,
    clip: bool = False,
) -> str:
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
    clipped = (
        f" This clip starts at second {span[0]:g} of the recording: add {span[0]:g} to a time "
        "heard in it."
        if clip and span
        else ""
    )
    return (
        f"[{kind} recording,{window} {who}{length}: cite moments with cue_start and cue_end in "
        f"seconds from the start of the whole recording.{clipped}]"
    )


def _window(header: dict[str, Any], duration: object) -> tuple[float, float] | None:
    """The seconds of the recording an evidence block covers, None for all of it (a window
    that covers it all is all of it)."""
    window = header.get("segment")
    if not (isinstance(window, list) and len(window) == 2):
        return None
    start, end = float(window[0]), float(window[1])
    if isinstance(duration, int | float) and start <= 0 and end >= duration:
        return None
    return start, end


def _spans(
    window: tuple[float, float] | None, duration: object, length: float
) -> list[tuple[float, float]]:
    """A video's parts: its window (or all of it) in segments of at most `length` seconds;
    none (the whole video, unclipped) for a short video without a window."""
    if window is None:
        return segments(float(duration), length) if isinstance(duration, int | float) else []
    start, end = window
    return [(start + a, start + b) for a, b in segments(end - start, length)] or [window]


def _not_attached(kind: str, file: File) -> str:
    return (
        f"[the {kind} of file_id {file.id} could not be attached; only its extracted text is given]"
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
        self._clips: dict[str, asyncio.Task[Path | None]] = {}
        self._sources: dict[str, asyncio.Task[Path]] = {}
        self._making_folder = asyncio.Lock()
        self._temp: Path | None = None

    def cost(self, part: str) -> MediaCost:
        """What the media sent with an evidence block cost in tokens (none when the provider is
        given no media)."""
        header = evidence_header(part) if self.mode is not None else None
        if header is None:
            return NO_MEDIA
        return media_cost(header, self.mode, part, self.settings.media_video_tokens_per_second)

    @property
    def client(self) -> genai.Client:
        if self._client is None:
            self._client = gemini.genai_client(self.settings)
        return self._client

    async def attach(
        self, parts: list[str], only: list[str] | None = None
    ) -> list[str | types.Part]:
        """The request's parts with each file's media parts after its evidence block; with
        `only`, the media of those files alone, after every part (the text before them is a
        prefix several requests share: agents.phases.shared_evidence)."""
        if self.mode is None:
            return list(parts)
        headers = [evidence_header(part) for part in parts]
        wanted = [
            str(h["file_id"])
            for h in headers
            if h
            and media_kind(str(h.get("mime_type", "")), h.get("metadata") or {})
            and (only is None or str(h["file_id"]) in only)
        ]
        if not wanted:
            return list(parts)
        await self._load(wanted)
        # The request's text counts against the request's size too.
        budget = _InlineBudget(
            self.settings.gemini_inline_request_max_bytes - sum(len(p) for p in parts)
        )
        attached: list[str | types.Part] = []
        after: list[str | types.Part] = []
        for part, header in zip(parts, headers, strict=True):
            attached.append(part)
            if header is not None and str(header.get("file_id")) in wanted:
                media = await self._file_parts(header, budget)
                (attached if only is None else after).extend(media)
        return [*attached, *after]

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
        # The seconds this block covers (a time-range work unit, or triage's first seconds).
        window = _window(header, duration)
        if kind == "audio" and window is not None:
            return await self._clip_parts(file, header, mime_type, window, budget)
        spans = (
            _spans(window, duration, self.settings.media_segment_seconds) if kind == "video" else []
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
        return await self._referenced(file, kind, header, mime_type, spans)

    async def _referenced(
        self,
        file: File,
        kind: MediaKind,
        header: dict[str, Any],
        mime_type: str,
        spans: list[tuple[float, float]],
    ) -> list[str | types.Part]:
        """The file by reference (File API or gs://), a video as its segments' parts."""
        reference = await self._reference(file, mime_type)
        if reference is None:
            return [_not_attached(kind, file)]
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

    async def _clip_parts(
        self,
        file: File,
        header: dict[str, Any],
        mime_type: str,
        window: tuple[float, float],
        budget: _InlineBudget,
    ) -> list[str | types.Part]:
        """Seconds `window` of an audio file, cut from it: inline when small enough, else
        uploaded (once per job and clip)."""
        muxer = CLIP_FORMATS.get(mime_type)
        if muxer is None or self.mode == "images":
            return [_not_attached("audio", file)]
        key = f"{file.id}@{window[0]:g}-{window[1]:g}"
        task = self._clips.get(key)
        if task is None:
            task = self._clips[key] = asyncio.create_task(self._clip(file, window, muxer))
        clip = await asyncio.shield(task)
        if clip is None:
            return [_not_attached("audio", file)]
        label = _label("audio", header, window, clip=True)
        size = (await anyio.Path(clip).stat()).st_size
        if size <= self.settings.gemini_inline_max_bytes and budget.take(size):
            data = await anyio.Path(clip).read_bytes()
            return [label, types.Part.from_bytes(data=data, mime_type=mime_type)]
        variant = f"{window[0]:g}-{window[1]:g}"
        reference = await self._reference(file, mime_type, clip=(variant, clip))
        if reference is None:
            return [_not_attached("audio", file)]
        return [label, types.Part.from_uri(file_uri=reference[0], mime_type=reference[1])]

    async def _clip(self, file: File, window: tuple[float, float], muxer: str) -> Path | None:
        """The clip, in this job's temporary folder (removed with `close`)."""
        try:
            folder = await self._folder()
            # One copy of the recording however many of its clips are cut at once.
            copying = self._sources.get(str(file.id))
            if copying is None:
                source = folder / f"{file.id}.source"
                copying = self._sources[str(file.id)] = asyncio.create_task(
                    self._copied(file, source)
                )
            source = await asyncio.shield(copying)
            target = folder / f"{file.id}-{window[0]:g}-{window[1]:g}.{muxer}"
            await to_thread.run_sync(clip_audio, source, target, window[0], window[1], muxer)
            return target
        except Exception:  # the model still gets the recording's text
            logger.exception("seconds %s of %s could not be cut", window, file.id)
            return None

    async def _copied(self, file: File, path: Path) -> Path:
        await self._copy(file, path)
        return path

    async def _folder(self) -> Path:
        async with self._making_folder:  # one folder, whichever clip asks first
            if self._temp is None:
                made = await to_thread.run_sync(tempfile.mkdtemp, None, "holmes-clips-")
                self._temp = Path(made)
            return self._temp

    async def close(self) -> None:
        """Removes the clips this job cut."""
        if self._temp is not None:
            await to_thread.run_sync(shutil.rmtree, self._temp, True)
            self._temp = None

    def recheck(self) -> None:
        """Drops this job's references to File API uploads, so the next request looks each up
        again (files.get) and uploads again those the API no longer has: for a request refused
        because an upload was dropped (expired or deleted) in the middle of the job. A refusal
        names one file; any other may be gone too."""
        for key, task in list(self._references.items()):
            if task.done():
                del self._references[key]

    async def _reference(
        self, file: File, mime_type: str, *, clip: tuple[str, Path] | None = None
    ) -> tuple[str, str] | None:
        """A URI the model reads the file (or a clip of it: its seconds and its path) at, and its
        type, or None when there is none."""
        if self.mode == "vertex" and clip is None:
            uri = self.storage.gs_uri(file.storage_key)
            return (uri, mime_type) if uri else None
        key = f"{file.id}@{clip[0]}" if clip else str(file.id)
        task = self._references.get(key)
        if task is None:
            made = (
                self._stored(file, mime_type, clip)
                if self.mode == "vertex" and clip is not None
                else self._uploaded(file, mime_type, clip)
            )
            task = self._references[key] = asyncio.create_task(made)
        return await asyncio.shield(task)

    async def _stored(
        self, file: File, mime_type: str, clip: tuple[str, Path]
    ) -> tuple[str, str] | None:
        """A clip Vertex reads from Cloud Storage: stored beside its file (deleted with it), once
        per job; None where the storage has no gs:// URIs (local storage)."""
        key = f"{file.storage_key}.clip-{clip[0]}"
        uri = self.storage.gs_uri(key)
        if uri is None:
            return None
        upload = await self.storage.open_upload(key, mime_type)
        try:
            async with await anyio.open_file(clip[1], "rb") as source:
                while chunk := await source.read(1 << 20):
                    await upload.write(chunk)
            await upload.commit()
        except Exception:  # the model still gets the recording's text
            await upload.abort()
            logger.exception("a clip of %s could not be stored for Vertex", file.id)
            return None
        return uri, mime_type

    async def _uploaded(
        self, file: File, mime_type: str, clip: tuple[str, Path] | None = None
    ) -> tuple[str, str] | None:
        """The file's (or clip's) File API upload: the cached one while it lives, else a new
        one."""
        provider = f"{FILE_API}:{clip[0]}" if clip else FILE_API
        try:
            async with self.session_factory() as session:
                cached = (await upload_repo.for_files(session, [file.id], provider)).get(file.id)
            if cached is not None and cached.expires_at - utcnow() > REUPLOAD_MARGIN:
                if await gemini.uploaded_file(self.client, cached.name) is not None:
                    return cached.uri, cached.mime_type
                logger.info("%s is gone from the File API: uploading it again", cached.name)
            uploaded = (
                await gemini.upload_file(
                    self.client,
                    clip[1],
                    mime_type=mime_type,
                    display_name=f"{file.filename[:480]} ({clip[0]} s)",
                )
                if clip
                else await self._upload(file, mime_type)
            )
            if uploaded.uri is None or uploaded.name is None:  # upload_file makes sure of both
                raise gemini.GeminiMediaError(f"the File API gave {file.id} no name or URI")
            uri_mime = uploaded.mime_type or mime_type
            async with self.session_factory() as session:
                await upload_repo.replace(
                    session,
                    file_id=file.id,
                    provider=provider,
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

    async def _copy(self, file: File, path: Path) -> None:
        """The file copied from storage in chunks: never the whole recording in memory."""
        async with await anyio.open_file(path, "wb") as out:
            async for chunk in self.storage.read_range(file.storage_key, 0, file.size_bytes - 1):
                await out.write(chunk)

    async def _upload(self, file: File, mime_type: str) -> types.File:
        """Copied from storage to a temporary file, then uploaded from there (the SDK reads a
        path in chunks too)."""
        folder = Path(await to_thread.run_sync(tempfile.mkdtemp, None, "holmes-media-"))
        try:
            path = folder / "evidence"
            await self._copy(file, path)
            return await gemini.upload_file(
                self.client, path, mime_type=mime_type, display_name=file.filename[:512]
            )
        finally:
            await to_thread.run_sync(shutil.rmtree, folder, True)


__all__ = [
    "AUDIO_TOKENS_PER_SECOND",
    "FILE_API",
    "VIDEO_TOKENS_PER_SECOND",
    "MediaParts",
    "clip_audio",
    "media_cost",
    "media_kind",
    "mode_for",
    "segments",
]
