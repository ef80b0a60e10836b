"""The full-text index of a case's evidence: its extracted chunks as searchable rows.

Processing indexes each file when its extraction is read; cases processed before the index
existed are filled in the first time something searches them (`ensure_indexed`).
"""

import asyncio
import uuid
from collections.abc import Sequence

from anyio import to_thread
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from holmes_backend.db import transaction
from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.loading import load_extraction
from holmes_backend.extraction.models import Extraction
from holmes_backend.models import File
from holmes_backend.repositories import chunks as chunk_repo
from holmes_backend.repositories import files as file_repo
from holmes_backend.storage import Storage
from holmes_shared.enums import FileStatus

# Files whose extraction holds no text: nothing to index, and no reason to read them again.
_TEXTLESS: set[uuid.UUID] = set()
# Files known to be indexed (a file's chunks never change), so a search need not ask again.
_INDEXED: set[uuid.UUID] = set()
_ANALYSED = (FileStatus.PROCESSED, FileStatus.PARTIAL)
_INSERT_BATCH = 500


def chunk_rows(file: File, extraction: Extraction) -> list[chunk_repo.ChunkValues]:
    return [
        chunk_repo.ChunkValues(
            case_id=file.case_id,
            file_id=file.id,
            position=position,
            text=chunk.text,
            location=chunk.location.model_dump(mode="json", exclude_none=True),
            speaker=chunk.speaker,
        )
        for position, chunk in enumerate(extraction.chunks)
        if chunk.text.strip()
    ]


async def index_file(
    session_factory: async_sessionmaker[AsyncSession], file: File, extraction: Extraction
) -> None:
    """Store the file's chunks (a file already indexed is left as it is)."""
    # A 100,000-row sheet's chunks took 2.9 s of the event loop to build and insert at once:
    # built in a thread, inserted in batches that let other requests in between.
    rows = await to_thread.run_sync(chunk_rows, file, extraction)
    if not rows:
        _TEXTLESS.add(file.id)
        return
    async with session_factory() as session:
        for start in range(0, len(rows), _INSERT_BATCH):
            await chunk_repo.add(session, rows[start : start + _INSERT_BATCH])
            await asyncio.sleep(0)
        await transaction.commit(session)
    _INDEXED.add(file.id)


async def ensure_indexed(
    session_factory: async_sessionmaker[AsyncSession],
    storage: Storage,
    case_id: uuid.UUID,
    files: Sequence[File] | None = None,
) -> int:
    """Index the case's analysed files that are not indexed yet (of ``files``, when the caller
    has just read them); how many were indexed."""
    async with session_factory() as session:
        if files is None:
            files = await file_repo.list_for_case(session, case_id)
        analysed = {f.id for f in files if f.status in _ANALYSED} - _TEXTLESS
        if analysed <= _INDEXED:
            return 0
        indexed = await chunk_repo.indexed_files(session, case_id)
    _INDEXED.update(indexed)
    missing = [f for f in files if f.id in analysed - indexed]
    for file in missing:
        try:
            extraction = await load_extraction(storage, file)
        except (ExtractionError, FileNotFoundError):
            _TEXTLESS.add(file.id)  # processing reported it already; searching it finds nothing
            continue
        await index_file(session_factory, file, extraction)
    return len(missing)
