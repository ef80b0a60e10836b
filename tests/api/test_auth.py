"""Accounts: sign-up, login (bearer, cookie), logout revocation, bad tokens, throttling, Google."""

import base64
import json
import time
import uuid

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from pydantic import ValidationError

from holmes_backend.config import DEV_SECRET_KEY, Settings
from holmes_backend.services import auth as auth_service
from holmes_shared.errors import NotConfiguredError
from tests.api.helpers import assert_envelope
from tests.conftest import Account
from tests.fake_oidc import FakeOidcProvider
from tests.support import LiveServer


def _email() -> str:
    return f"user-{uuid.uuid4().hex[:10]}@holmes.example"


async def _signup(anonymous: httpx.AsyncClient, **extra: str) -> httpx.Response:
    body = {"email": _email(), "password": "correct horse battery", "name": "Ada"} | extra
    return await anonymous.post("/api/auth/signup", json=body)


async def test_signup_returns_a_working_token_and_an_httponly_cookie(
    anonymous: httpx.AsyncClient,
) -> None:
    response = await _signup(anonymous, username="ada_l")
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["token_type"] == "bearer"
    assert body["user"]["username"] == "ada_l"
    assert "password" not in json.dumps(body["user"])
    cookie = response.headers["set-cookie"]
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie or "SameSite=Lax" in cookie

    me = await anonymous.get(
        "/api/auth/me", headers={"Authorization": f"Bearer {body['access_token']}"}
    )
    assert me.status_code == 200
    assert me.json()["id"] == body["user"]["id"]


async def test_signup_rejects_duplicates_and_bad_input(anonymous: httpx.AsyncClient) -> None:
    email = _email()
    assert (await _signup(anonymous, email=email, username="dup_user")).status_code == 201
    assert_envelope(await _signup(anonymous, email=email.upper()), 409, "CONFLICT")
    assert_envelope(await _signup(anonymous, username="DUP_USER"), 409, "CONFLICT")
    assert_envelope(await _signup(anonymous, email="not-an-email"), 422, "VALIDATION_ERROR")
    assert_envelope(await _signup(anonymous, password="short"), 422, "VALIDATION_ERROR")
    assert_envelope(await _signup(anonymous, username="no spaces!"), 422, "VALIDATION_ERROR")


async def test_signup_refuses_short_and_guessable_passwords(anonymous: httpx.AsyncClient) -> None:
    for password in ("password", "12345678", " " * 8):
        error = assert_envelope(
            await _signup(anonymous, password=password), 422, "VALIDATION_ERROR"
        )
        assert "at least 12 characters" in error["message"]
    for password in (" " * 12, "passwordpassword", "Password1234"):
        error = assert_envelope(
            await _signup(anonymous, password=password), 422, "VALIDATION_ERROR"
        )
        assert error["message"].startswith("This password is too easy to guess"), error
        assert error["details"]["field"] == "password"
        assert "unrelated words" in error["suggested_action"]
    # Strong in general, weak for this account: it is made of the account's own name.
    email = f"quintessa.marlowe.{uuid.uuid4().hex[:6]}@holmes.example"
    weak_for_her = await _signup(anonymous, email=email, password="quintessamarlowe")
    assert_envelope(weak_for_her, 422, "VALIDATION_ERROR")
    assert (await _signup(anonymous, password="quintessamarlowe")).status_code == 201


async def test_login_with_bearer_and_with_cookie(server: LiveServer, alice: Account) -> None:
    async with httpx.AsyncClient(base_url=server.base_url) as browser:
        response = await browser.post(
            "/api/auth/login", json={"email": alice.email.upper(), "password": alice.password}
        )
        assert response.status_code == 200, response.text
        # The cookie alone authenticates (what the browser UI uses).
        assert browser.cookies.get(server.settings.cookie_name)
        me = await browser.get("/api/auth/me")
        assert me.status_code == 200
        assert me.json()["email"] == alice.email


