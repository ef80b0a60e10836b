"""Evidence chunks as rows, for full-text search over a case's sources (chat, escalation).

The text index itself is not a table of the model: on PostgreSQL it is a GIN index over
``to_tsvector('english', text)``, on SQLite an FTS5 table kept in step by triggers. Both are
created by migration 0004 only; `is_search_index` tells schema comparisons to leave them be.
"""

import uuid
from typing import Any

from sqlalchemy import ForeignKey, Integer, Text, UniqueConstraint, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from holmes_backend.db.types import BigIntPK, JSONType
from holmes_backend.models.base import Base, case_fk

# The text-search language of both indexes (PostgreSQL regconfig; FTS5 uses the Porter stemmer).
SEARCH_CONFIG = "english"
FTS_TABLE = "evidence_chunks_fts"
PG_SEARCH_INDEX = "ix_evidence_chunks_search"


class EvidenceChunk(Base):
    __tablename__ = "evidence_chunks"
    __table_args__ = (UniqueConstraint("file_id", "position"),)

    # An integer key: SQLite's FTS5 table refers to rows by rowid, which this column is.
    id: Mapped[int] = mapped_column(BigIntPK, primary_key=True, autoincrement=True)
    case_id: Mapped[uuid.UUID] = case_fk()
    file_id: Mapped[uuid.UUID] = mapped_column(
        Uuid, ForeignKey("files.id", ondelete="CASCADE"), nullable=False
    )
    position: Mapped[int] = mapped_column(Integer, nullable=False)  # the chunk's index in its file
    text: Mapped[str] = mapped_column(Text, nullable=False)
    location: Mapped[dict[str, Any]] = mapped_column(JSONType, nullable=False, default=dict)
    speaker: Mapped[str | None] = mapped_column(Text)


def is_search_index(name: str | None, type_: str, parent_names: Any = None) -> bool:
    """The dialect-specific search structures (FTS5 table and its shadow tables, the GIN index)."""
    if not name:
        return False
    if type_ == "table":
        return name == FTS_TABLE or name.startswith(f"{FTS_TABLE}_")
    return type_ == "index" and name == PG_SEARCH_INDEX


def is_unmodelled(name: str | None, type_: str, parent_names: Any = None) -> bool:
    """Schema the models do not describe, which autogenerate and drift checks leave alone: the
    dialect-specific search structures, and procrastinate's job queue (PostgreSQL)."""
    if is_search_index(name, type_, parent_names):
        return True
    table = name if type_ == "table" else (parent_names or {}).get("table_name")
    return bool(table) and str(table).startswith("procrastinate_")
