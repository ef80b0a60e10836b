"""Tables as tests write rows into a database migrated only part-way (the models describe the
latest schema): just the columns those rows need."""

import uuid
from datetime import datetime
from typing import Any

import sqlalchemy as sa

from holmes_backend.db.types import UTCDateTime

users = sa.table(
    "users", sa.column("id", sa.Uuid), sa.column("email"), sa.column("created_at", UTCDateTime())
)
cases = sa.table(
    "cases",
    sa.column("id", sa.Uuid),
    sa.column("user_id", sa.Uuid),
    sa.column("name"),
    sa.column("description"),
    sa.column("status"),
    sa.column("hypotheses", sa.JSON),
    sa.column("created_at", UTCDateTime()),
    sa.column("updated_at", UTCDateTime()),
)
chat_sessions = sa.table(
    "chat_sessions",
    sa.column("id", sa.Uuid),
    sa.column("case_id", sa.Uuid),
    sa.column("user_id", sa.Uuid),
    sa.column("adk_session_id"),
    sa.column("created_at", UTCDateTime()),
)
messages = sa.table(
    "messages",
    sa.column("id", sa.Uuid),
    sa.column("session_id", sa.Uuid),
    sa.column("role"),
    sa.column("content"),
    sa.column("citations", sa.JSON),
    sa.column("created_at", UTCDateTime()),
)


def case_row(case_id: uuid.UUID, now: datetime, **columns: Any) -> dict[str, Any]:
    """A READY case's row for `cases`; `columns` add to or replace its values."""
    return {
        "id": case_id,
        "name": "case",
        "description": "",
        "status": "READY",
        "hypotheses": [],
        "created_at": now,
        "updated_at": now,
    } | columns