async def test_wrong_password_is_401_and_repeated_failures_are_429(
    anonymous: httpx.AsyncClient, server: LiveServer
) -> None:
    email = _email()
    assert (await _signup(anonymous, email=email)).status_code == 201
    limit = server.settings.login_max_failures
    for _ in range(limit):
        response = await anonymous.post(
            "/api/auth/login", json={"email": email, "password": "wrong password"}
        )
        error = assert_envelope(response, 401, "UNAUTHORIZED")
        assert error["message"] == "Invalid email or password."
    blocked = await anonymous.post(
        "/api/auth/login", json={"email": email, "password": "correct horse battery"}
    )
    error = assert_envelope(blocked, 429, "RATE_LIMITED")
    assert int(blocked.headers["retry-after"]) > 0
    assert error["details"]["retry_after_seconds"] == int(blocked.headers["retry-after"])
    unknown = await anonymous.post(
        "/api/auth/login", json={"email": _email(), "password": "whatever1"}
    )
    assert_envelope(unknown, 401, "UNAUTHORIZED")


async def test_logout_revokes_the_token(anonymous: httpx.AsyncClient) -> None:
    token = (await _signup(anonymous)).json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    assert (await anonymous.get("/api/auth/me", headers=headers)).status_code == 200
    response = await anonymous.post("/api/auth/logout", headers=headers)
    assert response.status_code == 204
    assert (
        'holmes_session=""' in response.headers["set-cookie"]
        or "Max-Age=0" in (response.headers["set-cookie"])
    )
    error = assert_envelope(
        await anonymous.get("/api/auth/me", headers=headers), 401, "UNAUTHORIZED"
    )
    assert "logged out" in error["message"]
    assert_envelope(await anonymous.get("/api/cases", headers=headers), 401, "UNAUTHORIZED")
    assert_envelope(await anonymous.post("/api/auth/logout", headers=headers), 401, "UNAUTHORIZED")


def _tamper(token: str) -> str:
    header, payload, signature = token.split(".")
    claims = json.loads(base64.urlsafe_b64decode(payload + "=="))
    claims["sub"] = str(uuid.uuid4())
    forged = base64.urlsafe_b64encode(json.dumps(claims).encode()).rstrip(b"=").decode()
    return f"{header}.{forged}.{signature}"


async def test_tampered_expired_and_foreign_tokens_are_401(
    anonymous: httpx.AsyncClient, alice: Account, server: LiveServer
) -> None:
    secret = server.settings.secret_key
    now = int(time.time())
    base = {"sub": alice.id, "jti": uuid.uuid4().hex, "iat": now}
    bad_tokens = {
        "tampered": _tamper(alice.token),
        "expired": jwt.encode(base | {"exp": now - 10}, secret, algorithm="HS256"),
        "other secret": jwt.encode(base | {"exp": now + 600}, "x" * 40, algorithm="HS256"),
        "no jti": jwt.encode({"sub": alice.id, "iat": now, "exp": now + 600}, secret),
        "alg none": jwt.encode(base | {"exp": now + 600}, None, algorithm="none"),
        "garbage": "not.a.token",
        "unknown user": jwt.encode(
            base | {"sub": str(uuid.uuid4()), "exp": now + 600}, secret, algorithm="HS256"
        ),
    }
    for label, token in bad_tokens.items():
        response = await anonymous.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"})
        assert_envelope(response, 401, "UNAUTHORIZED")
        assert response.headers["www-authenticate"] == "Bearer", label
    async with httpx.AsyncClient(
        base_url=server.base_url, cookies={server.settings.cookie_name: bad_tokens["tampered"]}
    ) as browser:
        assert_envelope(await browser.get("/api/cases"), 401, "UNAUTHORIZED")


async def test_oversized_json_bodies_are_413(client: httpx.AsyncClient) -> None:
    huge = {"name": "x", "description": "y" * (2 * 1024 * 1024)}
    assert_envelope(await client.post("/api/cases", json=huge), 413, "PAYLOAD_TOO_LARGE")

    async def chunked() -> object:
        yield b'{"name": "x", "description": "'
        for _ in range(40):
            yield b"y" * 65536
        yield b'"}'

    response = await client.post(
        "/api/cases", content=chunked(), headers={"content-type": "application/json"}
    )
    assert_envelope(response, 413, "PAYLOAD_TOO_LARGE")


