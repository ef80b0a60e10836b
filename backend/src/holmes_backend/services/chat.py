"""Chat with a case (PRD §3.3, §4.12): knowledge-first answers, streamed, with durable history.

A turn has two halves. `start_turn` runs inside the request: it authorises, refuses a case with
no knowledge graph yet, and stores the user's message. `stream_answer` runs as the response
streams, on its own sessions: it ranks the case knowledge for the question, has the chat agent
answer from it, stores the answer with its citations and thoughts, then sends the answer as
CHAT_TOKEN events and a closing CHAT_COMPLETE.
"""

import asyncio
import json
import logging
import re
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession
from sse_starlette import ServerSentEvent

from holmes_backend.agents.chat import agent as chat_agent
from holmes_backend.agents.chat.context import collect, rank, read_question
from holmes_backend.agents.runner import AgentFailedError, PipelineContext
from holmes_backend.agents.schemas import SourceRef
from holmes_backend.db import transaction
from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.models import Chunk
from holmes_backend.models import ChatSession, File, Message
from holmes_backend.repositories import chat as chat_repo
from holmes_backend.repositories import files as file_repo
from holmes_backend.repositories import findings as finding_repo
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.runtime import Runtime
from holmes_backend.services.cases import require_case
from holmes_backend.services.evidence import load_extraction
from holmes_backend.storage import Storage
from holmes_shared.errors import ConflictError, ErrorBody, ErrorCode
from holmes_shared.events import EventType

logger = logging.getLogger(__name__)

CONTEXT_ITEMS = 24
HISTORY_TURNS = 6
_TOKEN = re.compile(r"\S+\s*|\s+")
_LOCATION_FIELDS = ("page", "line", "row", "sheet", "cue_start", "cue_end", "bbox")


@dataclass(frozen=True)
class ChatTurn:
    case_id: uuid.UUID
    chat_session_id: uuid.UUID
    question: str
    history: list[tuple[str, str]]


async def start_turn(
    session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID, message: str
) -> ChatTurn:
    await require_case(session, case_id, owner_id)
    if await graph_repo.latest(session, case_id) is None:
        raise ConflictError(
            "The case has no knowledge graph yet, so there is nothing to chat with.",
            details={"case_id": str(case_id)},
            suggested_action="process the case",
        )
    chat_session = await chat_repo.session_for(session, case_id=case_id, user_id=owner_id)
    if chat_session is None:
        chat_session = await chat_repo.add_session(
            session,
            ChatSession(
                case_id=case_id, user_id=owner_id, adk_session_id=f"case_{case_id}_chat_{owner_id}"
            ),
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


def tokens(text: str) -> list[str]:
    """Word-sized pieces that join back into exactly the text."""
    return _TOKEN.findall(text)


def citation(ref: SourceRef) -> dict[str, Any]:
    """PRD §6 shape: {file_id, location, excerpt}."""
    location = {k: getattr(ref, k) for k in _LOCATION_FIELDS if getattr(ref, k) is not None}
    return {"file_id": ref.file_id, "location": location, "excerpt": ref.excerpt}


async def _chunks(storage: Storage, file: File) -> list[Chunk]:
    try:
        return (await load_extraction(storage, file)).chunks
    except (ExtractionError, FileNotFoundError):
        return []  # an unreadable file adds nothing to chat; processing reported it already


async def _knowledge(
    runtime: Runtime, case_id: uuid.UUID
) -> tuple[dict[str, list[Any]], list[dict[str, Any]], dict[str, File]]:
    async with runtime.session_factory() as session:
        graph = await graph_repo.latest(session, case_id)
        findings = await finding_repo.for_case(session, case_id)
        files = await file_repo.list_for_case(session, case_id)
    knowledge: dict[str, list[Any]] = {}
    if graph is not None:
        knowledge = {
            "nodes": graph.nodes,
            "edges": graph.edges,
            "contradictions": graph.contradictions,
            "evidence_gaps": graph.evidence_gaps,
            "cross_modal_links": graph.cross_modal_links,
            "timeline": graph.timeline,
        }
    rows = [
        {
            "file_id": str(f.file_id) if f.file_id else None,
            "domain": f.domain,
            "title": f.title,
            "summary": f.summary,
            "source_location": f.source_location,
        }
        for f in findings
        if not f.superseded_by
    ]
    return knowledge, rows, {str(f.id): f for f in files}


def _event(kind: EventType | str, data: dict[str, Any]) -> ServerSentEvent:
    return ServerSentEvent(event=str(kind), data=json.dumps(data, ensure_ascii=False))


async def stream_answer(runtime: Runtime, turn: ChatTurn) -> AsyncIterator[ServerSentEvent]:
    graph, findings, files = await _knowledge(runtime, turn.case_id)
    loaded = await asyncio.gather(*(_chunks(runtime.storage, f) for f in files.values()))
    chunks = dict(zip(files, loaded, strict=True))
    items = collect(graph=graph, findings=findings, chunks=chunks)
    chosen = [item for _, item in rank(read_question(turn.question), items, CONTEXT_ITEMS)]
    ctx = PipelineContext(
        settings=runtime.settings,
        session_factory=runtime.session_factory,
        hub=runtime.hub,
        case_id=turn.case_id,
        job_id=None,
    )
    parts = chat_agent.request_parts(
        turn.question, chosen, turn.history, {k: f.filename for k, f in files.items()}
    )
    try:
        reply = await chat_agent.answer(ctx, parts, turn.question)
    except AgentFailedError as exc:
        logger.warning("chat answer failed: %s", exc.reason)
        error = ErrorBody(
            code=ErrorCode.SYSTEM_ERROR,
            message="The chat agent could not answer; try again.",
            details={},
            recoverable=True,
            suggested_action="retry the question",
        )
        yield _event("ERROR", error.model_dump(mode="json"))
        return
    # A model may cite what it was never shown; only the case's own files are kept.
    cited = [citation(ref) for ref in reply.answer.citations if ref.file_id in files]
    content = reply.answer.answer
    async with runtime.session_factory() as session:
        message = await chat_repo.add_message(
            session,
            Message(
                session_id=turn.chat_session_id,
                role="assistant",
                content=content,
                citations=cited,
                thinking_trace=reply.thoughts,
            ),
        )
        await transaction.commit(session)
    for piece in tokens(content):
        yield _event(EventType.CHAT_TOKEN, {"token": piece})
    yield _event(
        EventType.CHAT_COMPLETE,
        {"message_id": str(message.id), "content": content, "citations": cited},
    )
