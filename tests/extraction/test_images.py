"""Images: EXIF time, place and camera; OCR lines with boxes when Tesseract is installed."""

import shutil
from pathlib import Path

import pytesseract
import pytest
from PIL import ExifTags, Image, ImageDraw, ImageFont
from PIL.TiffImagePlugin import IFDRational

from holmes_backend.extraction import extract, images


def _photo_exif(*, offset: str | None = "+01:00") -> Image.Exif:
    exif = Image.Exif()
    exif[ExifTags.Base.Make] = "Canon"
    exif[ExifTags.Base.Model] = "EOS R5"
    details = exif.get_ifd(ExifTags.IFD.Exif)
    details[ExifTags.Base.DateTimeOriginal] = "2024:03:15 14:05:30"
    if offset:
        details[ExifTags.Base.OffsetTimeOriginal] = offset
    gps = exif.get_ifd(ExifTags.IFD.GPSInfo)
    gps[ExifTags.GPS.GPSLatitudeRef] = "S"
    gps[ExifTags.GPS.GPSLatitude] = (IFDRational(33), IFDRational(51), IFDRational(5448, 100))
    gps[ExifTags.GPS.GPSLongitudeRef] = "E"
    gps[ExifTags.GPS.GPSLongitude] = (IFDRational(151), IFDRational(12), IFDRational(36))
    gps[ExifTags.GPS.GPSAltitudeRef] = b"\x00"
    gps[ExifTags.GPS.GPSAltitude] = IFDRational(5820, 100)
    return exif


@pytest.fixture
def no_tesseract(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))


@pytest.mark.usefixtures("no_tesseract")
async def test_jpeg_exif_time_gps_and_camera(tmp_path: Path) -> None:
    path = tmp_path / "scene.jpg"
    Image.new("RGB", (64, 48), "gray").save(path, "JPEG", exif=_photo_exif())

    result = await extract(path, "image/jpeg", "scene.jpg")

    assert result.kind == "image"
    assert result.metadata == {
        "format": "JPEG",
        "width": 64,
        "height": 48,
        "camera_make": "Canon",
        "camera_model": "EOS R5",
        "capture_time": "2024-03-15T14:05:30+01:00",
        "gps_latitude": -33.8651333,
        "gps_longitude": 151.21,
        "gps_altitude": 58.2,
        "ocr": "unavailable",
    }
    assert result.chunks == []
    assert result.errors == ["OCR unavailable: the tesseract program is not installed"]


@pytest.mark.usefixtures("no_tesseract")
async def test_capture_time_without_offset_is_noted(tmp_path: Path) -> None:
    path = tmp_path / "local.jpg"
    Image.new("RGB", (8, 8)).save(path, "JPEG", exif=_photo_exif(offset=None))

    result = await extract(path, "image/jpeg", "local.jpg")

    assert result.metadata["capture_time"] == "2024-03-15T14:05:30"
    assert any("no UTC offset" in error for error in result.errors)


@pytest.mark.usefixtures("no_tesseract")
async def test_png_without_exif(tmp_path: Path) -> None:
    path = tmp_path / "chart.png"
    Image.new("P", (30, 20)).save(path, "PNG")

    result = await extract(path, "image/png", "chart.png")

    assert result.metadata["width"] == 30
    assert "capture_time" not in result.metadata
    assert "gps_latitude" not in result.metadata


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="the tesseract program is missing")
async def test_ocr_reads_rendered_text_into_lines_with_boxes(tmp_path: Path) -> None:
    image = Image.new("RGB", (900, 260), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=48)
    draw.text((40, 40), "INVOICE 4471 PAID", fill="black", font=font)
    draw.text((40, 150), "Wire to Acme Ltd", fill="black", font=font)
    path = tmp_path / "scan.png"
    image.save(path)

    result = await extract(path, "image/png", "scan.png")

    assert result.metadata["ocr"] == "tesseract"
    assert [c.text for c in result.chunks] == ["INVOICE 4471 PAID", "Wire to Acme Ltd"]
    first, second = (chunk.location for chunk in result.chunks)
    assert first.line == 1
    assert second.line == 2
    assert first.bbox is not None
    assert second.bbox is not None
    left, top, right, bottom = first.bbox
    assert 30 <= left < right <= 900
    assert 30 <= top < bottom < 150
    assert second.bbox[1] > bottom


@pytest.mark.usefixtures("no_tesseract")
async def test_damaged_exif_values_cost_only_those_fields(tmp_path: Path) -> None:
    exif = _photo_exif(offset="local time")
    gps = exif.get_ifd(ExifTags.IFD.GPSInfo)
    gps[ExifTags.GPS.GPSLatitude] = (IFDRational(1, 0), IFDRational(0), IFDRational(0))
    path = tmp_path / "odd.jpg"
    Image.new("RGB", (8, 8)).save(path, "JPEG", exif=exif)

    result = await extract(path, "image/jpeg", "odd.jpg")

    assert result.metadata["capture_time"] == "2024-03-15T14:05:30"
    assert "gps_latitude" not in result.metadata
    assert result.metadata["camera_model"] == "EOS R5"
    assert any("time offset" in error for error in result.errors)
    assert any("GPS position" in error for error in result.errors)


async def test_ocr_failure_keeps_the_metadata(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise pytesseract.TesseractError(1, "Failed loading language 'eng'")

    monkeypatch.setattr(images, "tesseract_available", lambda: True)
    monkeypatch.setattr(pytesseract, "image_to_data", broken)
    path = tmp_path / "scan.png"
    Image.new("RGBA", (20, 20)).save(path)

    result = await extract(path, "image/png", "scan.png")

    assert result.metadata["ocr"] == "tesseract"
    assert result.metadata["width"] == 20
    assert result.chunks == []
    assert len(result.errors) == 1
    assert result.errors[0].startswith("OCR failed:")
