"""The detectors' contract: what assemble() refuses, and what run() does to every item."""

from collections.abc import Iterable
from datetime import UTC

import pytest

from holmes_backend.analysis import detectors  # noqa: F401 - registers the detectors
from holmes_backend.analysis.domains.case import CaseView
from holmes_backend.analysis.engine import (
    CAPS,
    AssemblyError,
    CaseFacts,
    Detector,
    assemble,
    run,
)
from holmes_backend.contracts.agents import (
    Contradiction,
    CrossModalLink,
    EvidenceGap,
    EvidenceOutput,
    FinancialOutput,
    LegalOutput,
    SourceRef,
)


def _facts() -> CaseFacts:
    view = CaseView(
        documents=[], financial=FinancialOutput(), legal=LegalOutput(), evidence=EvidenceOutput()
    )
    return CaseFacts(
        view=view, timed=[], dated=[], held=[], zone=UTC, window_minutes=30, caps=[], missing=[]
    )


def _gap(element: str, strength: str = "WEAK") -> EvidenceGap:
    return EvidenceGap(element=element, current_strength=strength, recommendation="Obtain it.")  # type: ignore[arg-type]


def _contradiction(line: int, severity: str) -> Contradiction:
    return Contradiction(
        claim=f"claim {line}",
        claim_source=SourceRef(file_id="statement", line=line, excerpt="x"),
        evidence_against=[SourceRef(file_id="log", row=line, excerpt="x")],
        explanation=f"against row {line}",
        severity=severity,  # type: ignore[arg-type]
    )


def _nothing(_: CaseFacts) -> Iterable[EvidenceGap]:
    return []


def test_the_registered_detectors_assemble_in_phase_order() -> None:
    ordered = assemble()
    ids = [d.id for d in ordered]
    assert len(ids) == len(set(ids))
    phases = [d.phase for d in ordered]
    assert phases == sorted(phases, key=["links", "contradictions", "gaps"].index)
    assert set(ids) == {
        "links",
        "presence",
        "denial",
        "figures",
        "absent_documents",
        "series",
        "required_steps",
        "uncorroborated",
    }


def test_assembly_refuses_what_breaks_the_contract() -> None:
    good = Detector("a", "gaps", frozenset({"view"}), EvidenceGap, _nothing)
    with pytest.raises(AssemblyError, match="registered twice"):
        assemble([good, good])
    with pytest.raises(AssemblyError, match="produces EvidenceGap, not Contradiction"):
        assemble([Detector("b", "gaps", frozenset(), Contradiction, _nothing)])
    with pytest.raises(AssemblyError, match="requires \\['weather'\\]"):
        assemble([Detector("c", "gaps", frozenset({"weather"}), EvidenceGap, _nothing)])
    # A phase reads only what earlier phases produced: links come before contradictions.
    with pytest.raises(AssemblyError, match="requires \\['contradictions'\\]"):
        assemble([Detector("d", "links", frozenset({"contradictions"}), CrossModalLink, _nothing)])
    assert assemble([Detector("e", "gaps", frozenset({"contradictions"}), EvidenceGap, _nothing)])


def test_run_stamps_ranks_deduplicates_and_caps() -> None:
    def many(_: CaseFacts) -> Iterable[Contradiction]:
        yield _contradiction(1, "MEDIUM")
        yield _contradiction(2, "HIGH")
        yield _contradiction(1, "MEDIUM")  # the same item again
        yield from (_contradiction(100 + i, "LOW") for i in range(CAPS[Contradiction] + 5))

    def reads_them(facts: CaseFacts) -> Iterable[EvidenceGap]:
        yield _gap(f"{len(facts.contradictions)} contradictions seen")
        yield _gap("A missing ledger", "MISSING")

    facts = run(
        _facts(),
        [
            Detector("many", "contradictions", frozenset(), Contradiction, many),
            Detector("reads", "gaps", frozenset({"contradictions"}), EvidenceGap, reads_them),
        ],
    )
    assert len(facts.contradictions) == CAPS[Contradiction]
    assert [c.severity for c in facts.contradictions[:2]] == ["HIGH", "MEDIUM"]
    assert sum(c.claim == "claim 1" for c in facts.contradictions) == 1
    assert {c.detector for c in facts.contradictions} == {"many"}
    assert [g.element for g in facts.gaps] == [
        "A missing ledger",
        f"{CAPS[Contradiction]} contradictions seen",
    ]
    assert {g.detector for g in facts.gaps} == {"reads"}


def test_a_detector_returning_another_kind_is_refused() -> None:
    def wrong(_: CaseFacts) -> Iterable[EvidenceGap]:
        yield _contradiction(1, "HIGH")  # type: ignore[misc]

    with pytest.raises(AssemblyError, match="returned a Contradiction"):
        run(_facts(), [Detector("wrong", "gaps", frozenset(), EvidenceGap, wrong)])
