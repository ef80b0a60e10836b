import uuid
from typing import Annotated

from fastapi import APIRouter, Path, Query

from holmes_backend.api.deps import CurrentUser, RuntimeDep, SessionDep
from holmes_backend.api.errors import error_responses
from holmes_backend.api.schemas.conflicts import (
    ConflictOut,
    ConflictResolutionOut,
    GraphVersionOut,
    GraphVersionSummaryOut,
    ResolveConflictIn,
    StatusFilter,
)
from holmes_backend.services import conflicts as conflict_service
from holmes_shared.enums import ConflictStatus

router = APIRouter(tags=["conflicts"])


@router.get(
    "/api/cases/{case_id}/conflicts",
    response_model=list[ConflictOut],
    responses=error_responses(401, 404, 422),
)
async def list_conflicts(
    case_id: uuid.UUID,
    user: CurrentUser,
    session: SessionDep,
    status: Annotated[StatusFilter | None, Query(description="open or resolved")] = None,
) -> list[ConflictOut]:
    """Conflicts between new evidence and the graph, oldest first (PRD §3.4)."""
    rows = await conflict_service.list_conflicts(
        session,
        owner_id=user.id,
        case_id=case_id,
        status=ConflictStatus(status.upper()) if status else None,
    )
    return [ConflictOut.of(row) for row in rows]


@router.post(
    "/api/conflicts/{conflict_id}/resolve",
    response_model=ConflictResolutionOut,
    responses=error_responses(400, 401, 404, 409, 413, 422),
)
async def resolve_conflict(
    conflict_id: uuid.UUID,
    body: ResolveConflictIn,
    user: CurrentUser,
    session: SessionDep,
    runtime: RuntimeDep,
) -> ConflictResolutionOut:
    """Decide a conflict: trust_new, keep_existing, or manual with a value (new graph version)."""
    conflict, graph = await conflict_service.resolve(
        session,
        hub=runtime.hub,
        owner_id=user.id,
        conflict_id=conflict_id,
        resolution=body.resolution,
        value=body.value,
    )
    return ConflictResolutionOut(conflict=ConflictOut.of(conflict), graph_version=graph.version)


@router.get(
    "/api/cases/{case_id}/graph/versions",
    response_model=list[GraphVersionSummaryOut],
    responses=error_responses(401, 404, 422),
    tags=["graph"],
)
async def list_graph_versions(
    case_id: uuid.UUID, user: CurrentUser, session: SessionDep
) -> list[GraphVersionSummaryOut]:
    """Every version of the case's graph, oldest first, with what produced it."""
    rows = await conflict_service.graph_versions(session, owner_id=user.id, case_id=case_id)
    return [GraphVersionSummaryOut.of(row) for row in rows]


@router.get(
    "/api/cases/{case_id}/graph/versions/{version}",
    response_model=GraphVersionOut,
    responses=error_responses(401, 404, 422),
    tags=["graph"],
)
async def get_graph_version(
    case_id: uuid.UUID,
    version: Annotated[int, Path(ge=1, le=1_000_000)],
    user: CurrentUser,
    session: SessionDep,
) -> GraphVersionOut:
    """One version of the graph as it was written, facts included."""
    graph = await conflict_service.graph_version(
        session, owner_id=user.id, case_id=case_id, version=version
    )
    return GraphVersionOut.of(graph)
