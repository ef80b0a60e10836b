"""Uploads stream: an over-limit body is refused after reading at most the limit plus a chunk."""

from collections.abc import AsyncIterator

import pytest
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.db import transaction
from holmes_backend.models import Case, File
from holmes_backend.runtime import Runtime
from holmes_backend.services import files as file_service
from holmes_backend.storage.local import LocalStorage
from holmes_shared.errors import PayloadTooLargeError
from tests.api.multipart import BOUNDARY, HEADERS
from tests.conftest import TEST_UPLOAD_LIMIT
from tests.support import owned_case

CHUNK = 64 * 1024


class CountingBody:
    """An endless file part, handed out in network-sized chunks, counting what was read."""

    def __init__(self) -> None:
        self.read = 0
        self.head = (
            f"--{BOUNDARY}\r\n"
            'Content-Disposition: form-data; name="files"; filename="endless.mp4"\r\n'
            "Content-Type: video/mp4\r\n\r\n"
        ).encode()

    async def __aiter__(self) -> AsyncIterator[bytes]:
        self.read += len(self.head)
        yield self.head
        block = b"\x00\x00\x00\x18ftypmp42" + b"\xab" * (CHUNK - 12)
        while True:
            self.read += len(block)
            yield block


async def _upload(
    session: AsyncSession,
    runtime: Runtime,
    case: Case,
    body: AsyncIterator[bytes],
    content_length: int | None = None,
) -> list[File]:
    assert case.user_id is not None
    return await file_service.upload_files(
        session,
        storage=runtime.storage,
        settings=runtime.settings,
        owner_id=case.user_id,
        case_id=case.id,
        content_type=HEADERS["content-type"],
        content_length=content_length,
        body=body,
    )


async def test_over_limit_upload_stops_reading_early(runtime: Runtime) -> None:
    case = await owned_case(runtime.session_factory, "streaming")
    case_id = case.id

    body = CountingBody()
    async with runtime.session_factory() as session:
        with pytest.raises(PayloadTooLargeError):
            await _upload(session, runtime, case, aiter(body))
        await transaction.rollback(session)

    assert body.read <= len(body.head) + TEST_UPLOAD_LIMIT + CHUNK
    assert body.read > TEST_UPLOAD_LIMIT
    assert await runtime.storage.list_keys(f"cases/{case_id}/") == []
    if isinstance(runtime.storage, LocalStorage):
        assert await runtime.storage.list_incoming() == []


async def test_declared_length_beyond_any_possible_upload_is_refused_unread(
    runtime: Runtime,
) -> None:
    body = CountingBody()
    limits = runtime.settings
    declared = limits.max_files_per_request * (limits.max_upload_bytes + 64 * 1024) + 1
    case = await owned_case(runtime.session_factory, "declared")
    async with runtime.session_factory() as session:
        with pytest.raises(PayloadTooLargeError):
            await _upload(session, runtime, case, aiter(body), content_length=declared)
    assert body.read == 0


async def test_rollback_after_a_stored_upload_removes_the_objects(runtime: Runtime) -> None:
    """If the transaction that records the files fails, their objects go too."""
    case = await owned_case(runtime.session_factory, "rollback")

    async def body() -> AsyncIterator[bytes]:
        yield (
            f"--{BOUNDARY}\r\n"
            'Content-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\n'
            f"evidence\r\n--{BOUNDARY}--\r\n"
        ).encode()

    async with runtime.session_factory() as session:
        stored = await _upload(session, runtime, case, body())
        assert await runtime.storage.list_keys(f"cases/{case.id}/") == [stored[0].storage_key]
        await transaction.rollback(session)
    assert await runtime.storage.list_keys(f"cases/{case.id}/") == []
