"""Domains: the routing plan → each domain's agents over their work units, side by side
(Financial, Legal and Evidence together, with the numeric review of the financial files beside
them; Strategy after, reading their summaries) → each domain's units merged into one output
(agents.phases.domain_merge) → its findings, in their own transaction. One domain failing never
loses the others' findings: its files are PARTIAL and the job ends PARTIAL."""

import asyncio
import uuid
from typing import Any

from pydantic import BaseModel

from holmes_backend.agents import persist
from holmes_backend.agents.domains import agent as domains
from holmes_backend.agents.errors import AgentFailedError
from holmes_backend.agents.numeric import agent as numeric_agent
from holmes_backend.agents.phases import shared_evidence
from holmes_backend.agents.phases.domain_merge import merged
from holmes_backend.agents.phases.state import JobRun
from holmes_backend.agents.phases.units import domain_units, run_units
from holmes_backend.contracts.agents import DomainAssignment, RoutingPlan
from holmes_backend.db import transaction
from holmes_backend.repositories import findings as finding_repo
from holmes_shared.enums import FileStatus


async def run(job_run: JobRun) -> None:
    states = job_run.book.states
    routing = RoutingPlan.model_validate(states["routing"])
    parent = uuid.UUID(states["routing"]["execution_id"])
    assignments = {a.domain: a for a in routing.assignments}
    done: dict[str, Any] = dict(states.get("domains", {}))
    first = [d for d in domains.INDEPENDENT_DOMAINS if d in assignments and d not in done]
    # Where it pays, the evidence they share is read from one cache (shared_evidence).
    shared, prefixes = shared_evidence.plan(
        job_run, {d: assignments[d] for d in first}, job_run.case_parts()
    )
    # Each domain is recorded as soon as its own workers are done, while the others wait.
    await asyncio.gather(
        *(_domain(job_run, d, assignments[d], parent, {}, done, shared.get(d)) for d in first),
        _numeric(job_run, assignments.get("financial"), parent),
    )
    for prefix in prefixes:
        await job_run.caches.release(prefix)
    if "strategy" not in done:
        # Strategy reads the other domains' findings, so it runs once they are in.
        models = job_run.findings.models
        others = {
            d: models.get(d) or domains.DOMAIN_SCHEMAS[d].model_validate(done[d])
            for d in domains.DOMAIN_SCHEMAS
            if done.get(d) is not None
        }
        strategy = assignments.get("strategy") or DomainAssignment(
            domain="strategy", file_ids=[], complexity=0, workers=1
        )
        await _domain(job_run, "strategy", strategy, parent, others, done)


async def _numeric(job_run: JobRun, assignment: DomainAssignment | None, parent: uuid.UUID) -> None:
    """Numeric validation of the financial files (agents.numeric), beside the domains; a
    failure is recorded in the job's errors and costs nothing else."""
    ids = [f for f in assignment.file_ids if f in job_run.evidence] if assignment else []
    evidence = [job_run.evidence[f] for f in ids]
    if error := await numeric_agent.validate_evidence(job_run.ctx, evidence, parent=parent):
        await job_run.book.record_error({"phase": "domains", "domain": "numeric", "error": error})


async def _domain(
    job_run: JobRun,
    domain: str,
    assignment: DomainAssignment,
    parent: uuid.UUID,
    others: dict[str, BaseModel],
    done: dict[str, Any],
    shared: shared_evidence.Shared | None = None,
) -> None:
    """One domain's agents, recorded in `done` (None when they failed: the failure is
    recorded for its files and the job goes on)."""
    book = job_run.book
    try:
        result = await _run_domain(job_run, domain, assignment, parent, others, shared)
    except Exception as exc:
        reason = exc.reason if isinstance(exc, AgentFailedError) else str(exc)
        error = {"phase": "domains", "domain": domain, "error": reason[:2000]}
        if isinstance(exc, AgentFailedError):
            error["code"] = exc.code.value
        await book.record_error(error)
        await book.set_files(assignment.file_ids, FileStatus.PARTIAL, f"{domain} analysis failed")
        done[domain] = None
    else:
        done[domain] = result
        job_run.findings.models[domain] = result
    # In domain order whichever finished first (the state is read back in that order).
    book.save_state("domains", {d: done[d] for d in domains.DOMAIN_SCHEMAS if d in done})


async def _run_domain(
    job_run: JobRun,
    domain: str,
    assignment: DomainAssignment,
    parent: uuid.UUID,
    others: dict[str, BaseModel],
    shared: shared_evidence.Shared | None,
) -> BaseModel:
    spec = domains.spec(domain, job_run.tools)
    case_parts = job_run.case_parts()
    # Strategy reads the other domains' summaries: at most half of its budget, the rest
    # is evidence.
    summaries = job_run.findings.fitted(spec, case_parts, others, "summary", share=0.5)
    context = [*case_parts, *summaries]
    units = domain_units(job_run, spec, assignment, context, shared)
    outputs = await run_units(
        job_run,
        spec,
        context,
        units,
        parent=parent,
        summary={"domain": domain},
        domain=domain,
        bare=domains.spec(domain) if shared else None,
    )
    # The per-domain merge of the units' outputs (PRD §4.7).
    output = await merged(job_run, domain, case_parts, outputs, parent)
    job_run.writes.add(_write_findings(job_run, domain, spec.name, output))
    if domain in domains.INDEPENDENT_DOMAINS:
        # Strategy's request is made of the summaries next.
        job_run.findings.rendering("summary", domain, output)
        # Synthesis reads the block after strategy: made once strategy's request is out.
        job_run.writes.add(job_run.findings.render_block(domain, output))
    return output


async def _write_findings(job_run: JobRun, domain: str, agent_id: str, output: BaseModel) -> None:
    findings = persist.domain_findings(
        case_id=job_run.ctx.case_id,
        job_id=job_run.job_id,
        domain=domain,
        agent_id=agent_id,
        output=output,
        known_files=set(job_run.evidence),
    )
    async with job_run.ctx.session_factory() as session:
        await finding_repo.replace_for_job_domain(
            session,
            case_id=job_run.ctx.case_id,
            supersede_earlier=not job_run.incremental,
            job_id=job_run.job_id,
            domain=domain,
            findings=findings,
        )
        await transaction.commit(session)
