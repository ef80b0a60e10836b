"""The event log over SSE: replay after Last-Event-ID, live delivery, expiry, no leaks."""

import asyncio
import json
import time
import uuid
from collections.abc import AsyncGenerator

import httpx
import jwt
import pytest
from sse_starlette import ServerSentEvent

from holmes_backend.db import transaction
from holmes_backend.db.types import utcnow
from holmes_backend.events import log as event_service
from holmes_backend.events.hub import EventHub
from holmes_backend.models import Case
from holmes_backend.runtime import Runtime
from holmes_shared.events import EventType
from tests.api.helpers import assert_envelope, new_case
from tests.conftest import Account
from tests.support import LiveServer, read_sse


async def _record(
    runtime: Runtime, case_id: uuid.UUID, n: int, hub: EventHub | None = None
) -> list[int]:
    ids = []
    for i in range(n):
        async with runtime.session_factory() as session:
            event = await event_service.record(
                session,
                hub=hub or runtime.hub,
                case_id=case_id,
                type=EventType.AGENT_PROGRESS,
                payload={"phase": "extraction", "files_read": i},
                agent_id="financial_agent",
                agent_type="FINANCIAL",
            )
            await transaction.commit(session)
            ids.append(event.id)
    return ids


async def _live_stream(
    runtime: Runtime, name: str, count: int
) -> tuple[uuid.UUID, EventHub, asyncio.Task[list[int]], AsyncGenerator[ServerSentEvent, None]]:
    """A case, its own hub, and a task reading ``count`` event ids from a live stream."""
    async with runtime.session_factory() as session:
        session.add(case := Case(name=name))
        await transaction.commit(session)
    hub = EventHub(*event_service.hub_reader(runtime.session_factory))
    stream = event_service.stream(
        runtime.session_factory,
        hub,
        case_id=case.id,
        after_id=0,
        until=utcnow().replace(year=utcnow().year + 1),
    )

    async def consume() -> list[int]:
        received: list[int] = []
        async for sse in stream:
            received.append(int(sse.id or 0))
            if len(received) == count:
                break
        return received

    task = asyncio.create_task(consume())
    await asyncio.sleep(0.2)  # let the stream subscribe
    return case.id, hub, task, stream


async def test_reconnect_with_last_event_id_gets_exactly_what_was_missed(
    client: httpx.AsyncClient, runtime: Runtime
) -> None:
    case = await new_case(client)
    ids = await _record(runtime, uuid.UUID(case["id"]), 10)

    async with client.stream("GET", f"/api/cases/{case['id']}/events") as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        first = await read_sse(response.aiter_lines(), 4)
    assert [int(e.id or 0) for e in first] == ids[:4]
    envelope = json.loads(first[0].data)
    assert envelope["type"] == "AGENT_PROGRESS"
    assert envelope["agent_type"] == "FINANCIAL"
    assert envelope["payload"]["phase"] == "extraction"
    assert envelope["payload"]["files_read"] == 0
    assert first[0].event == "AGENT_PROGRESS"

    headers = {"Last-Event-ID": str(ids[3])}
    async with client.stream("GET", f"/api/cases/{case['id']}/events", headers=headers) as again:
        rest = await read_sse(again.aiter_lines(), 6)
    assert [int(e.id or 0) for e in rest] == ids[4:]

    async with client.stream("GET", f"/api/cases/{case['id']}/events?after={ids[7]}") as query:
        tail = await read_sse(query.aiter_lines(), 2)
    assert [int(e.id or 0) for e in tail] == ids[8:]


async def test_stream_ends_cleanly_when_the_session_expires(
    server: LiveServer, alice: Account, client: httpx.AsyncClient
) -> None:
    case = await new_case(client)
    now = int(time.time())
    short = jwt.encode(
        {"sub": alice.id, "jti": uuid.uuid4().hex, "iat": now, "exp": now + 2},
        server.settings.secret_key,
        algorithm="HS256",
    )
    headers = {"Authorization": f"Bearer {short}"}
    async with httpx.AsyncClient(base_url=server.base_url, timeout=20) as http:
        started = time.monotonic()
        async with http.stream("GET", f"/api/cases/{case['id']}/events", headers=headers) as r:
            lines = r.aiter_lines()
            [event] = await read_sse(lines, 1)
            remainder = [line async for line in lines]
    assert event.event == "SESSION_EXPIRED"
    assert time.monotonic() - started < 10
    assert all(not line.startswith("data:") for line in remainder)


async def test_live_events_reach_a_waiting_stream_promptly(runtime: Runtime) -> None:
    """In one process the hub wakes the stream; no polling involved (the recheck is 15 s)."""
    case_id, hub, task, stream = await _live_stream(runtime, "live", 3)
    assert hub.subscriber_count(case_id) == 1
    started = time.monotonic()
    ids = await _record(runtime, case_id, 3, hub=hub)
    assert await asyncio.wait_for(task, timeout=5) == ids
    assert time.monotonic() - started < 2
    await stream.aclose()
    assert hub.subscriber_count() == 0


