"""The case event log: append (then wake live streams), and stream it as server-sent events."""

import json
import uuid
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sse_starlette import ServerSentEvent

from holmes_backend.db.transaction import after_commit
from holmes_backend.db.types import utcnow
from holmes_backend.events.hub import EventHub
from holmes_backend.models import CaseEvent
from holmes_backend.repositories import events as event_repo
from holmes_shared.events import EventEnvelope, EventType

READ_BATCH = 500
# Streams re-read the log at least this often, so a lost wake-up only delays, never loses.
RECHECK_SECONDS = 15.0
SESSION_EXPIRED = "SESSION_EXPIRED"


async def record(
    session: AsyncSession,
    *,
    hub: EventHub,
    case_id: uuid.UUID,
    type: EventType,
    payload: dict[str, Any] | None = None,
    agent_id: str | None = None,
    agent_type: str | None = None,
) -> CaseEvent:
    """Append an event to the case's log; live streams see it once the transaction commits."""
    event = await event_repo.append(
        session,
        case_id=case_id,
        type=type,
        payload=payload or {},
        agent_id=agent_id,
        agent_type=agent_type,
    )

    async def _wake() -> None:
        hub.notify(case_id)

    after_commit(session, _wake)
    return event


def envelope(event: CaseEvent) -> EventEnvelope:
    return EventEnvelope(
        id=event.id,
        case_id=str(event.case_id),
        type=EventType(event.type),
        agent_id=event.agent_id,
        agent_type=event.agent_type,
        timestamp=event.created_at,
        payload=event.payload,
    )


async def stream(
    session_factory: async_sessionmaker[AsyncSession],
    hub: EventHub,
    *,
    case_id: uuid.UUID,
    after_id: int,
    until: datetime,
) -> AsyncIterator[ServerSentEvent]:
    """Everything after ``after_id``, then live events, until the client leaves or ``until``.

    Subscribes before the first read, so an event committed between a read and the wait still
    wakes the stream.
    """
    last_id = after_id
    with hub.subscribe(case_id) as subscription:
        while True:
            async with session_factory() as session:
                events = await event_repo.after(session, case_id, last_id, READ_BATCH)
            for event in events:
                data = envelope(event).model_dump_json()
                yield ServerSentEvent(data=data, id=str(event.id), event=event.type)
                last_id = event.id
            if len(events) == READ_BATCH:
                continue
            remaining = (until - utcnow()).total_seconds()
            if remaining <= 0:
                # The session ended: say so, and end the stream cleanly (the UI goes to login).
                yield ServerSentEvent(data=json.dumps({"reason": "expired"}), event=SESSION_EXPIRED)
                return
            await subscription.wait(min(remaining, RECHECK_SECONDS))


def parse_last_event_id(header: str | None, query: int | None) -> int:
    """The id to resume after: the Last-Event-ID header, else ``?after=``, else 0 (everything)."""
    if header is not None and header.strip().isdigit():
        return int(header.strip())
    return query if query is not None and query >= 0 else 0
