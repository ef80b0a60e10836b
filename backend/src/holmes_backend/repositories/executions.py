import uuid
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy import update as sql_update
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.db.types import utcnow
from holmes_backend.models import AgentExecution
from holmes_shared.enums import ExecutionStatus


async def add(session: AsyncSession, execution: AgentExecution) -> AgentExecution:
    session.add(execution)
    await session.flush()
    return execution


async def add_many(session: AsyncSession, executions: list[AgentExecution]) -> None:
    session.add_all(executions)
    await session.flush()


async def get(session: AsyncSession, execution_id: uuid.UUID) -> AgentExecution | None:
    return await session.get(AgentExecution, execution_id)


async def update(session: AsyncSession, execution_id: uuid.UUID, **values: Any) -> None:
    """Sets columns of one execution without loading it (its input and output are large)."""
    await session.execute(
        sql_update(AgentExecution).where(AgentExecution.id == execution_id).values(**values)
    )


async def for_case(session: AsyncSession, case_id: uuid.UUID) -> Sequence[AgentExecution]:
    result = await session.scalars(
        select(AgentExecution)
        .where(AgentExecution.case_id == case_id)
        .order_by(AgentExecution.created_at, AgentExecution.id)
    )
    return result.all()


async def fail_unfinished(session: AsyncSession, job_id: uuid.UUID, error: str) -> None:
    """The job's executions an earlier run left PENDING or RUNNING end FAILED with `error`."""
    await session.execute(
        sql_update(AgentExecution)
        .where(
            AgentExecution.job_id == job_id,
            AgentExecution.status.in_([ExecutionStatus.PENDING, ExecutionStatus.RUNNING]),
        )
        .values(status=ExecutionStatus.FAILED, error=error, completed_at=utcnow())
        .execution_options(synchronize_session=False)
    )


async def case_cost(session: AsyncSession, case_id: uuid.UUID) -> float:
    """What the case's model calls have cost so far (USD), over every execution record."""
    total = await session.scalar(
        select(func.coalesce(func.sum(AgentExecution.cost_usd), 0.0)).where(
            AgentExecution.case_id == case_id
        )
    )
    return float(total or 0.0)
