"""Conflicts between new evidence and the graph: listing them, and the user's decision on one.

A conflict is only ever resolved here, by its owner: the decision writes a new graph version
(the earlier ones are kept), records who decided what and when, and is final (a second
decision is refused). While the case is being processed the graph is about to change, so
decisions wait until the job ends.
"""

import uuid
from collections.abc import Sequence

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.agents.merge import resolution as merge_resolution
from holmes_backend.db.types import utcnow
from holmes_backend.events import log as event_service
from holmes_backend.events.hub import EventHub
from holmes_backend.models import Conflict, KnowledgeGraph
from holmes_backend.repositories import conflicts as conflict_repo
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.repositories import jobs as job_repo
from holmes_backend.services.cases import require_case
from holmes_shared.enums import ConflictResolution, ConflictStatus
from holmes_shared.errors import ConflictError, NotFoundError, ValidationFailedError
from holmes_shared.events import EventType


async def list_conflicts(
    session: AsyncSession,
    *,
    owner_id: uuid.UUID,
    case_id: uuid.UUID,
    status: ConflictStatus | None,
) -> Sequence[Conflict]:
    await require_case(session, case_id, owner_id)
    return await conflict_repo.for_case(session, case_id, status=status)


async def graph_versions(
    session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID
) -> Sequence[KnowledgeGraph]:
    await require_case(session, case_id, owner_id)
    return await graph_repo.versions(session, case_id)


async def graph_version(
    session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID, version: int
) -> KnowledgeGraph:
    await require_case(session, case_id, owner_id)
    graph = await graph_repo.get_version(session, case_id, version)
    if graph is None:
        raise NotFoundError(
            "The case's graph has no such version.",
            details={"case_id": str(case_id), "version": version},
        )
    return graph


async def resolve(
    session: AsyncSession,
    *,
    hub: EventHub,
    owner_id: uuid.UUID,
    conflict_id: uuid.UUID,
    resolution: ConflictResolution,
    value: str | int | float | None,
) -> tuple[Conflict, KnowledgeGraph]:
    conflict = await conflict_repo.get_owned(session, conflict_id, owner_id)
    if conflict is None:
        raise NotFoundError("Conflict not found.", details={"conflict_id": str(conflict_id)})
    if conflict.status != ConflictStatus.OPEN:
        raise _already_resolved(conflict)
    if await job_repo.active_for_case(session, conflict.case_id) is not None:
        raise ConflictError(
            "The case is being processed; its graph is about to change.",
            details={"conflict_id": str(conflict_id), "case_id": str(conflict.case_id)},
            suggested_action="resolve the conflict when processing has finished",
        )
    ref = conflict.target_ref
    manual = None
    if resolution == ConflictResolution.MANUAL:
        try:
            manual = merge_resolution.manual_value(
                str(ref.get("attribute", "")), value, str(conflict.existing_value)
            )
        except merge_resolution.InvalidValueError as exc:
            raise ValidationFailedError(
                f"The value cannot be used: {exc}.",
                details={"conflict_id": str(conflict_id), "attribute": ref.get("attribute")},
            ) from exc
    graph = await graph_repo.latest(session, conflict.case_id)
    assert graph is not None  # a conflict is only ever found while merging into a graph
    now = utcnow()
    result = merge_resolution.resolve(
        nodes=graph.nodes,
        edges=graph.edges,
        facts=graph.facts,
        timeline=graph.timeline,
        conflict_id=str(conflict.id),
        target_ref=ref,
        resolution=resolution,
        manual=manual,
        by=str(owner_id),
        at=now,
    )
    if not await conflict_repo.mark_resolved(
        session,
        conflict.id,
        resolution=resolution.value,
        resolved_value=result.value,
        resolved_by=owner_id,
        resolved_at=now,
    ):
        await session.refresh(conflict)
        raise _already_resolved(conflict)  # another request decided it meanwhile
    resolved = await _add_version(
        session,
        graph_repo.successor(
            graph,
            nodes=result.nodes,
            edges=result.edges,
            facts=result.facts,
            timeline=result.timeline,
            change={
                "kind": "conflict_resolution",
                "conflict_id": str(conflict.id),
                "resolution": resolution.value,
                "value": result.value,
                "by": str(owner_id),
                "base_version": graph.version,
            },
        ),
    )
    await session.refresh(conflict)
    payload = {
        "conflict_id": str(conflict.id),
        "resolution": resolution.value,
        "value": result.value,
        "display": result.display,
        "graph_version": resolved.version,
    }
    await event_service.record(
        session,
        hub=hub,
        case_id=conflict.case_id,
        type=EventType.CONFLICT_RESOLVED,
        payload=payload,
    )
    await event_service.record(
        session,
        hub=hub,
        case_id=conflict.case_id,
        type=EventType.GRAPH_UPDATED,
        payload={
            "version": resolved.version,
            "reason": "conflict_resolution",
            "conflict_id": str(conflict.id),
            "resolution": resolution.value,
            "nodes": len(resolved.nodes),
            "edges": len(resolved.edges),
            "facts": len(resolved.facts),
        },
    )
    return conflict, resolved


async def _add_version(session: AsyncSession, graph: KnowledgeGraph) -> KnowledgeGraph:
    try:
        return await graph_repo.add_version(session, graph)
    except IntegrityError as exc:  # another change wrote the same version number first
        raise ConflictError(
            "The knowledge graph changed while the conflict was resolved; try again.",
            details={"case_id": str(graph.case_id)},
            suggested_action="retry",
        ) from exc


def _already_resolved(conflict: Conflict) -> ConflictError:
    return ConflictError(
        "This conflict has already been resolved.",
        details={
            "conflict_id": str(conflict.id),
            "resolution": conflict.resolution,
            "resolved_at": conflict.resolved_at.isoformat() if conflict.resolved_at else None,
        },
        suggested_action="reload the conflicts",
    )
