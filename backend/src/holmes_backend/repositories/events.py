import uuid
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import CaseEvent

# PostgreSQL NOTIFY channel: one notification per appended event, the case id as payload.
CHANNEL = "holmes_case_events"


async def append(
    session: AsyncSession,
    *,
    case_id: uuid.UUID,
    type: str,
    payload: dict[str, Any],
    agent_id: str | None,
    agent_type: str | None,
) -> CaseEvent:
    event = CaseEvent(
        case_id=case_id, type=type, payload=payload, agent_id=agent_id, agent_type=agent_type
    )
    postgres = session.get_bind().dialect.name == "postgresql"
    if postgres:
        # Appends to one case commit in id order (the lock lasts until commit), so a reader
        # that has seen id N will never find a smaller id appear later. SQLite has one writer.
        await session.execute(
            text("SELECT pg_advisory_xact_lock(hashtext(:case_id))"), {"case_id": str(case_id)}
        )
    session.add(event)
    await session.flush()
    if postgres:
        # Delivered at commit, to every process listening: they wake their streams.
        await session.execute(
            text("SELECT pg_notify(:channel, :case_id)"),
            {"channel": CHANNEL, "case_id": str(case_id)},
        )
    return event


async def after(
    session: AsyncSession, case_id: uuid.UUID, last_id: int, limit: int
) -> Sequence[CaseEvent]:
    result = await session.scalars(
        select(CaseEvent)
        .where(CaseEvent.case_id == case_id, CaseEvent.id > last_id)
        .order_by(CaseEvent.id)
        .limit(limit)
    )
    return result.all()


async def head(session: AsyncSession, case_id: uuid.UUID) -> int:
    result = await session.scalar(
        select(func.max(CaseEvent.id)).where(CaseEvent.case_id == case_id)
    )
    return int(result or 0)
