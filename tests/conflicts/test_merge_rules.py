"""The merge rules on small graphs: the local merge analyst's entity resolution and fact
comparison, the plan applied to a graph, and a user's decision applied to it."""

from datetime import UTC, datetime
from typing import Any

import pytest

from holmes_backend.agents.merge.apply import merge
from holmes_backend.agents.merge.conflicts import OpenConflict
from holmes_backend.agents.merge.facts import fact_id, normal_name
from holmes_backend.agents.merge.resolution import InvalidValueError, manual_value, resolve
from holmes_backend.contracts.agents import (
    GraphEntity,
    GraphFact,
    GraphOutput,
    GraphRelationship,
    MergePlan,
    SourceRef,
)
from holmes_backend.llm.evidence import FindingsBlock
from holmes_backend.llm.local.analysts.merge import merge as merge_analyst
from holmes_backend.llm.local.registry import AnalysisRequest
from holmes_shared.enums import ConflictResolution

Json = dict[str, Any]


def _node(id_: str, name: str, type_: str = "person", aliases: list[str] | None = None) -> Json:
    return GraphEntity(
        id=id_,
        name=name,
        type=type_,  # type: ignore[arg-type]
        aliases=aliases or [],
        sources=[SourceRef(file_id="old", line=1, excerpt="x")],
    ).model_dump(mode="json")


def _fact(
    subject: str,
    attribute: str,
    value: str,
    *,
    qualifier: str = "",
    file_id: str = "old",
    kind: str = "recorded",
    latitude: float | None = None,
    longitude: float | None = None,
    name: str = "",
) -> GraphFact:
    key = normal_name(value) if attribute == "location" else value
    return GraphFact(
        id=fact_id(subject, attribute, qualifier, key),
        subject_id=subject,
        subject_name=name or subject,
        attribute=attribute,
        qualifier=qualifier,
        value=value,
        display=value,
        kind=kind,  # type: ignore[arg-type]
        latitude=latitude,
        longitude=longitude,
        confidence=0.8,
        sources=[SourceRef(file_id=file_id, row=1, excerpt="x")],
    )


def _plan(existing: Json, new: GraphOutput, facts: list[GraphFact]) -> MergePlan:
    request = AnalysisRequest(
        instruction="",
        documents=[],
        findings=[
            FindingsBlock({"stage": "existing_graph"}, existing),
            FindingsBlock({"stage": "new_graph"}, new.model_dump(mode="json")),
            FindingsBlock({"stage": "new_facts"}, [f.model_dump(mode="json") for f in facts]),
        ],
        text="",
    )
    output = merge_analyst(request).output
    assert isinstance(output, MergePlan)
    return output


EXISTING = {
    "entities": [
        _node("person:john-smith", "John Smith"),
        _node("person:jane-roe", "Jane Roe", aliases=["Dr. Jane Roe"]),
        _node("person:maria-lopez", "Maria Lopez"),
        _node("organization:acme-widgets", "Acme Widgets, Inc.", "organization"),
        _node("organization:beta-logistics", "Beta Logistics LLC", "organization"),
        _node("account:ridgeway-2291", "Ridgeway CU account ending 2291", "account"),
    ],
    "relationships": [
        {
            "source_id": "person:maria-lopez",
            "target_id": "organization:beta-logistics",
            "type": "employed_by",
            "confidence": 0.65,
            "evidence": [{"file_id": "old", "line": 3}],
        }
    ],
    "facts": [],
}


