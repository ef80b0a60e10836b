"""What one running service holds: settings, engine, session factory, storage backend."""

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from holmes_backend.config import Settings
from holmes_backend.db.engine import create_engine, create_session_factory
from holmes_backend.services.throttle import LoginThrottle
from holmes_backend.storage import Storage, create_storage


@dataclass
class Runtime:
    settings: Settings
    engine: AsyncEngine
    session_factory: async_sessionmaker[AsyncSession]
    storage: Storage
    throttle: LoginThrottle

    @classmethod
    def create(cls, settings: Settings) -> "Runtime":
        engine = create_engine(settings)
        return cls(
            settings=settings,
            engine=engine,
            session_factory=create_session_factory(engine),
            storage=create_storage(settings),
            throttle=LoginThrottle(
                max_failures=settings.login_max_failures,
                window_seconds=settings.login_window_seconds,
            ),
        )

    async def close(self) -> None:
        await self.storage.close()
        await self.engine.dispose()
