"""Legal analyst: parties, clauses, dates and governing law from the evidence."""

from holmes_backend.analysis.domains.legal import analyse_legal, signals
from holmes_backend.contracts.agents import LegalOutput
from holmes_backend.llm.local.analysts._common import trace, weigh
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst


@analyst(LegalOutput)
def legal(request: AnalysisRequest) -> Analysis:
    result = analyse_legal(request.documents)
    assessments, summary = weigh(request.hypotheses, signals(result.output))
    result.output.hypotheses = assessments
    return Analysis(output=result.output, thoughts=trace(result.thoughts, summary))
