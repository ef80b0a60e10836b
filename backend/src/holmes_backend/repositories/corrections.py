import uuid
from collections.abc import Sequence

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import Case, ChatSession, Correction, Message


async def add(session: AsyncSession, correction: Correction) -> Correction:
    session.add(correction)
    await session.flush()
    return correction


async def get_owned(
    session: AsyncSession, correction_id: uuid.UUID, owner_id: uuid.UUID
) -> Correction | None:
    """The correction, if it is on one of the user's cases."""
    result: Correction | None = await session.scalar(
        select(Correction)
        .join(Case, Case.id == Correction.case_id)
        .where(Correction.id == correction_id, Case.user_id == owner_id)
    )
    return result


async def for_case(session: AsyncSession, case_id: uuid.UUID) -> Sequence[Correction]:
    result = await session.scalars(
        select(Correction)
        .where(Correction.case_id == case_id)
        .order_by(Correction.created_at, Correction.id)
    )
    return result.all()


async def delete_by_id(session: AsyncSession, correction_id: uuid.UUID) -> None:
    await session.execute(delete(Correction).where(Correction.id == correction_id))


async def chat_message(
    session: AsyncSession, *, message_id: uuid.UUID, case_id: uuid.UUID, user_id: uuid.UUID
) -> Message | None:
    """A message of the user's own conversation on the case (a correction may target one)."""
    result: Message | None = await session.scalar(
        select(Message)
        .join(ChatSession, ChatSession.id == Message.session_id)
        .where(
            Message.id == message_id,
            ChatSession.case_id == case_id,
            ChatSession.user_id == user_id,
        )
    )
    return result
