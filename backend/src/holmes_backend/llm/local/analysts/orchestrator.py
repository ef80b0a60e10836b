"""Orchestrator: routes triaged files to domains by the PRD §4.7 rules and explains the plan."""

from holmes_backend.analysis.routing import route
from holmes_backend.contracts.agents import RoutingPlan, TriageResult
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst


@analyst(RoutingPlan)
def orchestrate(request: AnalysisRequest) -> Analysis:
    files = []
    for block in request.findings:
        if block.header.get("stage") == "triage" and block.data:
            files.extend(TriageResult.model_validate(block.data).files)
    threshold = request.params.routing_threshold
    # One worker a domain: the analyst has no context window to divide, and a domain's facts
    # are read across its files (a policy's threshold against a register's orders).
    assignments = [a.model_copy(update={"workers": 1}) for a in route(files, threshold)]
    lines = [
        f"{a.domain}: {len(a.file_ids)} file(s), complexity {a.complexity:.2f}, "
        f"{a.workers} worker(s)"
        for a in assignments
    ]
    reasoning = (
        f"Routed {len(files)} triaged file(s) to each domain scoring at least {threshold:.2f}; "
        "each domain reads its files in one worker. " + "; ".join(lines)
    )
    thoughts = [
        f"Read triage for {len(files)} file(s); routing threshold {threshold:.2f}.",
        *lines,
    ]
    return Analysis(
        output=RoutingPlan(assignments=assignments, reasoning=reasoning), thoughts=thoughts
    )
