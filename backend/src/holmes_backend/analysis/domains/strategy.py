"""Next steps derived from what the other analyses found, each with its reason and priority:
one per anomaly, approval clause, contradiction, gap, and person named without a statement."""

from collections import Counter

from holmes_backend.analysis.domains.case import CaseView
from holmes_backend.analysis.domains.hypotheses import Analysis, Signal
from holmes_backend.analysis.domains.synthesis import analyse_synthesis
from holmes_backend.analysis.facts.names import name_key, possessive
from holmes_backend.contracts.agents import (
    Finding,
    NextStep,
    Severity,
    StrategyOutput,
    SynthesisOutput,
)

_ORDER: dict[Severity, int] = {"HIGH": 0, "MEDIUM": 1, "LOW": 2}
_MAX_STEPS = 25
_BODIES = ("board", "committee", "council", "shareholders", "members", "directors", "trustees")


def analyse_strategy(view: CaseView, window_minutes: float) -> Analysis[StrategyOutput]:
    synthesis = view.synthesis
    if synthesis is None and (view.evidence.sworn_claims or view.legal.clauses):
        synthesis = analyse_synthesis(view, window_minutes).output
    synthesis = synthesis or SynthesisOutput()
    steps: dict[str, NextStep] = {}

    def step(action: str, rationale: str, priority: Severity) -> None:
        steps.setdefault(action, NextStep(action=action, rationale=rationale, priority=priority))

    for anomaly in view.financial.anomalies:
        kind = anomaly.kind.replace("_", " ")
        step(
            f"Obtain the account statements, invoices and approvals behind the {kind} flagged, "
            "from the parties to the transactions",
            f"{kind}: {anomaly.description[:300]}",
            anomaly.severity,
        )
    for clause in [c for c in view.legal.clauses if c.kind == "approval_requirement"][:5]:
        approver = clause.party or "the approving body"
        body = any(word in approver.lower() for word in _BODIES)
        records = "minutes and resolutions" if body else "written consent"
        step(
            f"Request {possessive(approver)} {records} for the transactions concerned",
            f"The agreement requires {possessive(approver)} approval ({clause.text[:200]}).",
            "HIGH" if clause.amount else "MEDIUM",
        )
    for contradiction in synthesis.contradictions:
        step(
            f"Put the contradicting records to the maker of the claim: {contradiction.claim[:120]}",
            contradiction.explanation[:300],
            contradiction.severity,
        )
    for gap in synthesis.evidence_gaps:
        step(gap.recommendation[:300], gap.element[:300], "MEDIUM")
    for person, count in _unheard(view):
        step(
            f"Interview {person}",
            f"{person} appears in {count} records but has given no statement.",
            "MEDIUM",
        )
    if view.legal.governing_law:
        step(
            f"Confirm limitation periods and remedies under the law of {view.legal.governing_law}",
            "The contracts choose this law; deadlines and available claims follow from it.",
            "LOW",
        )
    ranked = sorted(steps.values(), key=lambda s: _ORDER[s.priority])[:_MAX_STEPS]
    output = StrategyOutput(next_steps=ranked, findings=_findings(view, synthesis))
    return Analysis(output, _thoughts(view, ranked))


def _unheard(view: CaseView) -> list[tuple[str, int]]:
    """People the records name at least twice who have made no statement."""
    speakers = {name_key(c.speaker) for c in view.evidence.sworn_claims if c.speaker}
    people = {name_key(p) for p in view.evidence.people}
    named = [p for e in view.evidence.events for p in dict.fromkeys(e.people)]
    named += [p for t in view.financial.transactions for p in (t.from_party, t.to_party) if p]
    display = {name_key(p): p for p in reversed(named)}  # each as the records first name them
    mentions = Counter(name_key(p) for p in named)
    return [
        (display[key], count)
        for key, count in mentions.most_common(6)
        if count >= 2 and key not in speakers and key in people
    ]


def _findings(view: CaseView, synthesis: SynthesisOutput) -> list[Finding]:
    """The case's strengths and weaknesses, each citing what it rests on (the plan itself is
    the next steps: a finding restating them would cite nothing)."""
    findings: list[Finding] = []
    high = [c for c in synthesis.contradictions if c.severity == "HIGH"]
    if high:
        findings.append(
            Finding(
                finding_type="theory",
                title=f"{len(high)} sworn or documentary statement(s) are directly contradicted",
                summary=high[0].explanation[:400],
                confidence=0.75,
                severity="HIGH",
                sources=[high[0].claim_source, *high[0].evidence_against[:3]],
            )
        )
    flagged = [a for a in view.financial.anomalies if a.severity == "HIGH"]
    if flagged:
        findings.append(
            Finding(
                finding_type="theory",
                title=f"{len(flagged)} high-severity money pattern(s) to explain",
                summary="; ".join(a.description[:160] for a in flagged[:3]),
                confidence=0.7,
                severity="HIGH",
                sources=[s for a in flagged[:3] for s in a.sources[:2]],
            )
        )
    return findings


def signals(output: StrategyOutput) -> list[Signal]:
    found = [
        Signal(f"{f.title}. {f.summary}", f.severity == "HIGH", f.sources, f.entities)
        for f in output.findings
    ]
    found += [Signal(f"{s.action}. {s.rationale}", s.priority == "HIGH") for s in output.next_steps]
    return found


def _thoughts(view: CaseView, steps: list[NextStep]) -> list[str]:
    counts = Counter(s.priority for s in steps)
    return [
        f"Planned from {', '.join(view.given) or 'no findings blocks'}"
        + (f"; derived {', '.join(view.derived)}" if view.derived else "")
        + f": {len(view.financial.anomalies)} anomaly(ies), {len(view.legal.clauses)} clause(s), "
        f"{len(view.evidence.sworn_claims)} sworn claim(s).",
        f"{len(steps)} next step(s): "
        + ", ".join(f"{k} \u00d7{counts[k]}" for k in _ORDER if counts[k])
        + (f". First: {steps[0].action}." if steps else "."),
    ]
