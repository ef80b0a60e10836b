"""What every analyst adds to its domain's result: the hypotheses, and a bounded reasoning trace."""

from collections import Counter

from holmes_backend.analysis.domains.hypotheses import Signal, assess
from holmes_backend.contracts.agents import HypothesisAssessment

MAX_THOUGHTS = 6


def weigh(hypotheses: list[str], signals: list[Signal]) -> tuple[list[HypothesisAssessment], str]:
    assessments = assess(hypotheses, signals)
    if not assessments:
        return [], ""
    stances = Counter(a.stance for a in assessments)
    summary = (
        f"Weighed {len(assessments)} hypothesis(es) against {len(signals)} finding(s) by overlap "
        "of names and terms: "
        + ", ".join(f"{k} \u00d7{v}" for k, v in sorted(stances.items()))
        + "."
    )
    return assessments, summary


def trace(thoughts: list[str], extra: str = "") -> list[str]:
    """2\u20136 thoughts: the domain's own, then the hypotheses line, within the bound."""
    kept = [t for t in thoughts if t][: MAX_THOUGHTS - (1 if extra else 0)]
    if extra:
        kept.append(extra)
    if len(kept) < 2:
        kept.append("Nothing further stood out in the evidence given.")
    return kept
