"""Cross-process fan-out on PostgreSQL: LISTEN for the NOTIFY each appended event sends."""

import logging
import uuid

import asyncpg
from sqlalchemy.engine import make_url

from holmes_backend.events.hub import EventHub
from holmes_backend.repositories.events import CHANNEL

logger = logging.getLogger(__name__)


class PostgresListener:
    def __init__(self, database_url: str, hub: EventHub) -> None:
        url = make_url(database_url).set(drivername="postgresql")
        self._dsn = url.render_as_string(hide_password=False)
        self._hub = hub
        self._connection: asyncpg.Connection | None = None

    async def start(self) -> None:
        self._connection = await asyncpg.connect(self._dsn)
        await self._connection.add_listener(CHANNEL, self._on_notify)

    async def close(self) -> None:
        if self._connection is not None:
            await self._connection.close()
            self._connection = None

    def _on_notify(self, _connection: object, _pid: int, _channel: str, payload: str) -> None:
        try:
            self._hub.notify(uuid.UUID(payload))
        except ValueError:
            logger.warning("ignored a malformed event notification: %r", payload)
