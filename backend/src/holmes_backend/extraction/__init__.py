"""Evidence extraction: text with citable locations, tables and metadata from a stored file.

`read` picks a reader by MIME type and runs it under the file's limits (limits.py); any failure
becomes an ExtractionError, so one bad file never stops a batch. `extract` runs it in a worker
thread of this process; the server runs it in a worker process instead (`worker.extract_isolated`),
where memory and time are bounded for real and what the parsers used goes back to the system.
"""

from collections.abc import Callable
from functools import partial
from pathlib import Path

import anyio.to_thread

from holmes_backend.extraction.delimited import extract_csv
from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.images import extract_image
from holmes_backend.extraction.jsonrecords import extract_json
from holmes_backend.extraction.limits import Budget, ExtractionLimits
from holmes_backend.extraction.mail import extract_email
from holmes_backend.extraction.media import extract_media
from holmes_backend.extraction.models import Chunk, Extraction, Location, Table
from holmes_backend.extraction.pdf import extract_pdf
from holmes_backend.extraction.sidecars import sidecar_for
from holmes_backend.extraction.spreadsheet import extract_xlsx
from holmes_backend.extraction.textfile import extract_text
from holmes_backend.extraction.transcripts import extract_transcript, timed_lines
from holmes_backend.extraction.webpage import extract_html
from holmes_backend.extraction.word import extract_docx

Reader = Callable[[Path, Budget], Extraction]

_READERS: dict[str, Reader] = {
    "application/pdf": extract_pdf,
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": extract_docx,
    "message/rfc822": extract_email,
    "text/csv": extract_csv,
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": extract_xlsx,
    "text/html": extract_html,
    "application/xhtml+xml": extract_html,
    "text/vtt": extract_transcript,
    "application/x-subrip": extract_transcript,
    "text/plain": extract_text,
    "text/markdown": extract_text,
    "application/json": extract_json,
    "application/xml": extract_text,
    "text/xml": extract_text,
}
# Kinds whose lines may be a transcript led by elapsed times (see `timed_lines`).
_PROSE = ("text", "docx", "pdf")
# Legacy binary Office formats need a converter this service does not have.
_UNSUPPORTED = {
    "application/msword": "legacy Word .doc files are not supported; save it as .docx",
    "application/vnd.ms-excel": "legacy Excel .xls files are not supported; save it as .xlsx",
}


def _reader_for(mime_type: str) -> Reader:
    if reader := _READERS.get(mime_type):
        return reader
    family = mime_type.partition("/")[0]
    if family == "image":
        return extract_image
    if family in ("audio", "video"):
        return partial(extract_media, mime_type=mime_type)
    if family == "text":
        return extract_text
    raise ExtractionError(_UNSUPPORTED.get(mime_type, f"no reader for {mime_type} files"))


def _media_type(mime_type: str) -> str:
    return mime_type.partition(";")[0].strip().lower()


def read(path: Path, mime_type: str, limits: ExtractionLimits) -> Extraction:
    """Reads one evidence file within `limits` (blocking); raises ExtractionError when it cannot,
    with the reason as the parser gave it (see `failure`)."""
    media_type = _media_type(mime_type)
    try:
        reader = _reader_for(media_type)
        budget = Budget(limits)
        extraction = reader(path, budget)
        if extraction.kind in _PROSE:
            extraction = timed_lines(extraction)
        extraction.truncated = budget.truncated
        return extraction
    except (ExtractionError, MemoryError):
        raise
    except Exception as exc:  # any parser's own failure on a damaged file, reported the same way
        reason = f"unreadable {media_type} file ({type(exc).__name__}: {exc})"
        raise ExtractionError(reason) from exc


def failure(reason: str, path: Path, filename: str) -> ExtractionError:
    """The error as the user is told it: naming the file, not where it was stored."""
    # Parsers quote the path they opened; the user knows the file by its name, not its storage key.
    return ExtractionError(reason.replace(str(path), filename), filename=filename)


async def extract(
    path: Path, mime_type: str, filename: str, *, limits: ExtractionLimits | None = None
) -> Extraction:
    """Reads one evidence file in a worker thread; raises ExtractionError (naming `filename`)
    when it cannot. The limits' memory and hard time bounds need a process of its own
    (`worker.extract_isolated`); here the readers stop at the time limit as they go."""
    try:
        return await anyio.to_thread.run_sync(read, path, mime_type, limits or ExtractionLimits())
    except ExtractionError as exc:
        raise failure(exc.reason, path, filename) from (exc.__cause__ or exc)
    except MemoryError as exc:
        raise failure("reading it needs more memory than there is", path, filename) from exc


__all__ = [
    "Chunk",
    "Extraction",
    "ExtractionError",
    "ExtractionLimits",
    "Location",
    "Table",
    "extract",
    "read",
    "sidecar_for",
]
