"""Evidence analyst: timeline, people, places, custody and sworn claims from the evidence."""

from holmes_backend.analysis.domains.evidence import analyse_evidence, signals
from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.local.analysts._common import trace, weigh
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst


@analyst(EvidenceOutput)
def evidence(request: AnalysisRequest) -> Analysis:
    result = analyse_evidence(request.documents)
    assessments, summary = weigh(request.hypotheses, signals(result.output))
    result.output.hypotheses = assessments
    return Analysis(output=result.output, thoughts=trace(result.thoughts, summary))
