"""Reading what processing produced: the graph and its insights, the timeline, findings, agents."""

import uuid
from collections.abc import Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import AgentExecution, Finding, KnowledgeGraph
from holmes_backend.repositories import executions as execution_repo
from holmes_backend.repositories import findings as finding_repo
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.repositories import numeric_checks as numeric_repo
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


async def insights(
    session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID
) -> tuple[KnowledgeGraph, list[dict[str, Any]]]:
    """The latest graph, and its contradictions with the numeric mismatches of the case's
    financial documents among them: a stated figure against the figures it should follow from
    (the suspect figure, or the first cited, against the others)."""
    graph = await latest_graph(session, owner_id=owner_id, case_id=case_id)
    found = await finding_repo.for_case(session, case_id, domain="financial")
    numeric = [f for f in found if f.finding_type == numeric_repo.FINDING_TYPE]
    contradictions = list(graph.contradictions)
    for number, finding in enumerate(numeric, start=1):
        content = finding.content or {}
        sources = list(content.get("sources") or [])
        suspect = (content.get("suspect_figure") or {}).get("source")
        claim = suspect or (sources[0] if sources else None)
        contradictions.append(
            {
                "id": f"numeric_{number:03d}",
                "claim": finding.title,
                "claim_source": claim,
                "evidence_against": [s for s in sources if s != claim],
                "explanation": finding.summary,
                "severity": content.get("severity", "MEDIUM"),
                "detector": "numeric",
            }
        )
    return graph, contradictions


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


async def cost(session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID) -> dict[str, Any]:
    """The case's usage and cost summed over its execution records, and the cost by model."""
    rows = await executions(session, owner_id=owner_id, case_id=case_id)
    by_model: dict[str, float] = {}
    for row in rows:
        by_model[row.model_name] = by_model.get(row.model_name, 0.0) + row.cost_usd
    return {
        "total_usd": sum(row.cost_usd for row in rows),
        "executions": len(rows),
        "input_tokens": sum(row.input_tokens for row in rows),
        "cached_tokens": sum(row.cached_tokens for row in rows),
        "output_tokens": sum(row.output_tokens for row in rows),
        "thinking_tokens": sum(row.thinking_tokens for row in rows),
        "by_model_usd": by_model,
    }
