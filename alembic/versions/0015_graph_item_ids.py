"""graph versions: every edge and timeline entry gets the id it was shown with

Edges and timeline entries used to be numbered by position when read (edge_001, timeline_001,
1-based, skipping ids a correction had written). Items now get their ids when they are created;
the versions written before that get, once, the ids the read endpoints showed for them, so a
correction or a link made on edge_007 still finds it.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-06 08:30:00.000000
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

import holmes_backend.db.types

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_PREFIXES = {"edges": "edge", "timeline": "timeline"}


def _with_ids(items: list[Any], prefix: str) -> list[Any]:
    """The positional ids the read endpoints gave (as they were computed before this revision)."""
    taken = {item["id"] for item in items if isinstance(item, dict) and item.get("id")}
    out: list[Any] = []
    for index, item in enumerate(items):
        if isinstance(item, dict) and not item.get("id"):
            position = index
            while (ident := f"{prefix}_{position + 1:03d}") in taken:
                position += len(items)
            taken.add(ident)
            out.append({"id": ident, **item})
        else:
            out.append(item)
    return out


def upgrade() -> None:
    graphs = sa.table(
        "knowledge_graphs",
        sa.column("id", sa.Uuid()),
        *(sa.column(name, holmes_backend.db.types.JSONType) for name in _PREFIXES),
    )
    connection = op.get_bind()
    rows = connection.execute(sa.select(graphs.c.id, *(graphs.c[n] for n in _PREFIXES))).all()
    for row in rows:
        changes = {}
        for name, prefix in _PREFIXES.items():
            items = getattr(row, name) or []
            numbered = _with_ids(items, prefix)
            if numbered != items:
                changes[name] = numbered
        if changes:
            connection.execute(graphs.update().where(graphs.c.id == row.id).values(**changes))


def downgrade() -> None:
    # The ids stay: they are what the read endpoints showed for these items anyway.
    pass
