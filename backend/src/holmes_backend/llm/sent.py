"""The moment a model request has left: whoever runs an agent may ask to be told.

Agents that run side by side share one event loop, so what matters to the next one is not when
a request was decided but when its bytes are out: from then on it costs nothing but waiting.
Gemini requests report it from the HTTP client (the request body written to the socket); the
local analyst reports it as it starts. Telling twice (a retried request) is harmless; the
callback must be idempotent.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import httpx

_ON_SENT: ContextVar[Callable[[], None] | None] = ContextVar("holmes_on_request_sent", default=None)


@contextmanager
def when_sent(callback: Callable[[], None]) -> Iterator[None]:
    """Model requests made inside (and in tasks started inside) call `callback` once out."""
    token = _ON_SENT.set(callback)
    try:
        yield
    finally:
        _ON_SENT.reset(token)


def notify_sent() -> None:
    callback = _ON_SENT.get()
    if callback is not None:
        callback()


async def trace_request(request: httpx.Request) -> None:
    """An httpx request hook: the request reports when its body has been written."""
    callback = _ON_SENT.get()
    if callback is None:
        return
    inner = request.extensions.get("trace")

    async def trace(event: str, info: dict[str, Any]) -> None:
        if inner is not None:
            await inner(event, info)
        if event.endswith("send_request_body.complete"):
            callback()

    request.extensions["trace"] = trace


__all__ = ["notify_sent", "trace_request", "when_sent"]
