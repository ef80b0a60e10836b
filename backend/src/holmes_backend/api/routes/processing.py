import uuid

from fastapi import APIRouter, status

from holmes_backend.api.deps import CurrentUser, RuntimeDep, SessionDep
from holmes_backend.api.errors import error_responses
from holmes_backend.api.schemas.processing import (
    FileProgressOut,
    JobOut,
    JobStatusOut,
    PhaseOut,
    ProcessIn,
)
from holmes_backend.contracts.processing import PHASES
from holmes_backend.services import processing as processing_service
from holmes_shared.enums import FileStatus

router = APIRouter(tags=["processing"])


@router.post(
    "/api/cases/{case_id}/process",
    response_model=JobOut,
    status_code=status.HTTP_202_ACCEPTED,
    responses=error_responses(400, 401, 404, 409, 413, 422),
)
async def process_case(
    case_id: uuid.UUID,
    user: CurrentUser,
    session: SessionDep,
    runtime: RuntimeDep,
    body: ProcessIn | None = None,
) -> JobOut:
    job = await processing_service.start(
        session,
        runtime=runtime,
        owner_id=user.id,
        case_id=case_id,
        incremental=body.incremental if body else False,
    )
    return JobOut.model_validate(job)


@router.post(
    "/api/cases/{case_id}/regenerate",
    response_model=JobOut,
    status_code=status.HTTP_202_ACCEPTED,
    responses=error_responses(400, 401, 404, 409, 422),
)
async def regenerate_case(
    case_id: uuid.UUID, user: CurrentUser, session: SessionDep, runtime: RuntimeDep
) -> JobOut:
    """Regenerate the items corrections left stale: a processing job that reruns synthesis and
    the knowledge graph over the current findings (corrected values kept, open conflicts kept),
    followed like any job (status, events, Agent Flow). 409 while a job runs, before the case
    is processed, or when nothing is stale."""
    job = await processing_service.regenerate(
        session, runtime=runtime, owner_id=user.id, case_id=case_id
    )
    return JobOut.model_validate(job)


@router.get(
    "/api/cases/{case_id}/process/status",
    response_model=JobStatusOut,
    responses=error_responses(401, 404, 422),
)
async def get_process_status(
    case_id: uuid.UUID, user: CurrentUser, session: SessionDep
) -> JobStatusOut:
    job, files = await processing_service.status(session, owner_id=user.id, case_id=case_id)
    phases = [
        PhaseOut(
            name=name,
            state="completed"
            if name in job.completed_phases
            else "running"
            if name == job.current_phase
            else "pending",
        )
        for name in PHASES
    ]
    return JobStatusOut(
        job=JobOut.model_validate(job),
        phases=phases,
        progress=round(len(set(job.completed_phases)) / len(PHASES), 3),
        files=[
            FileProgressOut(
                id=f.id, filename=f.filename, status=FileStatus(f.status), error=f.error
            )
            for f in files
        ],
    )
