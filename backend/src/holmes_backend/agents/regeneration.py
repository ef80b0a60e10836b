"""Regenerating stale items: synthesis and the graph again, over the case's current findings.

A correction marks what draws on the corrected value stale (PRD §4.14: "the user decides
regeneration"). A regeneration is a processing job that starts after the domains phase (its
completed phases say so), so the pipeline runs its synthesis and graph phases only, through
the same runner, execution records and events, and resumes like any job:

- synthesis reads the domain outputs the case stands on (the last full processing and the
  incremental jobs after it) as corrected since: an item a correction superseded is read as
  the finding that replaced it. The new synthesis findings supersede the earlier ones, stale
  or not.
- the graph phase works on the latest version, so what corrections, merges and the user's
  conflict decisions made of it stays: its insights are the new synthesis's; its stale nodes,
  relationships, timeline entries and facts are withdrawn, and what the knowledge-graph agent
  now derives at the places they cited is merged back in by the merge step (entity
  resolution, relationships, facts; a disagreement opens a conflict, never a silent change).
  An item carrying an open conflict or a decision stays (the user's word stands), no longer
  stale. Last, every applied correction is kept: an item derived again with the original
  value where a correction applied is rewritten to the corrected one.

Findings a domain agent read from the evidence and that draw on a corrected value (an
anomaly's total, say) are not re-read here: only processing the case again re-reads evidence.
They stay stale and are counted in the new version's change record.
"""

import json
import uuid
from typing import Any

from pydantic import BaseModel

from holmes_backend.agents import persist
from holmes_backend.agents.knowledge_graph.agent import SPEC as DELTA_SPEC
from holmes_backend.agents.merge import step as merge_step
from holmes_backend.agents.merge.agent import SPEC as MERGE_SPEC
from holmes_backend.agents.merge.apply import merge
from holmes_backend.agents.merge.facts import derive_facts
from holmes_backend.agents.runner import PipelineContext, run_agent
from holmes_backend.agents.verification.items import ID_PREFIXES, Place, numbered, places
from holmes_backend.agents.verification.kept import applied_for_case, graph_lists, keep_corrected
from holmes_backend.contracts.agents import GraphFact, GraphOutput, MergePlan, SynthesisOutput
from holmes_backend.db import transaction
from holmes_backend.events import log as event_service
from holmes_backend.llm.evidence import render_file_names, render_findings
from holmes_backend.models import Finding, KnowledgeGraph, ProcessingJob
from holmes_backend.repositories import files as file_repo
from holmes_backend.repositories import findings as finding_repo
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.repositories import jobs as job_repo
from holmes_shared.enums import FindingStatus
from holmes_shared.events import EventType

STATE = "regenerate"  # the job's agent_states key that makes it a regeneration
DONE_BEFORE = ["extraction", "triage", "routing", "domains"]
_INSIGHTS = ("contradictions", "evidence_gaps", "cross_modal_links")
_DERIVED = ("nodes", "edges", "timeline", "facts")
_DECIDED = ("conflict_ids", "resolutions", "rejected_values")
_DECIDED_STATUS = ("superseded", "rejected")


def is_regeneration(states: dict[str, Any]) -> bool:
    """Whether a job with these agent_states is a regeneration."""
    return STATE in states


def stale_in(graph: KnowledgeGraph, findings: list[Finding]) -> dict[str, int]:
    """What is stale: the graph's items and the synthesis findings (what a regeneration
    refreshes), and the domain findings (which only a new reading of the evidence refreshes)."""
    lists = graph_lists(graph)
    items = sum(1 for v in lists.values() for i in v if isinstance(i, dict) and i.get("stale"))
    stale = [f for f in findings if f.status == FindingStatus.STALE]
    synthesized = sum(1 for f in stale if f.domain == "synthesis")
    return {
        "graph_items": items,
        "synthesis_findings": synthesized,
        "domain_findings": len(stale) - synthesized,
    }


# ---- what synthesis reads --------------------------------------------------------------------


async def earlier_states(ctx: PipelineContext, job: ProcessingJob) -> list[dict[str, Any]]:
    """The domain outputs of the jobs before this one that the case stands on: back to the
    last full processing (whose findings superseded everything before it); a regeneration
    analyses no evidence, so it has none."""
    async with ctx.session_factory() as session:
        earlier = await job_repo.finished_before(session, job.case_id, job.created_at)
    states: list[dict[str, Any]] = []
    for other in earlier:
        if is_regeneration(other.agent_states):
            continue
        states.append(other.agent_states.get("domains", {}))
        if not other.incremental:
            break
    return states


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _swap(value: Any, replacing: dict[str, Any]) -> Any:
    if isinstance(value, dict):
        found = replacing.get(_key(value))
        if found is not None:
            return found
        return {k: _swap(v, replacing) for k, v in value.items()}
    if isinstance(value, list):
        return [_swap(v, replacing) for v in value]
    return value