def _new_entities() -> GraphOutput:
    ref = [SourceRef(file_id="new", line=2, excerpt="x")]
    return GraphOutput(
        entities=[
            GraphEntity(id="person:j-smith", name="J. Smith", type="person", sources=ref),
            GraphEntity(id="person:john-smithson", name="John Smithson", type="person"),
            GraphEntity(id="person:roe", name="Ms. Roe", type="person", sources=ref),
            GraphEntity(id="person:maria-lopez", name="Maria Lopez", type="person", sources=ref),
            GraphEntity(id="organization:gamma", name="Gamma Freight Co", type="organization"),
            GraphEntity(id="organization:acme", name="ACME WIDGETS INC", type="organization"),
            GraphEntity(
                id="account:r-2219", name="Ridgeway CU account ending 2219", type="account"
            ),
        ],
        relationships=[
            GraphRelationship(
                source_id="person:maria-lopez",
                target_id="organization:gamma",
                type="employed_by",
                confidence=0.65,
                evidence=ref,
            ),
            GraphRelationship(
                source_id="person:j-smith",
                target_id="organization:acme",
                type="mentioned_with",
                confidence=0.4,
                evidence=ref,
            ),
        ],
    )


def test_spellings_merge_as_aliases_and_similar_names_stay_apart() -> None:
    new = _new_entities()
    plan = _plan(EXISTING, new, [])
    decided = {(e.new_id, e.existing_id): e for e in plan.entities}
    assert decided[("person:j-smith", "person:john-smith")].same
    assert decided[("person:roe", "person:jane-roe")].same
    assert decided[("organization:acme", "organization:acme-widgets")].same
    smithson = decided[("person:john-smithson", "person:john-smith")]
    assert not smithson.same
    assert 0.7 <= smithson.similarity < 1
    lopez = decided[("person:maria-lopez", "person:maria-lopez")]
    assert not lopez.same
    assert "employer" in lopez.reason
    account = decided[("account:r-2219", "account:ridgeway-2291")]
    assert not account.same
    assert account.similarity > 0.9

    result = merge(
        base_nodes=EXISTING["entities"],
        base_edges=EXISTING["relationships"],
        base_facts=[],
        base_timeline=[],
        delta=new,
        new_facts=[],
        new_timeline=[],
        plan=plan,
        version=2,
    )
    nodes = {n["id"]: n for n in result.nodes}
    assert "J. Smith" in nodes["person:john-smith"]["aliases"]
    assert "Ms. Roe" in nodes["person:jane-roe"]["aliases"]
    assert "person:j-smith" not in nodes
    assert "organization:acme" not in nodes
    assert nodes["person:john-smithson"]["similar_to"][0]["id"] == "person:john-smith"
    assert nodes["person:john-smith"]["similar_to"][0]["id"] == "person:john-smithson"
    # The other Maria Lopez gets an id of her own, noted as similar to the existing one.
    assert nodes["person:maria-lopez~2"]["similar_to"][0]["id"] == "person:maria-lopez"
    assert nodes["account:r-2219"]["similar_to"][0]["id"] == "account:ridgeway-2291"
    edges = {(e["source_id"], e["target_id"], e["type"]) for e in result.edges}
    assert ("person:maria-lopez~2", "organization:gamma", "employed_by") in edges
    assert ("person:john-smith", "organization:acme-widgets", "mentioned_with") in edges
    assert result.report["entities_merged"] == 3
    assert result.report["similar_kept_apart"] == 3


def _compare(existing: list[GraphFact], new: GraphFact, nodes: list[Json] | None = None) -> Any:
    graph = {"entities": nodes or EXISTING["entities"], "relationships": [], "facts": existing}
    graph["facts"] = [f.model_dump(mode="json") for f in existing]
    plan = _plan(graph, GraphOutput(), [new])
    assert len(plan.facts) == 1
    return plan.facts[0]


@pytest.mark.parametrize(
    ("old", "new", "outcome", "kind"),
    [
        ("48500.00 USD", "48500.00 USD", "compatible", None),
        ("48500.00 USD", "84500.00 USD", "conflict", "amount"),
        ("48500.00 EUR", "48500.00 USD", "conflict", "amount"),
    ],
)
def test_amounts(old: str, new: str, outcome: str, kind: str | None) -> None:
    subject = "transaction:inv-7"
    result = _compare([_fact(subject, "amount", old)], _fact(subject, "amount", new, file_id="n"))
    assert (result.outcome, result.conflict_kind) == (outcome, kind)


