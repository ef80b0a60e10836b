"""WebVTT and SRT transcripts: cue timings, speakers, absolute times; sidecar matching."""

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from holmes_backend.extraction import extract, sidecar_for

VTT = """WEBVTT

NOTE
recording_start: 2024-03-15T14:00:00+01:00

intro
00:00:01.500 --> 00:00:04.000 align:start
<v Detective Ray>Where were you on the night of the 14th?</v>

00:00:04.200 --> 00:00:07.000
<v.suspect Sam Hill>At home &amp; asleep.
I swear.

01:02:03.000 --> 01:02:05.250
Counsel: <i>No further questions.</i>

01:02:06.000 --> 01:02:07.000
[silence]
"""

SRT = """X-RECORDING-START: 2024-06-01T09:30:00Z

1
00:00:00,000 --> 00:00:02,500
Anna: Good morning.

2
00:00:02,500 --> 00:00:05,000
Let's begin at 10:30 sharp.
"""


async def test_vtt_cues_speakers_and_absolute_times(tmp_path: Path) -> None:
    path = tmp_path / "interview.vtt"
    path.write_text(VTT, encoding="utf-8")

    result = await extract(path, "text/vtt", "interview.vtt")

    assert result.kind == "transcript"
    cues = [(c.location.cue_start, c.location.cue_end, c.speaker, c.text) for c in result.chunks]
    assert cues == [
        (1.5, 4.0, "Detective Ray", "Detective Ray: Where were you on the night of the 14th?"),
        (4.2, 7.0, "Sam Hill", "Sam Hill: At home & asleep. I swear."),
        (3723.0, 3725.25, "Counsel", "Counsel: No further questions."),
        (3726.0, 3727.0, None, "[silence]"),
    ]
    start = datetime(2024, 3, 15, 14, tzinfo=timezone(timedelta(hours=1)))
    assert result.chunks[0].location.start_time == start + timedelta(seconds=1.5)
    assert result.chunks[2].location.start_time == start + timedelta(seconds=3723)
    assert result.chunks[0].location.line == 7  # the timing line, for opening the file there
    assert result.metadata["speakers"] == ["Counsel", "Detective Ray", "Sam Hill"]
    assert result.metadata["recording_start"] == "2024-03-15T14:00:00+01:00"
    assert result.metadata["format"] == "webvtt"
    assert result.metadata["duration"] == 3727.0


async def test_srt_with_recording_start_header(tmp_path: Path) -> None:
    path = tmp_path / "call.srt"
    path.write_text(SRT, encoding="utf-8")

    result = await extract(path, "application/x-subrip", "call.srt")

    assert [(c.location.cue_start, c.speaker, c.text) for c in result.chunks] == [
        (0.0, "Anna", "Anna: Good morning."),
        (2.5, None, "Let's begin at 10:30 sharp."),
    ]
    assert result.chunks[1].location.start_time == datetime.fromisoformat(
        "2024-06-01T09:30:02.500+00:00"
    )
    assert result.metadata["format"] == "srt"


async def test_recording_start_without_offset_gives_no_absolute_time(tmp_path: Path) -> None:
    path = tmp_path / "naive.vtt"
    path.write_text(
        "WEBVTT\nX-RECORDING-START=2024-03-15T14:00:00\n\n00:01.000 --> 00:02.000\nHello\n",
        encoding="utf-8",
    )

    result = await extract(path, "text/vtt", "naive.vtt")

    assert result.chunks[0].location.cue_start == 1.0
    assert result.chunks[0].location.start_time is None
    assert result.metadata["recording_start"] is None
    assert any("no UTC offset" in error for error in result.errors)


async def test_empty_vtt_is_an_empty_transcript(tmp_path: Path) -> None:
    path = tmp_path / "empty.vtt"
    path.write_text("WEBVTT\n", encoding="utf-8")

    result = await extract(path, "text/vtt", "empty.vtt")

    assert result.chunks == []
    assert result.metadata["cue_count"] == 0


@pytest.mark.parametrize(
    ("media", "files", "expected"),
    [
        ("clip.mp4", ["clip.mp4", "clip.vtt", "other.vtt"], "clip.vtt"),
        ("clip.mp4", ["clip.srt", "clip.vtt"], "clip.vtt"),
        ("clip.mp4", ["Clip.SRT"], "Clip.SRT"),
        ("clip.mp4", ["clip.mp4.vtt"], "clip.mp4.vtt"),
        ("clip.mp4", ["clip.en.vtt", "clip.srt"], "clip.srt"),
        ("clip.mp4", ["clip.de.vtt", "clip.en.vtt"], "clip.de.vtt"),
        ("clip.mp4", ["clips.vtt", "clip.txt", "other/clip2.vtt"], None),
        ("call.wav", ["call.vtt"], "call.vtt"),
        ("clip.vtt", ["clip.vtt", "clip.srt"], None),
    ],
)
def test_sidecar_for(media: str, files: list[str], expected: str | None) -> None:
    assert sidecar_for(media, files) == expected


TIMED_TEXT = """Interview record, file 7731
recording_start: 2023-11-02T10:15:00+00:00
[00:00:04] SGT. MWANGI: State your name for the tape.
[00:00:09] OYELARAN: Folake Oyelaran.
(0:01:30) - Sgt. Mwangi: Where were you on Friday?
[00:01:36] OYELARAN: At my sister's in Croydon,
all evening.
"""


async def test_text_lines_led_by_elapsed_times_are_cues(tmp_path: Path) -> None:
    path = tmp_path / "interview.txt"
    path.write_text(TIMED_TEXT, encoding="utf-8")

    result = await extract(path, "text/plain", "interview.txt")

    cues = [
        (c.location.line, c.location.cue_start, c.location.cue_end, c.speaker, c.text)
        for c in result.chunks
        if c.location.cue_start is not None
    ]
    assert cues == [
        (3, 4.0, 9.0, "SGT. MWANGI", "SGT. MWANGI: State your name for the tape."),
        (4, 9.0, 90.0, "OYELARAN", "OYELARAN: Folake Oyelaran."),
        (5, 90.0, 96.0, "Sgt. Mwangi", "Sgt. Mwangi: Where were you on Friday?"),
        (6, 96.0, 96.0, "OYELARAN", "OYELARAN: At my sister's in Croydon,"),
    ]
    start = datetime(2023, 11, 2, 10, 15, tzinfo=UTC)
    assert result.chunks[3].location.start_time == start + timedelta(seconds=9)
    assert result.chunks[-1].text == "all evening."
    assert result.chunks[-1].speaker is None
    assert result.metadata["speakers"] == ["OYELARAN", "SGT. MWANGI", "Sgt. Mwangi"]


@pytest.mark.parametrize(
    "text",
    [
        # clock times of a chat log, not elapsed times
        "[09:02] Ann: hi\n[09:05] Bo: hello\n[09:07] Ann: call me\n",
        "[14:02:11] Ann: hi\n[14:05:00] Bo: hello\n[14:07:40] Ann: call me\n",
        # times that go back are no recording
        "[00:00:05] Ann: one\n[00:03:00] Bo: two\n[00:01:00] Ann: three\n",
        # two timed lines are a note, not a transcript
        "[00:00:05] Ann: one\n[00:03:00] Bo: two\n",
    ],
)
async def test_clock_times_and_stray_times_stay_text(tmp_path: Path, text: str) -> None:
    path = tmp_path / "log.txt"
    path.write_text(text, encoding="utf-8")

    result = await extract(path, "text/plain", "log.txt")

    assert all(c.location.cue_start is None and c.speaker is None for c in result.chunks)
    assert result.chunks[0].text == text.splitlines()[0]
