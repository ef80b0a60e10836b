"""Login throttling and the global gate on password hashing (issue 41).

Three limits, cheapest first, each answering 429 with Retry-After:

- Per client address, across accounts: failed logins in a sliding window. Over the limit every
  login from that address is refused until old failures leave the window, which is longer than
  any account's backoff: this is the limit that bites an attacker's address hardest.
- Per account: exponential backoff. Past `max_failures` consecutive failures each failure earns a
  delay that starts at `backoff_seconds` and doubles, capped at `backoff_max_seconds`; a success
  resets it. During the delay every attempt is refused, the right password too, unchecked: were
  the right password let through, the backoff would not slow guessing at all. The cap is short,
  so the owner waits at most that long; and an address that has signed in to the account before
  is held only by its own failures there, so guesses from elsewhere cannot lock the owner out.
- Globally: argon2 (login and sign-up) is CPU- and memory-hard on purpose. A token bucket bounds
  how often it runs and a thread limiter how many run at once, so a flood of logins is answered
  429 at once and the event loop and every other request stay responsive.

All state is in process memory. That suits the global gate (it protects this process's CPU); with
several processes each keeps its own counts, which bounds guessing to a small multiple of the
limits.
"""

import math
import time
from collections import Counter, deque
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import TypeVar

from anyio import CapacityLimiter, to_thread

from holmes_backend.config import Settings
from holmes_shared.errors import RateLimitedError

T = TypeVar("T")
K = TypeVar("K")

# How long a successful sign-in keeps its address known to the account.
KNOWN_CLIENT_SECONDS = 30 * 24 * 3600
# Stale entries are swept at most this often (each sweep walks every entry once).
_SWEEP_SECONDS = 60.0
# Beyond 2**30 times any sane backoff is past its cap; stops the float from overflowing.
_MAX_DOUBLINGS = 30


