"""The events of one chat turn (thoughts, tool calls), logged without holding up the answer.

A chat answer's first token is what the user waits for, and each event written on the way is a
commit. So the turn's events go to a queue; one writer appends whatever has queued up in a single
transaction, in order, while the agent carries on. `flush` waits until all are written (before
the turn's execution record is closed, so the log is complete when AGENT_COMPLETED appears).
"""

import asyncio
import contextlib
import logging
from typing import Any

from holmes_backend.agents.runner import AgentSpec, PipelineContext
from holmes_backend.db import transaction
from holmes_backend.events import log as event_service
from holmes_shared.events import EventType

logger = logging.getLogger(__name__)


class EventTrail:
    def __init__(self, ctx: PipelineContext, agent: AgentSpec) -> None:
        self.ctx = ctx
        self.agent = agent
        self._queue: asyncio.Queue[tuple[EventType, dict[str, Any]] | None] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None

    def log(self, event_type: EventType, payload: dict[str, Any]) -> None:
        if self._writer is None:
            self._writer = asyncio.create_task(
                self._write(), name=f"chat-events-{self.ctx.case_id}"
            )
        self._queue.put_nowait((event_type, payload))

    async def flush(self) -> None:
        if self._writer is None:
            return
        self._queue.put_nowait(None)
        writer, self._writer = self._writer, None
        await writer

    async def close(self) -> None:
        """Stop without waiting (the turn was cancelled); what is not written is dropped."""
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
            self._writer = None

    async def _write(self) -> None:
        done = False
        while not done:
            batch = [await self._queue.get()]
            while not self._queue.empty():
                batch.append(self._queue.get_nowait())
            done = any(e is None for e in batch)
            events = [e for e in batch if e is not None]
            if not events:
                continue
            try:
                async with self.ctx.session_factory() as session:
                    for event_type, payload in events:
                        await event_service.record(
                            session,
                            hub=self.ctx.hub,
                            case_id=self.ctx.case_id,
                            type=event_type,
                            payload=payload,
                            agent_id=self.agent.name,
                            agent_type=self.agent.agent_type,
                        )
                    await transaction.commit(session)
            except Exception:
                # The log is for watching the agent; a lost event must not lose the answer.
                logger.exception("could not log %d chat event(s)", len(events))
