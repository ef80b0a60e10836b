"""Images: capture time, place and camera from EXIF, and printed text by OCR when available."""

import math
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from PIL import ExifTags, Image, ImageOps, UnidentifiedImageError

from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.limits import Budget
from holmes_backend.extraction.models import Extraction
from holmes_backend.extraction.ocr import OCR_ERRORS, ocr_lines, tesseract_available

_EXIF_TIME = "%Y:%m:%d %H:%M:%S"


def extract_image(path: Path, budget: Budget) -> Extraction:
    try:
        with Image.open(path) as image:
            image.load()  # decodes now, so a truncated file fails here and not half-way through OCR
            extraction = Extraction(kind="image")
            extraction.metadata = _metadata(image, extraction.errors)
            _ocr(image, extraction, budget)
    except (UnidentifiedImageError, OSError, SyntaxError) as exc:
        # Pillow reports damaged image data as OSError and some malformed headers as SyntaxError.
        raise ExtractionError(f"not a readable image ({exc})") from exc
    return extraction


def _ocr(image: Image.Image, extraction: Extraction, budget: Budget) -> None:
    if not tesseract_available():
        extraction.metadata["ocr"] = "unavailable"
        extraction.errors.append("OCR unavailable: the tesseract program is not installed")
        return
    extraction.metadata["ocr"] = "tesseract"
    try:
        # EXIF orientation applied first, so boxes match the picture as viewers show it.
        lines = ocr_lines(ImageOps.exif_transpose(image))
        extraction.chunks = [line for line in lines if budget.take(line.text, "lines")]
    except OCR_ERRORS as exc:
        extraction.errors.append(f"OCR failed: {exc}")


def _metadata(image: Image.Image, errors: list[str]) -> dict[str, object]:
    metadata: dict[str, object] = {
        "format": image.format,
        "width": image.width,
        "height": image.height,
    }
    exif = image.getexif()
    details = exif.get_ifd(ExifTags.IFD.Exif)
    for key, tag in (("camera_make", ExifTags.Base.Make), ("camera_model", ExifTags.Base.Model)):
        if value := _text(exif.get(tag)):
            metadata[key] = value
    captured = _capture_time(exif, details, errors)
    if captured is not None:
        metadata["capture_time"] = captured.isoformat()
    metadata |= _gps(exif.get_ifd(ExifTags.IFD.GPSInfo), errors)
    return metadata


def _text(value: object) -> str | None:
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if not isinstance(value, str):
        return None
    return value.strip("\x00 ") or None


def _capture_time(exif: Image.Exif, details: dict[int, Any], errors: list[str]) -> datetime | None:
    """DateTimeOriginal with its offset; without an offset the time is local to an unknown zone."""
    raw = _text(details.get(ExifTags.Base.DateTimeOriginal)) or _text(
        exif.get(ExifTags.Base.DateTime)
    )
    if raw is None:
        return None
    try:
        moment = datetime.strptime(raw, _EXIF_TIME)
    except ValueError:
        errors.append(f"unreadable EXIF capture time {raw!r}")
        return None
    offset = _text(details.get(ExifTags.Base.OffsetTimeOriginal)) or _text(
        details.get(ExifTags.Base.OffsetTime)
    )
    if offset is None:
        errors.append("EXIF capture time has no UTC offset; it is the camera's local time")
        return moment
    try:
        sign = -1 if offset.startswith("-") else 1
        hours, minutes = offset.lstrip("+-").split(":")
        zone = timezone(sign * timedelta(hours=int(hours), minutes=int(minutes)))
    except ValueError:
        errors.append(f"unreadable EXIF time offset {offset!r}")
        return moment
    return moment.replace(tzinfo=zone)


def _gps(gps: dict[int, Any], errors: list[str]) -> dict[str, float]:
    if ExifTags.GPS.GPSLatitude not in gps or ExifTags.GPS.GPSLongitude not in gps:
        return {}
    try:
        latitude = _degrees(gps[ExifTags.GPS.GPSLatitude], gps.get(ExifTags.GPS.GPSLatitudeRef))
        longitude = _degrees(gps[ExifTags.GPS.GPSLongitude], gps.get(ExifTags.GPS.GPSLongitudeRef))
    except (TypeError, ValueError, ZeroDivisionError) as exc:
        errors.append(f"unreadable GPS position ({exc})")
        return {}
    if not (abs(latitude) <= 90 and abs(longitude) <= 180):
        errors.append(f"GPS position out of range ({latitude}, {longitude})")
        return {}
    position = {"gps_latitude": round(latitude, 7), "gps_longitude": round(longitude, 7)}
    if (altitude := gps.get(ExifTags.GPS.GPSAltitude)) is not None:
        below_sea = gps.get(ExifTags.GPS.GPSAltitudeRef) in (1, b"\x01")
        meters = float(altitude)
        if math.isfinite(meters):
            position["gps_altitude"] = round(-meters if below_sea else meters, 2)
    return position


def _degrees(value: Any, reference: object) -> float:
    """Degrees, minutes, seconds (rationals) to signed decimal degrees."""
    degrees, minutes, seconds = (float(part) for part in value)
    decimal = degrees + minutes / 60 + seconds / 3600
    if not math.isfinite(decimal):
        raise ValueError("a zero denominator")
    hemisphere = _text(reference) or ""
    return -decimal if hemisphere.upper() in ("S", "W") else decimal
