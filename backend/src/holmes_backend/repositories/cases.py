import uuid
from collections.abc import Sequence

from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.db.types import utcnow
from holmes_backend.models import Case, File


async def add(session: AsyncSession, case: Case) -> Case:
    session.add(case)
    await session.flush()
    return case


async def get_owned(session: AsyncSession, case_id: uuid.UUID, owner_id: uuid.UUID) -> Case | None:
    result: Case | None = await session.scalar(
        select(Case).where(Case.id == case_id, Case.user_id == owner_id)
    )
    return result


async def list_with_file_counts(
    session: AsyncSession, owner_id: uuid.UUID
) -> Sequence[tuple[Case, int]]:
    counts = select(File.case_id, func.count(File.id).label("n")).group_by(File.case_id).subquery()
    rows = await session.execute(
        select(Case, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.case_id == Case.id)
        .where(Case.user_id == owner_id)
        .order_by(Case.updated_at.desc(), Case.id)
    )
    return [(case, int(n)) for case, n in rows.all()]


async def file_count(session: AsyncSession, case_id: uuid.UUID) -> int:
    result = await session.scalar(select(func.count(File.id)).where(File.case_id == case_id))
    return int(result or 0)


async def set_status(session: AsyncSession, case_id: uuid.UUID, status: str) -> None:
    """A case's status, without loading it (a case deleted meanwhile is left alone)."""
    await session.execute(
        update(Case)
        .where(Case.id == case_id)
        .values(status=status, updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )


async def delete_by_id(session: AsyncSession, case_id: uuid.UUID) -> None:
    # Child rows go with the case through ON DELETE CASCADE.
    await session.execute(delete(Case).where(Case.id == case_id))
