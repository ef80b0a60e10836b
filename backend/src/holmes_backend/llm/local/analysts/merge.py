"""Merge analyst: new graph material set against the existing graph (entity resolution, facts).

Names are one entity when equal once normalised, or a person's initial or bare surname fits one
existing person, unless employers or account numbers tell them apart. Amounts agree to the cent,
dates within a week, places when the same (node, name, within a kilometre); places conflict when
far apart, in other towns or against a sworn claim at overlapping times.
"""

import math
import re
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime, timedelta
from difflib import SequenceMatcher
from typing import Any, TypeVar

from holmes_backend.analysis.facts.dates import parse_iso, parse_span
from holmes_backend.analysis.facts.geo import distance_km
from holmes_backend.analysis.facts.lexicon import REGIONS, fold
from holmes_backend.analysis.facts.names import UPPER, org_core, person_parts, strip_honorific
from holmes_backend.contracts.agents import (
    EntityResolution,
    FactComparison,
    GraphEntity,
    GraphFact,
    MergePlan,
    Severity,
)
from holmes_backend.llm.local.analysts.domains import trace
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst

SIMILAR = 0.7  # below this two names are unrelated and not worth a note
SAME_PLACE_KM = 1.0
FAR_KM = 25.0
DATE_TOLERANCE = timedelta(days=7)
INSTANT_WINDOW = timedelta(minutes=30)
_DIGITS = re.compile(r"\d{2,}")
_IN_TOWN = re.compile(rf"\bin\s+([{UPPER}][\w.'-]*(?:\s+[{UPPER}][\w.'-]*){{0,2}})")
_CODE = re.compile(r"^(?:[A-Z]{2,3})(?:\s+\d{4,5}(?:-\d{4})?)?$")  # "CO", "WI 53202"
_WORDS = re.compile(r"[a-z0-9]+")
_RESOLVED_TYPES = {"person", "organization", "place", "account"}
_GENERIC = re.compile(r"^(?:unidentified|unknown|unnamed)\b", re.I)
T = TypeVar("T", GraphEntity, GraphFact)


@dataclass
class _Graph:
    nodes: list[GraphEntity]
    employers: dict[str, set[str]]  # node id -> normalised names of its employers
    facts: list[GraphFact]


@analyst(MergePlan)
def merge(request: AnalysisRequest) -> Analysis:
    blocks = {str(b.header.get("stage")): b.data for b in request.findings}
    existing = _graph(blocks.get("existing_graph") or {})
    new = _graph(blocks.get("new_graph") or {})
    new_facts = _valid(GraphFact, blocks.get("new_facts") or [])
    entities = resolve(existing, new)
    mapping = {e.new_id: e.existing_id for e in entities if e.same}
    apart = {e.new_id for e in entities if not e.same and e.new_id == e.existing_id}
    existing_ids = {n.id for n in existing.nodes}
    for node in new.nodes:
        if node.id in existing_ids and node.id not in apart:
            mapping.setdefault(node.id, node.id)
    # People named in full (a first name and a surname): only they are placed in two towns.
    full_names = {
        n.id
        for n in existing.nodes
        if n.type == "person" and (person_parts(n.name) or ("",))[0] and not _GENERIC.match(n.name)
    }
    comparisons = [compare(f, existing.facts, mapping, full_names) for f in new_facts]
    merged = sum(e.same for e in entities)
    outcomes = {o: sum(c.outcome == o for c in comparisons) for o in ("compatible", "conflict")}
    summary = (
        f"{merged} new entit(ies) matched existing ones, {len(entities) - merged} similar but "
        f"distinct; {outcomes['compatible']} new fact(s) agree with the graph, "
        f"{outcomes['conflict']} conflict with it."
    )
    thoughts = [
        f"Set {len(new.nodes)} new entit(ies) against {len(existing.nodes)} in the graph by "
        f"normalised name, initials and surname, employer and account number; compared "
        f"{len(new_facts)} new fact(s) with {len(existing.facts)}.",
        *(f"{e.new_id} {'=' if e.same else '~'} {e.existing_id}: {e.reason}" for e in entities[:3]),
        *(f"Conflict: {c.explanation}" for c in comparisons if c.outcome == "conflict"),
    ]
    plan = MergePlan(entities=entities, facts=comparisons, summary=summary)
    return Analysis(output=plan, thoughts=trace(thoughts))


