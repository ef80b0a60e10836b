import uuid
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import ProcessingJob
from holmes_shared.enums import ACTIVE_JOB_STATUSES, JobStatus


async def add(session: AsyncSession, job: ProcessingJob) -> ProcessingJob:
    session.add(job)
    await session.flush()
    return job


async def get(session: AsyncSession, job_id: uuid.UUID) -> ProcessingJob | None:
    return await session.get(ProcessingJob, job_id)


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


async def finished_before(
    session: AsyncSession, case_id: uuid.UUID, before: datetime
) -> Sequence[ProcessingJob]:
    """The case's jobs that ended READY or PARTIAL before ``before``, newest first."""
    result = await session.scalars(
        select(ProcessingJob)
        .where(
            ProcessingJob.case_id == case_id,
            ProcessingJob.created_at < before,
            ProcessingJob.status.in_([JobStatus.READY.value, JobStatus.PARTIAL.value]),
        )
        .order_by(ProcessingJob.created_at.desc())
    )
    return result.all()
