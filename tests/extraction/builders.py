"""Small evidence files built in code, so no binary fixture is committed."""

import struct
from datetime import UTC, datetime, timedelta


def _pdf_string(text: str) -> str:
    return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def make_pdf(pages: list[list[str]], info: dict[str, str] | None = None) -> bytes:
    """A minimal valid PDF: one Helvetica text line per string, one list per page."""
    objects: list[bytes] = [b"", b"", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    page_ids = []
    for lines in pages:
        operations = ["BT", "/F1 12 Tf", "14 TL", "72 720 Td"]
        operations += [f"{_pdf_string(line)} Tj T*" for line in lines]
        operations.append("ET")
        stream = "\n".join(operations).encode("latin-1")
        objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
        content_id = len(objects)
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            b"/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % content_id
        )
        page_ids.append(len(objects))
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    kids = " ".join(f"{page_id} 0 R" for page_id in page_ids)
    objects[1] = f"<< /Type /Pages /Kids [{kids}] /Count {len(page_ids)} >>".encode()
    trailer_extra = ""
    if info:
        entries = " ".join(f"/{key} {_pdf_string(value)}" for key, value in info.items())
        objects.append(f"<< {entries} >>".encode("latin-1"))
        trailer_extra = f" /Info {len(objects)} 0 R"
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref_at = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R{trailer_extra} >>\n".encode()
    out += b"startxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


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
