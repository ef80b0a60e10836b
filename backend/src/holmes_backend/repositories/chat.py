"""Chat history, and the light reads of case knowledge chat makes for every question."""

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import ChatSession, Finding, KnowledgeGraph, Message
from holmes_shared.enums import FindingStatus

# What chat reads of a graph version (not its facts or change record).
GRAPH_PARTS = ("nodes", "edges", "contradictions", "evidence_gaps", "cross_modal_links", "timeline")


async def session_for(
    session: AsyncSession, *, case_id: uuid.UUID, user_id: uuid.UUID
) -> ChatSession | None:
    """The user's chat session on the case."""
    result: ChatSession | None = await session.scalar(
        select(ChatSession).where(ChatSession.case_id == case_id, ChatSession.user_id == user_id)
    )
    return result


async def get_or_create_session(
    session: AsyncSession, *, case_id: uuid.UUID, user_id: uuid.UUID, adk_session_id: str
) -> ChatSession:
    """The user's chat session on the case, created if there is none. Two requests racing to
    create it both get the one row: the unique index makes the loser's insert a no-op (it waits
    for the winner's transaction), and the select then reads the winner's row."""
    existing = await session_for(session, case_id=case_id, user_id=user_id)
    if existing is not None:
        return existing
    dialect = session.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    await session.execute(
        insert(ChatSession)
        .values(id=uuid.uuid4(), case_id=case_id, user_id=user_id, adk_session_id=adk_session_id)
        .on_conflict_do_nothing(index_elements=[ChatSession.case_id, ChatSession.user_id])
    )
    created = await session_for(session, case_id=case_id, user_id=user_id)
    assert created is not None
    return created


async def add_message(session: AsyncSession, message: Message) -> Message:
    session.add(message)
    await session.flush()
    return message


async def messages(
    session: AsyncSession, *, case_id: uuid.UUID, user_id: uuid.UUID, last: int | None = None
) -> Sequence[Message]:
    """The user's messages on the case in the order they were written (only the last N if asked)."""
    query = (
        select(Message)
        .join(ChatSession, ChatSession.id == Message.session_id)
        .where(ChatSession.case_id == case_id, ChatSession.user_id == user_id)
    )
    if last is None:
        result = await session.scalars(query.order_by(Message.created_at, Message.id))
        return result.all()
    newest = await session.scalars(
        query.order_by(Message.created_at.desc(), Message.id.desc()).limit(last)
    )
    return list(reversed(newest.all()))


async def latest_graph_stamp(
    session: AsyncSession, case_id: uuid.UUID
) -> tuple[uuid.UUID, int, datetime] | None:
    """The id, version and last update of the case's newest graph, without reading the graph."""
    row = (
        await session.execute(
            select(KnowledgeGraph.id, KnowledgeGraph.version, KnowledgeGraph.updated_at)
            .where(KnowledgeGraph.case_id == case_id)
            .order_by(KnowledgeGraph.version.desc())
            .limit(1)
        )
    ).first()
    return (row[0], row[1], row[2]) if row else None


async def graph_parts(session: AsyncSession, graph_id: uuid.UUID) -> dict[str, list[Any]]:
    columns = [getattr(KnowledgeGraph, name) for name in GRAPH_PARTS]
    row = (await session.execute(select(*columns).where(KnowledgeGraph.id == graph_id))).one()
    return dict(zip(GRAPH_PARTS, row, strict=True))


async def current_findings(
    session: AsyncSession, case_id: uuid.UUID, domain: str | None = None
) -> list[dict[str, Any]]:
    """The case's findings nothing superseded, as the few fields chat ranks and cites."""
    query = select(
        Finding.id,
        Finding.file_id,
        Finding.domain,
        Finding.title,
        Finding.summary,
        Finding.source_location,
    ).where(
        Finding.case_id == case_id,
        Finding.status != FindingStatus.SUPERSEDED,
        Finding.superseded_by.is_(None),
    )
    if domain is not None:
        query = query.where(Finding.domain == domain)
    rows = await session.execute(query.order_by(Finding.created_at, Finding.id))
    return [
        {
            "id": str(r.id),
            "file_id": str(r.file_id) if r.file_id else None,
            "domain": r.domain,
            "title": r.title,
            "summary": r.summary,
            "source_location": r.source_location,
        }
        for r in rows
    ]
