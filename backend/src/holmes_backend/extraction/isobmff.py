"""The movie header (moov/mvhd) of MP4, MOV and M4A files: creation time and duration.

Read box by box with seeks, so a multi-gigabyte video costs a few reads, and no ffmpeg is needed.
"""

import struct
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import BinaryIO

from holmes_backend.extraction.errors import ExtractionError

_EPOCH = datetime(1904, 1, 1, tzinfo=UTC)  # QuickTime and ISO BMFF count seconds from 1904
_HEADER = struct.Struct(">I4s")
_LARGE_SIZE = struct.Struct(">Q")
_MVHD_V0 = struct.Struct(">IIII")  # creation, modification, timescale, duration
_MVHD_V1 = struct.Struct(">QQIQ")


@dataclass(frozen=True)
class MovieHeader:
    created: datetime | None
    duration: float | None


def read_movie_header(file: BinaryIO) -> MovieHeader:
    size = file.seek(0, 2)
    moov = _find_box(file, b"moov", 0, size)
    if moov is None:
        raise ExtractionError("no movie header (moov box): not a readable MP4/QuickTime file")
    mvhd = _find_box(file, b"mvhd", *moov)
    if mvhd is None:
        raise ExtractionError("the moov box has no mvhd header")
    start, end = mvhd
    file.seek(start)
    version = file.read(4)[:1]
    layout = _MVHD_V1 if version == b"\x01" else _MVHD_V0
    fields = file.read(layout.size)
    if len(fields) < layout.size or start + 4 + layout.size > end:
        raise ExtractionError("the mvhd header is truncated")
    created, _, timescale, duration = layout.unpack(fields)
    return MovieHeader(
        # 0 means "not set", which some encoders write instead of a time.
        created=_EPOCH + timedelta(seconds=created) if created else None,
        duration=round(duration / timescale, 3) if timescale else None,
    )


def _find_box(file: BinaryIO, kind: bytes, start: int, end: int) -> tuple[int, int] | None:
    """(payload start, payload end) of the first box of that kind directly in [start, end)."""
    offset = start
    while offset + _HEADER.size <= end:
        file.seek(offset)
        header = file.read(_HEADER.size)
        if len(header) < _HEADER.size:
            return None
        size, box_kind = _HEADER.unpack(header)
        payload = offset + _HEADER.size
        if size == 1:  # a 64-bit size follows the type
            size = _LARGE_SIZE.unpack(file.read(_LARGE_SIZE.size).rjust(8, b"\0"))[0]
            payload += _LARGE_SIZE.size
        elif size == 0:  # the box runs to the end of its container
            size = end - offset
        if size < payload - offset or offset + size > end:
            raise ExtractionError(f"damaged box {box_kind!r} at byte {offset}")
        if box_kind == kind:
            return payload, offset + size
        offset += size
    return None
