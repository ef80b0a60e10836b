"""The merge step of an incremental job: the new files' graph merged into the existing graph.

1. The knowledge-graph agent builds a graph of the new files only (their domain outputs and the
   synthesis items that cite them); persisted in the job's state, so a resumed job reuses it.
2. The facts of the new files are read (agents/merge/facts.py).
3. The merge agent resolves the new entities against the existing graph and sets every new fact
   against the graph's facts (MergePlan).
4. The plan is applied to the latest version (agents/merge/apply.py): version + 1, conflict
   records for the user, CONFLICT_DETECTED per conflict and GRAPH_UPDATED, all in one
   transaction with the job's "merge" state, so a resumed job never merges twice.
"""

import uuid
from typing import Any

from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.agents import persist
from holmes_backend.agents.knowledge_graph.agent import SPEC as DELTA_SPEC
from holmes_backend.agents.merge.agent import SPEC as MERGE_SPEC
from holmes_backend.agents.merge.apply import MergeResult, merge
from holmes_backend.agents.merge.conflicts import OpenConflict
from holmes_backend.agents.merge.facts import combine, derive_facts
from holmes_backend.agents.runner import PipelineContext, run_agent
from holmes_backend.contracts.agents import (
    GraphFact,
    GraphOutput,
    MergePlan,
    SourceRef,
    SynthesisOutput,
)
from holmes_backend.db import transaction
from holmes_backend.events import log as event_service
from holmes_backend.llm.evidence import render_file_names, render_findings
from holmes_backend.models import Conflict, KnowledgeGraph, ProcessingJob
from holmes_backend.repositories import conflicts as conflict_repo
from holmes_backend.repositories import files as file_repo
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.repositories import jobs as job_repo
from holmes_shared.enums import ConflictStatus
from holmes_shared.events import EventType


async def merge_new_evidence(
    ctx: PipelineContext,
    *,
    job_id: uuid.UUID,
    schemas: dict[str, type[BaseModel]],
) -> bool:
    """Merges the job's new material into the latest graph; False when there is none yet."""
    async with ctx.session_factory() as session:
        job = await job_repo.get(session, job_id, with_states=True)
        assert job is not None
        base = await graph_repo.latest(session, job.case_id)
    if "merge" in job.agent_states:
        return True  # applied before the process stopped: the version and conflicts exist
    if base is None:
        return False
    new_files = set(job.file_ids)
    outputs = _outputs(job.agent_states.get("domains", {}), schemas)
    synthesis = SynthesisOutput.model_validate(job.agent_states.get("synthesis", {}))
    delta = await _delta_graph(ctx, job, outputs, _citing(synthesis, new_files))
    existing_facts: list[dict[str, Any]] = list(base.facts) or [
        f.model_dump(mode="json") for f in await _earlier_facts(ctx, job, base, schemas)
    ]
    new_facts = derive_facts(outputs, delta.entities)
    parts = [
        render_findings(
            {"stage": "existing_graph", "version": base.version},
            {"entities": base.nodes, "relationships": base.edges, "facts": existing_facts},
        ),
        render_findings({"stage": "new_graph"}, delta),
        render_findings({"stage": "new_facts"}, [f.model_dump(mode="json") for f in new_facts]),
    ]
    plan, execution_id = await run_agent(
        ctx,
        MERGE_SPEC,
        parts,
        input_summary={
            "graph_version": base.version,
            "new_entities": len(delta.entities),
            "new_facts": len(new_facts),
            "files": sorted(new_files),
        },
    )
    assert isinstance(plan, MergePlan)
    await _apply(
        ctx,
        job_id=job_id,
        plan=plan,
        delta=delta,
        new_facts=new_facts,
        existing_facts=existing_facts,
        timeline=persist.timeline(outputs),
        synthesis=synthesis,
        execution_id=execution_id,
    )
    return True


def _outputs(states: dict[str, Any], schemas: dict[str, type[BaseModel]]) -> dict[str, BaseModel]:
    return {d: schemas[d].model_validate(v) for d, v in states.items() if v and d in schemas}


def _citing(synthesis: SynthesisOutput, files: set[str]) -> SynthesisOutput:
    """Only the synthesis items that rest on a new file are new material for the graph."""

    def new(refs: list[SourceRef]) -> bool:
        return any(r.file_id in files for r in refs)

    return SynthesisOutput(
        cross_modal_links=[
            link for link in synthesis.cross_modal_links if new([link.source_a, link.source_b])
        ],
        contradictions=[
            c for c in synthesis.contradictions if new([c.claim_source, *c.evidence_against])
        ],
        evidence_gaps=[g for g in synthesis.evidence_gaps if new(g.sources)],
    )


async def _delta_graph(
    ctx: PipelineContext,
    job: ProcessingJob,
    outputs: dict[str, BaseModel],
    synthesis: SynthesisOutput,
) -> GraphOutput:
    saved = job.agent_states.get("delta_graph")
    if saved is not None:
        return GraphOutput.model_validate(saved)
    async with ctx.session_factory() as session:
        names = await file_repo.names_for_case(session, job.case_id)
    parts = [render_findings({"domain": d}, o) for d, o in outputs.items()]
    parts += [render_findings({"stage": "synthesis"}, synthesis), render_file_names(names)]
    output, _ = await run_agent(
        ctx,
        DELTA_SPEC,
        parts,
        input_summary={"domains": list(outputs), "new_files_only": True},
    )
    assert isinstance(output, GraphOutput)
    async with ctx.session_factory() as session:
        await job_repo.set_state(session, job.id, "delta_graph", output)
        await transaction.commit(session)
    return output


