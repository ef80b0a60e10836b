"""Reading what processing produced: the graph and its insights, the timeline, findings, agents."""

import uuid
from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import AgentExecution, Finding, KnowledgeGraph
from holmes_backend.repositories import executions as execution_repo
from holmes_backend.repositories import findings as finding_repo
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.services.cases import require_case
from holmes_shared.errors import NotFoundError


async def latest_graph(
    session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID
) -> KnowledgeGraph:
    await require_case(session, case_id, owner_id)
    graph = await graph_repo.latest(session, case_id)
    if graph is None:
        raise NotFoundError(
            "The case has no knowledge graph yet; process it first.",
            details={"case_id": str(case_id)},
            suggested_action="process the case",
        )
    return graph


async def findings(
    session: AsyncSession,
    *,
    owner_id: uuid.UUID,
    case_id: uuid.UUID,
    domain: str | None,
    file_id: uuid.UUID | None,
    status: str | None,
) -> Sequence[Finding]:
    await require_case(session, case_id, owner_id)
    return await finding_repo.for_case(
        session, case_id, domain=domain, file_id=file_id, status=status
    )


async def executions(
    session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID
) -> Sequence[AgentExecution]:
    await require_case(session, case_id, owner_id)
    return await execution_repo.for_case(session, case_id)
