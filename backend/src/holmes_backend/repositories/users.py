import uuid
from datetime import datetime

from sqlalchemy import delete, exists, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import RevokedToken, User


async def add(session: AsyncSession, user: User) -> User:
    session.add(user)
    await session.flush()
    return user


async def get(session: AsyncSession, user_id: uuid.UUID) -> User | None:
    return await session.get(User, user_id)


async def by_email(session: AsyncSession, email: str) -> User | None:
    result: User | None = await session.scalar(
        select(User).where(func.lower(User.email) == email.lower())
    )
    return result


async def by_username(session: AsyncSession, username: str) -> User | None:
    result: User | None = await session.scalar(
        select(User).where(func.lower(User.username) == username.lower())
    )
    return result


async def by_google_sub(session: AsyncSession, sub: str) -> User | None:
    result: User | None = await session.scalar(select(User).where(User.google_sub == sub))
    return result


async def count(session: AsyncSession) -> int:
    return int(await session.scalar(select(func.count(User.id))) or 0)


async def revoke(
    session: AsyncSession, *, jti: str, user_id: uuid.UUID, expires_at: datetime, now: datetime
) -> None:
    # Expired entries can go: an expired token is refused on its own.
    await session.execute(delete(RevokedToken).where(RevokedToken.expires_at < now))
    if await session.get(RevokedToken, jti) is None:
        session.add(RevokedToken(jti=jti, user_id=user_id, expires_at=expires_at))
    await session.flush()


async def is_revoked(session: AsyncSession, jti: str) -> bool:
    return bool(await session.scalar(select(exists().where(RevokedToken.jti == jti))))
