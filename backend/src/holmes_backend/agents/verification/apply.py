"""The merge step of a correction: what changes in the graph and the findings, decided purely.

Given the latest graph, the current findings, the corrected target, and the original and
proposed values, it decides, for every item:
- corrected: the target itself, and every item that states the original value and cites only
  places the target cites (the same fact told again: a timeline entry and the transaction
  finding it came from). Its value is rewritten; citations, being quotes, are kept.
- stale: an item that draws on a corrected place without being that fact: insights,
  relationships and timeline entries citing the place, findings and other items resting on
  several places one of which is corrected, and nodes built from values (amounts, events,
  dates); a single-place finding beside the corrected one states another fact of its own. An
  amount or a date feeds what is computed from it (totals, time gaps, contradictions), so citing
  the place is enough; a name or a text only matters where it is repeated, so those items must
  also state the original value. Stale items keep their content and carry `stale: true` until
  they are regenerated.
- untouched: everything else.
"""

import copy
import uuid
from dataclasses import dataclass, field
from typing import Any

from holmes_backend.agents.verification.items import (
    GRAPH_LISTS,
    Place,
    holds,
    places,
    rewrite,
)
from holmes_backend.numeric.compare import Value

# Entity types that are values rather than parties: what derives from a corrected value.
_VALUE_NODES = frozenset({"amount", "event", "date"})
_DRAWING_LISTS = frozenset(
    {"contradictions", "evidence_gaps", "cross_modal_links", "edges", "timeline"}
)


@dataclass
class FindingView:
    """What of a finding row the merge step reads: its fact fields and its citations."""

    id: uuid.UUID
    facts: dict[str, Any]  # title, summary, content, entities, relationships, cross_modal_links
    places: set[Place]


@dataclass
class Plan:
    graph: dict[str, list[Any]]
    corrected_items: list[dict[str, str]] = field(default_factory=list)
    stale_items: list[dict[str, str]] = field(default_factory=list)
    corrected_findings: dict[uuid.UUID, dict[str, Any]] = field(default_factory=dict)
    stale_findings: list[uuid.UUID] = field(default_factory=list)


def _derives(value: Value, item: Any, cited: set[Place], corrected: set[Place]) -> bool:
    """Whether an item citing a corrected place draws on the corrected value."""
    if not cited & corrected:
        return False
    if value.number is not None or value.day is not None:
        return True
    return holds(item, value)


def _may_go_stale(name: str, item: dict[str, Any], cited: set[Place]) -> bool:
    """Insights, relationships and timeline entries draw on what they cite; among nodes only
    values do (a party stays who it is); other single-place items state facts of their own."""
    if name in _DRAWING_LISTS:
        return True
    if name == "nodes":
        return item.get("type") in _VALUE_NODES
    return len(cited) > 1


def _mirrors(item: Any, cited: set[Place], corrected: set[Place], original: Value) -> bool:
    return bool(cited) and cited <= corrected and holds(item, original)


def _mark(item: dict[str, Any], key: str, correction_id: str) -> dict[str, Any]:
    marked = dict(item)
    marked[key] = [*marked.get(key, []), correction_id]
    if key == "stale_because":
        marked["stale"] = True
    return marked


def plan(
    *,
    graph: dict[str, list[Any]],
    findings: list[FindingView],
    target_list: str | None,
    target_id: str,
    target_finding: uuid.UUID | None,
    corrected_places: set[Place],
    original: Value,
    proposed: Value,
    correction_id: str,
) -> Plan:
    # Plain lists: a copy of an EncodedList would keep the JSON it was made with (db.types).
    lists = {name: copy.deepcopy(list(items)) for name, items in graph.items()}
    result = Plan(graph=lists)
    for name, items in lists.items():
        # A list this step does not know (a later addition to the graph) is treated alike.
        kind = GRAPH_LISTS.get(name) or name.removesuffix("s")
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                continue
            cited = places(item)
            ref = {"kind": kind, "id": str(item.get("id", ""))}
            is_target = name == target_list and str(item.get("id")) == target_id
            if is_target or _mirrors(item, cited, corrected_places, original):
                items[index] = _mark(
                    rewrite(item, original, proposed), "corrected_by", correction_id
                )
                result.corrected_items.append(ref)
                continue
            if _may_go_stale(name, item, cited) and _derives(
                original, item, cited, corrected_places
            ):
                items[index] = _mark(item, "stale_because", correction_id)
                result.stale_items.append(ref)
    if "timeline" in lists and any(r["kind"] == "timeline_event" for r in result.corrected_items):
        # A corrected date moves its entry; ids were fixed above, so they move with it.
        lists["timeline"].sort(key=lambda entry: str(entry.get("timestamp", "")))
    for finding in findings:
        if finding.id == target_finding or _mirrors(
            finding.facts, finding.places, corrected_places, original
        ):
            result.corrected_findings[finding.id] = rewrite(finding.facts, original, proposed)
        elif _derives(original, finding.facts, finding.places, corrected_places) and (
            # A single-place finding beside the corrected one states another fact of that place.
            len(finding.places) > 1 or holds(finding.facts, original)
        ):
            result.stale_findings.append(finding.id)
    return result
