"""What every agent run of one job (or one chat turn, one verification) shares: settings,
sessions, the event hub, the case; the writes a run does not wait for; events on the case log."""

import asyncio
import uuid
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from holmes_backend.config import Settings
from holmes_backend.db import transaction
from holmes_backend.events import log as event_service
from holmes_backend.events.hub import EventHub
from holmes_backend.models import KnowledgeGraph
from holmes_shared.events import EventType

if TYPE_CHECKING:
    from holmes_backend.agents.record import _Opening, _Stepping


class WriteBehind:
    """Writes a run does not wait for: they go on in the background while the next model call
    is on its way, and whoever owns them drains them (raising the first error) before counting
    the work they record as done."""

    def __init__(self) -> None:
        self._tasks: list[asyncio.Task[None]] = []

    def add(self, write: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.create_task(write)
        self._tasks.append(task)
        return task

    def take(self) -> list[asyncio.Task[None]]:
        """The writes added since the last take."""
        tasks, self._tasks = self._tasks, []
        return tasks


async def drain(tasks: list[asyncio.Task[None]]) -> None:
    """Waits for every write; the first failure is raised once all have ended."""
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            raise result


class GraphHook(Protocol):
    async def __call__(
        self, session: AsyncSession, *, graph: KnowledgeGraph, job_id: uuid.UUID
    ) -> object: ...


@dataclass
class PipelineContext:
    """What every agent run of one job shares."""

    settings: Settings
    session_factory: async_sessionmaker[AsyncSession]
    hub: EventHub
    case_id: uuid.UUID
    job_id: uuid.UUID | None
    # Set by the processing pipeline: agents' completion records are written behind.
    write_behind: WriteBehind | None = None
    # Execution records started in this turn of the event loop and not yet being written.
    opening: "_Opening | None" = field(default=None, init=False, repr=False)
    # What this run's model calls cost so far (USD), counted as each attempt ends (its record
    # is written behind), and what the case's records cost when the run's first call was
    # checked against the budget (read once, before this run had spent anything).
    spent_usd: float = field(default=0.0, init=False)
    spent_before_usd: float | None = field(default=None, init=False, repr=False)
    # Steps of execution records (completion, fallback, failure) taken in this turn of the
    # event loop and not yet being written.
    stepping: "_Stepping | None" = field(default=None, init=False, repr=False)
    # Run in the transaction that adds a full analysis's graph version, before it commits: what
    # the job's owner keeps through a re-analysis (jobs.tasks passes services.corrections'
    # re-apply of the user's applied corrections; agents never call up into services).
    on_graph: "GraphHook | None" = None


async def emit(
    ctx: PipelineContext,
    event_type: EventType,
    payload: dict[str, Any],
    *,
    agent_id: str | None = None,
    agent_type: str | None = None,
) -> None:
    await emit_all(ctx, [(event_type, payload)], agent_id=agent_id, agent_type=agent_type)


async def emit_all(
    ctx: PipelineContext,
    events: list[tuple[EventType, dict[str, Any]]],
    *,
    agent_id: str | None = None,
    agent_type: str | None = None,
) -> None:
    """Several events of one agent, appended in order in one transaction."""
    async with ctx.session_factory() as session:
        for event_type, payload in events:
            await record_event(session, ctx, event_type, payload, agent_id, agent_type)
        await transaction.commit(session)


async def record_event(
    session: AsyncSession,
    ctx: PipelineContext,
    event_type: EventType,
    payload: dict[str, Any],
    agent_id: str | None,
    agent_type: str | None,
) -> None:
    """An event of the job's case, in the caller's transaction (live once it commits)."""
    await event_service.record(
        session,
        hub=ctx.hub,
        case_id=ctx.case_id,
        type=event_type,
        payload=payload,
        agent_id=agent_id,
        agent_type=agent_type,
    )