async def test_security_headers(anonymous: httpx.AsyncClient) -> None:
    response = await anonymous.get("/api/health")
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["referrer-policy"] == "same-origin"
    ui = await anonymous.get("/")
    assert "default-src 'self'" in ui.headers["content-security-policy"]


def test_default_secret_is_refused_in_production() -> None:
    with pytest.raises(ValidationError, match="HOLMES_SECRET_KEY"):
        Settings(environment="production")
    assert Settings(environment="production", secret_key="s" * 40).secret_key != DEV_SECRET_KEY


# ---- Google sign-in against the fake OIDC provider ---------------------------------------


async def _google(anonymous: httpx.AsyncClient, code: str) -> httpx.Response:
    return await anonymous.post(
        "/api/auth/google", json={"code": code, "redirect_uri": "http://127.0.0.1/cb"}
    )


async def test_google_sign_in_creates_then_reuses_an_account(
    anonymous: httpx.AsyncClient, oidc: tuple[FakeOidcProvider, str]
) -> None:
    provider, _ = oidc
    sub, email = uuid.uuid4().hex, _email()
    claims = {"sub": sub, "email": email, "email_verified": True, "name": "Grace"}
    provider.codes["code-1"] = dict(claims)
    first = await _google(anonymous, "code-1")
    assert first.status_code == 200, first.text
    assert first.json()["user"]["email"] == email
    assert provider.requests[-1]["redirect_uri"] == "http://127.0.0.1/cb"

    provider.codes["code-2"] = dict(claims)
    second = await _google(anonymous, "code-2")
    assert second.json()["user"]["id"] == first.json()["user"]["id"]
    me = await anonymous.get(
        "/api/auth/me", headers={"Authorization": f"Bearer {second.json()['access_token']}"}
    )
    assert me.json()["email"] == email


async def test_google_links_an_existing_password_account(
    anonymous: httpx.AsyncClient, oidc: tuple[FakeOidcProvider, str]
) -> None:
    provider, _ = oidc
    email = _email()
    existing = (await _signup(anonymous, email=email)).json()["user"]
    provider.codes["link"] = {"sub": uuid.uuid4().hex, "email": email, "email_verified": True}
    response = await _google(anonymous, "link")
    assert response.json()["user"]["id"] == existing["id"]


async def test_google_refusals(
    anonymous: httpx.AsyncClient, oidc: tuple[FakeOidcProvider, str]
) -> None:
    provider, _ = oidc
    assert_envelope(await _google(anonymous, "never-issued"), 401, "UNAUTHORIZED")

    provider.codes["unverified"] = {"sub": "u1", "email": _email(), "email_verified": False}
    assert_envelope(await _google(anonymous, "unverified"), 401, "UNAUTHORIZED")

    provider.codes["wrong-aud"] = {
        "__raw_id_token": provider.id_token(
            {"sub": "u2", "email": _email(), "email_verified": True, "aud": "someone-else"}
        )
    }
    assert_envelope(await _google(anonymous, "wrong-aud"), 401, "UNAUTHORIZED")

    stranger = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    provider.codes["forged"] = {
        "__raw_id_token": provider.id_token(
            {"sub": "u3", "email": _email(), "email_verified": True}, key=stranger
        )
    }
    assert_envelope(await _google(anonymous, "forged"), 401, "UNAUTHORIZED")

    provider.codes["bad-iss"] = {
        "__raw_id_token": provider.id_token(
            {"sub": "u4", "email": _email(), "email_verified": True, "iss": "https://evil"}
        )
    }
    assert_envelope(await _google(anonymous, "bad-iss"), 401, "UNAUTHORIZED")
    assert_envelope(
        await anonymous.post("/api/auth/google", json={"code": "", "redirect_uri": "x"}),
        422,
        "VALIDATION_ERROR",
    )


async def test_google_not_configured_is_501() -> None:
    with pytest.raises(NotConfiguredError):
        await auth_service.google_login(
            None,  # type: ignore[arg-type]
            settings=Settings(environment="test"),
            code="c",
            redirect_uri="r",
        )
