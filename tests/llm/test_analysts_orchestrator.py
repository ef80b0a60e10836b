"""The offline orchestrator: files routed by the PRD §4.7 threshold, each domain read in one
worker (the analyst has no context window to divide, and reads a domain's facts across files)."""

from holmes_backend.analysis.routing import route
from holmes_backend.contracts.agents import DomainScores, RoutingPlan, TriageFile, TriageResult
from tests.llm.test_analysts_helpers import findings, run


def _file(n: int) -> TriageFile:
    return TriageFile(
        file_id=f"f{n}",
        filename=f"ledger_{n}.csv",
        primary_domain="financial",
        secondary_domains=[],
        domain_scores=DomainScores(financial=0.9, legal=0.1, evidence=0.2, strategy=0.1),
        complexity_score=0.9,
        classification="financial_record",
    )


def test_a_complex_domain_is_read_by_one_worker_offline() -> None:
    triage = TriageResult(files=[_file(n) for n in range(6)])
    assert next(a for a in route(triage.files, 0.4) if a.domain == "financial").workers == 4
    plan, _ = run(RoutingPlan, [], blocks=[findings("triage", triage, "stage")])
    financial = next(a for a in plan.assignments if a.domain == "financial")
    assert financial.file_ids == [f"f{n}" for n in range(6)]
    assert financial.workers == 1
