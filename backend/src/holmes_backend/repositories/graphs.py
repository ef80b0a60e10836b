import uuid

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
