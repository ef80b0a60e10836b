"""Evidence extraction: text with citable locations, tables and metadata from a stored file.

`extract` is the one entry point. It picks a reader by MIME type, runs the blocking parse in a
worker thread, and turns any failure into ExtractionError, so one bad file never stops a batch.
"""

from collections.abc import Callable
from functools import partial
from pathlib import Path

import anyio.to_thread

from holmes_backend.extraction.delimited import extract_csv
from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.images import extract_image
from holmes_backend.extraction.jsonrecords import extract_json
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

Reader = Callable[[Path], Extraction]

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


async def extract(path: Path, mime_type: str, filename: str) -> Extraction:
    """Reads one evidence file; raises ExtractionError (naming `filename`) when it cannot."""
    media_type = mime_type.partition(";")[0].strip().lower()
    try:
        reader = _reader_for(media_type)
        extraction = await anyio.to_thread.run_sync(reader, path)
        return timed_lines(extraction) if extraction.kind in _PROSE else extraction
    except ExtractionError as exc:
        reason = exc.reason
        cause: Exception = exc
    except Exception as exc:  # any parser's own failure on a damaged file, reported the same way
        reason = f"unreadable {media_type} file ({type(exc).__name__}: {exc})"
        cause = exc
    # Parsers quote the path they opened; the user knows the file by its name, not its storage key.
    reason = reason.replace(str(path), filename)
    raise ExtractionError(reason, filename=filename) from cause


__all__ = ["Chunk", "Extraction", "ExtractionError", "Location", "Table", "extract", "sidecar_for"]