class TokenBucket:
    """`burst` tokens, refilled at `per_second`; each `take` spends one."""

    def __init__(
        self, *, per_second: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._rate = per_second
        self._burst = float(burst)
        self._tokens = float(burst)
        self._clock = clock
        self._at = clock()

    def take(self) -> float:
        """Spends a token and returns 0, or returns the seconds until one is available."""
        now = self._clock()
        self._tokens = min(self._burst, self._tokens + (now - self._at) * self._rate)
        self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return 0.0
        return (1 - self._tokens) / self._rate


class PasswordWork:
    """The global gate on argon2 work: how often (token bucket) and how many at once (threads)."""

    def __init__(
        self,
        *,
        per_second: float,
        burst: int,
        concurrency: int,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._bucket = TokenBucket(per_second=per_second, burst=burst, clock=clock)
        self._concurrency = concurrency
        self._limiter: CapacityLimiter | None = None

    def admit(self) -> None:
        """Spends one password check of the global budget, or refuses with 429."""
        wait = self._bucket.take()
        if wait > 0:
            raise RateLimitedError(
                "The server is busy checking passwords; try again shortly.",
                retry_after_seconds=_seconds(wait),
            )

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """One of the `concurrency` turns at password work. A login reads its account inside
        its turn, so the many that wait for one hold no database connection meanwhile."""
        if self._limiter is None:
            # Made on first use, inside the serving event loop.
            self._limiter = CapacityLimiter(self._concurrency)
        async with self._limiter:
            yield

    async def run(self, work: Callable[..., T], *args: object) -> T:
        """Runs CPU-heavy password work on a worker thread, in a turn of its own."""
        async with self.slot():
            return await to_thread.run_sync(work, *args)


@dataclass
class _Streak:
    """Consecutive failures of one account (or one account from one known address)."""

    failures: int = 0
    last: float = 0.0
    in_flight: int = 0

    def wait(self, now: float, *, free: int, base: float, cap: float) -> float:
        """Seconds until the next attempt may be checked; 0 when it may be now."""
        if self.failures + self.in_flight < free:
            return 0.0
        if self.in_flight:
            # Checked one at a time once past the free failures, so parallel guesses cannot
            # all slip in before the first of them is counted.
            return 1.0
        if self.failures < free:
            return 0.0
        delay = min(base * 2.0 ** min(self.failures - free, _MAX_DOUBLINGS), cap)
        return max(0.0, self.last + delay - now)


class LoginAttempt:
    """What the caller learnt; the throttle books it when the attempt ends."""

    def __init__(self) -> None:
        self.outcome: bool | None = None

    def failed(self) -> None:
        self.outcome = False

    def succeeded(self) -> None:
        self.outcome = True


class LoginThrottle:
    def __init__(
        self,
        *,
        max_failures: int,
        window_seconds: float,
        backoff_seconds: float = 1.0,
        backoff_max_seconds: float = 60.0,
        client_max_failures: int = 20,
        checks_per_second: float = 10.0,
        check_burst: int = 20,
        check_concurrency: int = 2,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._free = max_failures
        self._window = window_seconds
        self._base = backoff_seconds
        self._cap = backoff_max_seconds
        self._client_max = client_max_failures
        self._clock = clock
        # A streak outlives its backoff, else a capped streak would start over from nothing.
        self._forget = max(window_seconds, backoff_max_seconds)
        self.work = PasswordWork(
            per_second=checks_per_second,
            burst=check_burst,
            concurrency=check_concurrency,
            clock=clock,
        )
        self._accounts: dict[str, _Streak] = {}
        # (account, address) streaks, kept only for addresses known to the account.
        self._pairs: dict[tuple[str, str], _Streak] = {}
        self._known: dict[str, dict[str, float]] = {}
        self._clients: dict[str, deque[float]] = {}
        self._clients_in_flight: Counter[str] = Counter()
        self._swept = clock()

    @classmethod
    def from_settings(cls, settings: Settings) -> "LoginThrottle":
        return cls(
            max_failures=settings.login_max_failures,
            window_seconds=settings.login_window_seconds,
            backoff_seconds=settings.login_backoff_seconds,
            backoff_max_seconds=settings.login_backoff_max_seconds,
            client_max_failures=settings.login_client_max_failures,
            checks_per_second=settings.password_checks_per_second,
            check_burst=settings.password_check_burst,
            check_concurrency=settings.password_check_concurrency,
        )

    @contextmanager
    def attempt(self, *, account: str, client: str) -> Iterator[LoginAttempt]:
        """Admits one password check of `account` from `client`, or raises 429.

        The caller marks the attempt failed or succeeded; one that ends unmarked (an error on
        the way) counts as neither."""
        now = self._clock()
        self._sweep(now)
        self._admit_client(client, now)
        streak = self._streak(account, client, now)
        wait = streak.wait(now, free=self._free, base=self._base, cap=self._cap)
        if wait > 0:
            raise RateLimitedError(
                "Too many failed logins for this account; try again later.",
                retry_after_seconds=_seconds(wait),
            )
        self.work.admit()
        streak.in_flight += 1
        self._clients_in_flight[client] += 1
        attempt = LoginAttempt()
        try:
            yield attempt
        finally:
            streak.in_flight -= 1
            self._clients_in_flight[client] -= 1
            if self._clients_in_flight[client] <= 0:
                del self._clients_in_flight[client]
            if attempt.outcome is False:
                self._failed(account, client)
            elif attempt.outcome is True:
                self._succeeded(account, client)

    def _admit_client(self, client: str, now: float) -> None:
        failures = self._recent(client, now)
        if len(failures) + self._clients_in_flight[client] < self._client_max:
            return
        wait = failures[0] + self._window - now if len(failures) >= self._client_max else 1.0
        raise RateLimitedError(
            "Too many failed logins from this address; try again later.",
            retry_after_seconds=_seconds(wait),
        )

    def _streak(self, account: str, client: str, now: float) -> _Streak:
        if client in self._known.get(account, {}):
            streak = self._pairs.setdefault((account, client), _Streak())
        else:
            streak = self._accounts.setdefault(account, _Streak())
        if streak.failures and now - streak.last > self._forget:
            streak.failures = 0
        return streak

    def _failed(self, account: str, client: str) -> None:
        now = self._clock()
        self._clients.setdefault(client, deque()).append(now)
        streaks = [self._accounts.setdefault(account, _Streak())]
        if (account, client) in self._pairs:
            streaks.append(self._pairs[(account, client)])
        for streak in streaks:
            streak.failures += 1
            streak.last = now

    def _succeeded(self, account: str, client: str) -> None:
        # The address's failures stay: signing in to an account of one's own must not buy an
        # attacker's address a fresh allowance.
        for streak in (self._accounts.get(account), self._pairs.get((account, client))):
            if streak is not None:
                streak.failures = 0
        self._known.setdefault(account, {})[client] = self._clock()

    def _recent(self, client: str, now: float) -> deque[float]:
        failures = self._clients.get(client)
        if failures is None:
            return deque()
        cutoff = now - self._window
        while failures and failures[0] <= cutoff:
            failures.popleft()
        return failures

    def _sweep(self, now: float) -> None:
        """Drops what can no longer matter, so guessed emails and addresses do not pile up."""
        if now - self._swept < _SWEEP_SECONDS:
            return
        self._swept = now
        _drop_stale(self._accounts, now, self._forget)
        _drop_stale(self._pairs, now, self._forget)
        for client in [c for c in self._clients if not self._recent(c, now)]:
            del self._clients[client]
        for account, clients in list(self._known.items()):
            for client in [c for c, at in clients.items() if now - at > KNOWN_CLIENT_SECONDS]:
                del clients[client]
            if not clients:
                del self._known[account]


def _drop_stale(streaks: dict[K, _Streak], now: float, forget: float) -> None:
    stale = [
        key
        for key, streak in streaks.items()
        if not streak.in_flight and (not streak.failures or now - streak.last > forget)
    ]
    for key in stale:
        del streaks[key]


def _seconds(wait: float) -> int:
    return max(1, math.ceil(wait))
