"""A stored file's extraction, computed once and kept beside the file in storage.

Files are read in worker processes under the extraction limits (extraction/worker.py), which
write the extraction as lines of JSON (extraction/stored.py); those lines are what storage
keeps, and they are read into models off the event loop in short batches.

Recently used extractions are also kept in memory: stored files never change (a new upload is a
new file), and the same files are read again by every run of processing, by chat escalations
and by source checks. What is kept is bounded by bytes, not by a count: one spreadsheet's
extraction can weigh more than a thousand letters'.
"""

import tempfile
from collections import OrderedDict
from pathlib import Path

from anyio import to_thread

from holmes_backend.config import Settings
from holmes_backend.extraction.limits import ExtractionLimits
from holmes_backend.extraction.models import Extraction
from holmes_backend.extraction.stored import read_lines
from holmes_backend.extraction.worker import extract_isolated
from holmes_backend.models import File
from holmes_backend.storage import Storage

_COPY_BYTES = 1024 * 1024


class ExtractionMemory:
    """Recently used extractions, as their stored lines, whose sizes add up to no more than
    the budget (an extraction larger than the whole budget is not kept).

    Lines rather than the models they are read into: a tenth of the memory, an exact size, and
    nothing for the cycle collector to walk (the models of one 100,000-row sheet are some
    600,000 objects, a fifth of a second added to every full collection while they are held).
    Reading them back is a few milliseconds for an ordinary file."""

    def __init__(self) -> None:
        self._entries: OrderedDict[tuple[str, str], bytes] = OrderedDict()
        self.bytes = 0

    def get(self, key: tuple[str, str]) -> bytes | None:
        lines = self._entries.get(key)
        if lines is not None:
            self._entries.move_to_end(key)
        return lines

    def put(self, key: tuple[str, str], lines: bytes, budget: int) -> None:
        self.discard(key)
        if len(lines) > budget:
            return
        self._entries[key] = lines
        self.bytes += len(lines)
        while self.bytes > budget:
            _, evicted = self._entries.popitem(last=False)
            self.bytes -= len(evicted)

    def discard(self, key: tuple[str, str]) -> None:
        lines = self._entries.pop(key, None)
        if lines is not None:
            self.bytes -= len(lines)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: tuple[str, str]) -> bool:
        return key in self._entries


MEMORY = ExtractionMemory()


def extraction_limits(settings: Settings) -> ExtractionLimits:
    return ExtractionLimits(
        seconds=settings.extraction_timeout_seconds,
        max_chunks=settings.extraction_max_chunks,
        max_characters=settings.extraction_max_characters,
        max_unpacked_bytes=settings.extraction_max_unpacked_bytes,
        max_compression_ratio=settings.extraction_max_compression_ratio,
        memory_bytes=settings.extraction_memory_bytes,
    )


def extraction_key(file: File) -> str:
    # Beside the file's own key, so deleting the file's prefix removes it too.
    return f"{file.storage_key}.extraction.jsonl"


async def load_extraction(
    storage: Storage, file: File, *, settings: Settings | None = None
) -> Extraction:
    """The cached extraction, or a fresh one (ExtractionError when the file cannot be read).

    `settings` gives the limits and the memory budget; without them, the process's own
    (HOLMES_* environment), which is what the server runs with."""
    settings = settings or Settings()
    key = extraction_key(file)
    lines = MEMORY.get((storage.name, key))
    if lines is None:
        try:
            size = await storage.size(key)
        except FileNotFoundError:
            size = -1
        if size > 0:
            lines = b"".join([piece async for piece in storage.read_range(key, 0, size - 1)])
        else:
            lines = await _extract(storage, file, key, settings)
        MEMORY.put((storage.name, key), lines, settings.extraction_cache_bytes)
    return await to_thread.run_sync(_read, lines)


def _read(lines: bytes) -> Extraction:
    return read_lines(lines.split(b"\n"))


async def _extract(storage: Storage, file: File, key: str, settings: Settings) -> bytes:
    """Extracts the file in a worker process and keeps its lines in storage; the lines."""
    with tempfile.TemporaryDirectory(prefix="holmes-extract-") as folder:
        # Some readers go by the extension (openpyxl refuses a workbook without .xlsx).
        path = Path(folder) / f"evidence{Path(file.filename).suffix.lower()}"
        handle = await to_thread.run_sync(path.open, "wb")
        try:
            async for chunk in storage.read_range(file.storage_key, 0, file.size_bytes - 1):
                await to_thread.run_sync(handle.write, chunk)
        finally:
            await to_thread.run_sync(handle.close)
        output = Path(folder) / "extraction.jsonl"
        await extract_isolated(
            path,
            file.mime_type,
            file.filename,
            output=output,
            limits=extraction_limits(settings),
            workers=settings.extraction_workers,
        )
        lines = await to_thread.run_sync(output.read_bytes)
    upload = await storage.open_upload(key, "application/x-ndjson")
    try:
        for start in range(0, len(lines), _COPY_BYTES):
            await upload.write(lines[start : start + _COPY_BYTES])
    except BaseException:
        await upload.abort()
        raise
    await upload.commit()
    return lines
