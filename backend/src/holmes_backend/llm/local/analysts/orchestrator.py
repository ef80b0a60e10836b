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
    assignments = route(files, threshold)
    lines = [
        f"{a.domain}: {len(a.file_ids)} file(s), complexity {a.complexity:.2f}, "
        f"{a.workers} worker(s)"
        for a in assignments
    ]
    reasoning = (
        f"Routed {len(files)} triaged file(s) to each domain scoring at least {threshold:.2f}; "
        "a domain under complexity 2.0 gets one worker, otherwise one per 1.5. " + "; ".join(lines)
    )
    thoughts = [
        f"Read triage for {len(files)} file(s); routing threshold {threshold:.2f}.",
        *lines,
    ]
    return Analysis(
        output=RoutingPlan(assignments=assignments, reasoning=reasoning), thoughts=thoughts
    )