async def corrected(ctx: PipelineContext, outputs: dict[str, BaseModel]) -> dict[str, BaseModel]:
    """The domain outputs as the case's current findings state them: an item whose finding a
    correction superseded reads as the finding that replaced it (the last of a chain)."""
    async with ctx.session_factory() as session:
        rows = list(await finding_repo.for_case(session, ctx.case_id))
    by_id = {row.id: row for row in rows}
    replacing: dict[str, Any] = {}
    for row in rows:
        if row.superseded_by is None:
            continue
        last, seen = row, {row.id}
        while last.superseded_by in by_id and last.superseded_by not in seen:
            last = by_id[last.superseded_by]
            seen.add(last.id)
        replacing[_key(row.content)] = last.content
    if not replacing:
        return outputs
    return {
        domain: type(output).model_validate(_swap(output.model_dump(mode="json"), replacing))
        for domain, output in outputs.items()
    }


# ---- the graph phase -------------------------------------------------------------------------


def _unstale(item: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in item.items() if k not in {"stale", "stale_because"}}


def _withdraw(
    lists: dict[str, list[Any]],
) -> tuple[dict[str, list[Any]], set[Place], dict[str, int]]:
    """The derived lists without their stale items, the places those cited, and counts."""
    kept: dict[str, list[Any]] = {}
    where: set[Place] = set()
    counts = {"withdrawn": 0, "kept_for_decisions": 0}
    for name in _DERIVED:
        items = lists.get(name, [])
        kept[name] = []
        for item in items:
            if not (isinstance(item, dict) and item.get("stale")):
                kept[name].append(item)
            elif any(item.get(k) for k in _DECIDED) or item.get("status") in _DECIDED_STATUS:
                kept[name].append(_unstale(item))
                counts["kept_for_decisions"] += 1
            else:
                where |= places(item)
                counts["withdrawn"] += 1
    return kept, where, counts


def _cites(value: BaseModel | dict[str, Any], where: set[Place]) -> bool:
    data = value.model_dump(mode="json") if isinstance(value, BaseModel) else value
    return bool(places(data) & where)


async def refresh_graph(
    ctx: PipelineContext,
    *,
    job_id: uuid.UUID,
    outputs: dict[str, BaseModel],
    synthesis: SynthesisOutput,
) -> None:
    """The regeneration's graph phase (see the module docstring): one new version."""
    async with ctx.session_factory() as session:
        regenerating = await job_repo.state(session, job_id, STATE)
        base = await graph_repo.latest(session, ctx.case_id)
        names = await file_repo.names_for_case(session, ctx.case_id)
    assert regenerating is not None
    if "graph_version" in regenerating:
        return  # written with the version: a resumed job does not regenerate twice
    if base is None:
        raise RuntimeError("the case has no knowledge graph to regenerate")
    kept, where, counts = _withdraw(graph_lists(base))
    delta, new_facts, timeline = GraphOutput(), list[GraphFact](), list[dict[str, Any]]()
    plan, merge_execution = MergePlan(), None
    if where:
        parts = [render_findings({"domain": d}, o) for d, o in outputs.items()]
        parts += [render_findings({"stage": "synthesis"}, synthesis), render_file_names(names)]
        fresh, _ = await run_agent(
            ctx,
            DELTA_SPEC,
            parts,
            input_summary={"domains": list(outputs), "regenerating": counts["withdrawn"]},
        )
        assert isinstance(fresh, GraphOutput)
        relationships = [r for r in fresh.relationships if _cites(r, where)]
        ends = {r.source_id for r in relationships} | {r.target_id for r in relationships}
        delta = GraphOutput(
            entities=[e for e in fresh.entities if e.id in ends or _cites(e, where)],
            relationships=relationships,
        )
        new_facts = [f for f in derive_facts(outputs, fresh.entities) if _cites(f, where)]
        timeline = [t for t in persist.timeline(outputs) if _cites(t, where)]
        if delta.entities or new_facts:
            existing = {"entities": kept["nodes"], "relationships": kept["edges"]}
            answer, merge_execution = await run_agent(
                ctx,
                MERGE_SPEC,
                [
                    render_findings(
                        {"stage": "existing_graph", "version": base.version},
                        {**existing, "facts": kept["facts"]},
                    ),
                    render_findings({"stage": "new_graph"}, delta),
                    render_findings(
                        {"stage": "new_facts"}, [f.model_dump(mode="json") for f in new_facts]
                    ),
                ],
                input_summary={
                    "graph_version": base.version,
                    "new_entities": len(delta.entities),
                    "new_facts": len(new_facts),
                    "regenerating": counts["withdrawn"],
                },
            )
            assert isinstance(answer, MergePlan)
            plan = answer
    await _write(
        ctx,
        job_id=job_id,
        base=base,
        kept=kept,
        delta=delta,
        new_facts=new_facts,
        timeline=timeline,
        plan=plan,
        synthesis=synthesis,
        counts=counts,
        merge_execution=merge_execution,
    )


