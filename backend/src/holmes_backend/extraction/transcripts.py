"""WebVTT and SRT transcripts: one chunk per cue, with its timing and speaker.

Speakers are read from WebVTT voice tags (`<v Name>text`) or a leading `Name:` prefix.
The recording's start can be given, as an ISO-8601 date-time with a UTC offset, in any block that
is not a cue (the WEBVTT header, a NOTE block, or a preamble before the first SRT cue) as
`recording_start: 2024-03-15T14:00:00+01:00` (also `Recording-Start`, `X-RECORDING-START`, with
`:` or `=`). Each cue then gets `start_time` = recording start + cue start.

Text, Word and PDF transcripts written as lines led by an elapsed time ("[00:01:46] THIBODEAU:
On the Monday…", "00:02:30 - Interviewer: …") get the same cue locations and speakers, so a
citation lands on the moment in the recording (`timed_lines`).
"""

import html
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import pairwise
from pathlib import Path

from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.limits import Budget
from holmes_backend.extraction.models import Chunk, Extraction, Location
from holmes_backend.extraction.textfile import decode, read_bounded, split_lines

_TIMING = re.compile(
    r"^\s*(?P<start>(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s*-->\s*"
    r"(?P<end>(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})"
)
_RECORDING_START = re.compile(
    r"^\s*(?:NOTE\s+)?(?:X-)?RECORDING[-_ ]START\s*[:=]\s*(?P<value>\S+)\s*$", re.IGNORECASE
)
_VOICE = re.compile(r"<v(?:\.[\w.-]+)?\s+(?P<name>[^>]+)>")
_TAG = re.compile(r"<[^>]*>")
# A line led by an elapsed time: "[00:01:46] NAME: …", "(1:02:03) …", "00:02:30 - …".
_STAMP = re.compile(
    r"^\s*[\[(]?(?P<time>(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)[\])]?\s*"
    r"(?:[-\u2013\u2014|]\s*)?(?P<rest>\S.*)$"
)
# Fewer lines than this are a note of times, not a transcript.
_MIN_TIMED_LINES = 3
# An elapsed-time transcript starts within its first ten minutes; clock times rarely do.
_FIRST_CUE_SECONDS = 600
# Up to four words before a colon, starting with a capital letter so a clock time is no name.
_NAME_PREFIX = re.compile(r"^(?P<name>[A-Z][\w.'-]*(?: [\w.'-]+){0,3}):\s+(?P<text>\S.*)$")


@dataclass
class _Cue:
    line: int
    start: float
    end: float
    text: str
    speaker: str | None


def extract_transcript(path: Path, budget: Budget) -> Extraction:
    text, _ = decode(read_bounded(path, budget))
    lines = split_lines(text)
    is_vtt = bool(lines) and lines[0].lstrip("\ufeff").startswith("WEBVTT")
    cues, preamble = _parse(lines)
    if not cues and not is_vtt and text.strip():
        raise ExtractionError("no cues with timings ('00:00:01,000 --> 00:00:04,000') found")
    errors: list[str] = []
    recording_start = _recording_start(preamble, errors)
    chunks = []
    for cue in cues:
        text_with_speaker = f"{cue.speaker}: {cue.text}" if cue.speaker else cue.text
        if not budget.take(text_with_speaker, "cues"):
            break
        moment = recording_start + timedelta(seconds=cue.start) if recording_start else None
        location = Location(line=cue.line, cue_start=cue.start, cue_end=cue.end, start_time=moment)
        chunks.append(Chunk(text=text_with_speaker, location=location, speaker=cue.speaker))
    metadata: dict[str, object] = {
        "format": "webvtt" if is_vtt else "srt",
        "cue_count": len(cues),
        "duration": max((cue.end for cue in cues), default=0.0),
        "speakers": sorted({cue.speaker for cue in cues if cue.speaker}),
        "recording_start": recording_start.isoformat() if recording_start else None,
    }
    return Extraction(kind="transcript", chunks=chunks, metadata=metadata, errors=errors)