def _valid(model: type[T], raws: list[Any]) -> list[T]:
    found = []
    for raw in raws:
        with suppress(ValueError):
            found.append(model.model_validate(raw))
    return found


def _graph(data: dict[str, Any]) -> _Graph:
    nodes = _valid(GraphEntity, data.get("entities") or data.get("nodes") or [])
    names = {n.id: _norm(n.name) for n in nodes}
    employers: dict[str, set[str]] = {}
    for edge in data.get("relationships") or data.get("edges") or []:
        if edge.get("type") == "employed_by" and edge.get("target_id") in names:
            employers.setdefault(str(edge["source_id"]), set()).add(names[edge["target_id"]])
    return _Graph(nodes, employers, _valid(GraphFact, data.get("facts") or []))


def resolve(existing: _Graph, new: _Graph) -> list[EntityResolution]:
    found: list[EntityResolution] = []
    for node in new.nodes:
        if node.type in _RESOLVED_TYPES and not _GENERIC.match(node.name):
            candidates = [
                c for c in existing.nodes if c.type == node.type and not _GENERIC.match(c.name)
            ]
            found += _resolve_one(node, candidates, existing, new)
    return found


def _resolve_one(
    node: GraphEntity, candidates: list[GraphEntity], existing: _Graph, new: _Graph
) -> list[EntityResolution]:
    scored = sorted(((similarity(node, c), c) for c in candidates), key=lambda s: (-s[0], s[1].id))
    same: list[tuple[float, GraphEntity, str]] = []
    near: list[EntityResolution] = []
    for score, candidate in scored:
        why = _same(node, candidate)
        apart = _told_apart(node, candidate, existing, new) if why else ""
        if why and not apart:
            same.append((score, candidate, why))
        elif apart or score >= SIMILAR:
            near.append(_entry(node, candidate, False, max(score, 0.9 if apart else 0), apart))
    if len(same) == 1 or (same and _names(node) & _names(same[0][1])):
        score, candidate, why = same[0]
        # The same id: nothing to decide.
        return [] if candidate.id == node.id else [_entry(node, candidate, True, score, why)]
    # An initial or a bare surname that fits several people is not guessed.
    why = f"fits {len(same)} people; not guessed"
    guesses = [_entry(node, c, False, s, why) for s, c, _ in same]
    return guesses[:3] or near[:2]


def _entry(
    node: GraphEntity, candidate: GraphEntity, same: bool, score: float, reason: str
) -> EntityResolution:
    return EntityResolution(
        new_id=node.id,
        existing_id=candidate.id,
        same=same,
        similarity=round(min(1.0, max(0.0, score)), 3),
        reason=reason or "similar names",
    )


def _norm(name: str) -> str:
    text = " ".join(strip_honorific(name.strip()).split()).lower()
    return org_core(text) or text


def _names(node: GraphEntity) -> set[str]:
    return {_norm(n) for n in [node.name, *node.aliases] if n.strip()}


def _same(node: GraphEntity, candidate: GraphEntity) -> str:
    """Why the two are one entity by their names, or ""."""
    if _names(node) & _names(candidate):
        return "the same name"
    if node.type != "person":
        return ""
    for a in [node.name, *node.aliases]:
        for b in [candidate.name, *candidate.aliases]:
            pa, pb = person_parts(a), person_parts(b)
            if not pa or not pb or pa[2] != pb[2]:
                continue
            first_a, first_b = pa[0], pb[0]
            if not first_a or not first_b:
                return f"the surname {pb[2].title()} alone"
            if first_a == first_b:
                return "the same first name and surname"
            if min(len(first_a), len(first_b)) == 1 and first_a[0] == first_b[0]:
                return f"the initial {first_a[0].upper()}. of {pb[0].title()}"
    return ""


def _told_apart(node: GraphEntity, candidate: GraphEntity, existing: _Graph, new: _Graph) -> str:
    if node.type == "account":
        digits_a = set(_DIGITS.findall(" ".join([node.name, *node.aliases])))
        digits_b = set(_DIGITS.findall(" ".join([candidate.name, *candidate.aliases])))
        if digits_a and digits_b and not digits_a & digits_b:
            return "the same name on another account number"
    employers_a = new.employers.get(node.id, set())
    employers_b = existing.employers.get(candidate.id, set())
    if employers_a and employers_b and not employers_a & employers_b:
        return "the same name with another employer"
    return ""


