import uuid
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import ChatSession, Message


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
