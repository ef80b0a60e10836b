"""Damaged or unsupported files raise ExtractionError naming the file, and nothing else."""

import random
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from holmes_backend.extraction import ExtractionError, extract
from tests.extraction.builders import make_pdf

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def _random_bytes(size: int) -> bytes:
    return random.Random(size).randbytes(size)


@pytest.mark.parametrize(
    ("name", "mime", "content", "reason"),
    [
        ("cut.pdf", "application/pdf", make_pdf([["text"]])[:300], "damaged or truncated PDF"),
        ("plain.docx", DOCX, b"This is just text, not a package", "not a zip package"),
        ("noise.xlsx", XLSX, _random_bytes(2048), "not a zip package"),
        ("noise.jpg", "image/jpeg", _random_bytes(2048), "not a readable image"),
        ("noise.eml", "message/rfc822", b"\x00\x9f\x13garbage\xff\xfe", "no e-mail headers"),
        ("noise.wav", "audio/wav", _random_bytes(512), "audio/wav audio"),
        ("noise.srt", "application/x-subrip", b"just some words\n", "no cues with timings"),
        ("old.doc", "application/msword", b"\xd0\xcf\x11\xe0", "save it as .docx"),
        ("x.bin", "application/octet-stream", b"\x00", "no reader for application/octet-stream"),
    ],
)
async def test_unreadable_files_raise_extraction_error(
    tmp_path: Path, name: str, mime: str, content: bytes, reason: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content)

    with pytest.raises(ExtractionError) as caught:
        await extract(path, mime, name)

    assert caught.value.filename == name
    assert reason in caught.value.reason
    assert str(caught.value).startswith(f"cannot extract {name!r}: ")
    assert str(tmp_path) not in str(caught.value)  # the storage location stays private


async def test_truncated_image_data(tmp_path: Path) -> None:
    whole = tmp_path / "whole.png"
    Image.frombytes("L", (64, 64), _random_bytes(64 * 64)).save(whole)
    path = tmp_path / "cut.png"
    path.write_bytes(whole.read_bytes()[:500])

    with pytest.raises(ExtractionError, match="not a readable image"):
        await extract(path, "image/png", "cut.png")


async def test_a_parser_crash_is_still_an_extraction_error(tmp_path: Path) -> None:
    # A zip that is not a workbook: openpyxl fails with its own exception type.
    path = tmp_path / "other.xlsx"

    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("hello.txt", "not a workbook")

    with pytest.raises(ExtractionError) as caught:
        await extract(path, XLSX, "other.xlsx")

    assert "unreadable" in caught.value.reason
    assert caught.value.__cause__ is not None


async def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ExtractionError, match=r"gone\.txt.*FileNotFoundError"):
        await extract(tmp_path / "gone.txt", "text/plain", "gone.txt")


async def test_mime_parameters_and_families(tmp_path: Path) -> None:
    path = tmp_path / "log.txt"
    path.write_text("alpha\n", encoding="utf-8")

    result = await extract(path, "Text/X-Log; charset=utf-8", "log.txt")

    assert result.kind == "text"
    assert [c.text for c in result.chunks] == ["alpha"]
