"""A merge plan applied to the existing graph: the next version's content and its conflicts.

Pure: the step around it reads the rows and writes the results. The plan comes from a model, so
it is checked first: unknown ids are dropped, and a new fact the plan did not review that states
another value for exactly the subject, attribute and time of an existing fact becomes a conflict
(never a silent overwrite), drawn and marked by agents.merge.conflicts, never resolved here.
"""

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from holmes_backend.agents.merge.conflicts import (
    ConflictDraft,
    OpenConflict,
    draft_conflict,
    fact_outcome,
    held_edges,
    mark_conflict,
    source_key,
)
from holmes_backend.agents.merge.facts import (
    MAX_SOURCES,
    fact_id,
    noisy_or,
    normal_name,
    ref_key,
    union_refs,
)
from holmes_backend.agents.verification.items import ID_PREFIXES, numbered
from holmes_backend.contracts.agents import (
    SYMMETRIC_RELATIONSHIPS,
    EntityResolution,
    FactComparison,
    GraphFact,
    GraphOutput,
    MergePlan,
    SourceRef,
)

Json = dict[str, Any]
_ALIASED_TYPES = {"person", "organization", "place", "account"}


@dataclass
class MergeResult:
    nodes: list[Json]
    edges: list[Json]
    facts: list[Json]
    timeline: list[Json]
    conflicts: list[ConflictDraft]
    joined: dict[str, list[Json]]  # open conflict id -> new sources that repeat its new value
    report: Json


def checked_plan(
    plan: MergePlan,
    *,
    new_ids: set[str],
    existing_ids: set[str],
    new_facts: set[str],
    existing_facts: set[str],
) -> MergePlan:
    """The plan kept to ids that exist; one same-entity decision per new entity."""
    entities: list[EntityResolution] = []
    merged: set[str] = set()
    for entry in plan.entities:
        if entry.new_id not in new_ids or entry.existing_id not in existing_ids:
            continue
        if entry.same:
            if entry.new_id in merged:
                continue
            merged.add(entry.new_id)
        entities.append(entry)
    facts: dict[str, FactComparison] = {}
    for comparison in plan.facts:
        if comparison.new_fact_id not in new_facts or comparison.new_fact_id in facts:
            continue
        if comparison.outcome != "new" and comparison.existing_fact_id not in existing_facts:
            continue
        facts[comparison.new_fact_id] = comparison
    return MergePlan(entities=entities, facts=list(facts.values()), summary=plan.summary)


def merge(
    *,
    base_nodes: list[Json],
    base_edges: list[Json],
    base_facts: list[GraphFact | Json],
    base_timeline: list[Json],
    delta: GraphOutput,
    new_facts: list[GraphFact],
    new_timeline: list[Json],
    plan: MergePlan,
    open_conflicts: Iterable[OpenConflict] = (),
    version: int,
) -> MergeResult:
    nodes = [copy.deepcopy(n) for n in base_nodes]
    by_id = {str(n["id"]): n for n in nodes}
    plan = checked_plan(
        plan,
        new_ids={e.id for e in delta.entities},
        existing_ids=set(by_id),
        new_facts={f.id for f in new_facts},
        existing_facts={_fact_json(f)["id"] for f in base_facts},
    )
    report: Json = {"version": version, "summary": plan.summary}
    mapping = _merge_nodes(nodes, by_id, delta, plan, report, version)

    facts = [_fact_json(f) for f in base_facts]
    facts_by_id = {f["id"]: f for f in facts}
    comparisons = {c.new_fact_id: c for c in plan.facts}
    opened = {(c.existing_fact_id, normal_name(c.new_value)): c.id for c in open_conflicts}
    drafts: dict[tuple[str, str], ConflictDraft] = {}
    joined: dict[str, list[Json]] = {}
    added = corroborated = 0
    for original in new_facts:
        comparison = comparisons.get(original.id)
        fact = _remapped(original, mapping)
        outcome, existing_id = fact_outcome(fact, comparison, facts)
        if outcome == "conflict" and existing_id is not None:
            existing = facts_by_id[existing_id]
            key = (existing_id, normal_name(fact.value))
            if key in opened:
                joined.setdefault(opened[key], []).extend(
                    s.model_dump(mode="json", exclude_none=True) for s in fact.sources
                )
                continue
            draft = drafts.get(key)
            if draft is None:
                drafts[key] = draft_conflict(existing, fact, comparison)
            else:
                draft.new_fact["sources"] = [
                    s.model_dump(mode="json", exclude_none=True)
                    for s in union_refs(
                        [SourceRef.model_validate(s) for s in draft.new_fact["sources"]],
                        fact.sources,
                    )
                ]
            continue
        if outcome == "compatible" and existing_id is not None:
            corroborated += _corroborate(facts_by_id[existing_id], fact)
            continue
        if fact.id in facts_by_id:
            corroborated += _corroborate(facts_by_id[fact.id], fact)
            continue
        entry = {**fact.model_dump(mode="json"), "added_in": version}
        facts.append(entry)
        facts_by_id[fact.id] = entry
        added += 1

    conflicts = list(drafts.values())
    pending = held_edges(conflicts, delta, mapping)
    edges = _merge_edges(base_edges, delta, mapping, set(by_id), pending, report, version)
    # What joins the graph gets its id now, before a conflict's marks name it.
    edges = numbered(edges, ID_PREFIXES["edges"])
    timeline = numbered(_merge_timeline(base_timeline, new_timeline), ID_PREFIXES["timeline"])
    for draft in conflicts:
        mark_conflict(draft, facts_by_id, by_id, edges, timeline)
    report |= {
        "facts_added": added,
        "facts_corroborated": corroborated,
        "conflicts": [str(d.id) for d in conflicts],
        "conflicts_joined": sorted(joined),
    }
    return MergeResult(
        nodes=nodes,
        edges=edges,
        facts=facts,
        timeline=timeline,
        conflicts=conflicts,
        joined=joined,
        report=report,
    )


