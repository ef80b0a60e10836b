"""Alembic environment: async engines, the same migrations on SQLite and PostgreSQL."""

import asyncio

from alembic import context
from sqlalchemy import Connection

from holmes_backend.config import Settings
from holmes_backend.db.engine import create_engine
from holmes_backend.models import Base
from holmes_backend.models.chunk import is_unmodelled

target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        # SQLite cannot ALTER most things in place; batch mode rebuilds tables when needed.
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
        # The full-text structures are dialect-specific and made by hand in their migration;
        # procrastinate's tables are its own.
        include_name=lambda name, type_, parents: not is_unmodelled(name, type_, parents),
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_async() -> None:
    engine = create_engine(Settings())
    async with engine.connect() as connection:
        await connection.run_sync(_run)
        await connection.commit()
    await engine.dispose()


connection = context.config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    asyncio.run(_run_async())
