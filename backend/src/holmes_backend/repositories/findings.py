import uuid
from collections.abc import Sequence

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import Finding


async def replace_for_job_domain(
    session: AsyncSession, *, job_id: uuid.UUID, domain: str, findings: Sequence[Finding]
) -> None:
    """A re-run phase replaces what an interrupted run of it left, so nothing is duplicated."""
    await session.execute(delete(Finding).where(Finding.job_id == job_id, Finding.domain == domain))
    session.add_all(findings)
    await session.flush()


async def for_case(
    session: AsyncSession,
    case_id: uuid.UUID,
    *,
    domain: str | None = None,
    file_id: uuid.UUID | None = None,
    status: str | None = None,
) -> Sequence[Finding]:
    query = select(Finding).where(Finding.case_id == case_id)
    if domain is not None:
        query = query.where(Finding.domain == domain)
    if file_id is not None:
        query = query.where(Finding.file_id == file_id)
    if status is not None:
        query = query.where(Finding.status == status)
    result = await session.scalars(query.order_by(Finding.created_at, Finding.id))
    return result.all()
