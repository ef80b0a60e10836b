"""Synthesis analyst: cross-modal links, contradictions and gaps across the domain findings.

SynthesisOutput has no hypotheses field; the hypotheses are weighed in the thoughts instead.
"""

from holmes_backend.analysis.domains.case import case_view
from holmes_backend.analysis.domains.synthesis import analyse_synthesis, signals
from holmes_backend.contracts.agents import SynthesisOutput
from holmes_backend.llm.local.analysts._common import trace, weigh
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst


@analyst(SynthesisOutput)
def synthesis(request: AnalysisRequest) -> Analysis:
    view = case_view(
        request.documents,
        request.findings,
        request.text,
        reporting_threshold=request.params.reporting_threshold,
    )
    result = analyse_synthesis(view, request.params.link_window_minutes)
    assessments, summary = weigh(request.hypotheses, signals(result.output))
    if assessments:
        summary += " " + "; ".join(
            f"\u201c{a.hypothesis[:60]}\u201d: {a.stance}" for a in assessments[:3]
        )
    return Analysis(output=result.output, thoughts=trace(result.thoughts, summary))
