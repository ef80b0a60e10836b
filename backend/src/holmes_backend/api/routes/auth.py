from fastapi import APIRouter, Request, Response, status

from holmes_backend.api.deps import (
    CurrentIdentity,
    SessionDep,
    SettingsDep,
    ThrottleDep,
    clear_session_cookie,
    set_session_cookie,
)
from holmes_backend.api.errors import error_responses
from holmes_backend.api.schemas.auth import AuthOut, GoogleIn, LoginIn, SignupIn, UserOut
from holmes_backend.models import User
from holmes_backend.services import auth as auth_service
from holmes_backend.services.auth import IssuedToken

router = APIRouter(prefix="/api/auth", tags=["auth"])


def _signed_in(
    response: Response, settings: SettingsDep, user: User, issued: IssuedToken
) -> AuthOut:
    set_session_cookie(response, settings, issued)
    return AuthOut(
        access_token=issued.token, expires_at=issued.expires_at, user=UserOut.model_validate(user)
    )


@router.post(
    "/signup",
    response_model=AuthOut,
    status_code=status.HTTP_201_CREATED,
    responses=error_responses(400, 409, 413, 422, 429),
)
async def signup(
    body: SignupIn,
    response: Response,
    session: SessionDep,
    settings: SettingsDep,
    throttle: ThrottleDep,
) -> AuthOut:
    user, issued = await auth_service.signup(
        session,
        settings=settings,
        throttle=throttle,
        email=str(body.email),
        password=body.password,
        name=body.name,
        username=body.username,
    )
    return _signed_in(response, settings, user, issued)


@router.post("/login", response_model=AuthOut, responses=error_responses(400, 401, 413, 422, 429))
async def login(
    body: LoginIn,
    request: Request,
    response: Response,
    session: SessionDep,
    settings: SettingsDep,
    throttle: ThrottleDep,
) -> AuthOut:
    user, issued = await auth_service.login(
        session,
        settings=settings,
        throttle=throttle,
        email=body.email,
        password=body.password,
        client=request.client.host if request.client else "unknown",
    )
    return _signed_in(response, settings, user, issued)


@router.post("/google", response_model=AuthOut, responses=error_responses(400, 401, 413, 422, 501))
async def google_login(
    body: GoogleIn, response: Response, session: SessionDep, settings: SettingsDep
) -> AuthOut:
    user, issued = await auth_service.google_login(
        session, settings=settings, code=body.code, redirect_uri=body.redirect_uri
    )
    return _signed_in(response, settings, user, issued)


@router.post("/logout", status_code=status.HTTP_204_NO_CONTENT, responses=error_responses(401))
async def logout(
    identity: CurrentIdentity, response: Response, session: SessionDep, settings: SettingsDep
) -> None:
    await auth_service.logout(session, identity=identity)
    clear_session_cookie(response, settings)


@router.get("/me", response_model=UserOut, responses=error_responses(401))
async def get_me(identity: CurrentIdentity) -> UserOut:
    return UserOut.model_validate(identity.user)
