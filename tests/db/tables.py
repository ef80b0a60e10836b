"""Tables as tests write rows into a database migrated only part-way (the models describe the
latest schema): just the columns those rows need."""

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
