"""The case event log: append (then wake live streams), and stream it as server-sent events."""

import json
import uuid
from collections.abc import AsyncIterator, Mapping
from datetime import datetime
from typing import Any

from pydantic_core import to_json
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sse_starlette import ServerSentEvent

from holmes_backend.contracts.events import PAYLOADS, Payload
from holmes_backend.db.transaction import after_commit
from holmes_backend.db.types import utcnow
from holmes_backend.events.hub import EventHub, FeedItem, Head, Reader
from holmes_backend.models import CaseEvent
from holmes_backend.repositories import events as event_repo
from holmes_shared.errors import ValidationFailedError
from holmes_shared.events import EventType

READ_BATCH = 500
# How often a waiting stream checks whether its session has expired.
RECHECK_SECONDS = 15.0
SESSION_EXPIRED = "SESSION_EXPIRED"
# The largest id a BIGINT column holds.
MAX_EVENT_ID = 2**63 - 1


async def record(
    session: AsyncSession,
    *,
    hub: EventHub,
    case_id: uuid.UUID,
    type: EventType,
    payload: Mapping[str, Any] | Payload | None = None,
    agent_id: str | None = None,
    agent_type: str | None = None,
) -> CaseEvent:
    """Append an event to the case's log; live streams see it once the transaction commits.

    The payload is checked against its type's model (contracts.events): a key it does not
    declare or a value of the wrong type is a ValidationError here, not a surprise in the UI."""
    model = PAYLOADS[type]
    checked = payload if isinstance(payload, model) else model.model_validate(payload or {})
    event = await event_repo.append(
        session,
        case_id=case_id,
        type=type,
        payload=checked.model_dump(mode="json"),
        agent_id=agent_id,
        agent_type=agent_type,
    )

    async def _wake() -> None:
        hub.notify(case_id, lambda: feed_item(event))

    after_commit(session, _wake)
    return event


def envelope(event: CaseEvent) -> dict[str, Any]:
    """The event as the stream sends it (contracts.events.CaseEvent). Its payload was checked
    when it was appended, so it is sent as stored, not validated again on every read."""
    return {
        "id": event.id,
        "case_id": str(event.case_id),
        "type": event.type,
        "agent_id": event.agent_id,
        "agent_type": event.agent_type,
        "timestamp": event.created_at,
        "payload": event.payload,
    }


def feed_item(event: CaseEvent) -> FeedItem:
    return FeedItem(id=event.id, type=event.type, data=to_json(envelope(event)).decode())


def hub_reader(
    session_factory: async_sessionmaker[AsyncSession],
) -> tuple[Reader, Head]:
    """The two log reads an EventHub needs, on the given database."""

    async def read(case_id: uuid.UUID, after_id: int, limit: int) -> list[FeedItem]:
        async with session_factory() as session:
            return [feed_item(e) for e in await event_repo.after(session, case_id, after_id, limit)]

    async def head(case_id: uuid.UUID) -> int:
        async with session_factory() as session:
            return await event_repo.head(session, case_id)

    return read, head


def _sse(item: FeedItem) -> ServerSentEvent:
    return ServerSentEvent(data=item.data, id=str(item.id), event=item.type)


async def stream(
    session_factory: async_sessionmaker[AsyncSession],
    hub: EventHub,
    *,
    case_id: uuid.UUID,
    after_id: int,
    until: datetime,
) -> AsyncIterator[ServerSentEvent]:
    """Everything after ``after_id``, then live events, until the client leaves or ``until``.

    Subscribes before catching up from the log, so an event appended meanwhile is either in the
    catch-up read or in the feed's broadcast (and duplicates are skipped by id).
    """
    read, head = hub_reader(session_factory)
    async with hub.subscribe(case_id) as subscription:
        # An id beyond the case's last event (a tampered header, a log restored from a backup,
        # a number no database column holds) resumes at the end: nothing is replayed, and
        # what is appended next is delivered.
        last_id = min(after_id, await head(case_id))
        while True:
            # Catch up from the log: at the start, and whenever this stream fell behind. The
            # queue is emptied first, so what is broadcast while the log is read is queued, not
            # thrown away (it may be newer than the read); what both bring is skipped by id.
            subscription.drain()
            while True:
                items = await read(case_id, last_id, READ_BATCH)
                for item in items:
                    yield _sse(item)
                    last_id = item.id
                if len(items) < READ_BATCH:
                    break
            while not subscription.lagged:
                remaining = (until - utcnow()).total_seconds()
                if remaining <= 0:
                    # The session ended: say so and end the stream (the UI goes to login).
                    yield ServerSentEvent(
                        data=json.dumps({"reason": "expired"}), event=SESSION_EXPIRED
                    )
                    return
                live = await subscription.next(min(remaining, RECHECK_SECONDS))
                if live is not None and live.id > last_id:
                    yield _sse(live)
                    last_id = live.id


def parse_last_event_id(header: str | None, query: int | None) -> int:
    """The id to resume after: the Last-Event-ID header, else ``?after=``, else 0 (everything).

    A browser sends back an id this stream gave it, always a whole number; anything else is a
    broken client, told so (422) rather than silently sent the whole log again.
    """
    if header is not None and header.strip():
        value = header.strip()
        if not (value.isascii() and value.isdigit()):
            raise ValidationFailedError(
                "Last-Event-ID must be the id of an event of this stream.",
                details={"last_event_id": value[:100]},
            )
        digits = value.lstrip("0") or "0"
        # Past what an id column holds is past the end of any log (and bounds int()'s work).
        if len(digits) > len(str(MAX_EVENT_ID)):
            return MAX_EVENT_ID
        return min(int(digits), MAX_EVENT_ID)
    return query if query is not None and query >= 0 else 0
