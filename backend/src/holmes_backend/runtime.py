"""What one running service holds: settings, engine, session factory, storage backend."""

import asyncio
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

import procrastinate
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from holmes_backend.config import Settings
from holmes_backend.db.engine import create_engine, create_session_factory
from holmes_backend.events.hub import EventHub
from holmes_backend.events.listener import PostgresListener
from holmes_backend.events.log import hub_reader
from holmes_backend.jobs.queue import create_job_app
from holmes_backend.services.throttle import LoginThrottle
from holmes_backend.storage import Storage, create_storage


@dataclass
class Runtime:
    settings: Settings
    engine: AsyncEngine
    session_factory: async_sessionmaker[AsyncSession]
    storage: Storage
    throttle: LoginThrottle
    hub: EventHub
    listener: PostgresListener | None = None
    # The job queue on PostgreSQL (None embedded on SQLite: jobs run in this process).
    job_app: procrastinate.App | None = None
    # Background jobs in flight, held so they are not garbage-collected mid-run.
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    closed: bool = False

    @classmethod
    def create(cls, settings: Settings) -> "Runtime":
        engine = create_engine(settings)
        session_factory = create_session_factory(engine)
        return cls(
            settings=settings,
            engine=engine,
            session_factory=session_factory,
            storage=create_storage(settings),
            throttle=LoginThrottle.from_settings(settings),
            hub=EventHub(*hub_reader(session_factory)),
        )

    async def start(self, *, listen: bool = True) -> None:
        """Connect what a process needs beyond the pool on PostgreSQL: the job queue and, to
        serve event streams (`listen`), cross-process event wake-ups."""
        if self.settings.is_sqlite:
            return
        self.job_app = create_job_app(self.settings)
        await self.job_app.open_async()
        if listen:
            self.listener = PostgresListener(self.settings.resolved_database_url, self.hub)
            await self.listener.start()

    def spawn(
        self, work: Coroutine[Any, Any, None], name: str | None = None
    ) -> asyncio.Task[None] | None:
        """Runs `work` in the background, held in `tasks` until it ends (close cancels it).
        Once closing, nothing new starts: `work` is closed unrun and None returned."""
        if self.closed:
            work.close()
            return None
        task = asyncio.create_task(work, name=name)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def close(self) -> None:
        self.closed = True
        for task in list(self.tasks):
            task.cancel()
        if self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.hub.close()
        if self.listener is not None:
            await self.listener.close()
        if self.job_app is not None:
            await self.job_app.close_async()
        await self.storage.close()
        await self.engine.dispose()
