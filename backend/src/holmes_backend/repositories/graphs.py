import copy
import uuid
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import KnowledgeGraph


async def latest(session: AsyncSession, case_id: uuid.UUID) -> KnowledgeGraph | None:
    result: KnowledgeGraph | None = await session.scalar(
        select(KnowledgeGraph)
        .where(KnowledgeGraph.case_id == case_id)
        .order_by(KnowledgeGraph.version.desc())
        .limit(1)
    )
    return result


async def add_version(session: AsyncSession, graph: KnowledgeGraph) -> KnowledgeGraph:
    current = await session.scalar(
        select(func.max(KnowledgeGraph.version)).where(KnowledgeGraph.case_id == graph.case_id)
    )
    graph.version = int(current or 0) + 1
    session.add(graph)
    await session.flush()
    return graph


async def get_version(
    session: AsyncSession, case_id: uuid.UUID, version: int
) -> KnowledgeGraph | None:
    result: KnowledgeGraph | None = await session.scalar(
        select(KnowledgeGraph).where(
            KnowledgeGraph.case_id == case_id, KnowledgeGraph.version == version
        )
    )
    return result


async def versions(session: AsyncSession, case_id: uuid.UUID) -> Sequence[KnowledgeGraph]:
    """Every version of the case's graph, oldest first (each one is kept)."""
    result = await session.scalars(
        select(KnowledgeGraph)
        .where(KnowledgeGraph.case_id == case_id)
        .order_by(KnowledgeGraph.version)
    )
    return result.all()


def successor(base: KnowledgeGraph, **changes: Any) -> KnowledgeGraph:
    """A copy of ``base`` with ``changes``, to be added as the next version (base is kept)."""
    fields = {
        name: copy.deepcopy(getattr(base, name))
        for name in (
            "case_id",
            "nodes",
            "edges",
            "contradictions",
            "evidence_gaps",
            "cross_modal_links",
            "timeline",
            "facts",
            "change",
        )
    }
    return KnowledgeGraph(**(fields | changes))