def similarity(a: GraphEntity, b: GraphEntity) -> float:
    """How alike the closest two of their names are, once normalised (0 to 1)."""
    pairs = [(x, y) for x in [a.name, *a.aliases][:6] for y in [b.name, *b.aliases][:6]]
    return max((round(_ratio(_norm(x), _norm(y)), 3) for x, y in pairs), default=0.0)


def _ratio(a: str, b: str) -> float:
    return SequenceMatcher(None, a, b).ratio() if a and b else 0.0


def compare(
    fact: GraphFact, existing: list[GraphFact], mapping: dict[str, str], full_names: set[str]
) -> FactComparison:
    subject = mapping.get(fact.subject_id, fact.subject_id)
    place = mapping.get(fact.object_id, fact.object_id) if fact.object_id else None
    fact = fact.model_copy(update={"subject_id": subject, "object_id": place})
    candidates = [e for e in existing if e.subject_id == subject and e.attribute == fact.attribute]
    if fact.attribute == "amount":
        return _amounts(fact, candidates)
    if fact.attribute == "date":
        return _dates(fact, candidates)
    if fact.attribute == "location":
        return _locations(fact, candidates, subject in full_names)
    for candidate in candidates:
        if candidate.qualifier == fact.qualifier and _norm(candidate.value) == _norm(fact.value):
            return _agrees(fact, candidate, "")
    return FactComparison(new_fact_id=fact.id, outcome="new")


def _agrees(fact: GraphFact, candidate: GraphFact, why: str) -> FactComparison:
    return FactComparison(
        new_fact_id=fact.id,
        outcome="compatible",
        existing_fact_id=candidate.id,
        similarity=1.0,
        explanation=why,
    )


def _conflict(
    fact: GraphFact, candidate: GraphFact, kind: str, similar: float, severity: Severity, why: str
) -> FactComparison:
    return FactComparison(
        new_fact_id=fact.id,
        outcome="conflict",
        existing_fact_id=candidate.id,
        conflict_kind=kind,
        similarity=round(similar, 3),
        severity=severity,
        explanation=why,
    )


def _strongest(candidates: list[GraphFact]) -> GraphFact:
    return max(candidates, key=lambda f: (f.confidence, len(f.sources), f.id))


def _money(value: str) -> tuple[float, str] | None:
    number, _, currency = value.partition(" ")
    try:
        return float(number), currency.upper()
    except ValueError:
        return None


def _amounts(fact: GraphFact, candidates: list[GraphFact]) -> FactComparison:
    new = _money(fact.value)
    known = [c for c in candidates if _money(c.value) is not None]
    if new is None or not known:
        return FactComparison(new_fact_id=fact.id, outcome="new")
    for candidate in known:
        old = _money(candidate.value)
        if old and old[1] == new[1] and abs(old[0] - new[0]) < 0.005:
            return _agrees(fact, candidate, f"the same amount, {fact.display or fact.value}")
    candidate = _strongest(known)
    old = _money(candidate.value) or new
    low, high = sorted((abs(old[0]), abs(new[0])))
    similar = low / high if high and old[1] == new[1] else 0.0
    why = (
        f"The amounts differ by {abs(new[0] - old[0]):,.2f} ({1 - similar:.1%})."
        if old[1] == new[1]
        else f"The currencies differ ({old[1]} and {new[1]})."
    )
    return _conflict(fact, candidate, "amount", similar, "HIGH" if similar < 0.9 else "MEDIUM", why)


def _dates(fact: GraphFact, candidates: list[GraphFact]) -> FactComparison:
    new = parse_iso(fact.value)
    known = [(c, d) for c in candidates if (d := parse_iso(c.value)) is not None]
    if new is None or not known:
        return FactComparison(new_fact_id=fact.id, outcome="new")
    gap, nearest = min(((abs(d - new), c) for c, d in known), key=lambda g: (g[0], g[1].id))
    if gap <= DATE_TOLERANCE:
        return _agrees(fact, nearest, f"{gap.days} day(s) apart: the same transaction")
    candidate = _strongest([c for c, _ in known])
    days = abs((parse_iso(candidate.value) or new) - new).days
    severity: Severity = "LOW" if days <= 31 else "MEDIUM" if days <= 365 else "HIGH"
    why = f"The dates are {days} days apart, more than booking and settlement take."
    return _conflict(fact, candidate, "date", max(0.0, 1.0 - days / 365), severity, why)


