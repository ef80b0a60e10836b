"""Conflicts of a merge: a new fact that states another value than the graph's for the same
subject, attribute and time. Never resolved here: the graph keeps the existing value and marks
it (and its subject node, its edge, the timeline entries of both sides) with the conflict's id;
an edge only the new side states waits in the conflict record (`pending_edges`) for the user.
"""

import copy
import uuid
from dataclasses import dataclass, field
from typing import Any

from holmes_backend.agents.merge.facts import normal_name, ref_key
from holmes_backend.contracts.agents import FactComparison, GraphFact, GraphOutput, SourceRef

Json = dict[str, Any]
CONFLICTED = "conflicted"


@dataclass
class OpenConflict:
    id: str
    existing_fact_id: str
    new_value: str


@dataclass
class ConflictDraft:
    id: uuid.UUID
    kind: str
    severity: str
    description: str
    similarity: float
    existing_fact: Json
    new_fact: Json
    pending_edges: list[Json] = field(default_factory=list)

    def target_ref(self) -> Json:
        return {
            "subject_id": self.existing_fact["subject_id"],
            "subject_name": self.existing_fact["subject_name"],
            "attribute": self.existing_fact["attribute"],
            "qualifier": self.existing_fact.get("qualifier", ""),
            "existing_fact_id": self.existing_fact["id"],
            "new_fact": self.new_fact,
            "pending_edges": self.pending_edges,
        }


def source_key(source: Json | SourceRef) -> tuple[object, ...]:
    if isinstance(source, SourceRef):
        return ref_key(source)
    return tuple(source.get(k) for k in ("file_id", "page", "line", "row", "sheet", "cue_start"))


def fact_outcome(
    fact: GraphFact, comparison: FactComparison | None, facts: list[Json]
) -> tuple[str, str | None]:
    if comparison is not None:
        return comparison.outcome, comparison.existing_fact_id
    # Not reviewed: the same statement is corroboration; another value for exactly the same
    # subject, attribute and time is a conflict (with the best-attested value) for the user.
    same_key = [
        existing
        for existing in facts
        if existing["subject_id"] == fact.subject_id
        and existing["attribute"] == fact.attribute
        and existing.get("qualifier", "") == fact.qualifier
    ]
    for existing in same_key:
        if normal_name(str(existing["value"])) == normal_name(fact.value):
            return "compatible", str(existing["id"])
    if same_key:
        best = max(
            same_key,
            key=lambda f: (len(f.get("sources", [])), float(f.get("confidence", 0)), f["id"]),
        )
        return "conflict", str(best["id"])
    return "new", None


def draft_conflict(
    existing: Json, fact: GraphFact, comparison: FactComparison | None
) -> ConflictDraft:
    kind = (comparison.conflict_kind if comparison else None) or fact.attribute
    subject = existing.get("subject_name") or fact.subject_name
    when = f" at {existing['qualifier']}" if existing.get("qualifier") else ""
    why = comparison.explanation if comparison and comparison.explanation else ""
    existing_value = existing.get("value") if fact.attribute == "location" else None
    description = (
        f"{subject}: {fact.attribute}{when} is "
        f"{existing_value or existing.get('display') or existing['value']} in the graph, "
        f"{fact.value if fact.attribute == 'location' else fact.display or fact.value} in the "
        "new evidence." + (f" {why}" if why else "")
    )
    return ConflictDraft(
        id=uuid.uuid4(),
        kind=kind,
        severity=comparison.severity if comparison else "MEDIUM",
        description=description,
        similarity=comparison.similarity if comparison else 0.0,
        existing_fact=copy.deepcopy(existing),
        new_fact=fact.model_dump(mode="json"),
    )


def mark_conflict(
    draft: ConflictDraft,
    facts: dict[str, Json],
    nodes: dict[str, Json],
    edges: list[Json],
    timeline: list[Json],
) -> None:
    """The existing value stays and carries the open conflict's id until the user decides."""
    conflict_id = str(draft.id)
    fact = facts[draft.existing_fact["id"]]
    add_mark(fact, conflict_id)
    subject = fact["subject_id"]
    if subject in nodes:
        add_mark(nodes[subject], conflict_id)
    place = fact.get("object_id")
    for edge in edges:
        if place and edge["source_id"] == subject and edge["target_id"] == place:
            add_mark(edge, conflict_id)
    sources = {source_key(s) for s in fact.get("sources", [])}
    sources |= {source_key(s) for s in draft.new_fact.get("sources", [])}
    for entry in timeline:
        if isinstance(entry.get("source"), dict) and source_key(entry["source"]) in sources:
            add_mark(entry, conflict_id)


def add_mark(item: Json, conflict_id: str) -> None:
    ids = list(item.get("conflict_ids", []))
    if conflict_id not in ids:
        ids.append(conflict_id)
    item["conflict_ids"] = ids
    item["status"] = CONFLICTED


def remove_mark(item: Json, conflict_id: str) -> None:
    ids = [i for i in item.get("conflict_ids", []) if i != conflict_id]
    if ids:
        item["conflict_ids"] = ids
        return
    item.pop("conflict_ids", None)
    if item.get("status") == CONFLICTED:
        item.pop("status")


def held_edges(
    conflicts: list[ConflictDraft], delta: GraphOutput, mapping: dict[str, str]
) -> dict[tuple[str, str, str], ConflictDraft]:
    """Location edges that only the conflicting new side states: they wait for the user."""
    held: dict[tuple[str, str, str], ConflictDraft] = {}
    for draft in conflicts:
        new = draft.new_fact
        if new["attribute"] != "location" or not new.get("object_id"):
            continue
        if new["object_id"] == draft.existing_fact.get("object_id"):
            continue
        held[(new["subject_id"], new["object_id"], "located_at")] = draft
    present = {
        (mapping.get(r.source_id, r.source_id), mapping.get(r.target_id, r.target_id), r.type)
        for r in delta.relationships
    }
    return {k: v for k, v in held.items() if k in present}
