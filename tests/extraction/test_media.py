"""Audio and video: duration and container creation time without ffmpeg."""

import struct
import wave
from datetime import UTC, datetime
from pathlib import Path

import pytest

from holmes_backend.extraction import ExtractionError, extract
from tests.extraction.builders import make_mp4


@pytest.mark.parametrize("version", [0, 1])
async def test_mp4_creation_time_and_duration(tmp_path: Path, version: int) -> None:
    created = datetime(2024, 3, 15, 13, 4, 5, tzinfo=UTC)
    path = tmp_path / "clip.mp4"
    path.write_bytes(make_mp4(created, 12.5, version=version))

    result = await extract(path, "video/mp4", "clip.mp4")

    assert result.kind == "video"
    assert result.metadata == {
        "container": "video/mp4",
        "duration": 12.5,
        "created": "2024-03-15T13:04:05+00:00",
    }
    assert result.errors == []


async def test_quicktime_uses_the_same_movie_header(tmp_path: Path) -> None:
    path = tmp_path / "clip.mov"
    path.write_bytes(make_mp4(datetime(2023, 1, 2, tzinfo=UTC), 3.0))

    result = await extract(path, "video/quicktime", "clip.mov")

    assert result.metadata["created"] == "2023-01-02T00:00:00+00:00"


async def test_wav_duration_and_stream(tmp_path: Path) -> None:
    path = tmp_path / "call.wav"
    with wave.open(str(path), "wb") as audio:
        audio.setnchannels(1)
        audio.setsampwidth(2)
        audio.setframerate(8000)
        audio.writeframes(bytes(2 * 8000 * 3))

    result = await extract(path, "audio/wav", "call.wav")

    assert result.kind == "audio"
    assert result.metadata["duration"] == 3.0
    assert result.metadata["sample_rate"] == 8000
    assert result.metadata["channels"] == 1


async def test_container_without_a_reader_is_noted_not_failed(tmp_path: Path) -> None:
    path = tmp_path / "clip.webm"
    path.write_bytes(b"\x1a\x45\xdf\xa3" + bytes(64))

    result = await extract(path, "video/webm", "clip.webm")

    assert result.kind == "video"
    assert result.errors == ["no reader for video/webm: duration and creation time unknown"]


async def test_mp4_without_movie_header_fails(tmp_path: Path) -> None:
    path = tmp_path / "broken.mp4"
    path.write_bytes(make_mp4(datetime(2024, 1, 1, tzinfo=UTC), 1.0)[:40])

    with pytest.raises(ExtractionError, match=r"broken\.mp4.*(moov|damaged box)"):
        await extract(path, "video/mp4", "broken.mp4")


async def test_64_bit_box_sizes_and_a_box_running_to_the_end(tmp_path: Path) -> None:
    moov = make_mp4(datetime(2022, 5, 6, tzinfo=UTC), 2.0)
    moov = moov[moov.index(b"moov") - 4 :]  # just the moov box
    large_moov = struct.pack(">I4sQ", 1, b"moov", len(moov) + 8) + moov[8:]
    open_ended_mdat = struct.pack(">I4s", 0, b"mdat") + bytes(100)
    path = tmp_path / "camera.mov"
    path.write_bytes(
        struct.pack(">I4s", 16, b"ftyp") + b"qt  " + bytes(4) + large_moov + open_ended_mdat
    )

    result = await extract(path, "video/quicktime", "camera.mov")

    assert result.metadata["created"] == "2022-05-06T00:00:00+00:00"
    assert result.metadata["duration"] == 2.0


async def test_box_claiming_more_than_the_file_fails(tmp_path: Path) -> None:
    path = tmp_path / "lying.mp4"
    path.write_bytes(struct.pack(">I4s", 10_000, b"ftyp") + bytes(20))

    with pytest.raises(ExtractionError, match="damaged box"):
        await extract(path, "video/mp4", "lying.mp4")
