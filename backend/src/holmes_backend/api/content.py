"""Serving stored evidence over HTTP with single-range support (video and audio seek with it)."""

import re

from fastapi.responses import RedirectResponse, Response, StreamingResponse

from holmes_backend.models import File
from holmes_backend.storage import Storage
from holmes_backend.storage.base import inline_disposition
from holmes_shared.errors import NotFoundError, RangeNotSatisfiableError

_RANGE = re.compile(r"^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$")


def parse_range(header: str | None, size: int) -> tuple[int, int] | None:
    """Inclusive byte bounds of a single ``bytes=`` range, None for the whole file.

    Headers we do not understand (other units, several ranges) are ignored, as RFC 9110 allows;
    a well-formed range outside the file is 416.
    """
    if not header:
        return None
    match = _RANGE.match(header)
    if match is None:
        return None
    first, last = match.groups()
    if not first and not last:
        return None
    if not first:
        suffix = int(last)
        if suffix == 0:
            raise _unsatisfiable(size)
        return max(size - suffix, 0), size - 1
    start = int(first)
    end = min(int(last), size - 1) if last else size - 1
    if start >= size or (last and int(last) < start):
        raise _unsatisfiable(size)
    return start, end


def _unsatisfiable(size: int) -> RangeNotSatisfiableError:
    return RangeNotSatisfiableError(
        "The requested range is outside the file.",
        details={"size_bytes": size},
        headers={"Content-Range": f"bytes */{size}"},
    )


async def content_response(storage: Storage, file: File, range_header: str | None) -> Response:
    signed = await storage.signed_url(
        file.storage_key, filename=file.filename, content_type=file.mime_type
    )
    if signed is not None:
        return RedirectResponse(signed, status_code=307)
    try:
        size = await storage.size(file.storage_key)
    except FileNotFoundError as exc:
        raise NotFoundError(
            "The file's content is missing from storage.", details={"file_id": str(file.id)}
        ) from exc
    bounds = parse_range(range_header, size)
    start, end = bounds if bounds is not None else (0, size - 1)
    headers = {
        "Accept-Ranges": "bytes",
        "Content-Length": str(end - start + 1),
        "Content-Disposition": inline_disposition(file.filename),
        "ETag": f'"{file.sha256}"',
        "Cache-Control": "private, max-age=0",
        "X-Content-Type-Options": "nosniff",
    }
    if bounds is not None:
        headers["Content-Range"] = f"bytes {start}-{end}/{size}"
    return StreamingResponse(
        storage.read_range(file.storage_key, start, end),
        status_code=206 if bounds is not None else 200,
        media_type=file.mime_type,
        headers=headers,
    )
