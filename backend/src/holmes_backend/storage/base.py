"""The storage interface every backend implements."""

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator
from urllib.parse import quote

READ_CHUNK_BYTES = 1024 * 1024


def inline_disposition(filename: str) -> str:
    """Content-Disposition that shows the file in the browser under its own (any-script) name."""
    return f"inline; filename*=UTF-8''{quote(filename, safe='')}"


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

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release clients and connections."""