async def _write(
    ctx: PipelineContext,
    *,
    job_id: uuid.UUID,
    base: KnowledgeGraph,
    kept: dict[str, list[Any]],
    delta: GraphOutput,
    new_facts: list[GraphFact],
    timeline: list[dict[str, Any]],
    plan: MergePlan,
    synthesis: SynthesisOutput,
    counts: dict[str, int],
    merge_execution: uuid.UUID | None,
) -> None:
    """The new version, its conflicts, the corrections kept and the events: one transaction
    with the job's state, so a resumed job never writes it twice."""
    async with ctx.session_factory() as session:
        job = await job_repo.get(session, job_id)
        regenerating = await job_repo.state(session, job_id, STATE)
        latest = await graph_repo.latest(session, ctx.case_id)
        assert job is not None
        assert regenerating is not None
        assert latest is not None
        if latest.version != base.version:
            # Corrections and conflict decisions wait while a job runs; nothing else writes.
            raise RuntimeError("the knowledge graph changed while it was being regenerated")
        version = base.version + 1
        result = merge(
            base_nodes=kept["nodes"],
            base_edges=kept["edges"],
            base_facts=kept["facts"],
            base_timeline=kept["timeline"],
            delta=delta,
            new_facts=new_facts,
            new_timeline=timeline,
            plan=plan,
            open_conflicts=await merge_step.open_conflicts(session, ctx.case_id),
            version=version,
        )
        insights = persist.knowledge_graph(
            case_id=ctx.case_id, graph=GraphOutput(), synthesis=synthesis, outputs={}
        )
        lists: dict[str, list[Any]] = {
            "nodes": result.nodes,
            "edges": numbered(result.edges, ID_PREFIXES["edges"]),
            "facts": result.facts,
            "timeline": numbered(result.timeline, ID_PREFIXES["timeline"]),
            **{name: getattr(insights, name) for name in _INSIGHTS},
        }
        applied = await applied_for_case(session, ctx.case_id)
        rewritten = keep_corrected(lists, applied)
        still_stale = [
            str(f.id)
            for f in await finding_repo.current_for_case(session, ctx.case_id)
            if f.status == FindingStatus.STALE and f.domain != "synthesis"
        ]
        report = {
            **counts,
            "nodes_added": result.report.get("nodes_added", 0),
            "edges_added": result.report.get("edges_added", 0),
            "facts_added": result.report.get("facts_added", 0),
            "conflicts": result.report.get("conflicts", []),
            "corrections_kept": rewritten,
            "findings_still_stale": still_stale,
        }
        graph = await graph_repo.add_version(
            session,
            graph_repo.successor(
                base,
                **lists,
                change={
                    "kind": "regeneration",
                    "job_id": str(job_id),
                    "base_version": base.version,
                    "execution_id": str(merge_execution) if merge_execution else None,
                    **report,
                },
            ),
        )
        assert graph.version == version
        await merge_step.record_conflicts(session, ctx, result=result, job=job, version=version)
        await job_repo.set_state(
            session,
            job.id,
            STATE,
            {**regenerating, "graph_version": version, "report": report},
        )
        await event_service.record(
            session,
            hub=ctx.hub,
            case_id=ctx.case_id,
            type=EventType.GRAPH_UPDATED,
            payload={
                "version": version,
                "reason": "regeneration",
                "nodes": len(graph.nodes),
                "edges": len(graph.edges),
                "facts": len(graph.facts),
                "regenerated": counts["withdrawn"],
                "conflicts": len(result.conflicts),
                "corrections_kept": len({r["correction_id"] for r in rewritten}),
                "findings_still_stale": len(still_stale),
            },
            agent_id=DELTA_SPEC.name,
            agent_type=DELTA_SPEC.agent_type,
        )
        await transaction.commit(session)
