"""The storage interface every backend implements."""

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator
from urllib.parse import quote

READ_CHUNK_BYTES = 1024 * 1024


# Types a browser shows without running anything the file says: PDFs (the viewer keeps a PDF's
# scripts away from the page's origin), raster images, media and text shown as text. Everything
# else, above all HTML, XHTML, SVG and XML, which run scripts when opened, is downloaded instead.
_INLINE_TYPES = frozenset(
    {
        "application/pdf",
        "application/json",
        "text/plain",
        "text/csv",
        "text/markdown",
        "text/vtt",
        "image/jpeg",
        "image/png",
        "image/gif",
        "image/webp",
        "image/tiff",
        "image/heic",
        "image/bmp",
        "image/avif",
    }
)


def shows_inline(mime_type: str) -> bool:
    """Whether evidence of this type may be opened in the browser rather than downloaded."""
    kind = mime_type.split(";", 1)[0].strip().lower()
    return kind in _INLINE_TYPES or kind.startswith(("audio/", "video/"))


def evidence_disposition(filename: str, mime_type: str) -> str:
    """Content-Disposition for stored evidence under its own (any-script) name.

    Inline for types that cannot act (so PDFs, images and recordings open in a tab), attachment
    for the rest: an uploaded web page opened from our origin would otherwise run as us.
    """
    kind = "inline" if shows_inline(mime_type) else "attachment"
    return f"{kind}; filename*=UTF-8''{quote(filename, safe='')}"


class Upload(ABC):
    """An object being written. Nothing is visible under its key until ``commit``."""

    @abstractmethod
    async def write(self, data: bytes) -> None: ...

    @abstractmethod
    async def commit(self) -> None: ...

    @abstractmethod
    async def abort(self) -> None:
        """Discard what was written; safe to call at any point, also after a failed write."""


class Storage(ABC):
    name: str

    @abstractmethod
    async def open_upload(self, key: str, content_type: str) -> Upload: ...

    @abstractmethod
    async def size(self, key: str) -> int:
        """Byte size of a committed object; raises FileNotFoundError when it does not exist."""

    @abstractmethod
    def read_range(
        self, key: str, start: int, end: int, chunk_bytes: int = READ_CHUNK_BYTES
    ) -> AsyncIterator[bytes]:
        """Yield bytes ``start`` through ``end`` inclusive, in chunks."""

    @abstractmethod
    async def delete(self, key: str) -> None:
        """Remove one object; a missing object is not an error."""

    @abstractmethod
    async def delete_prefix(self, prefix: str) -> int:
        """Remove every object under ``prefix``; returns how many were removed."""

    @abstractmethod
    async def list_keys(self, prefix: str = "") -> list[str]: ...

    async def signed_url(self, key: str, *, filename: str, content_type: str) -> str | None:
        """A time-limited URL the browser can fetch directly, or None to stream through the API."""
        del key, filename, content_type
        return None

    def gs_uri(self, key: str) -> str | None:
        """The object's gs:// URI, by which Vertex reads it in place; None off Cloud Storage."""
        del key
        return None

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release clients and connections."""
