"""Numeric checks and the findings their mismatches became."""

import uuid
from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import Finding, NumericCheck
from holmes_backend.repositories import files as file_repo

# Mismatch findings carry no job: a job's financial domain replaces the findings of its own
# (job, domain), which would take these along whichever of the two is written last.
FINDING_TYPE = "numeric_mismatch"


async def replace_for_files(
    session: AsyncSession,
    *,
    case_id: uuid.UUID,
    file_ids: Sequence[uuid.UUID],
    checks: Sequence[dict[str, Any]],
    findings: Sequence[dict[str, Any]],
) -> None:
    """A new run over files replaces what earlier runs found in them. Rows are column values,
    inserted in bulk."""
    await session.execute(
        delete(NumericCheck).where(
            NumericCheck.case_id == case_id, NumericCheck.file_id.in_(file_ids)
        )
    )
    await session.execute(
        delete(Finding).where(
            Finding.case_id == case_id,
            Finding.file_id.in_(file_ids),
            Finding.finding_type == FINDING_TYPE,
        )
    )
    # A file deleted while it was checked takes its checks along.
    stored = await file_repo.hold_stored(session, file_ids)
    checks = [c for c in checks if c["file_id"] in stored]
    findings = [f for f in findings if f["file_id"] in stored]
    if checks:
        await session.execute(insert(NumericCheck), checks)
    if findings:
        await session.execute(insert(Finding), findings)


async def for_case(
    session: AsyncSession,
    case_id: uuid.UUID,
    *,
    file_id: uuid.UUID | None = None,
    status: str | None = None,
) -> Sequence[NumericCheck]:
    query = select(NumericCheck).where(NumericCheck.case_id == case_id)
    if file_id is not None:
        query = query.where(NumericCheck.file_id == file_id)
    if status is not None:
        query = query.where(NumericCheck.status == status)
    result = await session.scalars(query.order_by(NumericCheck.created_at, NumericCheck.check_key))
    return result.all()
