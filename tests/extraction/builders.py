"""Small evidence files built in code, so no binary fixture is committed."""

import io
import struct
import wave
import zipfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

# The demo case writes PDFs the same way; one builder serves both.
from holmes_backend.demo.formats import make_pdf

__all__ = ["make_mp4", "make_pdf", "mp4_seconds", "write_paragraph_docx"]


def _box(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", 8 + len(payload)) + kind + payload


_MP4_EPOCH = datetime(1904, 1, 1, tzinfo=UTC)


def make_wav(seconds: float, rate: int = 500) -> bytes:
    """A silent WAV: 8-bit mono at `rate` Hz (500 Hz: 3.6 MB for two hours)."""
    out = io.BytesIO()
    with wave.open(out, "wb") as writer:
        writer.setnchannels(1)
        writer.setsampwidth(1)
        writer.setframerate(rate)
        writer.writeframes(bytes([128]) * int(rate * seconds))
    return out.getvalue()


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


_DOCUMENT_OPEN = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
)
_DOCUMENT_CLOSE = "</w:body></w:document>"
_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.wordprocessingml.document.main+xml"/></Types>'
)
_PACKAGE_RELS = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/officeDocument" Target="word/document.xml"/></Relationships>'
)


def write_paragraph_docx(path: Path, paragraphs: int, text: str = "a") -> Path:
    """A minimal Word file of `paragraphs` short paragraphs: a small zip of a lot of XML (4
    million take 650 KB and unpack to 228 MB), streamed into the zip rather than built whole."""
    paragraph = f"<w:p><w:r><w:t>{text}</w:t></w:r></w:p>".encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", _CONTENT_TYPES)
        archive.writestr("_rels/.rels", _PACKAGE_RELS)
        with archive.open("word/document.xml", "w", force_zip64=True) as member:
            member.write(_DOCUMENT_OPEN.encode())
            for _ in range(paragraphs // 10_000):
                member.write(paragraph * 10_000)
            member.write(paragraph * (paragraphs % 10_000))
            member.write(_DOCUMENT_CLOSE.encode())
    return path
