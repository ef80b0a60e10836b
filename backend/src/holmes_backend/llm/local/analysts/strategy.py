"""Strategy analyst: next steps derived from the domain findings (or from the evidence itself)."""

from holmes_backend.analysis.domains.case import case_view
from holmes_backend.analysis.domains.strategy import analyse_strategy, signals
from holmes_backend.contracts.agents import StrategyOutput
from holmes_backend.llm.local.analysts._common import trace, weigh
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst


@analyst(StrategyOutput)
def strategy(request: AnalysisRequest) -> Analysis:
    view = case_view(
        request.documents,
        request.findings,
        request.text,
        reporting_threshold=request.params.reporting_threshold,
    )
    result = analyse_strategy(view, request.params.link_window_minutes)
    assessments, summary = weigh(request.hypotheses, signals(result.output))
    result.output.hypotheses = assessments
    return Analysis(output=result.output, thoughts=trace(result.thoughts, summary))
