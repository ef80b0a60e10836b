import uuid
from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.db.transaction import after_commit
from holmes_backend.jobs.control import stop_case_jobs
from holmes_backend.models import Case
from holmes_backend.repositories import cases as case_repo
from holmes_backend.repositories import jobs as job_repo
from holmes_backend.runtime import Runtime
from holmes_shared.enums import CaseStatus
from holmes_shared.errors import NotFoundError


def case_storage_prefix(case_id: uuid.UUID) -> str:
    return f"cases/{case_id}/"


async def require_case(session: AsyncSession, case_id: uuid.UUID, owner_id: uuid.UUID) -> Case:
    """The case, if it belongs to the user; another user's case is indistinguishable from none."""
    case = await case_repo.get_owned(session, case_id, owner_id)
    if case is None:
        raise NotFoundError("Case not found.", details={"case_id": str(case_id)})
    return case


async def create_case(
    session: AsyncSession,
    *,
    owner_id: uuid.UUID,
    name: str,
    description: str,
    hypotheses: list[str],
) -> Case:
    case = Case(
        user_id=owner_id,
        name=name,
        description=description,
        hypotheses=hypotheses,
        status=CaseStatus.PENDING,
    )
    return await case_repo.add(session, case)


async def list_cases(session: AsyncSession, *, owner_id: uuid.UUID) -> Sequence[tuple[Case, int]]:
    return await case_repo.list_with_file_counts(session, owner_id)


async def get_case(
    session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID
) -> tuple[Case, int]:
    case = await require_case(session, case_id, owner_id)
    return case, await case_repo.file_count(session, case_id)


async def delete_case(
    session: AsyncSession, *, runtime: Runtime, owner_id: uuid.UUID, case_id: uuid.UUID
) -> None:
    await require_case(session, case_id, owner_id)
    active = await job_repo.active_for_case(session, case_id)
    job_id = active.id if active is not None else None
    await case_repo.delete_by_id(session, case_id)

    async def _remove_evidence() -> None:
        # The case's job is aborted first: nothing it stores lands after the evidence went.
        await stop_case_jobs(runtime, case_id, job_id)
        await runtime.storage.delete_prefix(case_storage_prefix(case_id))

    # Evidence leaves storage only once the rows that point at it are gone for good.
    after_commit(session, _remove_evidence)
