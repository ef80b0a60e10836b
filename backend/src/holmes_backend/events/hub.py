"""Live fan-out: one reader per case hands each new event to every stream of that case.

Streams first catch up from the log on their own (after their Last-Event-ID), then take what the
case's feed broadcasts. The feed reads the log once per wake-up, however many streams listen,
and serialises each event once. Wake-ups come from this process (after a commit) and, on
PostgreSQL, from NOTIFY for events other processes append. A feed also re-reads on a timer, so a
lost wake-up delays an event but never loses it. A wake-up from this process hands over the
events it announces: when they are the very next ids of the case's log, the feed broadcasts
them without reading it (one read less per commit, on the path of every live event); any
other case (a gap: another process's events, a commit whose wake-up came first) reads the log.
"""

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass

RECHECK_SECONDS = 15.0
QUEUE_LIMIT = 1000


@dataclass(frozen=True)
class FeedItem:
    id: int
    type: str
    data: str  # the serialised envelope, shared by every stream


# (case id, after id, limit) -> the next events, in id order
Reader = Callable[[uuid.UUID, int, int], Awaitable[Sequence[FeedItem]]]
# case id -> the highest event id in its log now
Head = Callable[[uuid.UUID], Awaitable[int]]


class Subscription:
    def __init__(self) -> None:
        self.queue: asyncio.Queue[FeedItem] = asyncio.Queue(QUEUE_LIMIT)
        # Set when this stream fell too far behind: it re-reads the log instead of the queue.
        self.lagged = False

    def offer(self, item: FeedItem) -> None:
        if self.lagged:
            return
        try:
            self.queue.put_nowait(item)
        except asyncio.QueueFull:
            self.lagged = True

    async def next(self, seconds: float) -> FeedItem | None:
        """The next broadcast event, or None after ``seconds`` without one."""
        try:
            return await asyncio.wait_for(self.queue.get(), seconds)
        except TimeoutError:
            return None

    def drain(self) -> None:
        while not self.queue.empty():
            self.queue.get_nowait()
        self.lagged = False


class _Feed:
    def __init__(self, case_id: uuid.UUID, last_id: int, reader: Reader, batch: int) -> None:
        self.case_id = case_id
        self.last_id = last_id
        self.subscriptions: set[Subscription] = set()
        self._reader = reader
        self._batch = batch
        self._wake = asyncio.Event()
        self._handed: list[FeedItem] = []  # events announced with their wake-ups, in order
        self._task = asyncio.create_task(self._run(), name=f"feed-{case_id}")

    def wake(self, item: FeedItem | None = None) -> None:
        if item is not None:
            self._handed.append(item)
        self._wake.set()

    async def close(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), RECHECK_SECONDS)
            self._wake.clear()
            handed, self._handed = self._handed, []
            handed = [item for item in handed if item.id > self.last_id]
            if handed and all(item.id == self.last_id + 1 + i for i, item in enumerate(handed)):
                self._broadcast(handed)
                continue
            while True:
                items = await self._reader(self.case_id, self.last_id, self._batch)
                self._broadcast(items)
                if len(items) < self._batch:
                    break

    def _broadcast(self, items: Sequence[FeedItem]) -> None:
        for item in items:
            for subscription in self.subscriptions:
                subscription.offer(item)
            self.last_id = item.id


class EventHub:
    def __init__(self, reader: Reader, head: Head, batch: int = 500) -> None:
        self._reader = reader
        self._head = head
        self._batch = batch
        self._feeds: dict[uuid.UUID, _Feed] = {}
        self._lock = asyncio.Lock()

    @asynccontextmanager
    async def subscribe(self, case_id: uuid.UUID) -> AsyncIterator[Subscription]:
        subscription = Subscription()
        async with self._lock:
            feed = self._feeds.get(case_id)
            if feed is None:
                feed = _Feed(case_id, await self._head(case_id), self._reader, self._batch)
                self._feeds[case_id] = feed
            feed.subscriptions.add(subscription)
        try:
            yield subscription
        finally:
            async with self._lock:
                feed.subscriptions.discard(subscription)
                if not feed.subscriptions and self._feeds.get(case_id) is feed:
                    del self._feeds[case_id]
                    await feed.close()

    def notify(self, case_id: uuid.UUID, event: Callable[[], FeedItem] | None = None) -> None:
        """Wakes the case's feed, if anyone listens; `event` makes the committed event it
        announces (only then: no listener, no serialising)."""
        feed = self._feeds.get(case_id)
        if feed is not None:
            feed.wake(event() if event is not None else None)

    def subscriber_count(self, case_id: uuid.UUID | None = None) -> int:
        feeds = [self._feeds[case_id]] if case_id in self._feeds else []
        if case_id is None:
            feeds = list(self._feeds.values())
        return sum(len(feed.subscriptions) for feed in feeds)

    async def close(self) -> None:
        async with self._lock:
            feeds, self._feeds = list(self._feeds.values()), {}
        for feed in feeds:
            await feed.close()
