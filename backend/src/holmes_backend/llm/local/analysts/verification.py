"""Verification analyst: checks a correction against the passages its target cites.

The cited passages decide first, then those around them: the proposed value stated and not the
original confirms it, the other way round rejects it; both or neither leaves it ambiguous.
"""

from typing import Any

from holmes_backend.contracts.agents import SourceRef, VerificationOutput
from holmes_backend.contracts.requests import CORRECTION_KIND
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst, where
from holmes_backend.llm.passages import Passage
from holmes_backend.numeric.compare import Comparison, Match, compare_values

_EXCERPT_CHARS = 240
_EVIDENCE = 4


def _block(request: AnalysisRequest) -> dict[str, Any]:
    for block in request.findings:
        if block.header.get("kind") == CORRECTION_KIND and isinstance(block.data, dict):
            return block.data
    return {}


def _excerpt(text: str, matches: tuple[Match, ...]) -> str:
    if len(text) <= _EXCERPT_CHARS or not matches:
        return " ".join(text[:_EXCERPT_CHARS].split())
    middle = (matches[0].start + matches[0].end) // 2
    start = max(0, min(middle - _EXCERPT_CHARS // 2, len(text) - _EXCERPT_CHARS))
    return " ".join(text[start : start + _EXCERPT_CHARS].split())


def _ref(passage: Passage, matches: tuple[Match, ...]) -> SourceRef:
    return SourceRef.model_validate(
        {"file_id": passage.file_id, **passage.location, "excerpt": _excerpt(passage.text, matches)}
    )


def _decide(
    checked: list[tuple[Passage, Comparison]], original: str, proposed: str, scope: str
) -> tuple[str, str, list[SourceRef]] | None:
    """CONFIRMED when the passages state the proposed value and nowhere the original, REJECTED
    the other way round; None when they state both or neither."""
    with_original = [(p, c) for p, c in checked if c.original_found]
    with_proposed = [(p, c) for p, c in checked if c.proposed_found]
    if bool(with_original) == bool(with_proposed):
        return None
    confirmed = bool(with_proposed)
    chosen = [
        (p, c.proposed_matches if confirmed else c.original_matches)
        for p, c in with_proposed or with_original
    ]
    passage, matches = chosen[0]
    which, other = ("proposed", original) if confirmed else ("original", proposed)
    place = where(passage.filename or "the cited file", passage.location)
    reasoning = (
        f"{scope} state {matches[0].text!r} ({place}), the {which} value, "
        f"and nowhere {other!r}" + ("." if confirmed else ": the item reflects its source.")
    )
    evidence = [_ref(p, m) for p, m in chosen[:_EVIDENCE]]
    return "CONFIRMED" if confirmed else "REJECTED", reasoning, evidence


@analyst(VerificationOutput)
def verification(request: AnalysisRequest) -> Analysis:
    data = _block(request)
    original = str(data.get("original_value", ""))
    proposed = str(data.get("proposed_value", ""))
    context = [Passage.from_json(p) for p in data.get("context") or [] if isinstance(p, dict)]
    checked = [(p, compare_values(original, proposed, p.text)) for p in context]
    cited = [(p, c) for p, c in checked if p.cited]
    around = [(p, c) for p, c in checked if not p.cited]
    kind = checked[0][1].kind if checked else compare_values(original, proposed, "").kind
    thoughts = [
        f"Read the correction as a {kind}: {original!r} \u2192 {proposed!r}.",
        f"Compared both values with {len(cited)} cited passage(s) and {len(around)} around them: "
        f"original stated in {sum(c.original_found for _, c in checked)}, proposed in "
        f"{sum(c.proposed_found for _, c in checked)}.",
    ]
    decided = _decide(cited, original, proposed, "The cited passages")
    confidence = 0.9 if decided else 0.65
    if decided is None and around:
        decided = _decide(around, original, proposed, "The passages around the cited place")
    if decided is None:
        confidence = 0.4
        both = [(p, c) for p, c in checked if c.original_found or c.proposed_found]
        reasoning = (
            f"The sources state both {original!r} and {proposed!r} at the cited places; "
            "they cannot decide between them."
            if both
            else f"The cited sources state neither {original!r} nor {proposed!r}."
            if context
            else "The item cites no source passage to check the correction against."
        )
        chosen = (both or cited)[:_EVIDENCE]
        evidence = [_ref(p, c.original_matches + c.proposed_matches) for p, c in chosen]
        decided = ("AMBIGUOUS", reasoning, evidence)
    verdict, reasoning, evidence = decided
    thoughts.append(f"Verdict {verdict}: {reasoning}")
    output = VerificationOutput.model_validate(
        {
            "verdict": verdict,
            "reasoning": reasoning,
            "evidence": evidence,
            "original_in_source": any(c.original_found for _, c in checked),
            "proposed_in_source": any(c.proposed_found for _, c in checked),
            "confidence": confidence,
        }
    )
    return Analysis(output=output, thoughts=thoughts)
