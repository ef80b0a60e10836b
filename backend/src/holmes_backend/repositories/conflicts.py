import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import Case, Conflict
from holmes_shared.enums import ConflictStatus


async def add_many(session: AsyncSession, conflicts: Sequence[Conflict]) -> None:
    session.add_all(conflicts)
    await session.flush()


async def get_owned(
    session: AsyncSession, conflict_id: uuid.UUID, owner_id: uuid.UUID
) -> Conflict | None:
    result: Conflict | None = await session.scalar(
        select(Conflict)
        .join(Case, Case.id == Conflict.case_id)
        .where(Conflict.id == conflict_id, Case.user_id == owner_id)
    )
    return result


async def for_case(
    session: AsyncSession, case_id: uuid.UUID, *, status: ConflictStatus | None = None
) -> Sequence[Conflict]:
    query = select(Conflict).where(Conflict.case_id == case_id)
    if status is not None:
        query = query.where(Conflict.status == status.value)
    result = await session.scalars(query.order_by(Conflict.created_at, Conflict.id))
    return result.all()


async def add_new_sources(
    session: AsyncSession, conflict_id: uuid.UUID, sources: list[dict[str, Any]]
) -> None:
    """Further new evidence repeating an open conflict's new value joins it as a source."""
    conflict = await session.get(Conflict, conflict_id)
    if conflict is None or conflict.status != ConflictStatus.OPEN:
        return
    known = list(conflict.new_source.get("sources", []))
    conflict.new_source = {**conflict.new_source, "sources": known + sources}


async def mark_resolved(
    session: AsyncSession,
    conflict_id: uuid.UUID,
    *,
    resolution: str,
    resolved_value: Any,
    resolved_by: uuid.UUID,
    resolved_at: datetime,
) -> bool:
    """OPEN → RESOLVED in one conditional update: of two concurrent resolutions one wins."""
    result = await session.execute(
        update(Conflict)
        .where(Conflict.id == conflict_id, Conflict.status == ConflictStatus.OPEN.value)
        .values(
            status=ConflictStatus.RESOLVED.value,
            resolution=resolution,
            resolved_value=resolved_value,
            resolved_by=resolved_by,
            resolved_at=resolved_at,
        )
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(result, "rowcount", 0) == 1)