@pytest.mark.parametrize(
    ("new", "outcome", "severity"),
    [("2024-03-09", "compatible", None), ("2024-04-01", "conflict", "LOW"),
     ("2024-09-01", "conflict", "MEDIUM")],
)  # fmt: skip
def test_dates(new: str, outcome: str, severity: str | None) -> None:
    subject = "transaction:inv-7"
    result = _compare(
        [_fact(subject, "date", "2024-03-07")], _fact(subject, "date", new, file_id="n")
    )
    assert result.outcome == outcome
    if severity:
        assert result.severity == severity


PERSON = "person:john-smith"


@pytest.mark.parametrize(
    ("old", "new", "outcome", "severity"),
    [
        # one name containing the other: the same place
        (
            _fact(PERSON, "location", "Harbor Lights", qualifier="2024-03-14T21:17:00-05:00"),
            _fact(PERSON, "location", "Harbor Lights Grill", qualifier="2024-03-14T21:30:00-05:00"),
            "compatible",
            None,
        ),
        # coordinates 130 km apart four minutes later
        (
            _fact(PERSON, "location", "43.03°N", qualifier="2024-03-14T21:38:00-05:00",
                  latitude=43.03, longitude=-87.91),
            _fact(PERSON, "location", "41.88°N", qualifier="2024-03-14T21:42:00-05:00",
                  latitude=41.88, longitude=-87.71),
            "conflict",
            "HIGH",
        ),
        # different towns at the same time
        (
            _fact(PERSON, "location", "12 Main St, Denver, CO", qualifier="2024-03-14T21:00:00"),
            _fact(PERSON, "location", "4 Elm Rd, Boise, ID", qualifier="2024-03-14T21:10:00"),
            "conflict",
            "HIGH",
        ),
        # a sworn claim of another place for the evening
        (
            _fact(PERSON, "location", "home", qualifier="2024-03-14T18:00:00/2024-03-14T23:59:59",
                  kind="claimed"),
            _fact(PERSON, "location", "Blue Door Cafe", qualifier="2024-03-14T21:10:00"),
            "conflict",
            "MEDIUM",
        ),
        # two observations offline cannot tell apart: side by side, not a conflict
        (
            _fact(PERSON, "location", "Harbor Lights", qualifier="2024-03-14T21:17:00"),
            _fact(PERSON, "location", "118 N Water St", qualifier="2024-03-14T21:17:01"),
            "new",
            None,
        ),
        # hours apart: both can be true
        (
            _fact(PERSON, "location", "12 Main St, Denver, CO", qualifier="2024-03-14T09:00:00"),
            _fact(PERSON, "location", "4 Elm Rd, Boise, ID", qualifier="2024-03-14T21:10:00"),
            "new",
            None,
        ),
    ],
)  # fmt: skip
def test_locations(old: GraphFact, new: GraphFact, outcome: str, severity: str | None) -> None:
    result = _compare(
        [old], new.model_copy(update={"sources": [SourceRef(file_id="n", row=2, excerpt="x")]})
    )
    assert result.outcome == outcome, result
    if severity:
        assert result.severity == severity
        assert result.conflict_kind == "location"


def test_no_location_conflict_for_someone_known_only_by_a_role() -> None:
    host = [_node("person:host", "Host")]
    old = _fact("person:host", "location", "12 Main St, Denver, CO", qualifier="2024-03-14T21:00")
    new = _fact("person:host", "location", "4 Elm Rd, Boise, ID", qualifier="2024-03-14T21:05")
    assert _compare([old], new, host).outcome == "new"


