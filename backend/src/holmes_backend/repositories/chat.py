import uuid
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import ChatSession, Message


async def session_for(
    session: AsyncSession, *, case_id: uuid.UUID, user_id: uuid.UUID
) -> ChatSession | None:
    """The user's chat session on the case (the first, should two ever have been created)."""
    result: ChatSession | None = await session.scalar(
        select(ChatSession)
        .where(ChatSession.case_id == case_id, ChatSession.user_id == user_id)
        .order_by(ChatSession.created_at, ChatSession.id)
        .limit(1)
    )
    return result


async def add_session(session: AsyncSession, chat_session: ChatSession) -> ChatSession:
    session.add(chat_session)
    await session.flush()
    return chat_session


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
