"""Login limits over real HTTP (issue 41): account backoff that lets the owner back in, per-address
limits across accounts, X-Forwarded-For believed only from configured proxies, and the global gate
on password hashing.

Each server here has limits of its own, small enough to reach in a test; the shared test server
keeps the defaults.
"""

import asyncio
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from holmes_backend.__main__ import proxy_options
from holmes_backend.config import Settings
from tests.api.helpers import assert_envelope
from tests.support import LiveServer, live_server

PASSWORD = "amber kettle lantern orbit"
LIMITS: dict[str, Any] = {
    "login_max_failures": 2,
    "login_backoff_seconds": 1.0,
    "login_backoff_max_seconds": 2.0,
    "login_client_max_failures": 6,
}


def _settings(database_url: str, data_dir: Path, **values: Any) -> Settings:
    return Settings.model_validate(
        {
            "environment": "test",
            "data_dir": data_dir,
            "database_url": database_url,
            "job_heartbeat_seconds": 3600,
        }
        | values
    )


@pytest.fixture(scope="module")
def direct(module_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Trusts no proxy (the default): every client is its TCP peer, here 127.0.0.1."""
    data_dir = tmp_path_factory.mktemp("direct")
    with live_server(_settings(module_database, data_dir, **LIMITS)) as server:
        yield server


@pytest.fixture(scope="module")
def proxied(module_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Behind a proxy at 127.0.0.1, so a test plays many clients through X-Forwarded-For."""
    data_dir = tmp_path_factory.mktemp("proxied")
    settings = _settings(module_database, data_dir, trusted_proxies="127.0.0.1", **LIMITS)
    with live_server(settings) as server:
        yield server


@pytest.fixture(scope="module")
def starved(module_database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A global budget of 3 password checks, refilled one per 20 s."""
    data_dir = tmp_path_factory.mktemp("starved")
    settings = _settings(
        module_database, data_dir, password_checks_per_second=0.05, password_check_burst=3
    )
    with live_server(settings) as server:
        yield server


def _email() -> str:
    return f"limits-{uuid.uuid4().hex[:10]}@holmes.example"


def _address() -> str:
    """A fresh client address (documentation range), one per simulated client."""
    value = uuid.uuid4().int
    return f"198.51.{value % 250}.{(value >> 8) % 250 + 1}"


async def _sign_up(server: LiveServer) -> str:
    email = _email()
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30) as http:
        response = await http.post("/api/auth/signup", json={"email": email, "password": PASSWORD})
    assert response.status_code == 201, response.text
    return email


async def _login(
    server: LiveServer, email: str, password: str, forwarded_for: str | None = None
) -> httpx.Response:
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30, headers=headers) as http:
        return await http.post("/api/auth/login", json={"email": email, "password": password})


def _refused(response: httpx.Response, about: str) -> int:
    """The 429 envelope, its Retry-After (seconds) matching its details."""
    error = assert_envelope(response, 429, "RATE_LIMITED")
    assert about in error["message"], error
    assert error["suggested_action"]
    retry_after = int(response.headers["retry-after"])
    assert retry_after >= 1
    assert error["details"]["retry_after_seconds"] == retry_after
    return retry_after


async def test_the_right_password_works_again_after_a_short_backoff(proxied: LiveServer) -> None:
    email, client = await _sign_up(proxied), _address()
    for _ in range(2):
        assert_envelope(await _login(proxied, email, "wrong guess", client), 401, "UNAUTHORIZED")
    # The backoff holds the right password too (else it would not slow guessing) ...
    wait = _refused(await _login(proxied, email, PASSWORD, client), "this account")
    assert wait == 1
    # ... for a second only, at first.
    await asyncio.sleep(wait + 0.2)
    assert (await _login(proxied, email, PASSWORD, client)).status_code == 200

    # The success reset the streak: two free failures again, then 1 s, then 2 s (doubled).
    for _ in range(2):
        assert_envelope(await _login(proxied, email, "wrong guess", client), 401, "UNAUTHORIZED")
    await asyncio.sleep(1.2)
    assert_envelope(await _login(proxied, email, "wrong guess", client), 401, "UNAUTHORIZED")
    assert _refused(await _login(proxied, email, PASSWORD, client), "this account") == 2


async def test_guesses_from_elsewhere_do_not_lock_the_owner_out(proxied: LiveServer) -> None:
    email, home = await _sign_up(proxied), _address()
    assert (await _login(proxied, email, PASSWORD, home)).status_code == 200

    # An attacker spreads guesses over many addresses; each is a new client.
    for _ in range(2):
        response = await _login(proxied, email, "wrong guess", _address())
        assert_envelope(response, 401, "UNAUTHORIZED")
    # The account is in backoff for any new address, the right password included, briefly ...
    wait = _refused(await _login(proxied, email, PASSWORD, _address()), "this account")
    assert wait <= LIMITS["login_backoff_max_seconds"]
    # ... but its owner signs in from where they signed in before.
    assert (await _login(proxied, email, PASSWORD, home)).status_code == 200


async def test_one_address_failing_across_accounts_is_refused(proxied: LiveServer) -> None:
    email, attacker = await _sign_up(proxied), _address()
    for _ in range(LIMITS["login_client_max_failures"]):
        # The proxy appends the address it saw; what the client claimed before it is ignored.
        response = await _login(proxied, _email(), "wrong guess", f"{_address()}, {attacker}")
        assert_envelope(response, 401, "UNAUTHORIZED")
    # Even a right password from that address waits for its failures to leave the window ...
    wait = _refused(await _login(proxied, email, PASSWORD, attacker), "this address")
    assert wait > LIMITS["login_backoff_max_seconds"]
    assert wait <= proxied.settings.login_window_seconds
    # ... while the account itself is not held.
    assert (await _login(proxied, email, PASSWORD, _address())).status_code == 200


async def test_forwarded_for_from_an_untrusted_peer_changes_nothing(direct: LiveServer) -> None:
    # 127.0.0.1 is not a configured proxy: X-Forwarded-For names no client, so rotating it
    # neither resets an account's count ...
    email = await _sign_up(direct)
    for _ in range(2):
        response = await _login(direct, email, "wrong guess", _address())
        assert_envelope(response, 401, "UNAUTHORIZED")
    _refused(await _login(direct, email, PASSWORD, _address()), "this account")

    # ... nor the address's count across accounts (two failures above, four more here).
    for _ in range(LIMITS["login_client_max_failures"] - 2):
        response = await _login(direct, _email(), "wrong guess", _address())
        assert_envelope(response, 401, "UNAUTHORIZED")
    _refused(await _login(direct, _email(), "wrong guess", _address()), "this address")


async def test_password_checks_beyond_the_global_budget_are_429_at_once(
    starved: LiveServer,
) -> None:
    await _sign_up(starved)  # one of the three checks
    started = time.monotonic()
    responses = await asyncio.gather(*(_login(starved, _email(), "wrong guess") for _ in range(8)))
    elapsed = time.monotonic() - started
    statuses = sorted(response.status_code for response in responses)
    assert statuses == [401, 401] + [429] * 6, statuses
    for response in responses:
        if response.status_code == 429:
            assert _refused(response, "busy checking passwords") > 1
    # Refused without queueing behind the hashing: the answers come at once.
    assert elapsed < 5, elapsed
    async with httpx.AsyncClient(base_url=starved.base_url, timeout=30) as http:
        signup = await http.post("/api/auth/signup", json={"email": _email(), "password": PASSWORD})
    _refused(signup, "busy checking passwords")


def test_trusted_proxies_read_as_a_comma_separated_list(monkeypatch: pytest.MonkeyPatch) -> None:
    assert proxy_options(Settings()) == {"proxy_headers": False}
    monkeypatch.setenv("HOLMES_TRUSTED_PROXIES", "10.0.0.0/8, 127.0.0.1")
    settings = Settings()
    assert settings.trusted_proxies == ("10.0.0.0/8", "127.0.0.1")
    assert proxy_options(settings) == {
        "proxy_headers": True,
        "forwarded_allow_ips": ["10.0.0.0/8", "127.0.0.1"],
    }
