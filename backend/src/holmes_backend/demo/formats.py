"""Evidence files written from scratch: PDF, MP4, JPEG with EXIF, DOCX/XLSX, e-mail.

Everything here is deterministic: the same arguments give the same bytes, so generated cases can
be compared run to run and nothing binary has to be committed.
"""

import io
import re
import struct
import textwrap
import zipfile
from collections.abc import Sequence
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime

from PIL import ExifTags, Image
from PIL.TiffImagePlugin import IFDRational

from holmes_backend.config import DEFAULT_ALLOWED_MIME_TYPES
from holmes_backend.services.file_types import detect_mime_type


def mime_type_of(filename: str) -> str:
    """The MIME type an upload of this file gets (by its extension, as the upload path decides)."""
    return detect_mime_type(filename, None, DEFAULT_ALLOWED_MIME_TYPES)


# --- PDF ---------------------------------------------------------------------------------------

PDF_LINE_WIDTH = 92  # characters of 10 pt Helvetica that fit a Letter page between 1" margins


def _pdf_string(text: str) -> str:
    # Helvetica's standard encoding covers ASCII; anything else would extract as garbage.
    ascii_text = text.encode("ascii", "replace").decode("ascii")
    return "(" + ascii_text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def pdf_date(moment: datetime) -> str:
    offset = moment.strftime("%z") or "+0000"
    return f"D:{moment.strftime('%Y%m%d%H%M%S')}{offset[:3]}'{offset[3:]}'"


def wrap(lines: Sequence[str], width: int = PDF_LINE_WIDTH) -> list[str]:
    """Long lines wrapped as a word processor would; empty strings stay as blank lines."""
    wrapped: list[str] = []
    for line in lines:
        wrapped += textwrap.wrap(line, width) or [""]
    return wrapped


