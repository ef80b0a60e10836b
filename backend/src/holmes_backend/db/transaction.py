"""Side effects tied to the fate of a request's transaction.

Services register work that must happen only once the transaction is committed (delete evidence
from storage after its row is gone) or only if it is rolled back (remove objects uploaded for
rows that were never stored). The session dependency runs them.
"""

import logging
from collections.abc import Awaitable, Callable

from sqlalchemy.ext.asyncio import AsyncSession

logger = logging.getLogger(__name__)

Hook = Callable[[], Awaitable[None]]

_AFTER_COMMIT = "holmes_after_commit"
_AFTER_ROLLBACK = "holmes_after_rollback"


def after_commit(session: AsyncSession, hook: Hook) -> None:
    session.info.setdefault(_AFTER_COMMIT, []).append(hook)


def after_rollback(session: AsyncSession, hook: Hook) -> None:
    session.info.setdefault(_AFTER_ROLLBACK, []).append(hook)


def _take(session: AsyncSession, key: str) -> list[Hook]:
    hooks: list[Hook] = session.info.pop(key, [])
    return hooks


async def commit(session: AsyncSession) -> None:
    """Commit, then run the after-commit hooks (and drop the rollback ones)."""
    try:
        await session.commit()
    except BaseException:
        await rollback(session)
        raise
    _take(session, _AFTER_ROLLBACK)
    await _run(_take(session, _AFTER_COMMIT))


async def rollback(session: AsyncSession) -> None:
    await session.rollback()
    _take(session, _AFTER_COMMIT)
    await _run(_take(session, _AFTER_ROLLBACK))


async def _run(hooks: list[Hook]) -> None:
    # The transaction's outcome is settled; a failing hook is logged, not turned into an error
    # for a request whose change already happened (or already did not).
    for hook in hooks:
        try:
            await hook()
        except Exception:
            logger.exception("transaction hook %r failed", hook)
