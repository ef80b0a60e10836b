"""Live fan-out: wakes the streams of a case when its event log grows.

The hub carries no event data. A woken stream reads the log after the last id it sent, so order,
replay after reconnects and delivery across processes all come from one place: the table.
"""

import asyncio
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress


class Subscription:
    def __init__(self) -> None:
        self._event = asyncio.Event()

    def wake(self) -> None:
        self._event.set()

    async def wait(self, seconds: float) -> None:
        """Return when woken, or after ``seconds``, whichever comes first."""
        with suppress(TimeoutError):
            await asyncio.wait_for(self._event.wait(), seconds)
        self._event.clear()


class EventHub:
    def __init__(self) -> None:
        self._subscriptions: dict[uuid.UUID, set[Subscription]] = {}

    @contextmanager
    def subscribe(self, case_id: uuid.UUID) -> Iterator[Subscription]:
        subscription = Subscription()
        self._subscriptions.setdefault(case_id, set()).add(subscription)
        try:
            yield subscription
        finally:
            subscribers = self._subscriptions.get(case_id)
            if subscribers is not None:
                subscribers.discard(subscription)
                if not subscribers:
                    del self._subscriptions[case_id]

    def notify(self, case_id: uuid.UUID) -> None:
        for subscription in self._subscriptions.get(case_id, ()):
            subscription.wake()

    def subscriber_count(self, case_id: uuid.UUID | None = None) -> int:
        if case_id is not None:
            return len(self._subscriptions.get(case_id, ()))
        return sum(len(s) for s in self._subscriptions.values())