def timed_lines(extraction: Extraction) -> Extraction:
    """A transcript kept as lines led by elapsed times, read as cues: each timed line gets its
    cue start (and end, the next line's start), its speaker, and its absolute time when the
    text gives the recording's start. Lines led by clock times (a chat log at 14:02) are left
    as they are: the first time must fall in the first ten minutes (in the first minute for
    "mm:ss" times, which a clock time "09:02" could also be), and times never go back."""
    timed: list[tuple[int, float, str]] = []
    for index, chunk in enumerate(extraction.chunks):
        match = _STAMP.match(chunk.text)
        if match and chunk.speaker is None and chunk.location.cue_start is None:
            timed.append((index, _seconds(match["time"]), match["rest"]))
    if len(timed) < _MIN_TIMED_LINES:
        return extraction
    first = _STAMP.match(extraction.chunks[timed[0][0]].text)
    limit = _FIRST_CUE_SECONDS if first and first["time"].count(":") == 2 else 60
    starts = [start for _, start, _ in timed]
    if starts[0] >= limit or any(b < a for a, b in pairwise(starts)):
        return extraction
    timed_at = {index for index, _, _ in timed}
    errors: list[str] = []
    recording_start = _recording_start(
        [c.text for i, c in enumerate(extraction.chunks) if i not in timed_at], errors
    )
    chunks = list(extraction.chunks)
    for position, (index, start, rest) in enumerate(timed):
        end = timed[position + 1][1] if position + 1 < len(timed) else start
        speaker, words = None, rest
        if prefix := _NAME_PREFIX.match(rest):
            speaker, words = prefix.group("name"), prefix.group("text")
        moment = recording_start + timedelta(seconds=start) if recording_start else None
        location = chunks[index].location.model_copy(
            update={"cue_start": start, "cue_end": end, "start_time": moment}
        )
        text = f"{speaker}: {words}" if speaker else words
        chunks[index] = Chunk(text=text, location=location, speaker=speaker)
    metadata = {
        **extraction.metadata,
        "cue_count": len(timed),
        "duration": starts[-1],
        "speakers": sorted({c.speaker for c in chunks if c.speaker}),
        "recording_start": recording_start.isoformat() if recording_start else None,
    }
    return extraction.model_copy(
        update={
            "chunks": chunks,
            "metadata": metadata,
            "errors": [*extraction.errors, *errors],
        }
    )


def _parse(lines: list[str]) -> tuple[list[_Cue], list[str]]:
    """Cues, and the lines of every block that is not a cue (where headers and notes live)."""
    cues: list[_Cue] = []
    preamble: list[str] = []
    block: list[tuple[int, str]] = []
    for number, line in enumerate([*lines, ""], start=1):
        if line.strip():
            block.append((number, line))
            continue
        found = _find_timing(block)
        if found is None:
            preamble += [text for _, text in block]
        else:
            index, timing = found
            cues.append(_cue(block[index][0], timing, [text for _, text in block[index + 1 :]]))
        block = []
    return cues, preamble


def _find_timing(block: list[tuple[int, str]]) -> tuple[int, re.Match[str]] | None:
    for index, (_, text) in enumerate(block):
        if match := _TIMING.match(text):
            return index, match
    return None


def _cue(line: int, timing: re.Match[str], payload_lines: list[str]) -> _Cue:
    payload = " ".join(text.strip() for text in payload_lines)
    voice = _VOICE.search(payload)
    speaker = voice.group("name").strip() if voice else None
    words = html.unescape(_TAG.sub("", payload)).strip()
    if speaker is None and (prefix := _NAME_PREFIX.match(words)):
        speaker, words = prefix.group("name"), prefix.group("text")
    return _Cue(line, _seconds(timing["start"]), _seconds(timing["end"]), words, speaker)


def _seconds(timestamp: str) -> float:
    total = 0.0
    for part in timestamp.replace(",", ".").split(":"):
        total = total * 60 + float(part)
    return round(total, 3)


def _recording_start(preamble: list[str], errors: list[str]) -> datetime | None:
    for line in preamble:
        if match := _RECORDING_START.match(line):
            value = match.group("value")
            try:
                moment = datetime.fromisoformat(value)
            except ValueError:
                errors.append(f"recording start {value!r} is not an ISO-8601 date-time")
                return None
            if moment.tzinfo is None:
                errors.append(f"recording start {value!r} has no UTC offset; no absolute times")
                return None
            return moment
    return None
