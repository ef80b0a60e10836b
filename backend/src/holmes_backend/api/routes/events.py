import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query
from sse_starlette import EventSourceResponse

from holmes_backend.api.deps import CurrentIdentity, RuntimeDep, SessionDep
from holmes_backend.api.errors import error_responses
from holmes_backend.events import log as event_service
from holmes_backend.services.cases import require_case

router = APIRouter(tags=["events"])

_STREAM: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "Server-sent events: each `data` is a CaseEvent, `id` its log id",
        "content": {"text/event-stream": {"schema": {"type": "string"}}},
    },
    **error_responses(401, 404, 422),
}
PING_SECONDS = 15


@router.get("/api/cases/{case_id}/events", response_class=EventSourceResponse, responses=_STREAM)
async def stream_case_events(
    case_id: uuid.UUID,
    identity: CurrentIdentity,
    session: SessionDep,
    runtime: RuntimeDep,
    last_event_id: Annotated[str | None, Header(alias="Last-Event-ID")] = None,
    after: Annotated[int | None, Query(ge=0, description="Resume after this event id")] = None,
) -> EventSourceResponse:
    await require_case(session, case_id, identity.user.id)
    return EventSourceResponse(
        event_service.stream(
            runtime.session_factory,
            runtime.hub,
            case_id=case_id,
            after_id=event_service.parse_last_event_id(last_event_id, after),
            until=identity.expires_at,
        ),
        ping=PING_SECONDS,
    )