def make_pdf(pages: Sequence[Sequence[str]], info: dict[str, str] | None = None) -> bytes:
    """A minimal valid PDF: one Helvetica text line per string, one sequence per page."""
    objects: list[bytes] = [b"", b"", b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    page_ids = []
    for lines in pages:
        operations = ["BT", "/F1 10 Tf", "13 TL", "72 720 Td"]
        operations += [f"{_pdf_string(line)} Tj T*" if line else "T*" for line in lines]
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


# --- MP4 ---------------------------------------------------------------------------------------

_MP4_EPOCH = datetime(1904, 1, 1, tzinfo=UTC)


def _box(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def make_mp4(created: datetime, duration_seconds: float, payload: bytes = b"") -> bytes:
    """An ISO base media file with ftyp, an mdat and moov/mvhd: the metadata of a recording.

    It has no tracks, so players show nothing; extraction only needs the movie header.
    """
    timescale = 1000
    seconds = int((created - _MP4_EPOCH).total_seconds())
    times = struct.pack(">IIII", seconds, seconds, timescale, int(duration_seconds * timescale))
    # rate, volume, reserved, unity matrix, pre-defined, next track id
    rest = struct.pack(">IH10x", 0x00010000, 0x0100)
    rest += struct.pack(">9I", 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000)
    rest += bytes(24) + struct.pack(">I", 2)
    mvhd = _box(b"mvhd", bytes(4) + times + rest)
    ftyp = _box(b"ftyp", b"isom" + struct.pack(">I", 512) + b"isomiso2mp41")
    return ftyp + _box(b"mdat", payload) + _box(b"moov", mvhd)


# --- JPEG with EXIF ----------------------------------------------------------------------------


def _dms(value: float) -> tuple[IFDRational, IFDRational, IFDRational]:
    """Decimal degrees as EXIF degrees, minutes and seconds (to 1/100 s)."""
    value = abs(value)
    degrees = int(value)
    minutes = int((value - degrees) * 60)
    hundredths = round(((value - degrees) * 60 - minutes) * 60 * 100)
    return IFDRational(degrees), IFDRational(minutes), IFDRational(hundredths, 100)


def exif_degrees(value: float) -> float:
    """The decimal degrees a reader gets back from what `_dms` stores (7 places, signed)."""
    degrees, minutes, seconds = (float(part) for part in _dms(value))
    decimal = degrees + minutes / 60 + seconds / 3600
    return round(-decimal if value < 0 else decimal, 7)


def photo_exif(
    *,
    taken: datetime,
    latitude: float,
    longitude: float,
    make: str,
    model: str,
    altitude: float | None = None,
) -> Image.Exif:
    """EXIF with camera, DateTimeOriginal and its UTC offset, and a GPS position."""
    exif = Image.Exif()
    exif[ExifTags.Base.Make] = make
    exif[ExifTags.Base.Model] = model
    exif[ExifTags.Base.DateTime] = taken.strftime("%Y:%m:%d %H:%M:%S")
    details = exif.get_ifd(ExifTags.IFD.Exif)
    details[ExifTags.Base.DateTimeOriginal] = taken.strftime("%Y:%m:%d %H:%M:%S")
    offset = taken.strftime("%z")
    if offset:
        details[ExifTags.Base.OffsetTimeOriginal] = f"{offset[:3]}:{offset[3:]}"
    gps = exif.get_ifd(ExifTags.IFD.GPSInfo)
    gps[ExifTags.GPS.GPSLatitudeRef] = "N" if latitude >= 0 else "S"
    gps[ExifTags.GPS.GPSLatitude] = _dms(latitude)
    gps[ExifTags.GPS.GPSLongitudeRef] = "E" if longitude >= 0 else "W"
    gps[ExifTags.GPS.GPSLongitude] = _dms(longitude)
    if altitude is not None:
        gps[ExifTags.GPS.GPSAltitudeRef] = b"\x00" if altitude >= 0 else b"\x01"
        gps[ExifTags.GPS.GPSAltitude] = IFDRational(round(abs(altitude) * 100), 100)
    return exif


def jpeg_bytes(image: Image.Image, exif: Image.Exif | None = None, quality: int = 85) -> bytes:
    buffer = io.BytesIO()
    if exif is None:
        image.save(buffer, "JPEG", quality=quality)
    else:
        image.save(buffer, "JPEG", quality=quality, exif=exif)
    return buffer.getvalue()


# --- Office packages ---------------------------------------------------------------------------

_FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
_CORE_STAMP = re.compile(rb"(<dcterms:(created|modified)\b[^>]*>)[^<]*(</dcterms:\2>)")


def stable_package(data: bytes, stamp: datetime) -> bytes:
    """An Office package with fixed member times and document dates, so its bytes are repeatable.

    python-docx and openpyxl stamp zip members with the current time, and openpyxl rewrites the
    document's modified date on every save.
    """
    iso = stamp.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ").encode()
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for member in source.infolist():
            content = source.read(member)
            if member.filename == "docProps/core.xml":
                content = _CORE_STAMP.sub(lambda m: m.group(1) + iso + m.group(3), content)
            info = zipfile.ZipInfo(member.filename, _FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            target.writestr(info, content)
    return out.getvalue()


# --- E-mail ------------------------------------------------------------------------------------


def make_email(
    *,
    sender: str,
    to: Sequence[str],
    subject: str,
    sent: datetime,
    body: str,
    message_id: str,
    cc: Sequence[str] = (),
    in_reply_to: str | None = None,
    attachment: tuple[str, str, bytes] | None = None,
) -> bytes:
    """An RFC 5322 message; `attachment` is (filename, MIME type, content)."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = ", ".join(to)
    if cc:
        message["Cc"] = ", ".join(cc)
    message["Subject"] = subject
    message["Date"] = format_datetime(sent)
    message["Message-ID"] = message_id
    if in_reply_to:
        message["In-Reply-To"] = in_reply_to
        message["References"] = in_reply_to
    message.set_content(body)
    if attachment is not None:
        filename, mime_type, content = attachment
        maintype, subtype = mime_type.split("/", 1)
        message.add_attachment(content, maintype=maintype, subtype=subtype, filename=filename)
        # A fixed boundary: the default one is random, which would change the bytes every run.
        message.set_boundary(f"=_holmes_{message_id.strip('<>').split('@')[0]}")
    return message.as_bytes()