# ---- entities -------------------------------------------------------------------------------


def _merge_nodes(
    nodes: list[Json],
    by_id: dict[str, Json],
    delta: GraphOutput,
    plan: MergePlan,
    report: Json,
    version: int,
) -> dict[str, str]:
    """Adds and merges the new entities; returns new id -> id in the merged graph."""
    same = {e.new_id: e for e in plan.entities if e.same}
    distinct = [e for e in plan.entities if not e.same]
    apart = {e.new_id for e in distinct if e.new_id == e.existing_id}
    mapping: dict[str, str] = {}
    aliases_added = nodes_added = 0
    for entity in delta.entities:
        target = same.get(entity.id)
        existing_id = (
            target.existing_id
            if target
            else entity.id
            if entity.id in by_id and entity.id not in apart
            else None
        )
        if existing_id is not None:
            mapping[entity.id] = existing_id
            aliases_added += _absorb(by_id[existing_id], entity.model_dump(mode="json"))
            continue
        new_id = entity.id
        suffix = 2
        while new_id in by_id:
            new_id, suffix = f"{entity.id}~{suffix}", suffix + 1
        node = {**entity.model_dump(mode="json"), "id": new_id, "added_in": version}
        nodes.append(node)
        by_id[new_id] = node
        mapping[entity.id] = new_id
        nodes_added += 1
    similar = 0
    for entry in distinct:
        new_node, old_node = by_id.get(mapping.get(entry.new_id, "")), by_id[entry.existing_id]
        if new_node is None or new_node is old_node:
            continue
        similar += 1
        _note_similar(new_node, old_node, entry.similarity, entry.reason)
        _note_similar(old_node, new_node, entry.similarity, entry.reason)
    report |= {
        "entities_merged": len(same),
        "aliases_added": aliases_added,
        "nodes_added": nodes_added,
        "similar_kept_apart": similar,
        "resolutions": [e.model_dump(mode="json") for e in plan.entities],
    }
    return mapping


def _absorb(node: Json, new: Json) -> int:
    """The new mention's names become aliases; its sources join the node's."""
    added = 0
    if node.get("type") in _ALIASED_TYPES:
        aliases: list[str] = list(node.get("aliases", []))
        known = {normal_name(a) for a in aliases} | {normal_name(str(node["name"]))}
        for name in [new["name"], *new.get("aliases", [])]:
            if normal_name(name) not in known and str(name) not in aliases:
                aliases.append(str(name))
                known.add(normal_name(name))
                added += 1
        node["aliases"] = aliases
    node["sources"] = _json_refs(
        union_refs(_refs(node.get("sources", [])), _refs(new.get("sources", [])))
    )
    return added


def _note_similar(node: Json, other: Json, similarity: float, reason: str) -> None:
    notes = [s for s in node.get("similar_to", []) if s.get("id") != other["id"]]
    notes.append(
        {
            "id": other["id"],
            "name": other.get("name"),
            "similarity": round(similarity, 3),
            "reason": reason,
        }
    )
    node["similar_to"] = notes


