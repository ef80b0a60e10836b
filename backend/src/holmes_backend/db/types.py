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
    shares. Characters are kept as they are (UTF-8), not escaped. An EncodedList is written as
    the text it was made with."""
    if type(value) is EncodedList:
        return value.json
    return pydantic_core.to_json(value).decode()


class EncodedList(list[Any]):
    """A list whose JSON is made when the list is, to be stored later by a column: the encoding
    is done while nothing waits for it (the graph version's timeline, ~0.5 MB for 50 files, is
    made during the graph agent's call) instead of in the commit that ends a job. For a list
    that is not changed once made: a changed one would be stored as it was made."""

    __slots__ = ("json",)

    def __init__(self, items: Any) -> None:
        super().__init__(items)
        self.json = pydantic_core.to_json(self).decode()


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
