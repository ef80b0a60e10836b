"""Small evidence files built in code, so no binary fixture is committed."""

import struct
from datetime import UTC, datetime, timedelta

# The demo case writes PDFs the same way; one builder serves both.
from holmes_backend.demo.formats import make_pdf

__all__ = ["make_mp4", "make_pdf", "mp4_seconds"]


def _box(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", 8 + len(payload)) + kind + payload


_MP4_EPOCH = datetime(1904, 1, 1, tzinfo=UTC)


def make_mp4(created: datetime, duration_seconds: float, *, version: int = 0) -> bytes:
    """An ISO base media file with just ftyp, an empty mdat and moov/mvhd: enough for metadata."""
    timescale = 1000
    seconds = int((created - _MP4_EPOCH).total_seconds())
    duration = int(duration_seconds * timescale)
    if version == 1:
        times = struct.pack(">QQIQ", seconds, seconds, timescale, duration)
    else:
        times = struct.pack(">IIII", seconds, seconds, timescale, duration)
    # rate, volume, reserved, unity matrix, pre-defined, next track id
    rest = struct.pack(">IH10x", 0x00010000, 0x0100)
    rest += struct.pack(">9I", 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000)
    rest += bytes(24) + struct.pack(">I", 2)
    mvhd = _box(b"mvhd", bytes([version, 0, 0, 0]) + times + rest)
    ftyp = _box(b"ftyp", b"isom" + struct.pack(">I", 512) + b"isomiso2mp41")
    return ftyp + _box(b"mdat", b"") + _box(b"moov", mvhd)


def mp4_seconds(moment: datetime) -> timedelta:
    return moment - _MP4_EPOCH
