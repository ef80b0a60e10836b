"""Accounts: sign-up, password login, Google sign-in, JWTs and their server-side revocation."""

import secrets
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

import httpx
import jwt
from anyio import to_thread
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.config import Settings
from holmes_backend.db.types import utcnow
from holmes_backend.models import User
from holmes_backend.repositories import users as user_repo
from holmes_backend.services.passwords import check_password
from holmes_backend.services.throttle import LoginThrottle
from holmes_shared.errors import (
    ConflictError,
    NotConfiguredError,
    UnauthorizedError,
    ValidationFailedError,
)

_ALGORITHM = "HS256"
_hasher = PasswordHasher()
# Verified against when the account does not exist, so both paths cost the same.
_DUMMY_HASH = _hasher.hash("holmes-dummy-password")


@dataclass(frozen=True)
class IssuedToken:
    token: str
    expires_at: datetime


@dataclass(frozen=True)
class Identity:
    user: User
    jti: str
    expires_at: datetime


async def hash_password(password: str) -> str:
    return await to_thread.run_sync(_hasher.hash, password)


def _hash_new_password(password: str, *, min_score: int, user_inputs: tuple[str, ...]) -> str:
    check_password(password, min_score=min_score, user_inputs=user_inputs)
    return _hasher.hash(password)


def _verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def issue_token(settings: Settings, user: User) -> IssuedToken:
    now = utcnow()
    expires_at = now + timedelta(seconds=settings.token_ttl_seconds)
    claims = {
        "sub": str(user.id),
        "jti": uuid.uuid4().hex,
        "iat": int(now.timestamp()),
        "exp": int(expires_at.timestamp()),
    }
    return IssuedToken(jwt.encode(claims, settings.secret_key, algorithm=_ALGORITHM), expires_at)


async def signup(
    session: AsyncSession,
    *,
    settings: Settings,
    throttle: LoginThrottle,
    email: str,
    password: str,
    name: str | None,
    username: str | None,
) -> tuple[User, IssuedToken]:
    throttle.work.admit()
    password_hash = await throttle.work.run(
        partial(
            _hash_new_password,
            password,
            min_score=settings.password_min_score,
            user_inputs=(email, name or "", username or ""),
        )
    )
    if await user_repo.by_email(session, email) is not None:
        raise ConflictError(
            "An account with this email already exists.", details={"field": "email"}
        )
    if username and await user_repo.by_username(session, username) is not None:
        raise ConflictError("This username is taken.", details={"field": "username"})
    user = await user_repo.add(
        session,
        User(
            email=email.lower(),
            password_hash=password_hash,
            name=name,
            username=username,
        ),
    )
    return user, issue_token(settings, user)


async def login(
    session: AsyncSession,
    *,
    settings: Settings,
    throttle: LoginThrottle,
    email: str,
    password: str,
    client: str,
) -> tuple[User, IssuedToken]:
    # Unknown emails are throttled like known ones, so the answers do not tell them apart.
    with throttle.attempt(account=email.lower(), client=client) as attempt:
        async with throttle.work.slot():
            user = await user_repo.by_email(session, email)
            valid = await to_thread.run_sync(
                _verify_password,
                user.password_hash if user is not None and user.password_hash else _DUMMY_HASH,
                password,
            )
        if user is None or not user.password_hash or not valid:
            attempt.failed()
            raise UnauthorizedError("Invalid email or password.")
        attempt.succeeded()
    return user, issue_token(settings, user)


async def authenticate(session: AsyncSession, *, settings: Settings, token: str) -> Identity:
    try:
        claims: dict[str, Any] = jwt.decode(
            token,
            settings.secret_key,
            algorithms=[_ALGORITHM],
            options={"require": ["sub", "jti", "exp", "iat"]},
        )
        user_id = uuid.UUID(str(claims["sub"]))
    except (jwt.PyJWTError, ValueError) as exc:
        raise UnauthorizedError("The session token is invalid or has expired.") from exc
    jti = str(claims["jti"])
    if await user_repo.is_revoked(session, jti):
        raise UnauthorizedError("The session has been logged out.")
    user = await user_repo.get(session, user_id)
    if user is None:
        raise UnauthorizedError("The session's account no longer exists.")
    return Identity(user=user, jti=jti, expires_at=datetime.fromtimestamp(claims["exp"], UTC))


