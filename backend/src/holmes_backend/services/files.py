"""Evidence files: streamed uploads into storage, listing, content, deletion."""

import hashlib
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field

from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.config import Settings
from holmes_backend.db.transaction import after_commit, after_rollback
from holmes_backend.db.types import utcnow
from holmes_backend.models import File
from holmes_backend.repositories import files as file_repo
from holmes_backend.services.cases import case_storage_prefix, require_case
from holmes_backend.services.file_types import (
    SNIFF_BYTES,
    check_content,
    clean_filename,
    detect_mime_type,
)
from holmes_backend.services.multipart import (
    PartData,
    PartEnd,
    PartStart,
    iter_parts,
    multipart_boundary,
)
from holmes_backend.storage import Storage, Upload
from holmes_shared.enums import FileStatus
from holmes_shared.errors import NotFoundError, PayloadTooLargeError, ValidationFailedError

UPLOAD_FIELD = "files"
# Room for a part's boundary and headers on top of its content.
_PART_OVERHEAD_BYTES = 64 * 1024


@dataclass
class _IncomingFile:
    """One file part on its way to storage: hashed, sized and sniffed as it streams."""

    file_id: uuid.UUID
    key: str
    filename: str
    mime_type: str
    storage: Storage
    max_bytes: int
    chunk_bytes: int
    size: int = 0
    hasher: "hashlib._Hash" = field(default_factory=hashlib.sha256)
    buffer: bytearray = field(default_factory=bytearray)
    upload: Upload | None = None

    async def feed(self, data: bytes) -> None:
        self.size += len(data)
        if self.size > self.max_bytes:
            raise PayloadTooLargeError(
                f"{self.filename!r} is larger than the {self.max_bytes}-byte limit.",
                details={"filename": self.filename, "limit_bytes": self.max_bytes},
            )
        self.hasher.update(data)
        self.buffer += data
        if len(self.buffer) >= self.chunk_bytes:
            await self._flush()

    async def finish(self) -> File:
        if self.size == 0:
            raise ValidationFailedError(
                f"{self.filename!r} is empty.", details={"filename": self.filename}
            )
        await self._flush()
        assert self.upload is not None
        await self.upload.commit()
        return File(
            id=self.file_id,
            storage_key=self.key,
            filename=self.filename,
            mime_type=self.mime_type,
            size_bytes=self.size,
            sha256=self.hasher.hexdigest(),
            status=FileStatus.PENDING,
        )

    async def abort(self) -> None:
        if self.upload is not None:
            await self.upload.abort()

    async def _flush(self) -> None:
        if not self.buffer:
            return
        if self.upload is None:
            check_content(self.filename, self.mime_type, bytes(self.buffer[:SNIFF_BYTES]))
            self.upload = await self.storage.open_upload(self.key, self.mime_type)
        await self.upload.write(bytes(self.buffer))
        self.buffer.clear()


def file_storage_key(case_id: uuid.UUID, file_id: uuid.UUID) -> str:
    return f"{case_storage_prefix(case_id)}files/{file_id}"


async def upload_files(
    session: AsyncSession,
    *,
    storage: Storage,
    settings: Settings,
    owner_id: uuid.UUID,
    case_id: uuid.UUID,
    content_type: str | None,
    content_length: int | None,
    body: AsyncIterator[bytes],
) -> list[File]:
    """Stream every file part of a multipart body into storage, then record the files.

    All or nothing: when any part is rejected, objects already written for this request are
    removed and no row is added.
    """
    case = await require_case(session, case_id, owner_id)
    boundary = multipart_boundary(content_type)
    most = settings.max_files_per_request * (settings.max_upload_bytes + _PART_OVERHEAD_BYTES)
    if content_length is not None and content_length > most:
        raise PayloadTooLargeError(
            "The request is larger than the upload limits allow.",
            details={"content_length": content_length, "limit_bytes": most},
        )
    stored: list[File] = []
    current: _IncomingFile | None = None
    try:
        async for event in iter_parts(body, boundary):
            if isinstance(event, PartStart):
                current = _start_file(event, case_id, storage, settings, len(stored))
            elif isinstance(event, PartData):
                assert current is not None
                await current.feed(event.data)
            elif isinstance(event, PartEnd):
                assert current is not None
                stored.append(await current.finish())
                current = None
        if not stored:
            raise ValidationFailedError(
                f"No files were sent; send them in the multipart field {UPLOAD_FIELD!r}."
            )
    except BaseException:
        if current is not None:
            await current.abort()
        for file in stored:
            await storage.delete(file.storage_key)
        raise

    for file in stored:
        file.case_id = case.id
    await file_repo.add_all(session, stored)
    case.updated_at = utcnow()

    async def _remove_objects() -> None:
        for file in stored:
            await storage.delete(file.storage_key)

    after_rollback(session, _remove_objects)
    return stored


def _start_file(
    event: PartStart, case_id: uuid.UUID, storage: Storage, settings: Settings, count: int
) -> _IncomingFile:
    if event.field_name != UPLOAD_FIELD or event.filename is None:
        raise ValidationFailedError(
            f"Unexpected form field {event.field_name!r}; send files in {UPLOAD_FIELD!r}.",
            details={"field": event.field_name},
        )
    if count >= settings.max_files_per_request:
        raise ValidationFailedError(
            f"At most {settings.max_files_per_request} files can be sent in one request.",
            details={"limit": settings.max_files_per_request},
        )
    filename = clean_filename(event.filename)
    mime_type = detect_mime_type(filename, event.content_type, settings.allowed_mime_types)
    file_id = uuid.uuid4()
    return _IncomingFile(
        file_id=file_id,
        key=file_storage_key(case_id, file_id),
        filename=filename,
        mime_type=mime_type,
        storage=storage,
        max_bytes=settings.max_upload_bytes,
        chunk_bytes=settings.upload_chunk_bytes,
    )


async def list_files(
    session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID
) -> Sequence[File]:
    await require_case(session, case_id, owner_id)
    return await file_repo.list_for_case(session, case_id)


async def get_file(session: AsyncSession, *, owner_id: uuid.UUID, file_id: uuid.UUID) -> File:
    file = await file_repo.get_owned(session, file_id, owner_id)
    if file is None:
        raise NotFoundError("File not found.", details={"file_id": str(file_id)})
    return file


async def delete_file(
    session: AsyncSession, *, storage: Storage, owner_id: uuid.UUID, file_id: uuid.UUID
) -> None:
    file = await get_file(session, owner_id=owner_id, file_id=file_id)
    await file_repo.delete_by_id(session, file_id)
    key = file.storage_key

    async def _remove_object() -> None:
        # The file and what was derived from it (its cached extraction) share the key prefix.
        await storage.delete_prefix(key)

    after_commit(session, _remove_object)
