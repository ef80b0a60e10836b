"""Column types that behave the same on PostgreSQL and SQLite."""

from datetime import UTC, datetime
from typing import Any

import pydantic_core
from sqlalchemy import JSON, BigInteger, DateTime, Integer
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

# JSONB on PostgreSQL (indexable, compact), plain JSON text on SQLite.
JSONType = JSON().with_variant(JSONB(), "postgresql")


def json_text(value: Any) -> str:
    """JSON for the database: pydantic-core's encoder, about three times the standard library's
    speed on the large phase outputs a job stores (measured), on the event loop every agent
    shares. Characters are kept as they are (UTF-8), not escaped."""
    return pydantic_core.to_json(value).decode()


# SQLite only auto-increments an INTEGER PRIMARY KEY; PostgreSQL gets a 64-bit identity.
BigIntPK = BigInteger().with_variant(Integer(), "sqlite")


class UTCDateTime(TypeDecorator[datetime]):
    """Timezone-aware UTC datetimes on both backends (SQLite stores them naive)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        return value.astimezone(UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def utcnow() -> datetime:
    return datetime.now(UTC)