def _window(qualifier: str) -> tuple[datetime, datetime] | None:
    """The time a location holds: a span as given, an instant widened, a bare day in full."""
    span = parse_span(qualifier)
    if span is None:
        return None
    # Wall-clock times: a time without an offset is read in the zone of those with one.
    start, end = span[0].replace(tzinfo=None), span[1].replace(tzinfo=None)
    if span[2] and start == end:
        return start - INSTANT_WINDOW, end + INSTANT_WINDOW
    return start, end


def _locations(fact: GraphFact, candidates: list[GraphFact], named: bool) -> FactComparison:
    window = _window(fact.qualifier)
    if window is None:
        return FactComparison(new_fact_id=fact.id, outcome="new")
    different: list[tuple[bool, GraphFact, str]] = []
    for candidate in candidates:
        other = _window(candidate.qualifier)
        if other is None or not (window[0] <= other[1] and other[0] <= window[1]):
            continue
        relation, verified, how = place_relation(candidate, fact)
        if relation == "same":
            return _agrees(fact, candidate, how)
        if relation == "different":
            different.append((verified, candidate, how))
    if not different or not named:
        return FactComparison(new_fact_id=fact.id, outcome="new")
    verified, candidate, how = max(
        different, key=lambda d: (d[0], d[1].confidence, len(d[1].sources), d[1].id)
    )
    why = (
        f"{candidate.kind.capitalize()} at {candidate.qualifier}, {fact.kind} at "
        f"{fact.qualifier}: {how}."
    )
    km = _km(candidate, fact)
    similar = math.exp(-km / 10) if km is not None else 0.0  # near 1 a short walk apart
    return _conflict(fact, candidate, "location", similar, "HIGH" if verified else "MEDIUM", why)


def _km(a: GraphFact, b: GraphFact) -> float | None:
    if None in (a.latitude, a.longitude, b.latitude, b.longitude):
        return None
    return distance_km((a.latitude or 0, a.longitude or 0), (b.latitude or 0, b.longitude or 0))


def place_relation(a: GraphFact, b: GraphFact) -> tuple[str, bool, str]:  # noqa: PLR0911
    """("same" | "different" | "unknown", verified, how) for the places of two facts."""
    if a.object_id and a.object_id == b.object_id:
        return "same", True, "the same place"
    name_a, name_b = _norm(a.value), _norm(b.value)
    if name_a and name_b and (name_a in name_b or name_b in name_a):
        return "same", True, "one place name contains the other"
    km = _km(a, b)
    if km is not None:
        if km <= SAME_PLACE_KM:
            return "same", True, f"{km:.1f} km apart"
        if km >= FAR_KM:
            return "different", True, f"{km:.0f} km apart"
        return "unknown", False, f"{km:.1f} km apart"
    town_a, town_b = town(a.value), town(b.value)
    if town_a and town_b:
        if town_a != town_b:
            return "different", True, f"{town_a.title()} is not {town_b.title()}"
        return "unknown", False, f"both in {town_a.title()}"
    if "claimed" in (a.kind, b.kind):
        return "different", False, "a sworn account names another place"
    return "unknown", False, "the two places cannot be compared offline"


def town(place: str) -> str | None:
    """The town a place string names: "…, Milwaukee, WI" → milwaukee; "home in Chicago"."""
    parts = [p.strip() for p in place.split(",") if p.strip()]
    while len(parts) > 1 and (_CODE.match(parts[-1]) or parts[-1].lower() in REGIONS):
        parts = parts[:-1]
    match = _IN_TOWN.search(place)
    if len(parts) >= 2 or match:
        # Unaccented: "Gdańsk" and a card record's "GDANSK" are one town.
        named = parts[-1] if len(parts) >= 2 else match[1] if match else ""
        return " ".join(w for w in _WORDS.findall(fold(named.lower())) if not w.isdigit()) or None
    words = parts[0].split() if parts else []
    if len(words) == 1 and words[0][:1].isupper() and words[0].isalpha():
        return words[0].lower()
    return None


__all__ = ["compare", "merge", "place_relation", "resolve", "town"]
