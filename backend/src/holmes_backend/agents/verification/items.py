"""The graph's items as correctable things: ids, the places they cite, the values they hold.

Every item has an id from the moment it is created: nodes the model's ("person:jane-roe"), the
other lists numbered per list ("edge_007", "timeline_012", "contradiction_003"), new items after
the highest number in use, so an id never moves to another item (migration 0015 gave the
versions written before that the ids the read endpoints then showed by position).

A citation is any dict with a `file_id` (a SourceRef, a chat citation); its place is the file and
the location inside it. Citations are quotes of the evidence and are never rewritten.
"""

import json
from collections.abc import Iterator
from typing import Any

from holmes_backend.numeric.compare import Value, find_value, rewrite_text

# Graph list → the prefix of the ids its items are numbered with when they are created.
ID_PREFIXES = {
    "edges": "edge",
    "timeline": "timeline",
    "contradictions": "contradiction",
    "evidence_gaps": "gap",
    "cross_modal_links": "link",
}
# Graph list → the correction target type its items answer to.
GRAPH_LISTS = {
    "nodes": "entity",
    "edges": "relationship",
    "timeline": "timeline_event",
    "contradictions": "contradiction",
    "evidence_gaps": "evidence_gap",
    "cross_modal_links": "cross_modal_link",
}
_PLACE_FIELDS = ("page", "line", "row", "sheet", "cue_start")
# Fields that name or locate things rather than state facts: never rewritten.
_FIXED_KEYS = frozenset(
    {"id", "file_id", "source_id", "target_id", "subject_id", "object_id", "confidence"}
    | {"stale", "stale_because", "corrected_by"}
)

Place = tuple[str, ...]


def numbered(items: list[Any], prefix: str) -> list[Any]:
    """Every item with an id: those without one (just created) numbered after the highest
    number in use, so ids already given never move (copies of the new items, never in place)."""
    used = {str(i.get("id")) for i in items if isinstance(i, dict) and i.get("id")}
    top = max((int(u.rsplit("_", 1)[1]) for u in used if u.rsplit("_", 1)[-1].isdigit()), default=0)
    out: list[Any] = []
    for item in items:
        if isinstance(item, dict) and not item.get("id"):
            top += 1
            out.append({"id": f"{prefix}_{top:03d}", **item})
        else:
            out.append(item)
    return out


def citations(value: Any) -> Iterator[dict[str, Any]]:
    """Every citation inside a JSON value."""
    if isinstance(value, dict):
        if value.get("file_id"):
            yield value
            return
        for item in value.values():
            yield from citations(item)
    elif isinstance(value, list):
        for item in value:
            yield from citations(item)


def place(ref: dict[str, Any]) -> Place:
    location = ref.get("location") if isinstance(ref.get("location"), dict) else ref
    assert isinstance(location, dict)
    return (str(ref["file_id"]), *(json.dumps(location.get(k), default=str) for k in _PLACE_FIELDS))


def places(value: Any) -> set[Place]:
    return {place(ref) for ref in citations(value)}


def holds(value: Any, wanted: Value) -> bool:
    """Whether a stored item states the value in a fact field (citations and ids aside)."""
    if isinstance(value, dict):
        if value.get("file_id"):
            return False
        return any(holds(v, wanted) for k, v in value.items() if k not in _FIXED_KEYS)
    if isinstance(value, list):
        return any(holds(v, wanted) for v in value)
    if isinstance(value, str):
        return bool(find_value(wanted, value, loose_names=False))
    if isinstance(value, int | float) and not isinstance(value, bool):
        return wanted.number is not None and abs(float(value) - wanted.number) < 0.005
    return False


def rewrite(value: Any, original: Value, proposed: Value) -> Any:
    """A copy with every statement of the original value replaced by the proposed one."""
    if isinstance(value, dict):
        if value.get("file_id"):
            return value
        return {
            k: v if k in _FIXED_KEYS else rewrite(v, original, proposed) for k, v in value.items()
        }
    if isinstance(value, list):
        return [rewrite(v, original, proposed) for v in value]
    if isinstance(value, str):
        return rewrite_text(value, original, proposed)
    if (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and original.number is not None
        and proposed.number is not None
        and abs(float(value) - original.number) < 0.005
    ):
        number = proposed.number
        return int(number) if isinstance(value, int) and float(number).is_integer() else number
    return value
