"""Triage analyst: domain scores, complexity and classification for every file."""

from collections import Counter

from holmes_backend.analysis.domains.triage import triage_file
from holmes_backend.contracts.agents import TriageResult
from holmes_backend.llm.local.analysts._common import trace
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst


@analyst(TriageResult)
def triage(request: AnalysisRequest) -> Analysis:
    files = [triage_file(doc) for doc in request.documents]
    thoughts = [f"Triaged {len(files)} file(s) by domain vocabulary and structure."]
    if files:
        primaries = Counter(f.primary_domain for f in files)
        classes = Counter(f.classification for f in files)
        thoughts.append(
            "Primary domains: "
            + ", ".join(f"{k} \u00d7{v}" for k, v in primaries.most_common())
            + "; classes: "
            + ", ".join(f"{k} \u00d7{v}" for k, v in classes.most_common())
            + "."
        )
        hardest = max(files, key=lambda f: f.complexity_score)
        thoughts.append(
            f"Most complex: {hardest.filename} ({hardest.complexity_score:.2f}); "
            f"multi-domain files: {sum(1 for f in files if f.secondary_domains)}."
        )
    return Analysis(output=TriageResult(files=files), thoughts=trace(thoughts))
