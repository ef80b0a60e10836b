import uuid
from collections import defaultdict
from collections.abc import Sequence
from typing import Annotated

from fastapi import APIRouter, Query

from holmes_backend.api.deps import CurrentUser, SessionDep, SettingsDep
from holmes_backend.api.errors import error_responses
from holmes_backend.api.schemas.graph import (
    AgentNodeOut,
    CaseCostOut,
    FindingOut,
    GraphOut,
    GroundingOut,
    InsightsOut,
    TimelineOut,
)
from holmes_backend.models import AgentExecution
from holmes_backend.services import graph as graph_service

router = APIRouter(prefix="/api/cases/{case_id}", tags=["graph"])
_ERRORS = error_responses(401, 404, 422)


@router.get("/graph", response_model=GraphOut, responses=_ERRORS)
async def get_graph(case_id: uuid.UUID, user: CurrentUser, session: SessionDep) -> GraphOut:
    graph, contradictions = await graph_service.insights(session, owner_id=user.id, case_id=case_id)
    return GraphOut(
        case_id=case_id,
        version=graph.version,
        nodes=graph.nodes,
        edges=graph.edges,
        contradictions=contradictions,
        evidence_gaps=graph.evidence_gaps,
        cross_modal_links=graph.cross_modal_links,
        updated_at=graph.updated_at,
    )


@router.get("/insights", response_model=InsightsOut, responses=_ERRORS)
async def get_insights(case_id: uuid.UUID, user: CurrentUser, session: SessionDep) -> InsightsOut:
    graph, contradictions = await graph_service.insights(session, owner_id=user.id, case_id=case_id)
    return InsightsOut(
        version=graph.version,
        contradictions=contradictions,
        evidence_gaps=graph.evidence_gaps,
        cross_modal_links=graph.cross_modal_links,
    )


@router.get("/timeline", response_model=TimelineOut, responses=_ERRORS)
async def get_timeline(case_id: uuid.UUID, user: CurrentUser, session: SessionDep) -> TimelineOut:
    graph = await graph_service.latest_graph(session, owner_id=user.id, case_id=case_id)
    return TimelineOut(version=graph.version, events=graph.timeline)


@router.get("/findings", response_model=list[FindingOut], responses=_ERRORS)
async def list_findings(
    case_id: uuid.UUID,
    user: CurrentUser,
    session: SessionDep,
    domain: Annotated[str | None, Query(max_length=30)] = None,
    file_id: uuid.UUID | None = None,
    status: Annotated[str | None, Query(max_length=20)] = None,
) -> list[FindingOut]:
    rows = await graph_service.findings(
        session, owner_id=user.id, case_id=case_id, domain=domain, file_id=file_id, status=status
    )
    return [FindingOut.model_validate(row) for row in rows]


@router.get("/agents", response_model=list[AgentNodeOut], responses=_ERRORS)
async def list_agents(
    case_id: uuid.UUID, user: CurrentUser, session: SessionDep
) -> list[AgentNodeOut]:
    """Execution records as a tree (parent → children), for Agent Flow."""
    rows = await graph_service.executions(session, owner_id=user.id, case_id=case_id)
    return _tree(rows)


@router.get("/agents/cost", response_model=CaseCostOut, responses=_ERRORS)
async def case_cost(
    case_id: uuid.UUID, user: CurrentUser, session: SessionDep, settings: SettingsDep
) -> CaseCostOut:
    """What the case's model calls cost (USD, from the price table), summed over its records."""
    cost = await graph_service.cost(session, owner_id=user.id, case_id=case_id)
    return CaseCostOut(**cost, budget_usd=settings.case_budget_usd)


def _tree(rows: Sequence[AgentExecution]) -> list[AgentNodeOut]:
    children: dict[uuid.UUID | None, list[AgentExecution]] = defaultdict(list)
    known = {row.id for row in rows}
    for row in rows:
        parent = row.parent_execution_id if row.parent_execution_id in known else None
        children[parent].append(row)

    def build(row: AgentExecution) -> AgentNodeOut:
        duration = (
            (row.completed_at - row.started_at).total_seconds()
            if row.completed_at and row.started_at
            else None
        )
        identity = (row.input_data or {}).get("agent") or {}
        return AgentNodeOut(
            id=row.id,
            agent_name=row.agent_name,
            agent_type=row.agent_type,
            phase=identity.get("phase"),
            domain=identity.get("domain"),
            worker=identity.get("worker"),
            model_name=row.model_name,
            provider=row.provider,
            status=row.status,
            fallback_used=row.fallback_used,
            fallback_model=row.fallback_model,
            grounding=GroundingOut.model_validate(row.grounding) if row.grounding else None,
            input_tokens=row.input_tokens,
            output_tokens=row.output_tokens,
            thinking_tokens=row.thinking_tokens,
            cached_tokens=row.cached_tokens,
            cost_usd=row.cost_usd,
            thinking_traces=[str(t) for t in row.thinking_traces],
            error=row.error,
            started_at=row.started_at,
            completed_at=row.completed_at,
            duration_seconds=duration,
            children=[build(child) for child in children[row.id]],
        )

    return [build(row) for row in children[None]]
