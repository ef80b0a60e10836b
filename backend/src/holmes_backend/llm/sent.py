"""The moment a model request has left: whoever runs an agent may ask to be told.

The local analyst reports it as it takes a request (it answers in-process). `hold_point` is
where a request once waited to be confirmed; nothing holds requests any more, and it stays only
until llm.local stops calling it.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

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


async def hold_point() -> None:
    """Holds nothing (see the module's docstring)."""


__all__ = ["hold_point", "notify_sent", "when_sent"]
