"""Synthesis: the domains' findings blocks (shared with the graph's request: one context cache)
and the case's parts → the synthesis agent, its citations checked → its findings and insight
events, in their own transaction."""

from pydantic import BaseModel

from holmes_backend.agents import persist
from holmes_backend.agents.context import emit_all
from holmes_backend.agents.phases.state import JobRun
from holmes_backend.agents.runner import run_agent
from holmes_backend.agents.spec import PARAMS
from holmes_backend.agents.synthesis.agent import SPEC
from holmes_backend.contracts.agents import SynthesisOutput
from holmes_backend.db import transaction
from holmes_backend.llm.evidence import render_file_names
from holmes_backend.repositories import findings as finding_repo
from holmes_shared.events import EventType

# Of the request budget, the findings synthesis and the graph both read, first in both requests
# (one context cache); the rest is synthesis's own parts, or the graph's synthesis block.
SHARED_FINDINGS_SHARE = 0.85


async def run(job_run: JobRun) -> None:
    outputs = await job_run.findings.outputs()
    shared = await findings_shared(job_run, outputs)
    parts = [*shared, *await _own_parts(job_run)]
    answer, execution_id = await run_agent(
        job_run.ctx, SPEC, parts, input_summary={"domains": list(outputs)}
    )
    output = await job_run.grounded(SPEC, answer, execution_id)
    assert isinstance(output, SynthesisOutput)
    job_run.writes.add(write(job_run, output))
    job_run.book.save_state("synthesis", output)


async def _own_parts(job_run: JobRun) -> list[str]:
    return [
        *job_run.case_parts(),
        f"window_minutes: {PARAMS.link_window_minutes}",
        # The files' names: a statement's holder is named by its file's name.
        render_file_names(await job_run.case_file_names()),
    ]


async def findings_shared(job_run: JobRun, outputs: dict[str, BaseModel]) -> list[str]:
    """The domains' findings blocks synthesis and the graph both start with (fitted once,
    in SHARED_FINDINGS_SHARE of synthesis's budget), declared to the job's context caches
    with the number of those two agents still to read them."""
    findings = job_run.findings
    if findings.shared is None:
        own = await _own_parts(job_run)
        shared = findings.fitted(SPEC, own, outputs, "block", share=SHARED_FINDINGS_SHARE)
        readers = ("synthesis" not in job_run.book.completed) + (not job_run.building_on)
        job_run.caches.share(shared, readers=readers)
        findings.shared = shared
    return findings.shared


async def write(job_run: JobRun, output: SynthesisOutput) -> None:
    """Synthesis's findings, and its insights on the case log."""
    ctx = job_run.ctx
    findings = persist.synthesis_findings(
        case_id=ctx.case_id,
        job_id=job_run.job_id,
        output=output,
        known_files=set(job_run.evidence),
    )
    async with ctx.session_factory() as session:
        await finding_repo.replace_for_job_domain(
            session,
            case_id=ctx.case_id,
            supersede_earlier=not job_run.incremental,
            job_id=job_run.job_id,
            domain="synthesis",
            findings=findings,
        )
        await transaction.commit(session)
    insights = [
        (EventType.INSIGHT_DETECTED, {"kind": kind, "insight": item.model_dump(mode="json")})
        for kind, items in (
            ("contradiction", output.contradictions),
            ("cross_modal_link", output.cross_modal_links),
            ("evidence_gap", output.evidence_gaps),
        )
        for item in items
    ]
    await emit_all(ctx, insights, agent_id="synthesis_agent", agent_type="SYNTHESIS")
