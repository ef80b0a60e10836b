"""Hypotheses weighed against an analysis's signals by overlap of names and key words:
supported by an adverse signal they share, contradicted when they assert innocence against one.
"""

import re
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from pydantic import BaseModel

from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.lexicon import STOPWORDS
from holmes_backend.analysis.facts.names import find_names, name_key
from holmes_backend.analysis.facts.text import words
from holmes_backend.contracts.agents import Finding, HypothesisAssessment, SourceRef

_NEGATED = re.compile(
    r"\b(no|not|never|none|nothing|legitimate|lawful|innocent|proper|properly|clean|genuine|"
    r"accurate|truthful|consistent|unrelated|authori[sz]ed)\b",
    re.IGNORECASE,
)
_NOT = re.compile(r"\b(no|not|never|none|nothing|nobody)\b|n['\u2019]t\b", re.IGNORECASE)
_MATCH = 0.3
_STRONG = 0.5


Out = TypeVar("Out", bound=BaseModel)


@dataclass
class Analysis(Generic[Out]):
    """A domain's output and the thoughts that explain it."""

    output: Out
    thoughts: list[str] = field(default_factory=list)


@dataclass
class Signal:
    text: str
    adverse: bool
    sources: list[SourceRef] = field(default_factory=list)
    entities: list[str] = field(default_factory=list)
    # For a contradiction: the claim it refutes. A hypothesis restating that claim is contradicted.
    refutes: str = ""


def finding_signals(findings: list[Finding]) -> list[Signal]:
    return [
        Signal(f"{f.title}. {f.summary}", f.severity == "HIGH", f.sources, f.entities)
        for f in findings
    ]


def _stem(word: str) -> str:
    for ending in ("ing", "ed", "es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


def _keywords(text: str) -> set[str]:
    return {_stem(w) for w in words(text) if len(w) >= 3 and w not in STOPWORDS}


def _names(text: str, extra: list[str]) -> set[str]:
    keys = {name_key(n.text) for n in find_names(text)} | {name_key(e) for e in extra}
    surnames = {k.split()[-1] for k in keys if k}
    return keys | surnames


def _score(hypothesis: str, signal: Signal) -> float:
    keywords, names = _keywords(hypothesis), _names(hypothesis, [])
    if not keywords:
        return 0.0
    shared_words = keywords & _keywords(signal.text)
    shared_names = names & _names(signal.text, signal.entities)
    if len(shared_words) < 2 and not shared_names:
        return 0.0
    return (len(shared_words) + 2 * len(shared_names)) / (len(keywords) + 2 * len(names))


def assess(hypotheses: list[str], signals: list[Signal]) -> list[HypothesisAssessment]:
    return [_assess(h, signals) for h in hypotheses if h.strip()]


def _assess(hypothesis: str, signals: list[Signal]) -> HypothesisAssessment:
    scored = sorted(
        ((s, score) for s in signals if (score := _score(hypothesis, s)) >= _MATCH),
        key=lambda pair: (-pair[0].adverse, -pair[1]),
    )
    negated = bool(_NEGATED.search(hypothesis))
    adverse = [s for s, _ in scored if s.adverse]
    best = [s for s, _ in scored[:3]]
    sources = unique_refs([ref for s in best for ref in s.sources], limit=6)
    listing = "; ".join(s.text[:160] for s in best)
    restated = [
        s for s in adverse if s.refutes and _score(hypothesis, Signal(s.refutes, False)) >= _MATCH
    ]
    if not scored:
        stance, sources = "unclear", []
        why = (
            f"None of the {len(signals)} findings of this analysis shares its names and key "
            "words closely enough to bear on it."
        )
    elif restated:
        # Same polarity as the refuted claim: the hypothesis repeats it; opposite: it denies it.
        repeats = bool(_NOT.search(hypothesis)) == bool(_NOT.search(restated[0].refutes))
        stance = "contradicts" if repeats else "supports"
        why = (
            f"It {'repeats' if repeats else 'denies'} a sworn claim that the evidence "
            f"contradicts: {restated[0].text[:300]}"
        )
        sources = unique_refs(restated[0].sources, 6)
    elif adverse:
        stance = "contradicts" if negated else "supports"
        why = (
            f"By overlap of names and terms, "
            f"{'it asserts the opposite of' if negated else 'it is borne out by'} "
            f"{len(adverse)} adverse signal(s): {listing}"
        )
    elif not negated and scored[0][1] >= _STRONG:
        stance = "supports"
        why = f"Recorded facts match its parties and terms (no anomaly involved): {listing}"
    else:
        stance = "unclear"
        why = f"Related facts exist but none is adverse or decisive: {listing}"
    return HypothesisAssessment(
        hypothesis=hypothesis, stance=stance, rationale=why, sources=sources
    )
