"""A domain's workers' outputs merged into one (PRD §4.7): lists joined, equal items once."""

from holmes_backend.agents.phases.findings import union as _merge
from holmes_backend.contracts.agents import FinancialOutput, Finding, SourceRef, Transaction


def _finding(title: str, file_id: str, page: int | None = None) -> Finding:
    return Finding(
        finding_type="pattern",
        severity="MEDIUM",
        title=title,
        summary=f"{title} seen",
        confidence=0.7,
        sources=[SourceRef(file_id=file_id, page=page, excerpt="x")],
    )


def test_equal_items_of_several_workers_are_kept_once_in_order() -> None:
    shared = _finding("Structuring", "f1")
    payment = Transaction(
        date="2024-03-01",
        amount=9800.0,
        currency="USD",
        description="cash",
        source=SourceRef(file_id="f1", excerpt="x"),
    )
    first = FinancialOutput(findings=[shared, _finding("Round trip", "f2")], transactions=[payment])
    second = FinancialOutput(
        findings=[
            _finding("Structuring", "f1"),  # equal to the first worker's: once
            _finding("Structuring", "f1", page=2),  # same words, another place: kept
            _finding("Invoice mismatch", "f3"),
        ],
        transactions=[payment.model_copy(), payment.model_copy(update={"amount": 9900.0})],
    )

    merged = _merge([first, second], FinancialOutput)

    assert isinstance(merged, FinancialOutput)
    assert [(f.title, f.sources[0].page) for f in merged.findings] == [
        ("Structuring", None),
        ("Round trip", None),
        ("Structuring", 2),
        ("Invoice mismatch", None),
    ]
    assert [t.amount for t in merged.transactions] == [9800.0, 9900.0]


def test_a_single_worker_is_its_domains_output() -> None:
    only = FinancialOutput(findings=[_finding("A", "f1"), _finding("A", "f1")])
    assert _merge([only], FinancialOutput) is only