async def _earlier_facts(
    ctx: PipelineContext,
    job: ProcessingJob,
    base: KnowledgeGraph,
    schemas: dict[str, type[BaseModel]],
) -> list[GraphFact]:
    """A graph version written before facts were kept: its facts read from earlier findings."""
    async with ctx.session_factory() as session:
        earlier = await job_repo.finished_before(session, job.case_id, job.created_at)
    facts: list[GraphFact] = []
    for other in earlier:
        facts += derive_facts(_outputs(other.agent_states.get("domains", {}), schemas), base.nodes)
    return combine(facts)


async def _apply(
    ctx: PipelineContext,
    *,
    job_id: uuid.UUID,
    plan: MergePlan,
    delta: GraphOutput,
    new_facts: list[GraphFact],
    existing_facts: list[dict[str, Any]],
    timeline: list[dict[str, Any]],
    synthesis: SynthesisOutput,
    execution_id: uuid.UUID,
) -> None:
    async with ctx.session_factory() as session:
        job = await job_repo.get(session, job_id)
        assert job is not None
        # The latest version now (not the one the agent read): nothing written since is lost.
        base = await graph_repo.latest(session, job.case_id)
        assert base is not None
        result = merge(
            base_nodes=base.nodes,
            base_edges=base.edges,
            base_facts=list(base.facts or existing_facts),
            base_timeline=base.timeline,
            delta=delta,
            new_facts=new_facts,
            new_timeline=timeline,
            plan=plan,
            open_conflicts=await open_conflicts(session, job.case_id),
            version=base.version + 1,
        )
        insights = persist.knowledge_graph(
            case_id=job.case_id, graph=GraphOutput(), synthesis=synthesis, outputs={}
        )
        graph = await graph_repo.add_version(
            session,
            graph_repo.successor(
                base,
                nodes=result.nodes,
                edges=result.edges,
                facts=result.facts,
                timeline=result.timeline,
                contradictions=insights.contradictions,
                evidence_gaps=insights.evidence_gaps,
                cross_modal_links=insights.cross_modal_links,
                change={
                    "kind": "merge",
                    "job_id": str(job_id),
                    "base_version": base.version,
                    "execution_id": str(execution_id),
                    "conflicts": result.report["conflicts"],
                },
            ),
        )
        report = {**result.report, "version": graph.version}
        await file_repo.mark_processed(session, [uuid.UUID(f) for f in job.file_ids])
        await job_repo.set_state(session, job.id, "merge", report)
        await record_conflicts(session, ctx, result=result, job=job, version=graph.version)
        await _event(
            session,
            ctx,
            EventType.GRAPH_UPDATED,
            {
                "version": graph.version,
                "reason": "merge",
                "nodes": len(result.nodes),
                "edges": len(result.edges),
                "facts": len(result.facts),
                "conflicts": len(result.conflicts),
                "merge": {k: v for k, v in report.items() if k != "resolutions"},
            },
        )
        await transaction.commit(session)


async def open_conflicts(session: AsyncSession, case_id: uuid.UUID) -> list[OpenConflict]:
    return [
        OpenConflict(
            id=str(c.id),
            existing_fact_id=str(c.target_ref.get("existing_fact_id", "")),
            new_value=str(c.new_value),
        )
        for c in await conflict_repo.for_case(session, case_id, status=ConflictStatus.OPEN)
    ]


async def record_conflicts(
    session: AsyncSession,
    ctx: PipelineContext,
    *,
    result: MergeResult,
    job: ProcessingJob,
    version: int,
) -> None:
    """The merge's conflicts stored for the user (CONFLICT_DETECTED each), and the new sources
    that repeat an open conflict's new value joined to it; part of the caller's transaction."""
    await conflict_repo.add_many(session, _rows(result, job, version))
    for conflict_id, sources in result.joined.items():
        await conflict_repo.add_new_sources(session, uuid.UUID(conflict_id), sources)
    for draft in result.conflicts:
        await _event(
            session,
            ctx,
            EventType.CONFLICT_DETECTED,
            {
                "conflict_id": str(draft.id),
                "kind": draft.kind,
                "severity": draft.severity,
                "summary": draft.description,
                "subject": {
                    "id": draft.existing_fact["subject_id"],
                    "name": draft.existing_fact["subject_name"],
                },
                "attribute": draft.existing_fact["attribute"],
                "existing_value": draft.existing_fact["value"],
                "new_value": draft.new_fact["value"],
                "similarity": draft.similarity,
                "graph_version": version,
            },
        )


def _rows(result: MergeResult, job: ProcessingJob, version: int) -> list[Conflict]:
    rows = []
    for draft in result.conflicts:
        existing, new = draft.existing_fact, draft.new_fact
        rows.append(
            Conflict(
                id=draft.id,
                case_id=job.case_id,
                job_id=job.id,
                conflict_type=draft.kind[:50],
                severity=draft.severity,
                description=draft.description,
                target_ref={**draft.target_ref(), "graph_version": version},
                existing_value=existing["value"],
                new_value=new["value"],
                existing_source=_side(existing),
                new_source=_side(new),
                similarity=draft.similarity,
                status=ConflictStatus.OPEN,
                resolved_value=None,  # JSON null: the column holds a value once resolved
            )
        )
    return rows


def _side(fact: dict[str, Any]) -> dict[str, Any]:
    return {
        "display": fact.get("display") or fact["value"],
        "kind": fact.get("kind"),
        "confidence": fact.get("confidence"),
        "qualifier": fact.get("qualifier", ""),
        "sources": fact.get("sources", []),
    }


async def _event(
    session: Any, ctx: PipelineContext, type_: EventType, payload: dict[str, Any]
) -> None:
    await event_service.record(
        session,
        hub=ctx.hub,
        case_id=ctx.case_id,
        type=type_,
        payload=payload,
        agent_id=MERGE_SPEC.name,
        agent_type=MERGE_SPEC.agent_type,
    )
