"""The moment a model request has left, and the moment its answer starts to arrive: whoever runs
an agent may ask to be told.

Agents that run side by side share one event loop, so what matters to the next one is not when
a request was decided but when its bytes are out: from then on it costs nothing but waiting.
Gemini requests report it from the HTTP client (the request body written to the socket); the
local analyst reports it as it starts. Telling twice (a retried request) is harmless; the
callback must be idempotent.

An answer arriving is told as soon as its headers are in (Gemini requests only: the local analyst
answers in-process), before its body is read and parsed: what must not run while answers are
being read (held writes, the cycle collector) can stop from there.

A request can also be held at that point, built but not yet sent (`held_by`): an agent started
before it is known that it will run waits there until it is confirmed, or is cancelled with
nothing sent (agents.runner.Speculation).
"""

from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import httpx

_ON_SENT: ContextVar[Callable[[], None] | None] = ContextVar("holmes_on_request_sent", default=None)
_ON_ANSWERED: ContextVar[Callable[[], None] | None] = ContextVar(
    "holmes_on_answer_arriving", default=None
)
_HOLD: ContextVar[Callable[[], Awaitable[None]] | None] = ContextVar(
    "holmes_hold_request", default=None
)


@contextmanager
def when_sent(callback: Callable[[], None]) -> Iterator[None]:
    """Model requests made inside (and in tasks started inside) call `callback` once out."""
    token = _ON_SENT.set(callback)
    try:
        yield
    finally:
        _ON_SENT.reset(token)


@contextmanager
def when_answered(callback: Callable[[], None]) -> Iterator[None]:
    """Model requests made inside call `callback` when their answer's headers are in (every
    try, a failed one too)."""
    token = _ON_ANSWERED.set(callback)
    try:
        yield
    finally:
        _ON_ANSWERED.reset(token)


@contextmanager
def held_by(wait: Callable[[], Awaitable[None]] | None) -> Iterator[None]:
    """Model requests made inside await `wait()` once built, before they leave (every try)."""
    token = _HOLD.set(wait)
    try:
        yield
    finally:
        _HOLD.reset(token)


async def hold_point() -> None:
    """Where a built model request waits while it is held (see `held_by`)."""
    wait = _HOLD.get()
    if wait is not None:
        await wait()


def notify_sent() -> None:
    callback = _ON_SENT.get()
    if callback is not None:
        callback()


async def trace_request(request: httpx.Request) -> None:
    """An httpx request hook: the request waits while it is held, and reports when its body
    has been written and when its answer's headers have arrived."""
    await hold_point()
    sent, answered = _ON_SENT.get(), _ON_ANSWERED.get()
    if sent is None and answered is None:
        return
    inner = request.extensions.get("trace")

    async def trace(event: str, info: dict[str, Any]) -> None:
        if inner is not None:
            await inner(event, info)
        if sent is not None and event.endswith("send_request_body.complete"):
            sent()
        elif answered is not None and event.endswith("receive_response_headers.complete"):
            answered()

    request.extensions["trace"] = trace


__all__ = [
    "held_by",
    "hold_point",
    "notify_sent",
    "trace_request",
    "when_answered",
    "when_sent",
]
