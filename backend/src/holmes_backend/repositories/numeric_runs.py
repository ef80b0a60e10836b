"""Numeric runs: the state of each on-demand validation of a file (a job of the job engine)."""

import uuid
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.db.types import utcnow
from holmes_backend.models import NumericRun
from holmes_shared.enums import ACTIVE_JOB_STATUSES, JobStatus

_ACTIVE = [s.value for s in ACTIVE_JOB_STATUSES]


def add(session: AsyncSession, run: NumericRun) -> NumericRun:
    """Stages the run; the caller's flush writes it (and meets the one-active-run index)."""
    session.add(run)
    return run


async def get(session: AsyncSession, run_id: uuid.UUID) -> NumericRun | None:
    return await session.get(NumericRun, run_id)


async def active_for_file(session: AsyncSession, file_id: uuid.UUID) -> NumericRun | None:
    result: NumericRun | None = await session.scalar(
        select(NumericRun).where(NumericRun.file_id == file_id, NumericRun.status.in_(_ACTIVE))
    )
    return result


async def latest_for_file(session: AsyncSession, file_id: uuid.UUID) -> NumericRun | None:
    result: NumericRun | None = await session.scalar(
        select(NumericRun)
        .where(NumericRun.file_id == file_id)
        .order_by(NumericRun.created_at.desc())
        .limit(1)
    )
    return result


async def all_active(session: AsyncSession) -> Sequence[NumericRun]:
    result = await session.scalars(select(NumericRun).where(NumericRun.status.in_(_ACTIVE)))
    return result.all()


async def claim(
    session: AsyncSession, run_id: uuid.UUID, *, runner: str | None, new_runner: str
) -> bool:
    """Names `new_runner` as the active run's process if `runner` still is (false when another
    process claimed it first, or it ended: the condition and the change are one UPDATE)."""
    condition = NumericRun.runner.is_(None) if runner is None else NumericRun.runner == runner
    result = await session.execute(
        update(NumericRun)
        .where(NumericRun.id == run_id, NumericRun.status.in_(_ACTIVE), condition)
        .values(runner=new_runner)
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(result, "rowcount", 0) == 1)


async def started(session: AsyncSession, run_id: uuid.UUID, *, runner: str) -> None:
    await session.execute(
        update(NumericRun)
        .where(NumericRun.id == run_id)
        .values(status=JobStatus.PROCESSING, started_at=utcnow(), runner=runner)
        .execution_options(synchronize_session=False)
    )


async def finished(
    session: AsyncSession, run_id: uuid.UUID, *, error: dict[str, Any] | None
) -> None:
    await session.execute(
        update(NumericRun)
        .where(NumericRun.id == run_id)
        .values(
            status=JobStatus.ERROR if error else JobStatus.READY,
            error=error,
            completed_at=utcnow(),
        )
        .execution_options(synchronize_session=False)
    )
