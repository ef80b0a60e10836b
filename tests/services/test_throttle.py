"""The throttle's arithmetic on a fake clock, and the bound on concurrent password hashing."""

import asyncio
import threading
import time

import pytest

from holmes_backend.services.throttle import LoginThrottle, PasswordWork, TokenBucket
from holmes_shared.errors import RateLimitedError


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _fail(throttle: LoginThrottle, account: str, client: str) -> None:
    with throttle.attempt(account=account, client=client) as attempt:
        attempt.failed()


def _refusal(throttle: LoginThrottle, account: str, client: str) -> int:
    with (
        pytest.raises(RateLimitedError) as refused,
        throttle.attempt(account=account, client=client),
    ):
        pass
    return int(refused.value.details["retry_after_seconds"])


def test_token_bucket_spends_its_burst_then_refills_at_its_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(per_second=2, burst=3, clock=clock)
    assert [bucket.take() for _ in range(3)] == [0, 0, 0]
    assert bucket.take() == pytest.approx(0.5)
    clock.now += 0.5
    assert bucket.take() == 0
    clock.now += 100
    assert [bucket.take() for _ in range(4)][-1] > 0  # never more than the burst


def test_account_backoff_doubles_up_to_its_cap_and_a_success_resets_it() -> None:
    clock = Clock()
    throttle = LoginThrottle(
        max_failures=3,
        window_seconds=900,
        backoff_seconds=1,
        backoff_max_seconds=8,
        client_max_failures=1000,
        clock=clock,
    )
    for _ in range(3):
        _fail(throttle, "ada", "10.0.0.1")
    waits = []
    for _ in range(6):
        waits.append(_refusal(throttle, "ada", "10.0.0.2"))
        clock.now += waits[-1]
        _fail(throttle, "ada", "10.0.0.2")
    assert waits == [1, 2, 4, 8, 8, 8]

    clock.now += 8
    with throttle.attempt(account="ada", client="10.0.0.3") as attempt:
        attempt.succeeded()
    _fail(throttle, "ada", "10.0.0.4")  # free again


def test_parallel_attempts_past_the_free_failures_are_checked_one_at_a_time() -> None:
    throttle = LoginThrottle(max_failures=2, window_seconds=900, clock=Clock())
    with (
        throttle.attempt(account="ada", client="10.0.0.1"),
        throttle.attempt(account="ada", client="10.0.0.2"),
    ):
        # Two in flight would use up the free failures if both failed: a third waits.
        assert _refusal(throttle, "ada", "10.0.0.3") == 1


def test_failures_are_forgotten_and_their_entries_dropped() -> None:
    clock = Clock()
    throttle = LoginThrottle(max_failures=1, window_seconds=60, client_max_failures=5, clock=clock)
    for n in range(5):
        _fail(throttle, f"guess-{n}@example.org", "10.0.0.1")
    assert _refusal(throttle, "ada", "10.0.0.1") == 60
    clock.now += 61
    with throttle.attempt(account="ada", client="10.0.0.1") as attempt:
        attempt.succeeded()
    # Guessed emails and idle addresses do not pile up in memory.
    assert len(throttle._accounts) <= 1
    assert not throttle._clients


async def test_password_work_runs_at_most_its_concurrency_at_once() -> None:
    work = PasswordWork(per_second=100, burst=100, concurrency=2)
    lock = threading.Lock()
    running, peak = 0, 0

    def hash_like() -> None:
        nonlocal running, peak
        with lock:
            running += 1
            peak = max(peak, running)
        time.sleep(0.05)
        with lock:
            running -= 1

    await asyncio.gather(*(work.run(hash_like) for _ in range(8)))
    assert peak == 2
