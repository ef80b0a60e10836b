"""The detectors' contract, and the one place that assembles, runs, ranks, deduplicates and caps.

A detector (`@detector`) is a function over the case's facts (`CaseFacts`) with an id, a phase,
the facts it requires and the kind it produces; `assemble()` checks every registration, `run()`
runs the phases in order and ranks (severity, then registration), deduplicates and caps each kind.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from datetime import tzinfo
from typing import Literal, TypeVar

from holmes_backend.analysis.domains.case import CaseView
from holmes_backend.analysis.domains.gaps import Unapproved
from holmes_backend.analysis.domains.links import Item
from holmes_backend.analysis.facts.answers import answer_of
from holmes_backend.contracts.agents import (
    Clause,
    Contradiction,
    CrossModalLink,
    EvidenceGap,
    Transaction,
)

Phase = Literal["links", "contradictions", "gaps"]
PHASES: tuple[Phase, ...] = ("links", "contradictions", "gaps")
Output = Contradiction | CrossModalLink | EvidenceGap
PRODUCES: dict[Phase, type[Output]] = {
    "links": CrossModalLink,
    "contradictions": Contradiction,
    "gaps": EvidenceGap,
}
CAPS: dict[type[Output], int] = {Contradiction: 60, CrossModalLink: 80, EvidenceGap: 40}
_SEVERITY = {"HIGH": 0, "MEDIUM": 1, "LOW": 2, "MISSING": 0, "WEAK": 1, "MODERATE": 2, "STRONG": 3}

ItemT = TypeVar("ItemT", bound=Output)


@dataclass
class CaseFacts:
    """What the detectors read, built once per case (`analysis.synthesis`), and what the earlier
    phases produced (filled in by `run`)."""

    view: CaseView
    timed: list[Item]  # events and payments with a time, on one axis
    dated: list[Item]  # the same with date-only ones too
    held: list[Transaction]  # payments with their statement's holder filled in
    zone: tzinfo  # the case's time zone for times written without an offset
    window_minutes: float
    caps: list[tuple[Clause, Contradiction]]  # contractual caps the payments exceed
    missing: list[Unapproved]  # acts a stated rule requires approval for, with none on record
    links: list[CrossModalLink] = field(default_factory=list)
    contradictions: list[Contradiction] = field(default_factory=list)
    gaps: list[EvidenceGap] = field(default_factory=list)


FACTS = frozenset(f.name for f in fields(CaseFacts)) - set(PHASES)
Run = Callable[[CaseFacts], Iterable[Output]]


@dataclass(frozen=True)
class Detector:
    id: str
    phase: Phase
    requires: frozenset[str]
    produces: type[Output]
    run: Run


_REGISTERED: list[Detector] = []


class AssemblyError(ValueError):
    """A detector's registration breaks the contract."""


def detector(
    id: str, *, phase: Phase, requires: Iterable[str], produces: type[Output]
) -> Callable[[Run], Run]:
    """Registers the decorated function as a detector (checked by `assemble`)."""

    def register(function: Run) -> Run:
        _REGISTERED.append(Detector(id, phase, frozenset(requires), produces, function))
        return function

    return register


def assemble(detectors: list[Detector] | None = None) -> list[Detector]:
    """The registered detectors in run order, each checked against the contract."""
    chosen = list(_REGISTERED if detectors is None else detectors)
    seen: set[str] = set()
    for d in chosen:
        if d.id in seen:
            raise AssemblyError(f"detector id {d.id!r} is registered twice")
        seen.add(d.id)
        if d.phase not in PHASES:
            raise AssemblyError(f"detector {d.id!r}: unknown phase {d.phase!r}")
        if d.produces is not PRODUCES[d.phase]:
            raise AssemblyError(
                f"detector {d.id!r}: the {d.phase} phase produces "
                f"{PRODUCES[d.phase].__name__}, not {d.produces.__name__}"
            )
        earlier = set(PHASES[: PHASES.index(d.phase)])
        unknown = d.requires - FACTS - earlier
        if unknown:
            raise AssemblyError(
                f"detector {d.id!r} requires {sorted(unknown)}: neither a fact nor the output "
                f"of a phase before {d.phase!r}"
            )
    return sorted(chosen, key=lambda d: PHASES.index(d.phase))


def run(facts: CaseFacts, detectors: list[Detector] | None = None) -> CaseFacts:
    """Runs every detector phase by phase; each phase's items, ranked, deduplicated and capped,
    are on the facts for the phases after it."""
    ordered = assemble(detectors)
    for phase in PHASES:
        found: list[Output] = []
        for d in (d for d in ordered if d.phase == phase):
            for item in d.run(facts):
                if not isinstance(item, d.produces):
                    raise AssemblyError(f"detector {d.id!r} returned a {type(item).__name__}")
                item.detector = d.id
                found.append(item)
        setattr(facts, phase, _ranked(found, PRODUCES[phase]))
    return facts


def _ranked(found: list[Output], kind: type[ItemT]) -> list[ItemT]:
    items = [item for item in found if isinstance(item, kind)]
    items.sort(key=lambda item: _SEVERITY.get(_strength(item), 1))
    kept: dict[tuple[object, ...], ItemT] = {}
    for item in items:
        held = kept.setdefault(_key(item), item)
        fuller = isinstance(item, Contradiction) and isinstance(held, Contradiction)
        if fuller and _fuller(item) > _fuller(held):  # type: ignore[arg-type]
            kept[_key(item)] = item
    cap: int = CAPS[kind]  # type: ignore[index]
    return list(kept.values())[:cap]


def _strength(item: Output) -> str:
    if isinstance(item, EvidenceGap):
        return item.current_strength
    if isinstance(item, Contradiction):
        return item.severity
    return "MEDIUM"


def _key(item: Output) -> tuple[object, ...]:
    """One item per statement and record: a bare "Never." and the sentence of the same line
    that says it again meet the same records with the same words."""
    if isinstance(item, Contradiction):
        s = item.claim_source
        return (s.file_id, s.page, s.line, s.row, item.explanation)
    if isinstance(item, EvidenceGap):
        return (item.element.casefold(),)
    ends = (item.source_a, item.source_b)
    return (item.correlation_type, *((s.file_id, s.line, s.row, s.page) for s in ends))


def _fuller(item: Contradiction) -> tuple[bool, int]:
    """The speaker's own sentence before a bare answer with its question; then the longer."""
    return not answer_of(item.claim).question, len(item.claim)
