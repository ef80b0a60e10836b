"""Next steps derived from what the other analyses found, each with its reason and priority.

anomalies → subpoena and trace; document mismatches → originals from both sides; approval
requirements → minutes and consents; caps exceeded → payment review; sworn claims contradicted
by the timeline → impeachment; claims without corroboration → location and CCTV data;
recurring people without statements → interviews.
"""

import re
from collections import Counter
from dataclasses import dataclass, field

from holmes_backend.analysis.domains.case import CaseView
from holmes_backend.analysis.domains.hypotheses import Signal
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
_BODY = re.compile(r"\b(board|committee|council|shareholders|members|directors|trustees)\b", re.I)
_ANOMALY_STEPS = {
    "structuring": (
        "Subpoena the bank statements, deposit slips and any CTR/SAR filings for the accounts "
        "behind the flagged transfers",
        "HIGH",
    ),
    "round_trip": (
        "Trace the round-trip funds: obtain both parties' account statements for the period and "
        "establish beneficial ownership of the intermediaries",
        "HIGH",
    ),
    "pass_through": (
        "Identify who controls the account the money passed through and obtain the onward "
        "payee's records: establish whose money it was and why it moved on at once",
        "HIGH",
    ),
    "amount_mismatch": (
        "Obtain the original invoice or record from both sides and depose whoever entered the "
        "differing amount",
        "HIGH",
    ),
    "duplicate_payment": (
        "Request the accounts-payable file and vendor master record to explain the duplicate "
        "payment",
        "MEDIUM",
    ),
    "round_amounts": (
        "Request the invoices and deliverables supporting the round-figure payments",
        "MEDIUM",
    ),
    "narrative_mismatch": (
        "Ask the issuer to reconcile the figure stated in the text with its table",
        "MEDIUM",
    ),
    "shared_account": (
        "Obtain the bank's holder records for the shared account and the set-up records of each "
        "payee paid into it",
        "HIGH",
    ),
    "payee_not_on_list": (
        "Establish that the payee exists (identity, contract or employment file) and who set it "
        "up for payment",
        "HIGH",
    ),
}


@dataclass
class StrategyAnalysis:
    output: StrategyOutput
    thoughts: list[str] = field(default_factory=list)


def _step(steps: list[NextStep], action: str, rationale: str, priority: Severity) -> None:
    if all(s.action != action for s in steps):
        steps.append(NextStep(action=action, rationale=rationale, priority=priority))


def analyse_strategy(view: CaseView, window_minutes: float) -> StrategyAnalysis:
    synthesis = view.synthesis
    if synthesis is None and (view.evidence.sworn_claims or view.legal.clauses):
        synthesis = analyse_synthesis(view, window_minutes).output
    synthesis = synthesis or SynthesisOutput()
    steps: list[NextStep] = []
    _money_steps(view, steps)
    _legal_steps(view, synthesis, steps)
    _testimony_steps(view, synthesis, steps)
    _interview_steps(view, steps)
    steps.sort(key=lambda s: _ORDER[s.priority])
    steps = steps[:_MAX_STEPS]
    findings = _findings(view, synthesis)
    output = StrategyOutput(next_steps=steps, findings=findings)
    return StrategyAnalysis(output, _thoughts(view, steps))


def _money_steps(view: CaseView, steps: list[NextStep]) -> None:
    for anomaly in view.financial.anomalies:
        action, priority = _ANOMALY_STEPS.get(
            anomaly.kind, ("Review the flagged transactions with a forensic accountant", "MEDIUM")
        )
        severity: Severity = "HIGH" if anomaly.severity == "HIGH" else priority  # type: ignore[assignment]
        _step(
            steps,
            action,
            f"{anomaly.kind.replace('_', ' ')}: {anomaly.description[:300]}",
            severity,
        )


def _legal_steps(view: CaseView, synthesis: SynthesisOutput, steps: list[NextStep]) -> None:
    approvals = [c for c in view.legal.clauses if c.kind == "approval_requirement"]
    missing = [g for g in synthesis.evidence_gaps if g.element.startswith("Approval")]
    for clause in approvals[:5]:
        approver = clause.party or "the approving body"
        unmet = any(approver.lower() in g.element.lower() for g in missing)
        records = "minutes and resolutions" if _BODY.search(approver) else "written consent"
        _step(
            steps,
            f"Request {possessive(approver)} {records} for the transactions concerned",
            f"The agreement requires {possessive(approver)} approval ({clause.text[:200]})"
            + ("; no approval record is in the evidence." if unmet else "."),
            "HIGH" if unmet and clause.amount else "MEDIUM",
        )
    for contradiction in synthesis.contradictions:
        if "cap" in contradiction.explanation:
            _step(
                steps,
                "Review every payment above the contractual cap and any amendment raising it",
                contradiction.explanation[:300],
                contradiction.severity,
            )
    if view.legal.governing_law:
        _step(
            steps,
            f"Confirm limitation periods and remedies under the law of {view.legal.governing_law}",
            "The contracts choose this law; deadlines and available claims follow from it.",
            "LOW",
        )


def _testimony_steps(view: CaseView, synthesis: SynthesisOutput, steps: list[NextStep]) -> None:
    for contradiction in synthesis.contradictions:
        if (
            "claims to have been" in contradiction.explanation
            or " denies " in contradiction.explanation
        ):
            speaker = contradiction.explanation.split(" claims ")[0].split(" denies ")[0][:60]
            _step(
                steps,
                f"Prepare the impeachment of {speaker} with the contradicting records",
                contradiction.explanation[:300],
                contradiction.severity,
            )
    for gap in synthesis.evidence_gaps:
        if gap.element.startswith("Corroboration"):
            _step(
                steps,
                "Obtain phone location data, CCTV and card records for the claimed times",
                gap.element[:300],
                "MEDIUM",
            )
            break


def _interview_steps(view: CaseView, steps: list[NextStep]) -> None:
    speakers = {name_key(c.speaker) for c in view.evidence.sworn_claims if c.speaker}
    mentions: Counter[str] = Counter()
    display: dict[str, str] = {}
    for event in view.evidence.events:
        for person in dict.fromkeys(event.people):
            key = name_key(person)
            mentions[key] += 1
            display.setdefault(key, person)
    for tx in view.financial.transactions:
        for party in (tx.from_party, tx.to_party):
            if party:
                mentions[name_key(party)] += 1
                display.setdefault(name_key(party), party)
    people = set(name_key(p) for p in view.evidence.people)
    for key, count in mentions.most_common(6):
        if count >= 2 and key not in speakers and key in people:
            _step(
                steps,
                f"Interview {display[key]}",
                f"{display[key]} appears in {count} records but has given no statement.",
                "MEDIUM",
            )


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
    basis = ", ".join(view.given) or "no findings blocks"
    if view.derived:
        basis += f"; derived {', '.join(view.derived)} from {len(view.documents)} document(s)"
    thoughts = [
        f"Planned from {basis}: {len(view.financial.anomalies)} anomaly(ies), "
        f"{len(view.legal.clauses)} clause(s), {len(view.evidence.sworn_claims)} sworn claim(s)."
    ]
    if steps:
        counts = Counter(s.priority for s in steps)
        thoughts.append(
            f"{len(steps)} next step(s): "
            + ", ".join(
                f"{k} \u00d7{v}" for k, v in sorted(counts.items(), key=lambda kv: _ORDER[kv[0]])
            )
            + f". First: {steps[0].action}."
        )
    else:
        thoughts.append("Nothing in the findings calls for a specific step yet.")
    return thoughts
