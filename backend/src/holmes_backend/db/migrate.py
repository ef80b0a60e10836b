"""Alembic migrations, run programmatically (the only way a schema is created)."""

from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection

from holmes_backend.config import Settings
from holmes_backend.db.engine import create_engine

ALEMBIC_DIR = Path(__file__).resolve().parents[4] / "alembic"


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(ALEMBIC_DIR))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


async def _run(settings: Settings, step: Callable[[Config], None]) -> None:
    engine = create_engine(settings)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(lambda c: step(alembic_config(c)))
    finally:
        await engine.dispose()


async def upgrade(settings: Settings, revision: str = "head") -> None:
    await _run(settings, lambda config: command.upgrade(config, revision))


async def downgrade(settings: Settings, revision: str = "base") -> None:
    await _run(settings, lambda config: command.downgrade(config, revision))
