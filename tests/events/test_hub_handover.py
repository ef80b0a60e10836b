"""A commit's wake-up hands its event to the case's feed (events.hub): broadcast without a log
read when it is the next id, the log read whenever there is a gap, every id once and in order."""

import asyncio
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import timedelta

import pytest

from holmes_backend.db.types import utcnow
from holmes_backend.events import log as event_service
from holmes_backend.events.hub import EventHub, FeedItem, Subscription

CASE = uuid.uuid4()


class Log:
    """The case's event log, in memory, counting the feed's reads."""

    def __init__(self, head: int) -> None:
        self.items = [FeedItem(i, "AGENT_PROGRESS", f'{{"n": {i}}}') for i in range(1, head + 1)]
        self.reads = 0

    def append(self) -> FeedItem:
        item = FeedItem(len(self.items) + 1, "AGENT_PROGRESS", f'{{"n": {len(self.items) + 1}}}')
        self.items.append(item)
        return item

    async def read(self, case_id: uuid.UUID, after_id: int, limit: int) -> Sequence[FeedItem]:
        self.reads += 1
        return [i for i in self.items if i.id > after_id][:limit]

    async def head(self, case_id: uuid.UUID) -> int:
        return len(self.items)


async def received(queue: asyncio.Queue[FeedItem], count: int) -> list[int]:
    return [(await asyncio.wait_for(queue.get(), 5)).id for _ in range(count)]


@asynccontextmanager
async def subscribed(log: Log) -> AsyncIterator[tuple[EventHub, Subscription]]:
    """A hub on `log` and one subscription to the case's feed."""
    hub = EventHub(log.read, log.head)
    try:
        async with hub.subscribe(CASE) as subscription:
            yield hub, subscription
    finally:
        await hub.close()


async def test_the_next_event_is_broadcast_without_reading_the_log() -> None:
    log = Log(head=10)
    async with subscribed(log) as (hub, subscription):
        for _ in range(3):
            item = log.append()
            hub.notify(CASE, lambda item=item: item)
        assert await received(subscription.queue, 3) == [11, 12, 13]
        assert log.reads == 0


async def test_a_gap_is_read_from_the_log_and_nothing_comes_twice() -> None:
    log = Log(head=10)
    async with subscribed(log) as (hub, subscription):
        eleven, twelve, thirteen = log.append(), log.append(), log.append()
        hub.notify(CASE, lambda: thirteen)  # 11 and 12 were committed elsewhere: a gap
        assert await received(subscription.queue, 3) == [11, 12, 13]
        assert log.reads == 1
        hub.notify(CASE, lambda: twelve)  # a late wake-up of an event already sent
        hub.notify(CASE, lambda: eleven)
        fourteen = log.append()
        hub.notify(CASE, lambda: fourteen)
        assert await received(subscription.queue, 1) == [14]
        assert subscription.queue.empty()
        assert log.reads == 1


async def test_a_plain_wake_up_reads_the_log() -> None:
    log = Log(head=0)
    async with subscribed(log) as (hub, subscription):
        log.append()
        hub.notify(CASE)  # another process's event (PostgreSQL NOTIFY)
        assert await received(subscription.queue, 1) == [1]
        assert log.reads == 1


async def test_no_listener_no_event_made() -> None:
    log = Log(head=0)
    hub = EventHub(log.read, log.head)
    made: list[int] = []

    def make() -> FeedItem:
        made.append(1)
        return log.append()

    hub.notify(CASE, make)
    assert made == []
    await hub.close()


async def test_an_event_broadcast_while_a_stream_catches_up_is_not_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The stream reads the log, and meanwhile an event is committed and broadcast: the read
    does not have it, the stream's queue does, and the stream must still deliver it."""
    log = Log(head=5)
    hub = EventHub(log.read, log.head)
    reads = 0

    async def read(case_id: uuid.UUID, after_id: int, limit: int) -> Sequence[FeedItem]:
        nonlocal reads
        reads += 1
        snapshot = await log.read(case_id, after_id, limit)
        if reads == 1:  # committed after the read's snapshot, broadcast before it returns
            item = log.append()
            hub.notify(CASE, lambda: item)
            await asyncio.sleep(0.05)
        return snapshot

    monkeypatch.setattr(event_service, "hub_reader", lambda _factory: (read, log.head))
    stream = event_service.stream(
        None,  # type: ignore[arg-type]
        hub,
        case_id=CASE,
        after_id=0,
        until=utcnow() + timedelta(hours=1),
    )
    ids = [int((await asyncio.wait_for(anext(stream), 5)).id or 0) for _ in range(6)]
    assert ids == [1, 2, 3, 4, 5, 6]
    await stream.aclose()
    await hub.close()
