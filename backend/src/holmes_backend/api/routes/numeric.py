import uuid
from http import HTTPStatus
from typing import Annotated

from fastapi import APIRouter, Query

from holmes_backend.api.deps import CurrentUser, RuntimeDep, SessionDep
from holmes_backend.api.errors import error_responses
from holmes_backend.api.schemas.numeric import NumericChecksOut, NumericRunOut
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
    response_model=NumericRunOut,
    status_code=HTTPStatus.ACCEPTED,
    responses=error_responses(401, 404, 409, 422),
)
async def run_numeric_checks(
    case_id: uuid.UUID,
    file_id: uuid.UUID,
    user: CurrentUser,
    session: SessionDep,
    runtime: RuntimeDep,
) -> NumericRunOut:
    """Queue a validation of one file's figures (extractor, verifiers, reviewer), which replaces
    its earlier checks when it ends; the file's run already queued or running if there is one.
    Follow it on GET .../numeric-checks/status."""
    run = await numeric_service.start_run(
        session, runtime=runtime, owner_id=user.id, case_id=case_id, file_id=file_id
    )
    return NumericRunOut.model_validate(run)


@router.get(
    "/files/{file_id}/numeric-checks/status",
    response_model=NumericRunOut,
    responses=error_responses(401, 404, 422),
)
async def get_numeric_run_status(
    case_id: uuid.UUID, file_id: uuid.UUID, user: CurrentUser, session: SessionDep
) -> NumericRunOut:
    """The file's latest on-demand validation: queued, running, or how it ended."""
    run = await numeric_service.run_status(
        session, owner_id=user.id, case_id=case_id, file_id=file_id
    )
    return NumericRunOut.model_validate(run)
