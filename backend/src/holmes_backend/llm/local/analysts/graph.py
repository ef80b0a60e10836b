"""Knowledge-graph analyst: entities resolved across files and evidenced relationships.

GraphOutput has no hypotheses field; none are weighed here.
"""

from collections import Counter

from holmes_backend.analysis.domains.case import case_view
from holmes_backend.analysis.domains.graph import build_graph
from holmes_backend.analysis.domains.synthesis import analyse_synthesis
from holmes_backend.contracts.agents import GraphOutput
from holmes_backend.llm.local.analysts._common import trace
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst


@analyst(GraphOutput)
def graph(request: AnalysisRequest) -> Analysis:
    view = case_view(
        request.documents,
        request.findings,
        request.text,
        reporting_threshold=request.params.reporting_threshold,
    )
    synthesis = view.synthesis or analyse_synthesis(view, request.params.link_window_minutes).output
    output = build_graph(view, synthesis)
    types = Counter(e.type for e in output.entities)
    relations = Counter(r.type for r in output.relationships)
    merged = [e for e in output.entities if e.aliases]
    thoughts = [
        f"Resolved {len(output.entities)} entit(ies): "
        + ", ".join(f"{k} \u00d7{v}" for k, v in types.most_common())
        + f"; {len(merged)} merged several spellings"
        + (f" (e.g. {merged[0].name} ← {', '.join(merged[0].aliases[:3])})." if merged else "."),
        f"{len(output.relationships)} relationship(s): "
        + ", ".join(f"{k} \u00d7{v}" for k, v in relations.most_common(8))
        + ".",
    ]
    if view.synthesis is None:
        thoughts.append("No synthesis block was given; contradictions and links were re-derived.")
    return Analysis(output=output, thoughts=trace(thoughts))
