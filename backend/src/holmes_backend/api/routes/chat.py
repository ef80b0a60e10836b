import uuid
from typing import Any

from fastapi import APIRouter
from sse_starlette import EventSourceResponse

from holmes_backend.api.deps import CurrentUser, RuntimeDep, SessionDep
from holmes_backend.api.errors import error_responses
from holmes_backend.api.schemas.chat import ChatMessageOut, ChatRequest
from holmes_backend.services import chat as chat_service

router = APIRouter(prefix="/api/cases/{case_id}/chat", tags=["chat"])

_STREAM: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "Server-sent events: CHAT_TOKEN events ({token}) then one CHAT_COMPLETE "
        "({message_id, content, citations}); ERROR ({code, message, ...}) if the agent fails",
        "content": {"text/event-stream": {"schema": {"type": "string"}}},
    },
    **error_responses(400, 401, 402, 404, 409, 413, 422),
}
PING_SECONDS = 15


@router.post("", response_class=EventSourceResponse, responses=_STREAM)
async def chat_with_case(
    case_id: uuid.UUID,
    body: ChatRequest,
    user: CurrentUser,
    session: SessionDep,
    runtime: RuntimeDep,
) -> EventSourceResponse:
    """Ask the case a question; the answer streams with its citations (PRD §3.3)."""
    turn = await chat_service.start_turn(
        session,
        owner_id=user.id,
        case_id=case_id,
        message=body.message,
        budget_usd=runtime.settings.case_budget_usd,
    )
    return EventSourceResponse(chat_service.stream_answer(runtime, turn), ping=PING_SECONDS)


@router.get(
    "/history", response_model=list[ChatMessageOut], responses=error_responses(401, 404, 422)
)
async def get_chat_history(
    case_id: uuid.UUID, user: CurrentUser, session: SessionDep
) -> list[ChatMessageOut]:
    rows = await chat_service.history(session, owner_id=user.id, case_id=case_id)
    return [ChatMessageOut.model_validate(row) for row in rows]
