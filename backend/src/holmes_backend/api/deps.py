"""Request dependencies: settings, the request's session (which owns the transaction), storage."""

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request, Response
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.config import Settings
from holmes_backend.db import transaction
from holmes_backend.models import User
from holmes_backend.runtime import Runtime
from holmes_backend.services import auth as auth_service
from holmes_backend.services.auth import Identity, IssuedToken
from holmes_backend.services.throttle import LoginThrottle
from holmes_backend.storage import Storage
from holmes_shared.errors import UnauthorizedError


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


def get_throttle(runtime: RuntimeDep) -> LoginThrottle:
    return runtime.throttle


ThrottleDep = Annotated[LoginThrottle, Depends(get_throttle)]


def _token(request: Request, settings: Settings) -> str | None:
    header = request.headers.get("authorization")
    if header:
        scheme, _, value = header.partition(" ")
        return value.strip() if scheme.lower() == "bearer" and value.strip() else None
    return request.cookies.get(settings.cookie_name)


async def get_identity(request: Request, session: SessionDep, settings: SettingsDep) -> Identity:
    token = _token(request, settings)
    if token is None:
        raise UnauthorizedError("Log in to continue.")
    return await auth_service.authenticate(session, settings=settings, token=token)


CurrentIdentity = Annotated[Identity, Depends(get_identity)]


def get_current_user(identity: CurrentIdentity) -> User:
    return identity.user


CurrentUser = Annotated[User, Depends(get_current_user)]


def set_session_cookie(response: Response, settings: Settings, issued: IssuedToken) -> None:
    response.set_cookie(
        settings.cookie_name,
        issued.token,
        expires=issued.expires_at,
        httponly=True,
        samesite="lax",
        secure=settings.environment == "production",
        path="/",
    )


def clear_session_cookie(response: Response, settings: Settings) -> None:
    response.delete_cookie(
        settings.cookie_name,
        httponly=True,
        samesite="lax",
        secure=settings.environment == "production",
        path="/",
    )
