"""Login throttling: too many failures for one account from one client in a window -> 429.

In-process state: with several processes each keeps its own count, which still bounds guessing
to a small multiple of the limit.
"""

import math
import time
from collections import deque


class LoginThrottle:
    def __init__(self, *, max_failures: int, window_seconds: float) -> None:
        self._max = max_failures
        self._window = window_seconds
        self._failures: dict[str, deque[float]] = {}

    def retry_after(self, key: str) -> int | None:
        """Seconds until another attempt is allowed, or None when one is allowed now."""
        failures = self._recent(key)
        if len(failures) < self._max:
            return None
        return max(1, math.ceil(failures[0] + self._window - time.monotonic()))

    def failed(self, key: str) -> None:
        self._recent(key).append(time.monotonic())

    def succeeded(self, key: str) -> None:
        self._failures.pop(key, None)

    def _recent(self, key: str) -> deque[float]:
        failures = self._failures.setdefault(key, deque())
        cutoff = time.monotonic() - self._window
        while failures and failures[0] < cutoff:
            failures.popleft()
        return failures
