import uuid

from fastapi import APIRouter, status

from holmes_backend.api.deps import CurrentUser, RuntimeDep, SessionDep
from holmes_backend.api.errors import error_responses
from holmes_backend.api.schemas.corrections import CorrectionCreate, CorrectionOut
from holmes_backend.services import corrections as correction_service

router = APIRouter(tags=["corrections"])


@router.post(
    "/api/cases/{case_id}/correct",
    status_code=status.HTTP_201_CREATED,
    response_model=CorrectionOut,
    responses=error_responses(400, 401, 404, 409, 422, 503),
)
async def submit_correction(
    case_id: uuid.UUID,
    body: CorrectionCreate,
    user: CurrentUser,
    session: SessionDep,
    runtime: RuntimeDep,
) -> CorrectionOut:
    """Flag a wrong value; the verification agent checks it against the cited sources (PRD
    §4.13). CONFIRMED is applied at once; REJECTED and AMBIGUOUS are stored and change nothing."""
    row = await correction_service.submit(
        session,
        runtime=runtime,
        owner_id=user.id,
        case_id=case_id,
        target_type=body.target_type,
        target_id=body.target_id,
        original_value=body.original_value,
        proposed_value=body.proposed_value,
        justification=body.justification,
    )
    return CorrectionOut.of(row)


@router.get(
    "/api/cases/{case_id}/corrections",
    response_model=list[CorrectionOut],
    responses=error_responses(401, 404, 422),
)
async def list_corrections(
    case_id: uuid.UUID, user: CurrentUser, session: SessionDep
) -> list[CorrectionOut]:
    rows = await correction_service.list_corrections(session, owner_id=user.id, case_id=case_id)
    return [CorrectionOut.of(row) for row in rows]


@router.post(
    "/api/corrections/{correction_id}/apply",
    response_model=CorrectionOut,
    responses=error_responses(401, 404, 409, 422),
)
async def apply_correction(
    correction_id: uuid.UUID, user: CurrentUser, session: SessionDep, runtime: RuntimeDep
) -> CorrectionOut:
    """Apply a correction the verification left AMBIGUOUS and the user stands by. An applied
    correction is returned unchanged; a REJECTED one is refused (409)."""
    row = await correction_service.apply(
        session, runtime=runtime, owner_id=user.id, correction_id=correction_id
    )
    return CorrectionOut.of(row)


@router.delete(
    "/api/corrections/{correction_id}",
    status_code=status.HTTP_204_NO_CONTENT,
    responses=error_responses(401, 404, 409, 422),
)
async def delete_correction(
    correction_id: uuid.UUID, user: CurrentUser, session: SessionDep, runtime: RuntimeDep
) -> None:
    """Remove a correction. An applied one is reverted first (a new graph version restoring the
    one before it, superseded findings current again), unless the graph has changed since (409)."""
    await correction_service.delete(
        session, runtime=runtime, owner_id=user.id, correction_id=correction_id
    )
