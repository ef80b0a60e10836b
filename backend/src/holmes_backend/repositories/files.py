import uuid
from collections.abc import Iterable, Sequence

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.db.engine import HOLDS_ROWS
from holmes_backend.models import Case, File
from holmes_shared.enums import FileStatus


async def add_all(session: AsyncSession, files: Sequence[File]) -> None:
    session.add_all(files)
    await session.flush()


async def get_owned(session: AsyncSession, file_id: uuid.UUID, owner_id: uuid.UUID) -> File | None:
    result: File | None = await session.scalar(
        select(File)
        .join(Case, Case.id == File.case_id)
        .where(File.id == file_id, Case.user_id == owner_id)
    )
    return result


async def list_for_case(session: AsyncSession, case_id: uuid.UUID) -> Sequence[File]:
    result = await session.scalars(
        select(File).where(File.case_id == case_id).order_by(File.created_at, File.filename)
    )
    return result.all()


async def names_for_case(session: AsyncSession, case_id: uuid.UUID) -> dict[str, str]:
    """file id -> filename of the case's files."""
    rows = await session.execute(select(File.id, File.filename).where(File.case_id == case_id))
    return {str(file_id): filename for file_id, filename in rows}


async def delete_by_id(session: AsyncSession, file_id: uuid.UUID) -> None:
    await session.execute(delete(File).where(File.id == file_id))


async def get_many(session: AsyncSession, file_ids: Sequence[uuid.UUID]) -> Sequence[File]:
    """The files, in the order they were uploaded: never by id, which is random, as the order
    evidence reaches the agents in shapes what they report (the same case read twice must give
    the same results)."""
    query = select(File).where(File.id.in_(file_ids))
    result = await session.scalars(query.order_by(File.created_at, File.filename, File.id))
    return result.all()


async def unprocessed_for_case(session: AsyncSession, case_id: uuid.UUID) -> Sequence[File]:
    result = await session.scalars(
        select(File).where(File.case_id == case_id, File.status == FileStatus.PENDING)
    )
    return result.all()


async def mark_processed(session: AsyncSession, file_ids: Sequence[uuid.UUID]) -> None:
    """The files a job analysed, PROCESSING until now, as PROCESSED (one statement; a file the
    job marked PARTIAL or ERROR keeps that status)."""
    await session.execute(
        update(File)
        .where(File.id.in_(file_ids), File.status == FileStatus.PROCESSING)
        .values(status=FileStatus.PROCESSED)
    )


async def set_token_counts(session: AsyncSession, counts: dict[uuid.UUID, int]) -> None:
    """Files' evidence tokens (llm.budget), in one bulk update by primary key."""
    if counts:
        await session.execute(
            update(File), [{"id": file_id, "token_count": n} for file_id, n in counts.items()]
        )


async def set_status(
    session: AsyncSession,
    file_ids: Sequence[uuid.UUID],
    status: FileStatus,
    error: str | None = None,
) -> None:
    """A status (and its reason) for files that are not in ERROR, in one statement."""
    values: dict[str, object] = {"status": status}
    if error is not None:
        values["error"] = error
    await session.execute(
        update(File).where(File.id.in_(file_ids), File.status != FileStatus.ERROR).values(values)
    )


async def hold_stored(session: AsyncSession, file_ids: Iterable[uuid.UUID]) -> set[uuid.UUID]:
    """Of these files, those still stored, held against deletion until the transaction ends
    (FOR KEY SHARE on PostgreSQL, the write turn on SQLite): rows written now that refer to
    them cannot meet a file deleted meanwhile."""
    ids = set(file_ids)
    if not ids:
        return set()
    held = await session.scalars(
        select(File.id)
        .where(File.id.in_(ids))
        .with_for_update(read=True, key_share=True)
        .execution_options(**HOLDS_ROWS)
    )
    return set(held)