# ---- relationships --------------------------------------------------------------------------


def _merge_edges(
    base_edges: list[Json],
    delta: GraphOutput,
    mapping: dict[str, str],
    node_ids: set[str],
    held: dict[tuple[str, str, str], ConflictDraft],
    report: Json,
    version: int,
) -> list[Json]:
    edges = [copy.deepcopy(e) for e in base_edges]
    by_key = {(e["source_id"], e["target_id"], e["type"]): e for e in edges}
    added = reinforced = 0
    for relationship in delta.relationships:
        source = mapping.get(relationship.source_id, relationship.source_id)
        target = mapping.get(relationship.target_id, relationship.target_id)
        if source == target or source not in node_ids or target not in node_ids:
            continue
        key = (source, target, relationship.type)
        new = {
            **relationship.model_dump(mode="json"),
            "source_id": source,
            "target_id": target,
        }
        draft = held.get(key)
        if draft is not None:
            draft.pending_edges.append(new)
            continue
        existing = by_key.get(key)
        if existing is None and relationship.type in SYMMETRIC_RELATIONSHIPS:
            existing = by_key.get((target, source, relationship.type))
        if existing is None:
            entry = {**new, "added_in": version}
            edges.append(entry)
            by_key[key] = entry
            added += 1
            continue
        old_refs = _refs(existing.get("evidence", []))
        fresh = [
            r for r in relationship.evidence if ref_key(r) not in {ref_key(o) for o in old_refs}
        ]
        if not fresh:
            continue
        existing["confidence"] = noisy_or(float(existing.get("confidence", 0)), new["confidence"])
        existing["evidence"] = _json_refs(union_refs(old_refs, fresh))
        existing["corroborations"] = int(existing.get("corroborations", 0)) + 1
        reinforced += 1
    report |= {"edges_added": added, "edges_reinforced": reinforced}
    return edges


# ---- facts ----------------------------------------------------------------------------------


def _fact_json(fact: GraphFact | Json) -> Json:
    return fact.model_dump(mode="json") if isinstance(fact, GraphFact) else copy.deepcopy(fact)


def _remapped(fact: GraphFact, mapping: dict[str, str]) -> GraphFact:
    subject = mapping.get(fact.subject_id, fact.subject_id)
    target = mapping.get(fact.object_id, fact.object_id) if fact.object_id else None
    if subject == fact.subject_id and target == fact.object_id:
        return fact
    value = normal_name(fact.value) if fact.attribute == "location" else fact.value
    return fact.model_copy(
        update={
            "subject_id": subject,
            "object_id": target,
            "id": fact_id(subject, fact.attribute, fact.qualifier, value),
        }
    )


def _corroborate(existing: Json, fact: GraphFact) -> int:
    old = _refs(existing.get("sources", []))
    known = {ref_key(r) for r in old}
    fresh = [r for r in fact.sources if ref_key(r) not in known]
    if not fresh:
        return 0
    existing["confidence"] = noisy_or(float(existing.get("confidence", 0)), fact.confidence)
    existing["sources"] = _json_refs(union_refs(old, fresh))
    existing["corroborations"] = int(existing.get("corroborations", 0)) + 1
    return 1


# ---- timeline -------------------------------------------------------------------------------


def _merge_timeline(base: list[Json], new: list[Json]) -> list[Json]:
    """Timeline entries are what each source says: the new ones join (marked when disputed)."""
    entries = [copy.deepcopy(e) for e in base]
    seen = {_entry_key(e) for e in entries}
    for entry in new:
        key = _entry_key(entry)
        if key not in seen:
            seen.add(key)
            entries.append(copy.deepcopy(entry))
    return sorted(entries, key=lambda e: str(e.get("timestamp", "")))


def _entry_key(entry: Json) -> tuple[object, ...]:
    source = entry.get("source")
    where = source_key(source) if isinstance(source, dict) else ()
    return (entry.get("timestamp"), entry.get("kind"), *where)


# ---- helpers --------------------------------------------------------------------------------


def _refs(items: Iterable[Json | SourceRef]) -> list[SourceRef]:
    refs = []
    for item in items:
        try:
            refs.append(item if isinstance(item, SourceRef) else SourceRef.model_validate(item))
        except ValueError:
            continue
    return refs


def _json_refs(refs: list[SourceRef]) -> list[Json]:
    return [r.model_dump(mode="json") for r in refs[:MAX_SOURCES]]
