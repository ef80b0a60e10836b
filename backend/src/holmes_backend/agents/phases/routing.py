"""Routing: the triaged files → the orchestrator → a routing plan (which domains read which
files, with how many workers), checked against the rule-based plan, kept in the job's state."""

from holmes_backend.agents.context import emit
from holmes_backend.agents.orchestrator.agent import SPEC
from holmes_backend.agents.phases.state import JobRun
from holmes_backend.agents.runner import run_agent
from holmes_backend.agents.spec import PARAMS
from holmes_backend.analysis.routing import DOMAINS, route, unassigned
from holmes_backend.contracts.agents import DomainAssignment, RoutingPlan, TriageFile, TriageResult
from holmes_backend.llm.evidence import render_findings
from holmes_shared.events import EventType


async def run(job_run: JobRun) -> None:
    # Triage's files: this run's models, or read back from the job's state on a resume.
    states = job_run.book.states
    triage = [TriageFile.model_validate(f) for f in states.get("triage", [])]
    parts = [
        render_findings({"stage": "triage"}, TriageResult(files=triage)),
        f"routing threshold: {PARAMS.routing_threshold}",
    ]
    output, execution_id = await run_agent(
        job_run.ctx, SPEC, parts, input_summary={"files": len(triage)}
    )
    assert isinstance(output, RoutingPlan)
    plan = checked_plan(output, triage)
    job_run.book.save_state(
        "routing", {**plan.model_dump(mode="json"), "execution_id": str(execution_id)}
    )
    job_run.writes.add(
        emit(
            job_run.ctx,
            EventType.AGENT_PROGRESS,
            {
                "phase": "routing",
                "reasoning": plan.reasoning,
                "assignments": [a.model_dump(mode="json") for a in plan.assignments],
            },
            agent_id="orchestrator",
            agent_type="ORCHESTRATOR",
        )
    )


def checked_plan(plan: RoutingPlan, triage: list[TriageFile]) -> RoutingPlan:
    """The model's plan, kept to known files; the rule-based plan fills what it left out."""
    order = {f.file_id: i for i, f in enumerate(triage)}
    fallback = {a.domain: a for a in route(triage, PARAMS.routing_threshold)}
    chosen = {}
    for assignment in plan.assignments:
        # In triage order, each once: the order a model lists them in carries no meaning.
        ids = sorted({f for f in assignment.file_ids if f in order}, key=order.__getitem__)
        chosen[assignment.domain] = assignment.model_copy(
            update={
                "file_ids": ids,
                "workers": max(1, min(assignment.workers, max(1, len(ids)))),
            }
        )
    for domain, assignment in fallback.items():
        chosen.setdefault(domain, assignment)
    # A file the model gave to no domain is read by its primary domain all the same.
    for file in unassigned(triage, list(chosen.values())):
        domain = file.primary_domain
        current = chosen.get(domain) or fallback.get(domain)
        ids = [*(current.file_ids if current else []), file.file_id]
        chosen[domain] = DomainAssignment(
            domain=domain,
            file_ids=sorted(ids, key=order.__getitem__),
            complexity=(current.complexity if current else 0) + file.complexity_score,
            workers=current.workers if current else 1,
        )
    ordered = [chosen[d] for d in DOMAINS if d in chosen]
    return RoutingPlan(assignments=ordered, reasoning=plan.reasoning)
