import uuid
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import AgentExecution


async def add(session: AsyncSession, execution: AgentExecution) -> AgentExecution:
    session.add(execution)
    await session.flush()
    return execution


async def get(session: AsyncSession, execution_id: uuid.UUID) -> AgentExecution | None:
    return await session.get(AgentExecution, execution_id)


async def for_case(session: AsyncSession, case_id: uuid.UUID) -> Sequence[AgentExecution]:
    result = await session.scalars(
        select(AgentExecution)
        .where(AgentExecution.case_id == case_id)
        .order_by(AgentExecution.created_at, AgentExecution.id)
    )
    return result.all()
