import uuid
from typing import Annotated

from fastapi import APIRouter, Query

from holmes_backend.api.deps import CurrentUser, RuntimeDep, SessionDep
from holmes_backend.api.errors import error_responses
from holmes_backend.api.schemas.numeric import NumericChecksOut
from holmes_backend.numeric.schemas import CheckStatus
from holmes_backend.services import numeric as numeric_service

router = APIRouter(prefix="/api/cases/{case_id}", tags=["numeric"])


@router.get(
    "/numeric-checks", response_model=NumericChecksOut, responses=error_responses(401, 404, 422)
)
async def list_numeric_checks(
    case_id: uuid.UUID,
    user: CurrentUser,
    session: SessionDep,
    file_id: Annotated[uuid.UUID | None, Query(description="Only this file's checks")] = None,
    status: Annotated[CheckStatus | None, Query(description="Only checks in this status")] = None,
) -> NumericChecksOut:
    """Every numeric check of the case's financial documents: the relation, the stated and
    computed values, the tolerance, and each figure's place in its source."""
    rows = await numeric_service.list_checks(
        session, owner_id=user.id, case_id=case_id, file_id=file_id, status=status
    )
    return NumericChecksOut.of(case_id, rows)


@router.post(
    "/files/{file_id}/numeric-checks",
    response_model=NumericChecksOut,
    responses=error_responses(401, 404, 422, 503),
)
async def run_numeric_checks(
    case_id: uuid.UUID,
    file_id: uuid.UUID,
    user: CurrentUser,
    session: SessionDep,
    runtime: RuntimeDep,
) -> NumericChecksOut:
    """Validate one file's figures now (extractor, verifiers, reviewer), replacing its earlier
    checks."""
    rows = await numeric_service.run_for_file(
        session, runtime=runtime, owner_id=user.id, case_id=case_id, file_id=file_id
    )
    return NumericChecksOut.of(case_id, rows)
