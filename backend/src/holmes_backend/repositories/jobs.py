import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import selectinload

from holmes_backend.db.types import utcnow
from holmes_backend.models import JobState, ProcessingJob
from holmes_shared.enums import ACTIVE_JOB_STATUSES, JobStatus


def add(session: AsyncSession, job: ProcessingJob) -> ProcessingJob:
    """Stages the job; the caller's flush writes it (and meets the one-active-job index)."""
    session.add(job)
    return job


async def get(
    session: AsyncSession, job_id: uuid.UUID, *, with_states: bool = False
) -> ProcessingJob | None:
    options = [selectinload(ProcessingJob.states)] if with_states else []
    return await session.get(ProcessingJob, job_id, options=options)


async def states(session: AsyncSession, job_id: uuid.UUID) -> dict[str, Any]:
    rows = await session.execute(
        select(JobState.key, JobState.value).where(JobState.job_id == job_id)
    )
    return {key: value for key, value in rows.all()}


async def state(session: AsyncSession, job_id: uuid.UUID, key: str) -> Any:
    """One key of the job's agent_states (None when unset), without reading the others."""
    return await session.scalar(
        select(JobState.value).where(JobState.job_id == job_id, JobState.key == key)
    )


async def set_state(session: AsyncSession, job_id: uuid.UUID, key: str, value: Any) -> None:
    """Sets one key of the job's agent_states (its own row: nothing else is read or written).
    A value may be a pydantic model: the engine's JSON encoder takes it as it is."""
    if not key.isidentifier() or len(key) > 64:  # job_states.key is a String(64)
        raise ValueError(f"not a state key: {key!r}")
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(JobState).values(job_id=job_id, key=key, value=value)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[JobState.job_id, JobState.key],
            set_={"value": statement.excluded.value},
        )
    )


async def active_for_case(session: AsyncSession, case_id: uuid.UUID) -> ProcessingJob | None:
    result: ProcessingJob | None = await session.scalar(
        select(ProcessingJob).where(
            ProcessingJob.case_id == case_id,
            ProcessingJob.status.in_([s.value for s in ACTIVE_JOB_STATUSES]),
        )
    )
    return result


async def latest_for_case(session: AsyncSession, case_id: uuid.UUID) -> ProcessingJob | None:
    result: ProcessingJob | None = await session.scalar(
        select(ProcessingJob)
        .where(ProcessingJob.case_id == case_id)
        .order_by(ProcessingJob.created_at.desc())
        .limit(1)
    )
    return result


async def all_active(session: AsyncSession) -> Sequence[ProcessingJob]:
    result = await session.scalars(
        select(ProcessingJob).where(
            ProcessingJob.status.in_([s.value for s in ACTIVE_JOB_STATUSES])
        )
    )
    return result.all()


async def claim(session: AsyncSession, job_id: uuid.UUID, silent_since: datetime) -> bool:
    """Takes an active job whose heartbeat stopped before `silent_since` (or never started) for
    this process, renewing the heartbeat; false when it is alive or another process took it
    first (the condition and the renewal are one UPDATE, so of several claimers one wins)."""
    result = await session.execute(
        update(ProcessingJob)
        .where(
            ProcessingJob.id == job_id,
            ProcessingJob.status.in_([s.value for s in ACTIVE_JOB_STATUSES]),
            or_(ProcessingJob.heartbeat_at.is_(None), ProcessingJob.heartbeat_at < silent_since),
        )
        .values(heartbeat_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(result, "rowcount", 0) == 1)


async def update_fields(session: AsyncSession, job_id: uuid.UUID, **values: Any) -> None:
    """Sets columns of a job without loading it (its running pipeline knows the rest)."""
    await session.execute(
        update(ProcessingJob)
        .where(ProcessingJob.id == job_id)
        .values(**values)
        .execution_options(synchronize_session=False)
    )


async def beat(session: AsyncSession, job_id: uuid.UUID) -> None:
    """The running job's heartbeat."""
    await session.execute(
        update(ProcessingJob)
        .where(ProcessingJob.id == job_id)
        .values(heartbeat_at=utcnow())
        .execution_options(synchronize_session=False)
    )


def reopen(job: ProcessingJob) -> None:
    """A failed job made PENDING again, to be resumed by this process (alive from now)."""
    job.status = JobStatus.PENDING
    job.heartbeat_at = utcnow()


async def finished_before(
    session: AsyncSession, case_id: uuid.UUID, before: datetime
) -> Sequence[ProcessingJob]:
    """The case's jobs that ended READY or PARTIAL before ``before``, newest first."""
    result = await session.scalars(
        select(ProcessingJob)
        .options(selectinload(ProcessingJob.states))
        .where(
            ProcessingJob.case_id == case_id,
            ProcessingJob.created_at < before,
            ProcessingJob.status.in_([JobStatus.READY.value, JobStatus.PARTIAL.value]),
        )
        .order_by(ProcessingJob.created_at.desc())
    )
    return result.all()
