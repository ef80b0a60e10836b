"""Financial analyst: transactions, counterparties and anomalies from the evidence."""

from holmes_backend.analysis.domains.financial import analyse_financial, signals
from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.llm.local.analysts._common import trace, weigh
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst


@analyst(FinancialOutput)
def financial(request: AnalysisRequest) -> Analysis:
    result = analyse_financial(request.documents, request.params.reporting_threshold)
    assessments, summary = weigh(request.hypotheses, signals(result.output))
    result.output.hypotheses = assessments
    return Analysis(output=result.output, thoughts=trace(result.thoughts, summary))
