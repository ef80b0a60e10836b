import uuid

from fastapi import APIRouter, status

from holmes_backend.api.deps import CurrentUser, RuntimeDep, SessionDep
from holmes_backend.api.errors import error_responses
from holmes_backend.api.schemas.cases import CaseCreate, CaseOut
from holmes_backend.models import Case
from holmes_backend.services import cases as case_service
from holmes_shared.enums import CaseStatus

router = APIRouter(prefix="/api/cases", tags=["cases"])


def _out(case: Case, file_count: int) -> CaseOut:
    return CaseOut(
        id=case.id,
        name=case.name,
        description=case.description,
        status=CaseStatus(case.status),
        hypotheses=case.hypotheses,
        file_count=file_count,
        created_at=case.created_at,
        updated_at=case.updated_at,
    )


@router.get("", response_model=list[CaseOut], responses=error_responses(401))
async def list_cases(user: CurrentUser, session: SessionDep) -> list[CaseOut]:
    return [_out(case, n) for case, n in await case_service.list_cases(session, owner_id=user.id)]


@router.post(
    "",
    response_model=CaseOut,
    status_code=status.HTTP_201_CREATED,
    responses=error_responses(400, 401, 413, 422),
)
async def create_case(body: CaseCreate, user: CurrentUser, session: SessionDep) -> CaseOut:
    case = await case_service.create_case(
        session,
        owner_id=user.id,
        name=body.name,
        description=body.description,
        hypotheses=body.hypotheses,
    )
    return _out(case, 0)


@router.get("/{case_id}", response_model=CaseOut, responses=error_responses(401, 404, 422))
async def get_case(case_id: uuid.UUID, user: CurrentUser, session: SessionDep) -> CaseOut:
    case, file_count = await case_service.get_case(session, owner_id=user.id, case_id=case_id)
    return _out(case, file_count)


@router.delete(
    "/{case_id}", status_code=status.HTTP_204_NO_CONTENT, responses=error_responses(401, 404, 422)
)
async def delete_case(
    case_id: uuid.UUID, user: CurrentUser, session: SessionDep, runtime: RuntimeDep
) -> None:
    await case_service.delete_case(session, runtime=runtime, owner_id=user.id, case_id=case_id)
