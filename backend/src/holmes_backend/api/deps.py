"""Request dependencies: settings, the request's session (which owns the transaction), storage."""

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.config import Settings
from holmes_backend.db import transaction
from holmes_backend.runtime import Runtime
from holmes_backend.storage import Storage


def get_runtime(request: Request) -> Runtime:
    runtime: Runtime = request.app.state.runtime
    return runtime


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]


def get_settings(runtime: RuntimeDep) -> Settings:
    return runtime.settings


def get_storage(runtime: RuntimeDep) -> Storage:
    return runtime.storage


async def get_session(runtime: RuntimeDep) -> AsyncIterator[AsyncSession]:
    async with runtime.session_factory() as session:
        try:
            yield session
        except BaseException:
            await transaction.rollback(session)
            raise
        await transaction.commit(session)


SettingsDep = Annotated[Settings, Depends(get_settings)]
StorageDep = Annotated[Storage, Depends(get_storage)]
# scope="function": commit before the response is sent, so a failed commit is the response.
SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]