async def logout(session: AsyncSession, *, identity: Identity) -> None:
    await user_repo.revoke(
        session,
        jti=identity.jti,
        user_id=identity.user.id,
        expires_at=identity.expires_at,
        now=utcnow(),
    )


async def google_login(
    session: AsyncSession, *, settings: Settings, code: str, redirect_uri: str
) -> tuple[User, IssuedToken]:
    """OAuth authorization-code exchange; the ID token is verified against Google's keys."""
    if not settings.google_client_id or not settings.google_client_secret:
        raise NotConfiguredError("Google sign-in is not configured on this server.")
    async with httpx.AsyncClient(timeout=15) as http:
        try:
            response = await http.post(
                settings.google_token_url,
                data={
                    "grant_type": "authorization_code",
                    "code": code,
                    "redirect_uri": redirect_uri,
                    "client_id": settings.google_client_id,
                    "client_secret": settings.google_client_secret,
                },
            )
        except httpx.HTTPError as exc:
            raise UnauthorizedError("Google could not be reached to complete sign-in.") from exc
    if response.status_code != 200:
        raise UnauthorizedError(
            "Google refused the sign-in code.", details={"status": response.status_code}
        )
    id_token = response.json().get("id_token")
    if not isinstance(id_token, str):
        raise UnauthorizedError("Google's answer had no ID token.")
    claims = await _verify_google_id_token(settings, id_token)
    if not claims.get("email") or claims.get("email_verified") is not True:
        raise UnauthorizedError("The Google account has no verified email address.")
    sub, email = str(claims["sub"]), str(claims["email"]).lower()

    user = await user_repo.by_google_sub(session, sub)
    if user is None:
        user = await user_repo.by_email(session, email)
        if user is not None:
            user.google_sub = sub  # same verified address: link the accounts
        else:
            user = await user_repo.add(
                session, User(email=email, google_sub=sub, name=claims.get("name"))
            )
    return user, issue_token(settings, user)


async def _verify_google_id_token(settings: Settings, id_token: str) -> dict[str, Any]:
    def _verify() -> dict[str, Any]:
        key = jwt.PyJWKClient(settings.google_jwks_url).get_signing_key_from_jwt(id_token)
        claims: dict[str, Any] = jwt.decode(
            id_token,
            key.key,
            algorithms=["RS256"],
            audience=settings.google_client_id,
            options={"require": ["iss", "sub", "aud", "exp"]},
        )
        return claims

    try:
        claims = await to_thread.run_sync(_verify)
    except jwt.PyJWTError as exc:
        raise UnauthorizedError("Google's ID token could not be verified.") from exc
    if claims["iss"] not in settings.google_issuers:
        raise UnauthorizedError("Google's ID token has an unexpected issuer.")
    return claims


async def ensure_local_user(session: AsyncSession) -> tuple[str, str] | None:
    """On a fresh embedded install, create one account; returns its credentials once."""
    if await user_repo.count(session) > 0:
        return None
    email = "investigator@holmes.example"
    password = await to_thread.run_sync(_generated_password)
    await user_repo.add(
        session,
        User(
            email=email,
            username="investigator",
            name="Local investigator",
            password_hash=await hash_password(password),
        ),
    )
    return email, password


def _generated_password() -> str:
    """16 random URL-safe characters (96 bits): always strong, but held to the policy anyway."""
    while True:
        password = secrets.token_urlsafe(12)
        try:
            check_password(password, min_score=4)
        except ValidationFailedError:
            continue
        return password