async def test_events_from_another_process_arrive_live_on_postgres(
    client: httpx.AsyncClient, runtime: Runtime, server: LiveServer
) -> None:
    """The test's own Runtime is another process as far as the server can tell."""
    if server.settings.is_sqlite:
        # SQLite is the single-process embedded default; its streams are woken in-process.
        return
    case = await new_case(client)
    async with client.stream("GET", f"/api/cases/{case['id']}/events") as response:
        lines = response.aiter_lines()
        reader = asyncio.create_task(read_sse(lines, 2))
        await asyncio.sleep(0.3)
        started = time.monotonic()
        ids = await _record(runtime, uuid.UUID(case["id"]), 2)
        events = await asyncio.wait_for(reader, timeout=5)
    assert [int(e.id or 0) for e in events] == ids
    assert time.monotonic() - started < 3


async def test_concurrent_appenders_reach_a_stream_in_order_without_gaps(
    runtime: Runtime,
) -> None:
    """Agents append side by side; a live stream still gets every id once, in order."""
    case_id, hub, task, stream = await _live_stream(runtime, "concurrent", 60)
    batches = await asyncio.gather(*(_record(runtime, case_id, 12, hub=hub) for _ in range(5)))
    received = await asyncio.wait_for(task, timeout=20)
    await stream.aclose()
    assert received == sorted(i for batch in batches for i in batch)
    assert hub.subscriber_count() == 0


BEYOND_ANY_ID = "99999999999999999999"  # past what a BIGINT holds


@pytest.mark.parametrize(
    ("headers", "query"),
    [
        ({"Last-Event-ID": BEYOND_ANY_ID}, ""),
        ({"Last-Event-ID": f"000{BEYOND_ANY_ID}9"}, ""),
        ({}, f"?after={BEYOND_ANY_ID}"),
        # What the UI sends on a reconnection: the header and the query, the same id.
        ({"Last-Event-ID": BEYOND_ANY_ID}, f"?after={BEYOND_ANY_ID}"),
    ],
)
async def test_a_resume_id_beyond_the_log_replays_nothing_and_keeps_streaming(
    client: httpx.AsyncClient,
    runtime: Runtime,
    server: LiveServer,
    headers: dict[str, str],
    query: str,
) -> None:
    case = await new_case(client)
    await _record(runtime, uuid.UUID(case["id"]), 3)
    url = f"/api/cases/{case['id']}/events{query}"
    async with client.stream("GET", url, headers=headers) as response:
        assert response.status_code == 200
        reader = asyncio.create_task(read_sse(response.aiter_lines(), 1))
        await asyncio.sleep(1.0)
        # Still open, and nothing of the log replayed.
        assert not reader.done(), reader.result()
        if server.settings.is_sqlite:
            # The server's streams are woken in-process on SQLite (the service test covers it).
            reader.cancel()
            return
        [later] = await _record(runtime, uuid.UUID(case["id"]), 1)
        [event] = await asyncio.wait_for(reader, timeout=5)
    assert int(event.id or 0) == later


async def test_a_stream_resumed_beyond_the_log_delivers_what_comes_next(
    runtime: Runtime,
) -> None:
    async with runtime.session_factory() as session:
        session.add(case := Case(name="resumed beyond the end"))
        await transaction.commit(session)
    hub = EventHub(*event_service.hub_reader(runtime.session_factory))
    earlier = await _record(runtime, case.id, 3, hub=hub)
    after_id = event_service.parse_last_event_id(BEYOND_ANY_ID, None)
    stream = event_service.stream(
        runtime.session_factory,
        hub,
        case_id=case.id,
        after_id=after_id,
        until=utcnow().replace(year=utcnow().year + 1),
    )

    async def next_ids(count: int) -> list[int]:
        return [int((await anext(stream)).id or 0) for _ in range(count)]

    reader = asyncio.create_task(next_ids(2))
    await asyncio.sleep(0.3)  # let the stream subscribe and find the end of the log
    later = await _record(runtime, case.id, 2, hub=hub)
    received = await asyncio.wait_for(reader, timeout=5)
    await stream.aclose()
    assert received == later
    assert not set(received) & set(earlier)


@pytest.mark.parametrize("last_event_id", ["abc", "-1", "12abc", "1.5", "0x10", "\u0663"])
async def test_a_malformed_last_event_id_is_422(
    client: httpx.AsyncClient, last_event_id: str
) -> None:
    case = await new_case(client)
    url = f"/api/cases/{case['id']}/events"
    headers = {"Last-Event-ID": last_event_id.encode()}
    async with client.stream("GET", url, headers=headers) as response:
        # Not a stream that replays the whole log as if nothing had been asked.
        assert response.status_code == 422
        await response.aread()
    error = assert_envelope(response, 422, "VALIDATION_ERROR")
    assert "Last-Event-ID" in error["message"]
