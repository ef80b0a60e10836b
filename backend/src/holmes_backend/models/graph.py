import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import Integer, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from holmes_backend.db.types import JSONType
from holmes_backend.models.base import Base, case_fk, created_at, updated_at, uuid_pk


class KnowledgeGraph(Base):
    """One version of a case's graph; every merge or correction writes version + 1."""

    __tablename__ = "knowledge_graphs"
    __table_args__ = (
        UniqueConstraint("case_id", "version", name="uq_knowledge_graphs_case_version"),
    )

    id: Mapped[uuid.UUID] = uuid_pk()
    case_id: Mapped[uuid.UUID] = case_fk()
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    nodes: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    edges: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    contradictions: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    evidence_gaps: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    cross_modal_links: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    timeline: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    # Single-valued statements (a transaction's amount, where a person was at a time) with their
    # sources: what the merge step compares new evidence against.
    facts: Mapped[list[Any]] = mapped_column(JSONType, nullable=False, default=list)
    # What produced this version: {"kind": "processing" | "merge" | "conflict_resolution", ...}.
    change: Mapped[dict[str, Any] | None] = mapped_column(JSONType)
    created_at: Mapped[datetime] = created_at()
    updated_at: Mapped[datetime] = updated_at()
