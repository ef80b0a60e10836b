"""A stored file's extraction, computed once and kept beside the file in storage.

Recently used extractions are also kept in memory: stored files never change (a new upload is a
new file), and the same files are read again by every run of processing, by chat escalations
and by source checks.
"""

import tempfile
from collections import OrderedDict
from pathlib import Path

from anyio import to_thread

from holmes_backend.extraction import extract
from holmes_backend.extraction.models import Extraction
from holmes_backend.models import File
from holmes_backend.storage import Storage

_MEMORY_LIMIT = 256
_memory: OrderedDict[tuple[str, str], Extraction] = OrderedDict()


def _remember(key: tuple[str, str], extraction: Extraction) -> Extraction:
    _memory[key] = extraction
    _memory.move_to_end(key)
    while len(_memory) > _MEMORY_LIMIT:
        _memory.popitem(last=False)
    return extraction


def extraction_key(file: File) -> str:
    # Beside the file's own key, so deleting the file's prefix removes it too.
    return f"{file.storage_key}.extraction.json"


async def load_extraction(storage: Storage, file: File) -> Extraction:
    """The cached extraction, or a fresh one (ExtractionError when the file cannot be read)."""
    key = extraction_key(file)
    remembered = _memory.get((storage.name, key))
    if remembered is not None:
        _memory.move_to_end((storage.name, key))
        return remembered
    try:
        size = await storage.size(key)
    except FileNotFoundError:
        size = -1
    if size > 0:
        data = b"".join([chunk async for chunk in storage.read_range(key, 0, size - 1)])
        return _remember((storage.name, key), Extraction.model_validate_json(data))
    with tempfile.TemporaryDirectory(prefix="holmes-extract-") as folder:
        # Some readers go by the extension (openpyxl refuses a workbook without .xlsx).
        path = Path(folder) / f"evidence{Path(file.filename).suffix.lower()}"
        handle = await to_thread.run_sync(path.open, "wb")
        try:
            async for chunk in storage.read_range(file.storage_key, 0, file.size_bytes - 1):
                await to_thread.run_sync(handle.write, chunk)
        finally:
            await to_thread.run_sync(handle.close)
        extraction = await extract(path, file.mime_type, file.filename)
    upload = await storage.open_upload(key, "application/json")
    await upload.write(extraction.model_dump_json().encode())
    await upload.commit()
    return _remember((storage.name, key), extraction)
