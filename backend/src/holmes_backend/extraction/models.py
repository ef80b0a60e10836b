"""What extraction produces: citable text chunks, tables and metadata for one evidence file."""

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict


class Location(BaseModel):
    """Where in the source a piece of text sits; only the fields that make sense for the format.

    Numbers are 1-based. `line` is a line, paragraph or block number depending on the format,
    `row` a data row (the header row is not counted). `cue_start`/`cue_end` are seconds from the
    start of a recording and `start_time` the absolute moment, when the recording start is known.
    `bbox` is (left, top, right, bottom) in pixels of the upright image.
    """

    model_config = ConfigDict(extra="forbid")

    page: int | None = None
    line: int | None = None
    row: int | None = None
    sheet: str | None = None
    cue_start: float | None = None
    cue_end: float | None = None
    start_time: datetime | None = None
    bbox: tuple[int, int, int, int] | None = None
    section: str | None = None


class Chunk(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str
    location: Location
    # Transcripts name who is talking; kept apart from the text so "who said what" is a lookup.
    speaker: str | None = None


class Table(BaseModel):
    model_config = ConfigDict(extra="forbid")

    location: Location
    header: list[str]
    rows: list[list[str]]


class Extraction(BaseModel):
    """Everything read from one file. `errors` lists what could not be read, without failing;
    `truncated` says why reading stopped before the end of the file (an extraction limit), and
    is None when the whole file was read."""

    model_config = ConfigDict(extra="forbid")

    kind: str
    chunks: list[Chunk] = []
    tables: list[Table] = []
    metadata: dict[str, Any] = {}
    errors: list[str] = []
    truncated: str | None = None
