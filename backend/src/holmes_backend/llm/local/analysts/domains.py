"""The thin analysts of the pipeline's stages: each calls the engine, then weighs the hypotheses."""

from collections import Counter

from holmes_backend.analysis.domains import evidence as evidence_domain
from holmes_backend.analysis.domains import financial as financial_domain
from holmes_backend.analysis.domains import legal as legal_domain
from holmes_backend.analysis.domains import strategy as strategy_domain
from holmes_backend.analysis.domains import synthesis as synthesis_domain
from holmes_backend.analysis.domains.case import CaseView, case_view
from holmes_backend.analysis.domains.graph import build_graph
from holmes_backend.analysis.domains.hypotheses import Signal, assess
from holmes_backend.analysis.domains.triage import triage_file
from holmes_backend.analysis.routing import route
from holmes_backend.contracts.agents import (
    EvidenceOutput,
    FinancialOutput,
    GraphOutput,
    HypothesisAssessment,
    LegalOutput,
    RoutingPlan,
    StrategyOutput,
    SynthesisOutput,
    TriageResult,
)
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst

MAX_THOUGHTS = 6


def _counts(counter: Counter[str], keys: list[str] | None = None) -> str:
    """Each key with its count: the keys given, else all, most common first."""
    keys = [k for k, _ in counter.most_common()] if keys is None else keys
    return ", ".join(f"{k} \u00d7{counter[k]}" for k in keys)


def weigh(hypotheses: list[str], signals: list[Signal]) -> tuple[list[HypothesisAssessment], str]:
    """The hypotheses assessed against the signals, and a line counting their stances."""
    assessments = assess(hypotheses, signals)
    if not assessments:
        return [], ""
    stances: Counter[str] = Counter(a.stance for a in assessments)
    return assessments, (
        f"Weighed {len(assessments)} hypothesis(es) against {len(signals)} finding(s) by overlap "
        f"of names and terms: {_counts(stances, sorted(stances))}."
    )


def trace(thoughts: list[str], extra: str = "") -> list[str]:
    """2\u20136 thoughts: the domain's own, then the hypotheses line, within the bound."""
    kept = [t for t in thoughts if t][: MAX_THOUGHTS - (1 if extra else 0)]
    if extra:
        kept.append(extra)
    if len(kept) < 2:
        kept.append("Nothing further stood out in the evidence given.")
    return kept


def _weighed(
    output: EvidenceOutput | FinancialOutput | LegalOutput | StrategyOutput,
    thoughts: list[str],
    signals: list[Signal],
    request: AnalysisRequest,
) -> Analysis:
    output.hypotheses, summary = weigh(request.hypotheses, signals)
    return Analysis(output=output, thoughts=trace(thoughts, summary))


def _view(request: AnalysisRequest) -> CaseView:
    threshold = request.params.reporting_threshold
    return case_view(
        request.documents, request.findings, request.text, reporting_threshold=threshold
    )


@analyst(EvidenceOutput)
def evidence(request: AnalysisRequest) -> Analysis:
    result = evidence_domain.analyse_evidence(request.documents)
    signals = evidence_domain.signals(result.output)
    return _weighed(result.output, result.thoughts, signals, request)


@analyst(FinancialOutput)
def financial(request: AnalysisRequest) -> Analysis:
    result = financial_domain.analyse_financial(
        request.documents, request.params.reporting_threshold
    )
    signals = financial_domain.signals(result.output)
    return _weighed(result.output, result.thoughts, signals, request)


@analyst(LegalOutput)
def legal(request: AnalysisRequest) -> Analysis:
    result = legal_domain.analyse_legal(request.documents)
    return _weighed(result.output, result.thoughts, legal_domain.signals(result.output), request)


@analyst(StrategyOutput)
def strategy(request: AnalysisRequest) -> Analysis:
    result = strategy_domain.analyse_strategy(_view(request), request.params.link_window_minutes)
    signals = strategy_domain.signals(result.output)
    return _weighed(result.output, result.thoughts, signals, request)


@analyst(SynthesisOutput)
def synthesis(request: AnalysisRequest) -> Analysis:
    """SynthesisOutput has no hypotheses field: they are weighed in the thoughts instead."""
    window = request.params.link_window_minutes
    result = synthesis_domain.analyse_synthesis(_view(request), window)
    assessments, summary = weigh(request.hypotheses, synthesis_domain.signals(result.output))
    if assessments:
        summary += " " + "; ".join(
            f"\u201c{a.hypothesis[:60]}\u201d: {a.stance}" for a in assessments[:3]
        )
    return Analysis(output=result.output, thoughts=trace(result.thoughts, summary))


@analyst(GraphOutput)
def graph(request: AnalysisRequest) -> Analysis:
    """Entities resolved across files and evidenced relationships (no hypotheses field)."""
    view = _view(request)
    window = request.params.link_window_minutes
    output = build_graph(
        view, view.synthesis or synthesis_domain.analyse_synthesis(view, window).output
    )
    merged = [e for e in output.entities if e.aliases]
    relations = Counter(r.type for r in output.relationships)
    thoughts = [
        f"Resolved {len(output.entities)} entit(ies): "
        + _counts(Counter(e.type for e in output.entities))
        + f"; {len(merged)} merged several spellings"
        + (f" (e.g. {merged[0].name} ← {', '.join(merged[0].aliases[:3])})." if merged else "."),
        f"{len(output.relationships)} relationship(s): "
        + _counts(relations, [k for k, _ in relations.most_common(8)])
        + ".",
    ]
    if view.synthesis is None:
        thoughts.append("No synthesis block was given; contradictions and links were re-derived.")
    return Analysis(output=output, thoughts=trace(thoughts))


@analyst(TriageResult)
def triage(request: AnalysisRequest) -> Analysis:
    files = [triage_file(doc) for doc in request.documents]
    thoughts = [f"Triaged {len(files)} file(s) by domain vocabulary and structure."]
    if files:
        primaries = _counts(Counter(f.primary_domain for f in files))
        classes = _counts(Counter(f.classification for f in files))
        hardest = max(files, key=lambda f: f.complexity_score)
        thoughts += [
            f"Primary domains: {primaries}; classes: {classes}.",
            f"Most complex: {hardest.filename} ({hardest.complexity_score:.2f}); "
            f"multi-domain files: {sum(1 for f in files if f.secondary_domains)}.",
        ]
    return Analysis(output=TriageResult(files=files), thoughts=trace(thoughts))


@analyst(RoutingPlan)
def orchestrate(request: AnalysisRequest) -> Analysis:
    """Triaged files to every domain scoring at the threshold (PRD §4.7), one worker a domain:
    the analyst has no context window to divide, and a domain's facts are read across its files."""
    files = [
        f
        for block in request.findings
        if block.header.get("stage") == "triage" and block.data
        for f in TriageResult.model_validate(block.data).files
    ]
    threshold = request.params.routing_threshold
    assignments = [a.model_copy(update={"workers": 1}) for a in route(files, threshold)]
    lines = [
        f"{a.domain}: {len(a.file_ids)} file(s), complexity {a.complexity:.2f}, "
        f"{a.workers} worker(s)"
        for a in assignments
    ]
    reasoning = (
        f"Routed {len(files)} triaged file(s) to each domain scoring at least {threshold:.2f}; "
        "each domain reads its files in one worker. " + "; ".join(lines)
    )
    thoughts = [f"Read triage for {len(files)} file(s); routing threshold {threshold:.2f}.", *lines]
    return Analysis(RoutingPlan(assignments=assignments, reasoning=reasoning), thoughts)