def test_the_graph_keeps_the_existing_value_and_unreviewed_disagreement_is_a_conflict() -> None:
    subject = "transaction:inv-7"
    old = _fact(subject, "amount", "48500.00 USD")
    new = _fact(subject, "amount", "84500.00 USD", file_id="n")
    node = _node(subject, "Transaction INV-7", "event")
    timeline = [
        {"timestamp": "2024-03-07", "kind": "transaction", "source": {"file_id": "old", "row": 1}}
    ]
    result = merge(
        base_nodes=[node],
        base_edges=[],
        base_facts=[old],
        base_timeline=timeline,
        delta=GraphOutput(),
        new_facts=[new],
        new_timeline=[{**timeline[0], "source": {"file_id": "n", "row": 1}}],
        plan=MergePlan(),  # a model that reviewed nothing
        version=2,
    )
    [draft] = result.conflicts
    assert draft.existing_fact["value"] == "48500.00 USD"
    assert draft.new_fact["value"] == "84500.00 USD"
    [kept] = result.facts
    assert kept["value"] == "48500.00 USD"
    assert kept["conflict_ids"] == [str(draft.id)]
    assert result.nodes[0]["conflict_ids"] == [str(draft.id)]
    assert all(e["conflict_ids"] == [str(draft.id)] for e in result.timeline)

    again = merge(
        base_nodes=result.nodes,
        base_edges=[],
        base_facts=result.facts,
        base_timeline=result.timeline,
        delta=GraphOutput(),
        new_facts=[
            new.model_copy(update={"sources": [SourceRef(file_id="n2", row=4, excerpt="x")]})
        ],
        new_timeline=[],
        plan=MergePlan(),
        open_conflicts=[OpenConflict(str(draft.id), old.id, "84500.00 USD")],
        version=3,
    )
    assert again.conflicts == []
    assert list(again.joined) == [str(draft.id)]
    assert again.facts[0]["conflict_ids"] == [str(draft.id)]


def test_each_decision_changes_the_fact_as_it_says() -> None:
    subject = "transaction:inv-7"
    old = _fact(subject, "amount", "48500.00 USD")
    new = _fact(subject, "amount", "84500.00 USD", file_id="n")
    result = merge(
        base_nodes=[],
        base_edges=[],
        base_facts=[old],
        base_timeline=[],
        delta=GraphOutput(),
        new_facts=[new],
        new_timeline=[],
        plan=MergePlan(),
        version=2,
    )
    [draft] = result.conflicts
    common: Json = {
        "nodes": [],
        "edges": [],
        "facts": result.facts,
        "timeline": [],
        "conflict_id": str(draft.id),
        "target_ref": draft.target_ref(),
        "by": "user-1",
        "at": datetime(2024, 7, 1, tzinfo=UTC),
    }
    trusted = resolve(resolution=ConflictResolution.TRUST_NEW, manual=None, **common)
    assert (trusted.facts[0]["value"], trusted.value) == ("84500.00 USD", "84500.00 USD")
    assert trusted.facts[0]["sources"][0]["file_id"] == "n"
    assert "conflict_ids" not in trusted.facts[0]
    kept = resolve(resolution=ConflictResolution.KEEP_EXISTING, manual=None, **common)
    assert kept.facts[0]["value"] == "48500.00 USD"
    assert kept.facts[0]["rejected_values"][0]["value"] == "84500.00 USD"
    typed = manual_value("amount", "USD 64,500", "48500.00 USD")
    assert typed == ("64500.00 USD", "USD 64,500.00")
    chosen = resolve(resolution=ConflictResolution.MANUAL, manual=typed, **common)
    assert chosen.facts[0]["value"] == "64500.00 USD"
    assert {s["file_id"] for s in chosen.facts[0]["sources"]} == {"old", "n"}
    assert chosen.facts[0]["resolutions"][0]["before"]["value"] == "48500.00 USD"
    assert manual_value("date", "2024-03-09T10:00:00", "2024-03-07") == ("2024-03-09", "2024-03-09")
    assert manual_value("amount", 1200, "5.00 EUR") == ("1200.00 EUR", "EUR 1,200.00")
    for attribute, value in (("date", "spring"), ("amount", "a lot"), ("location", "  "),
                             ("location", True), ("location", ["x"])):  # fmt: skip
        with pytest.raises(InvalidValueError):
            manual_value(attribute, value, "")
