"""The graph: the findings synthesis read and synthesis's own → the knowledge-graph agent → a
graph version, its facts and timeline, with the agent's completion and the job's end, in one
transaction. New evidence on a graph is merged into it instead (agents.merge: conflicts surface,
never resolved here); a regeneration refreshes the graph over the current findings."""

import asyncio
import uuid
from typing import Any

from pydantic import BaseModel

from holmes_backend.agents import persist, regeneration
from holmes_backend.agents.context import record_event
from holmes_backend.agents.domains.agent import DOMAIN_SCHEMAS
from holmes_backend.agents.knowledge_graph.agent import SPEC
from holmes_backend.agents.merge import step as merge_step
from holmes_backend.agents.merge.facts import derive_facts
from holmes_backend.agents.phases.state import JobRun
from holmes_backend.agents.phases.synthesis import findings_shared
from holmes_backend.agents.record import Completion
from holmes_backend.agents.runner import run_agent
from holmes_backend.agents.verification.items import ID_PREFIXES, numbered
from holmes_backend.contracts.agents import GraphOutput, SynthesisOutput
from holmes_backend.db import transaction
from holmes_backend.db.types import EncodedList
from holmes_backend.llm.evidence import render_file_names
from holmes_backend.repositories import files as file_repo
from holmes_backend.repositories import graphs as graph_repo
from holmes_shared.events import EventType


async def run(job_run: JobRun) -> None:
    book = job_run.book
    if job_run.building_on and book.closing is not None:
        await book.closing  # both read this job's phase outputs from the database
    if job_run.regeneration:
        await regeneration.refresh_graph(
            job_run.ctx,
            job_id=job_run.job_id,
            outputs=await job_run.findings.outputs(),
            synthesis=SynthesisOutput.model_validate(book.states.get("synthesis", {})),
        )
        return
    if job_run.incremental and await merge_step.merge_new_evidence(
        job_run.ctx, job_id=job_run.job_id, schemas=DOMAIN_SCHEMAS
    ):
        return
    outputs = await job_run.findings.outputs()
    synthesis = SynthesisOutput.model_validate(book.states.get("synthesis", {}))
    # The files' names: the graph names its document nodes by them.
    names = render_file_names(job_run.file_names(job_run.evidence))
    # The findings synthesis read first (one context cache for both), then synthesis.
    shared = await findings_shared(job_run, outputs)
    read: dict[str, BaseModel] = {"synthesis": synthesis}
    parts = [*shared, *job_run.findings.fitted(SPEC, [*shared, names], read, "block"), names]
    # The agent's own completion is written with the version and the job's end.
    completion = Completion()
    agent = asyncio.create_task(
        run_agent(
            job_run.ctx,
            SPEC,
            parts,
            input_summary={"domains": list(outputs)},
            completion=completion,
        )
    )
    try:
        # What the graph version takes from the outputs alone is made while the model works.
        timeline = EncodedList(numbered(persist.timeline(outputs), ID_PREFIXES["timeline"]))
        output, _ = await agent
    except BaseException:
        agent.cancel()
        raise
    assert isinstance(output, GraphOutput)
    try:
        await _store(job_run, output, outputs, synthesis, timeline, completion)
    except BaseException:
        completion.write_behind(job_run.writes)  # the agent completed though the job did not
        raise


async def _store(
    job_run: JobRun,
    output: GraphOutput,
    outputs: dict[str, BaseModel],
    synthesis: SynthesisOutput,
    timeline: list[dict[str, Any]],
    completion: Completion,
) -> None:
    """The graph agent's completion, the graph version and the job's end, one commit, once
    the job's writes have landed."""
    ctx, book = job_run.ctx, job_run.book
    facts = derive_facts(outputs, output.entities)
    built = persist.knowledge_graph(
        case_id=ctx.case_id,
        graph=output,
        synthesis=synthesis,
        outputs=outputs,
        dated_events=timeline,
    )
    built.facts = [f.model_dump(mode="json") for f in facts]
    built.change = {"kind": "processing", "job_id": str(job_run.job_id)}
    # A graph version only on top of stored phases (landed during the agent's call).
    await book.landed("graph")
    async with ctx.session_factory() as session:
        graph = await graph_repo.add_version(session, built)
        # The output is the version just added (hundreds of kB for a large case): the
        # record names it rather than keeping a second copy, written on the job's last step.
        completion.output_data = {
            "graph_version": graph.version,
            "entities": len(output.entities),
            "relationships": len(output.relationships),
        }
        await completion.write_in(session)
        # The sources were analysed afresh: the user's applied corrections are applied again.
        if ctx.on_graph is not None:
            await ctx.on_graph(session, graph=graph, job_id=job_run.job_id)
        await file_repo.mark_processed(session, [uuid.UUID(f) for f in job_run.job.file_ids])
        await record_event(
            session,
            ctx,
            EventType.GRAPH_UPDATED,
            {
                "version": graph.version,
                "nodes": len(output.entities),
                "edges": len(output.relationships),
            },
            "knowledge_graph_agent",
            "KNOWLEDGE_GRAPH",
        )
        # The version and the job's end are one commit: a job never ends without its graph,
        # and a process that dies before it resumes to build the version once.
        await book.end_completed(session, [*book.completed, "graph"])
        await transaction.commit(session)
    book.completed.append("graph")
    book.ended = True
