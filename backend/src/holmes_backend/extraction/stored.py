"""An extraction as lines of JSON: how a worker process hands it over and how storage keeps it.

One document of a large file's extraction (100,000 rows) takes a few hundred milliseconds to
parse or to write in a single call, which holds the interpreter lock the whole time: any thread,
the event loop's included, waits. As lines it is read in batches of short calls, between which
the event loop runs. The first line is the header (kind, metadata, errors, counts); then one line
per chunk; then each table's rows, ROWS_PER_LINE to a line.
"""

import gc
import json
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import IO, Any

from pydantic import BaseModel, TypeAdapter

from holmes_backend.extraction.models import Chunk, Extraction, Location, Table

FORMAT = 1
ROWS_PER_LINE = 500
# Chunks parsed per call: about a millisecond's work.
_BATCH = 500
_CHUNKS = TypeAdapter(list[Chunk])


class _TableHeader(BaseModel):
    location: Location
    header: list[str]
    rows: int


class _Header(BaseModel):
    format: int
    kind: str
    metadata: dict[str, Any]
    errors: list[str]
    truncated: str | None
    chunks: int
    tables: list[_TableHeader]


_paused = 0
_pause_lock = threading.Lock()
_resume = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cycle collector off while an extraction's models are built (then as it was).

    Building hundreds of thousands of objects triggers full collections that walk them again
    and again: the read took three times as long, in pauses of a few hundred milliseconds that
    hold the interpreter lock, the event loop's thread waiting. The objects hold no cycles.
    Process-wide, so counted: the collector comes back when the last reader is done."""
    global _paused, _resume  # noqa: PLW0603 - one collector per process
    with _pause_lock:
        if _paused == 0:
            _resume = gc.isenabled()
            gc.disable()
        _paused += 1
    try:
        yield
    finally:
        with _pause_lock:
            _paused -= 1
            if _paused == 0 and _resume:
                gc.enable()


def write_lines(extraction: Extraction, out: IO[bytes]) -> None:
    header = _Header(
        format=FORMAT,
        kind=extraction.kind,
        metadata=extraction.metadata,
        errors=extraction.errors,
        truncated=extraction.truncated,
        chunks=len(extraction.chunks),
        tables=[
            _TableHeader(location=t.location, header=t.header, rows=len(t.rows))
            for t in extraction.tables
        ],
    )
    out.write(header.model_dump_json().encode() + b"\n")
    for chunk in extraction.chunks:
        out.write(chunk.model_dump_json(exclude_none=True).encode() + b"\n")
    for table in extraction.tables:
        for start in range(0, len(table.rows), ROWS_PER_LINE):
            rows = table.rows[start : start + ROWS_PER_LINE]
            out.write(json.dumps(rows, ensure_ascii=False).encode() + b"\n")


def read_lines(lines: Iterable[bytes]) -> Extraction:
    """The extraction `write_lines` wrote; ValueError when the lines are not one."""
    with collector_paused():
        return _read(iter(lines))


def _read(iterator: Iterator[bytes]) -> Extraction:
    header = _Header.model_validate_json(next(iterator, b"{}"))
    if header.format != FORMAT:
        raise ValueError(f"stored extraction format {header.format}, not {FORMAT}")
    chunks: list[Chunk] = []
    while len(chunks) < header.chunks:
        batch = list(islice(iterator, min(_BATCH, header.chunks - len(chunks))))
        if not batch:
            raise ValueError("stored extraction ends before its chunks do")
        chunks += _CHUNKS.validate_json(b"[" + b",".join(batch) + b"]")
    tables = []
    for described in header.tables:
        rows: list[list[str]] = []
        while len(rows) < described.rows:
            line = next(iterator, None)
            if line is None:
                raise ValueError("stored extraction ends before its tables do")
            rows += json.loads(line)
        tables.append(
            Table.model_construct(location=described.location, header=described.header, rows=rows)
        )
    # Its parts are validated already (rows are lists of strings as json.loads gave them);
    # validating the whole again would be one long call.
    return Extraction.model_construct(
        kind=header.kind,
        chunks=chunks,
        tables=tables,
        metadata=header.metadata,
        errors=header.errors,
        truncated=header.truncated,
    )
