"""Serving stored evidence over HTTP with single-range support (video and audio seek with it).

Evidence is someone else's document served from our origin, where the investigator's session
cookie lives: whatever it is, it must not be able to act as the page that opened it.
"""

import re

from fastapi.responses import RedirectResponse, Response, StreamingResponse

from holmes_backend.models import File
from holmes_backend.storage import Storage
from holmes_backend.storage.base import evidence_disposition
from holmes_shared.errors import NotFoundError, RangeNotSatisfiableError

# A sandbox without allow-scripts or allow-same-origin: a page opened anyway runs no script and
# has an opaque origin (no cookies, no API); it may use its own inline styles and images. PDFs and
# images still open in a tab under it (checked in Chromium).
SANDBOX_CSP = (
    "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
    "form-action 'none'; frame-ancestors 'none'"
)
# A recording opened in a tab plays in the browser's own media page, which loads this URL again:
# from a sandbox's opaque origin that load is cross-origin and fails, so media gets no sandbox.
# Nothing in it may run either way, and nosniff keeps its bytes from ever being taken for a page.
MEDIA_CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; media-src 'self'; "
    "form-action 'none'; frame-ancestors 'none'"
)


def evidence_csp(mime_type: str) -> str:
    kind = mime_type.split(";", 1)[0].strip().lower()
    return MEDIA_CSP if kind.startswith(("audio/", "video/")) else SANDBOX_CSP


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


async def content_response(
    storage: Storage, file: File, range_header: str | None, *, body: bool = True
) -> Response:
    """The file's bytes (or headers only, for HEAD), or a redirect to a signed storage URL."""
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
        "Content-Disposition": evidence_disposition(file.filename, file.mime_type),
        "ETag": f'"{file.sha256}"',
        "Cache-Control": "private, max-age=0",
        "Content-Security-Policy": evidence_csp(file.mime_type),
        "X-Content-Type-Options": "nosniff",
        "Cross-Origin-Resource-Policy": "same-origin",
    }
    if bounds is not None:
        headers["Content-Range"] = f"bytes {start}-{end}/{size}"
    status = 206 if bounds is not None else 200
    if not body:
        return Response(status_code=status, media_type=file.mime_type, headers=headers)
    return StreamingResponse(
        storage.read_range(file.storage_key, start, end),
        status_code=status,
        media_type=file.mime_type,
        headers=headers,
    )
