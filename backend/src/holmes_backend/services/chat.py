"""Chat with a case (PRD §3.3, §4.12): knowledge-first answers, streamed, with durable history.

A turn has two halves. `start_turn` runs inside the request: it authorises, refuses a case whose
model calls have spent its budget (HOLMES_CASE_BUDGET_USD: no model is called for it) or with no
knowledge graph yet, and stores the user's message. `stream_answer` runs as the response
streams: the chat agent looks the question up with its tools (graph, findings, evidence
passages; domain agents when those cannot answer) and writes its answer, which goes out as
CHAT_TOKEN events while it is written; the stored answer, its citations and thoughts close the
turn with CHAT_COMPLETE.

The agent runs as a task of its own, feeding the response through a queue: a client that hangs
up mid-answer stops receiving it, but the answer is still completed and stored in the history.
"""

import asyncio
import json
import logging
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession
from sse_starlette import ServerSentEvent

from holmes_backend.agents.chat.agent import SPEC, request_parts
from holmes_backend.agents.chat.citations import SourceBook
from holmes_backend.agents.chat.tools import CaseTools, case_files
from holmes_backend.agents.chat.turn import ChatRun
from holmes_backend.agents.runner import AgentFailedError, PipelineContext
from holmes_backend.db import transaction
from holmes_backend.models import Message
from holmes_backend.repositories import chat as chat_repo
from holmes_backend.repositories import executions as execution_repo
from holmes_backend.runtime import Runtime
from holmes_backend.services.cases import require_case
from holmes_shared.errors import CaseBudgetSpentError, ConflictError, ErrorBody, ErrorCode
from holmes_shared.events import EventType

logger = logging.getLogger(__name__)

HISTORY_TURNS = 6


@dataclass(frozen=True)
class ChatTurn:
    case_id: uuid.UUID
    chat_session_id: uuid.UUID
    question: str
    history: list[tuple[str, str]]


async def start_turn(
    session: AsyncSession,
    *,
    owner_id: uuid.UUID,
    case_id: uuid.UUID,
    message: str,
    budget_usd: float | None = None,
) -> ChatTurn:
    await require_case(session, case_id, owner_id)
    if budget_usd is not None:
        spent = await execution_repo.case_cost(session, case_id)
        if spent >= budget_usd:
            raise CaseBudgetSpentError(
                f"The case has spent ${spent:.4f} of its ${budget_usd:.4f} budget on model "
                "calls, so the chat agent cannot be asked.",
                details={
                    "case_id": str(case_id),
                    "spent_usd": round(spent, 6),
                    "budget_usd": budget_usd,
                },
            )
    if await chat_repo.latest_graph_stamp(session, case_id) is None:
        raise ConflictError(
            "The case has no knowledge graph yet, so there is nothing to chat with.",
            details={"case_id": str(case_id)},
            suggested_action="process the case",
        )
    chat_session = await chat_repo.get_or_create_session(
        session,
        case_id=case_id,
        user_id=owner_id,
        adk_session_id=f"case_{case_id}_chat_{owner_id}",
    )
    earlier = await chat_repo.messages(
        session, case_id=case_id, user_id=owner_id, last=HISTORY_TURNS
    )
    await chat_repo.add_message(
        session,
        Message(session_id=chat_session.id, role="user", content=message, citations=[]),
    )
    return ChatTurn(
        case_id=case_id,
        chat_session_id=chat_session.id,
        question=message,
        history=[(m.role, m.content) for m in earlier],
    )


async def history(
    session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID
) -> Sequence[Message]:
    await require_case(session, case_id, owner_id)
    return await chat_repo.messages(session, case_id=case_id, user_id=owner_id)


def _event(kind: EventType | str, data: dict[str, Any]) -> ServerSentEvent:
    return ServerSentEvent(event=str(kind), data=json.dumps(data, ensure_ascii=False))


_FAILED = ErrorBody(
    code=ErrorCode.SYSTEM_ERROR,
    message="The chat agent could not answer; try again.",
    details={},
    recoverable=True,
    suggested_action="retry the question",
)


async def _answer(
    runtime: Runtime, turn: ChatTurn, out: asyncio.Queue[ServerSentEvent | None]
) -> None:
    """Runs the agent, passing each piece of text on as it comes, then stores the answer; the
    queue ends with None whatever happens."""
    try:
        out.put_nowait(await _run(runtime, turn, out))
    except Exception:
        logger.exception("chat answer crashed")
        out.put_nowait(_event("ERROR", _FAILED.model_dump(mode="json")))
    finally:
        out.put_nowait(None)


async def _run(
    runtime: Runtime, turn: ChatTurn, out: asyncio.Queue[ServerSentEvent | None]
) -> ServerSentEvent:
    ctx = PipelineContext(
        settings=runtime.settings,
        session_factory=runtime.session_factory,
        hub=runtime.hub,
        case_id=turn.case_id,
        job_id=None,
    )
    files = await case_files(ctx)
    book = SourceBook({file_id: f.filename for file_id, f in files.items()})
    tools = CaseTools(ctx=ctx, storage=runtime.storage, book=book, agent=SPEC, files=files)
    run = ChatRun(ctx, tools, request_parts(turn.question, turn.history), turn.question)
    try:
        async for piece in run.stream():
            out.put_nowait(_event(EventType.CHAT_TOKEN, {"token": piece}))
    except AgentFailedError as exc:
        logger.warning("chat answer failed: %s", exc.reason)
        return _event("ERROR", _FAILED.model_dump(mode="json"))
    content = run.answer.answer
    async with runtime.session_factory() as session:
        message = await chat_repo.add_message(
            session,
            Message(
                session_id=turn.chat_session_id,
                role="assistant",
                content=content,
                citations=run.citations,
                thinking_trace=run.thoughts,
            ),
        )
        await transaction.commit(session)
    return _event(
        EventType.CHAT_COMPLETE,
        {"message_id": str(message.id), "content": content, "citations": run.citations},
    )


async def stream_answer(runtime: Runtime, turn: ChatTurn) -> AsyncIterator[ServerSentEvent]:
    out: asyncio.Queue[ServerSentEvent | None] = asyncio.Queue()
    if runtime.spawn(_answer(runtime, turn, out), name=f"chat-{turn.chat_session_id}") is None:
        return  # the service is stopping
    while (event := await out.get()) is not None:
        yield event
