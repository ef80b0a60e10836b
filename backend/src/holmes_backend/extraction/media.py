"""Audio and video: duration, container creation time and stream details, without ffmpeg.

MP4-family files (MP4, MOV, M4A) are read from their movie header, audio streams through
mutagen. Containers neither reads (WebM, Matroska, AVI) yield an empty extraction with a note,
because the file may be perfectly good evidence that only lacks a reader here.
"""

from pathlib import Path

import mutagen

from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.isobmff import read_movie_header
from holmes_backend.extraction.limits import Budget
from holmes_backend.extraction.models import Extraction

_MOVIE_CONTAINERS = frozenset({"video/mp4", "video/quicktime", "audio/mp4", "audio/x-m4a"})
_MUTAGEN_AUDIO = frozenset(
    {
        "audio/mpeg",
        "audio/wav",
        "audio/x-wav",
        "audio/ogg",
        "audio/flac",
        "audio/mp4",
        "audio/x-m4a",
    }
)
_STREAM_DETAILS = ("sample_rate", "channels", "bitrate", "bits_per_sample")


def extract_media(path: Path, budget: Budget, mime_type: str) -> Extraction:
    """Metadata only: nothing here draws on `budget`."""
    kind = "video" if mime_type.startswith("video/") else "audio"
    extraction = Extraction(kind=kind, metadata={"container": mime_type})
    if mime_type in _MOVIE_CONTAINERS:
        with path.open("rb") as file:
            header = read_movie_header(file)
        extraction.metadata["duration"] = header.duration
        extraction.metadata["created"] = header.created.isoformat() if header.created else None
    if mime_type in _MUTAGEN_AUDIO:
        extraction.metadata |= _audio_details(path, mime_type)
    elif mime_type not in _MOVIE_CONTAINERS:
        extraction.errors.append(f"no reader for {mime_type}: duration and creation time unknown")
    return extraction


def _audio_details(path: Path, mime_type: str) -> dict[str, object]:
    try:
        audio = mutagen.File(path)
    except mutagen.MutagenError as exc:
        raise ExtractionError(f"damaged {mime_type} audio ({exc})") from exc
    if audio is None:
        raise ExtractionError(f"not a recognisable {mime_type} audio file")
    details: dict[str, object] = {"duration": round(audio.info.length, 3)}
    for key in _STREAM_DETAILS:
        if (value := getattr(audio.info, key, None)) is not None:
            details[key] = value
    return details
