"""What a media part of a request costs in input tokens, as Gemini documents it (Understand and
count tokens; media resolution): audio 32 a second at any resolution; video sampled at 1 frame a
second, 258 tokens a frame (Gemini 2.x; 70 at Gemini 3's default) with its audio; an image up to
1,120 and a PDF page up to 560 (Gemini 3's defaults; 258 on Gemini 2.x). The larger figures are
kept, so a unit estimated under the budget is under it on either generation (the video rate is
HOLMES_MEDIA_VIDEO_TOKENS_PER_SECOND, this by default).

Budgets (llm.budget, llm.media) and the tokens-per-minute limiter (llm.limits, through
llm.gemini.request_size) count media with these figures: the limiter counted every media part as
one 258-token image, so a two-hour recording (over 230,000 tokens as audio, 2 million as video)
went through a tokens-per-minute limit as if it were a picture. No import of the model client
here: the limiter's side reads it.
"""

import math
from typing import Any

from google.genai import types

AUDIO_TOKENS_PER_SECOND = 32.0
VIDEO_TOKENS_PER_SECOND = 258.0 + AUDIO_TOKENS_PER_SECOND
IMAGE_TOKENS = 1_120
PDF_PAGE_TOKENS = 560
# A media part nothing says the size of (no type, no length): one image's worth.
UNKNOWN_MEDIA_TOKENS = IMAGE_TOKENS


def part_tokens(
    part: types.Part,
    header: dict[str, Any] | None,
    video_rate: float = VIDEO_TOKENS_PER_SECOND,
) -> int:
    """A media part's tokens, from its type and what says how long it is: its own offsets (a
    video segment), else the evidence block it goes with (`header`: the seconds the block
    covers, the recording's duration, a scanned PDF's pages)."""
    blob = part.inline_data or part.file_data
    mime = ((blob.mime_type if blob is not None else None) or "").lower()
    metadata: dict[str, Any] = (header or {}).get("metadata") or {}
    if mime.startswith("image/"):
        return IMAGE_TOKENS
    if mime == "application/pdf":
        pages = metadata.get("pages_without_text") or []
        count = len(pages) if isinstance(pages, list) and pages else metadata.get("page_count")
        return PDF_PAGE_TOKENS * (count if isinstance(count, int) and count > 0 else 1)
    if not mime.startswith(("audio/", "video/")):
        return UNKNOWN_MEDIA_TOKENS
    rate = video_rate if mime.startswith("video/") else AUDIO_TOKENS_PER_SECOND
    seconds = _offsets(part) or _window(header) or _duration(metadata)
    return math.ceil(rate * seconds) if seconds else UNKNOWN_MEDIA_TOKENS


def _offsets(part: types.Part) -> float | None:
    meta = part.video_metadata
    if meta is None or meta.end_offset is None:
        return None
    return _as_seconds(meta.end_offset) - _as_seconds(meta.start_offset or "0s")


def _as_seconds(value: object) -> float:
    if hasattr(value, "total_seconds"):
        return float(value.total_seconds())
    text = str(value).strip().removesuffix("s")
    try:
        return float(text)
    except ValueError:
        return 0.0


def _window(header: dict[str, Any] | None) -> float | None:
    window = (header or {}).get("segment")
    if isinstance(window, list) and len(window) == 2:
        return max(0.0, float(window[1]) - float(window[0]))
    return None


def _duration(metadata: dict[str, Any]) -> float | None:
    duration = metadata.get("duration")
    return float(duration) if isinstance(duration, int | float) and duration > 0 else None


__all__ = [
    "AUDIO_TOKENS_PER_SECOND",
    "IMAGE_TOKENS",
    "PDF_PAGE_TOKENS",
    "VIDEO_TOKENS_PER_SECOND",
    "part_tokens",
]
