"""A user's decision on a conflict, applied to the graph's content (the next version's).

- trust_new: the fact takes the new value and its sources; what only the new side stated (its
  location edge) joins the graph; the timeline entries of the old side are marked superseded.
- keep_existing: the fact keeps its value; the new value is kept on it as rejected, with its
  sources, and the new side's timeline entries are marked rejected.
- manual: the fact takes the user's value, resting on the sources of both sides, which are both
  marked superseded in the timeline.

In every case the conflict's marks leave the fact, its subject node, its edges and the timeline,
and the fact records who decided what, when, and what it held before.
"""

import copy
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from holmes_backend.agents.merge.conflicts import remove_mark, source_key
from holmes_backend.agents.merge.facts import MAX_SOURCES, union_refs
from holmes_backend.agents.verification.items import ID_PREFIXES, numbered
from holmes_backend.analysis.facts.dates import parse_iso
from holmes_backend.contracts.agents import SourceRef
from holmes_shared.enums import ConflictResolution

Json = dict[str, Any]
_NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?|-?\.\d+")
_CURRENCY = re.compile(r"\b([A-Z]{3})\b")
MAX_MANUAL_CHARS = 500


class InvalidValueError(ValueError):
    pass


@dataclass
class Resolved:
    nodes: list[Json]
    edges: list[Json]
    facts: list[Json]
    timeline: list[Json]
    value: str
    display: str


def manual_value(attribute: str, value: object, existing_value: str) -> tuple[str, str]:
    """The user's value in the fact's canonical form (and for display); InvalidValueError."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise InvalidValueError("give the value as text or a number")
    text = str(value).strip()
    if not text or len(text) > MAX_MANUAL_CHARS:
        raise InvalidValueError(f"give a value of 1 to {MAX_MANUAL_CHARS} characters")
    if attribute == "amount":
        number = _NUMBER.search(text)
        if number is None:
            raise InvalidValueError("an amount needs a number, e.g. 48500.00 or USD 48,500")
        amount = float(number.group(0).replace(",", ""))
        code = _CURRENCY.search(text.upper().replace(number.group(0), " "))
        currency = code.group(1) if code else (existing_value.partition(" ")[2] or "USD")
        return f"{amount:.2f} {currency}", f"{currency} {amount:,.2f}"
    if attribute == "date":
        moment = parse_iso(text)
        if moment is None:
            raise InvalidValueError("a date is written YYYY-MM-DD")
        day = moment.date().isoformat()
        return day, day
    return text, text


def resolve(
    *,
    nodes: list[Json],
    edges: list[Json],
    facts: list[Json],
    timeline: list[Json],
    conflict_id: str,
    target_ref: Json,
    resolution: ConflictResolution,
    manual: tuple[str, str] | None,
    by: str,
    at: datetime,
) -> Resolved:
    nodes, edges = copy.deepcopy(nodes), copy.deepcopy(edges)
    facts, timeline = copy.deepcopy(facts), copy.deepcopy(timeline)
    new: Json = target_ref.get("new_fact") or {}
    fact = next((f for f in facts if f.get("id") == target_ref.get("existing_fact_id")), None)
    if fact is None:
        # The fact left the graph since (a correction); the decision still says what holds.
        fact = copy.deepcopy(new) | {"id": target_ref.get("existing_fact_id")}
        if resolution != ConflictResolution.KEEP_EXISTING:
            facts.append(fact)
    old_sources = {source_key(s) for s in fact.get("sources", [])}
    new_sources = {source_key(s) for s in new.get("sources", [])}
    before = {"value": fact.get("value"), "display": fact.get("display")}
    losing: set[tuple[object, ...]] = set()
    if resolution == ConflictResolution.TRUST_NEW:
        for name in ("value", "display", "object_id", "latitude", "longitude", "kind"):
            fact[name] = new.get(name)
        fact["confidence"] = new.get("confidence", fact.get("confidence"))
        fact["sources"] = new.get("sources", [])
        _add_edges(edges, target_ref.get("pending_edges", []))
        losing = old_sources - new_sources
        outcome = "superseded"
    elif resolution == ConflictResolution.KEEP_EXISTING:
        rejected = list(fact.get("rejected_values", []))
        rejected.append(
            {
                "value": new.get("value"),
                "display": new.get("display"),
                "sources": new.get("sources", []),
                "conflict_id": conflict_id,
            }
        )
        fact["rejected_values"] = rejected
        losing = new_sources - old_sources
        outcome = "rejected"
    else:
        assert manual is not None
        fact["value"], fact["display"] = manual
        fact["kind"] = "manual"
        fact["confidence"] = 1.0
        fact["object_id"] = None
        fact["sources"] = [
            s.model_dump(mode="json")
            for s in union_refs(
                _refs(fact.get("sources", [])), _refs(new.get("sources", [])), limit=MAX_SOURCES
            )
        ]
        losing = old_sources | new_sources
        outcome = "superseded"
    history = list(fact.get("resolutions", []))
    history.append(
        {
            "conflict_id": conflict_id,
            "resolution": resolution.value,
            "by": by,
            "at": at.isoformat(),
            "before": before,
            "after": {"value": fact.get("value"), "display": fact.get("display")},
        }
    )
    fact["resolutions"] = history
    remove_mark(fact, conflict_id)
    for item in (*nodes, *edges):
        if conflict_id in item.get("conflict_ids", []):
            remove_mark(item, conflict_id)
    for entry in timeline:
        if conflict_id not in entry.get("conflict_ids", []):
            continue
        remove_mark(entry, conflict_id)
        source = entry.get("source")
        if isinstance(source, dict) and source_key(source) in losing:
            entry["status"] = outcome
    return Resolved(
        nodes=nodes,
        edges=edges,
        facts=facts,
        timeline=timeline,
        value=str(fact.get("value")),
        display=str(fact.get("display") or fact.get("value")),
    )


def _add_edges(edges: list[Json], pending: list[Json]) -> None:
    by_key = {(e["source_id"], e["target_id"], e["type"]): e for e in edges}
    for edge in pending:
        key = (edge["source_id"], edge["target_id"], edge["type"])
        existing = by_key.get(key)
        if existing is None:
            edges.append(copy.deepcopy(edge))
            by_key[key] = edges[-1]
            continue
        existing["evidence"] = [
            s.model_dump(mode="json")
            for s in union_refs(
                _refs(existing.get("evidence", [])), _refs(edge.get("evidence", []))
            )
        ]
    edges[:] = numbered(edges, ID_PREFIXES["edges"])  # the edges joining get their ids


def _refs(items: list[Json]) -> list[SourceRef]:
    refs = []
    for item in items:
        try:
            refs.append(SourceRef.model_validate(item))
        except ValueError:
            continue
    return refs
