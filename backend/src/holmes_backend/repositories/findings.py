import uuid
from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import Finding
from holmes_backend.repositories import files as file_repo
from holmes_shared.enums import FindingStatus


async def replace_for_job_domain(
    session: AsyncSession,
    *,
    case_id: uuid.UUID,
    job_id: uuid.UUID,
    domain: str,
    findings: Sequence[dict[str, Any]],
    supersede_earlier: bool,
) -> None:
    """A re-run phase replaces what an interrupted run of it left, so nothing is duplicated;
    a full re-analysis also marks the domain's findings from earlier jobs superseded.
    `findings` are rows' column values, inserted in bulk (no ORM object per finding)."""
    await session.execute(delete(Finding).where(Finding.job_id == job_id, Finding.domain == domain))
    if supersede_earlier:
        await session.execute(
            update(Finding)
            .where(
                Finding.case_id == case_id,
                Finding.domain == domain,
                Finding.job_id != job_id,
                Finding.status.in_(
                    [FindingStatus.INTERIM, FindingStatus.SYNTHESIZED, FindingStatus.STALE]
                ),
            )
            .values(status=FindingStatus.SUPERSEDED)
        )
    findings = await _of_stored_files(session, findings)
    if findings:
        await session.execute(insert(Finding), list(findings))


async def _of_stored_files(
    session: AsyncSession, findings: Sequence[dict[str, Any]]
) -> Sequence[dict[str, Any]]:
    """The findings whose file is still stored: a file deleted while its case was processed
    takes what was read from it along."""
    cited = {f["file_id"] for f in findings if f.get("file_id") is not None}
    if not cited:
        return findings
    stored = await file_repo.hold_stored(session, cited)
    if stored == cited:
        return findings
    return [f for f in findings if f.get("file_id") is None or f["file_id"] in stored]


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


async def add_all(session: AsyncSession, findings: Sequence[Finding]) -> None:
    session.add_all(findings)
    await session.flush()


async def get_in_case(
    session: AsyncSession, case_id: uuid.UUID, finding_id: uuid.UUID
) -> Finding | None:
    result: Finding | None = await session.scalar(
        select(Finding).where(Finding.id == finding_id, Finding.case_id == case_id)
    )
    return result


async def current_for_case(session: AsyncSession, case_id: uuid.UUID) -> Sequence[Finding]:
    """The case's findings that nothing has superseded."""
    result = await session.scalars(
        select(Finding)
        .where(
            Finding.case_id == case_id,
            Finding.superseded_by.is_(None),
            Finding.status != FindingStatus.SUPERSEDED,
        )
        .order_by(Finding.created_at, Finding.id)
    )
    return result.all()


async def add(session: AsyncSession, finding: Finding) -> Finding:
    session.add(finding)
    await session.flush()
    return finding


async def delete_by_id(session: AsyncSession, finding_id: uuid.UUID) -> None:
    await session.execute(delete(Finding).where(Finding.id == finding_id))
