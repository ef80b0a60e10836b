"""compare_values and the merge step's rules, on small hand-made values (no server)."""

import uuid
from typing import Any

import pytest

from holmes_backend.agents.verification.apply import FindingView, plan
from holmes_backend.agents.verification.items import numbered, places
from holmes_backend.numeric.compare import compare_values, read_value, rewrite_text

ROW = "Date: 2024-03-11; Description: Transfer to V. Hale; Reference: TRF-0311; Debit: 9800.00"


@pytest.mark.parametrize(
    ("original", "proposed", "kind", "original_found", "proposed_found"),
    [
        ("8,900.00", "9,800.00", "number", False, True),
        ("USD 9,800.00", "$9,300", "amount", True, False),
        ("$9.8k", "USD 9,300", "amount", True, False),
        ("March 11, 2024", "2024-03-12", "date", True, False),
        ("12 March 2024", "11/03/2024", "date", False, False),  # 11/03 reads month-first
        ("2024-03-12", "11 March 2024", "date", False, True),
        ("Victor Hale", "Renee Ostrowski", "name", True, False),  # "V. Hale" is the same party
        ("Victor Alan Hale", "Victor Allan Hale", "name", False, False),  # spelling only
        ("Transfer to", "Wire out", "text", True, False),
        ("0311", "0312", "number", False, False),  # part of a reference, not a number
    ],
)
def test_values_are_compared_by_meaning(
    original: str, proposed: str, kind: str, original_found: bool, proposed_found: bool
) -> None:
    result = compare_values(original, proposed, ROW)
    assert (result.kind, result.original_found, result.proposed_found) == (
        kind,
        original_found,
        proposed_found,
    )


def test_same_values_written_differently_are_the_same_value() -> None:
    assert compare_values("$3.2M", "3,200,000.00 USD", "").same_value
    assert compare_values("2024-03-14", "March 14, 2024", "").same_value
    assert compare_values("Acme  Ltd.", "acme ltd", "").same_value
    assert not compare_values("9,800", "9,300", "").same_value


def test_a_proposed_text_that_extends_the_original_is_not_the_original_stated() -> None:
    source = "2.1 This Agreement begins on January 8, 2024 and ends on December 31, 2024."
    result = compare_values("begins on", "This Agreement begins on January 8, 2024", source)
    assert result.proposed_found
    assert not result.original_found


def test_values_are_rewritten_in_the_way_they_were_written() -> None:
    assert rewrite_text("USD 8,900.00 to V. Hale", read_value("8900"), read_value("9,800")) == (
        "USD 9,800.00 to V. Hale"
    )
    assert rewrite_text("total $2.34 million", read_value("2,340,000"), read_value("$3.2M")) == (
        "total $3.20 million"
    )
    assert rewrite_text(
        "2024-03-11T10:00:00-05:00 paid", read_value("March 11, 2024"), read_value("2024-03-12")
    ) == ("2024-03-12T10:00:00-05:00 paid")
    assert rewrite_text(
        "Mr. Victor Alan Hale said", read_value("victor alan hale"), read_value("Victor Allan Hale")
    ) == ("Mr. Victor Allan Hale said")


def test_the_merge_step_corrects_the_fact_and_marks_what_draws_on_it_stale() -> None:
    row10: dict[str, Any] = {"file_id": "bank", "row": 10, "excerpt": "Debit: 8900.00"}
    row11: dict[str, Any] = {"file_id": "bank", "row": 11, "excerpt": "Debit: 9700.00"}
    graph: dict[str, list[Any]] = {
        "nodes": [
            {"id": "person:v-hale", "name": "V. Hale", "type": "person", "sources": [row10, row11]},
            {"id": "amount:total", "name": "18,600", "type": "amount", "sources": [row10, row11]},
        ],
        "edges": numbered(
            [{"source_id": "a", "target_id": "b", "type": "paid", "evidence": [row11]}], "edge"
        ),
        "timeline": numbered(
            [
                {"timestamp": "2024-03-11", "kind": "transaction", "amount": 8900, "source": row10},
                {"timestamp": "2024-03-12", "kind": "transaction", "amount": 9700, "source": row11},
            ],
            "timeline",
        ),
        "contradictions": [],
        "evidence_gaps": [{"id": "gap_001", "element": "Structuring", "sources": [row10, row11]}],
        "cross_modal_links": [],
    }
    target = uuid.uuid4()
    anomaly = uuid.uuid4()
    neighbour = uuid.uuid4()
    findings = [
        FindingView(
            target, {"title": "USD 8,900.00", "content": {"amount": 8900.0}}, places(row10)
        ),
        FindingView(anomaly, {"title": "Structuring", "content": {}}, places([row10, row11])),
        FindingView(neighbour, {"title": "USD 9,700.00", "content": {}}, places(row11)),
    ]
    result = plan(
        graph=graph,
        findings=findings,
        target_list=None,
        target_id=str(target),
        target_finding=target,
        corrected_places=places(row10),
        original=read_value("8,900.00"),
        proposed=read_value("9,800.00"),
        correction_id="c1",
    )
    assert result.corrected_items == [{"kind": "timeline_event", "id": "timeline_001"}]
    assert result.graph["timeline"][0]["amount"] == 9800.0
    assert result.graph["timeline"][0]["corrected_by"] == ["c1"]
    assert result.graph["timeline"][0]["source"] == row10  # quotes are never rewritten
    assert {(i["kind"], i["id"]) for i in result.stale_items} == {
        ("evidence_gap", "gap_001"),
        ("entity", "amount:total"),  # a value built from the row; the person is still who he is
    }
    assert set(result.corrected_findings) == {target}
    assert result.corrected_findings[target]["title"] == "USD 9,800.00"
    assert result.stale_findings == [anomaly]
    assert graph["timeline"][0]["amount"] == 8900.0  # the input is left as it was
    assert graph["edges"][0]["id"] == "edge_001"


def test_new_items_are_numbered_after_the_highest_id_in_use() -> None:
    # Items joining a list (a merge's edges) never take an id already given, wherever it sits.
    edges = [
        {"id": "edge_007", "type": "paid"},
        {"type": "owns"},
        {"id": "edge_002"},
        {"type": "met"},
    ]
    ids = [edge["id"] for edge in numbered(edges, "edge")]
    assert ids == ["edge_007", "edge_008", "edge_002", "edge_009"]
    assert "id" not in edges[1]  # copies, never in place
    assert numbered([], "edge") == []
    assert [e["id"] for e in numbered([{"type": "x"}], "edge")] == ["edge_001"]
