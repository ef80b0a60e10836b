"""Triage: placeholder scoring until the analyst lands (replaced by the real analysis)."""

from holmes_backend.agents.schemas import DomainScores, TriageFile, TriageResult
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst


@analyst(TriageResult)
def triage(request: AnalysisRequest) -> Analysis:
    files = [
        TriageFile(
            file_id=doc.file_id,
            filename=doc.filename,
            classification="Evidence",
            domain_scores=DomainScores(financial=0.5, legal=0.5, evidence=0.5, strategy=0.1),
            complexity_score=0.5,
            primary_domain="evidence",
        )
        for doc in request.documents
    ]
    return Analysis(output=TriageResult(files=files), thoughts=[f"Triaged {len(files)} file(s)."])
