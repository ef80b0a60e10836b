"""Case knowledge as citable items, ranked for a question (the chat tools and the local analyst).

Every item is one statement (a timeline entry, an entity, a relationship, a contradiction, a gap,
a cross-modal link, a finding or an evidence passage) with the sources it rests on. The graph and
the findings are ranked here, in process: a case has one graph document and a few hundred
findings. Evidence passages come from the database's full-text index; ranking them again here
puts them on one scale with the rest. The score is BM25 over words plus boosts for the dates and
names the question mentions and for the kind of item the question asks about ("what is missing"
wants gaps, "who paid" wants transactions), which word overlap alone does not see.
"""

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from holmes_backend.analysis.facts.dates import find_moments
from holmes_backend.analysis.facts.lexicon import STOPWORDS
from holmes_backend.analysis.facts.names import find_names

_WORD = re.compile(r"[a-z0-9]+")
_ITEM_CHARS = 500
_EXCERPT_CHARS = 200
_SOURCES_PER_ITEM = 4
_SOURCE_FIELDS = ("page", "line", "row", "sheet", "cue_start", "cue_end", "bbox")

# What a question asks for → the kinds of item that answer it (a boost, never a filter).
INTENTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "whereabouts": (
        frozenset({"where", "location", "place", "whereabouts", "when", "present", "seen"}),
        frozenset({"timeline", "passage", "link"}),
    ),
    "money": (
        frozenset({"paid", "pay", "payment", "payments", "money", "transfer", "invoice", "amount"}),
        frozenset({"timeline", "finding", "relationship"}),
    ),
    "contradiction": (
        frozenset({"contradict", "contradicts", "contradiction", "inconsistent", "lie", "lied"}),
        frozenset({"contradiction"}),
    ),
    "gap": (
        frozenset({"missing", "gap", "gaps", "lack", "lacking", "need", "needed", "weak"}),
        frozenset({"gap"}),
    ),
    "connection": (
        frozenset({"connected", "connection", "related", "relationship", "link", "linked", "owns"}),
        frozenset({"relationship", "link", "entity"}),
    ),
}


@dataclass
class ContextItem:
    id: str
    kind: str
    text: str
    sources: list[dict[str, Any]] = field(default_factory=list)
    date: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "text": self.text,
            "date": self.date,
            "sources": self.sources,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "ContextItem":
        return cls(
            id=str(data.get("id", "")),
            kind=str(data.get("kind", "")),
            text=str(data.get("text", "")),
            sources=[s for s in data.get("sources") or [] if isinstance(s, dict)],
            date=str(data["date"]) if data.get("date") else None,
        )


@dataclass(frozen=True)
class Question:
    text: str
    terms: list[str]
    days: frozenset[str]
    names: list[str]
    intents: frozenset[str]


def terms(text: str) -> list[str]:
    """Lower-case content words, lightly stemmed so "payments" meets "payment"."""
    return [_stem(w) for w in _WORD.findall(text.lower()) if len(w) > 1 and w not in STOPWORDS]


def _stem(word: str) -> str:
    if len(word) > 4 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word


def read_question(text: str) -> Question:
    words = set(_WORD.findall(text.lower()))
    return Question(
        text=text,
        terms=terms(text),
        days=frozenset(m.day.isoformat() for m in find_moments(text)),
        names=[n.text for n in find_names(text)],
        intents=frozenset(name for name, (cue, _) in INTENTS.items() if words & cue),
    )


def _clip(text: str, limit: int = _ITEM_CHARS) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "\u2026"


def _source(raw: Any) -> dict[str, Any] | None:
    """A SourceRef-shaped dict, or None when the source names no file."""
    if not isinstance(raw, dict) or not raw.get("file_id"):
        return None
    kept = {k: raw[k] for k in ("file_id", *_SOURCE_FIELDS) if raw.get(k) is not None}
    kept["excerpt"] = _clip(str(raw.get("excerpt") or ""), _EXCERPT_CHARS)
    return kept


def _sources(raws: list[Any]) -> list[dict[str, Any]]:
    found = [s for s in (_source(r) for r in raws) if s is not None]
    return found[:_SOURCES_PER_ITEM]


class _Items:
    def __init__(self) -> None:
        self.items: list[ContextItem] = []

    def add(
        self, kind: str, text: str, sources: list[Any], date: str | None = None
    ) -> ContextItem | None:
        if not text.strip():
            return None
        item = ContextItem(
            f"{kind}_{len(self.items) + 1}", kind, _clip(text), _sources(sources), date
        )
        self.items.append(item)
        return item


GRAPH_KINDS = ("timeline", "contradiction", "gap", "link", "entity", "relationship")


def graph_items(graph: dict[str, list[Any]], entity_type: str | None = None) -> list[ContextItem]:
    """Every statement of a graph version; with an entity type, only its entities and the
    relationships that touch them."""
    out = _Items()
    nodes = graph.get("nodes", [])
    names = {str(n.get("id")): str(n.get("name", "")) for n in nodes}
    typed = {str(n.get("id")) for n in nodes if n.get("type") == entity_type}
    if entity_type is None:
        for entry in graph.get("timeline", []):
            place = f" (place: {entry['place']})" if entry.get("place") else ""
            stamp = str(entry.get("timestamp", ""))
            text = f"{stamp} [{entry.get('kind', 'event')}] {entry.get('description', '')}{place}"
            out.add("timeline", text, [entry.get("source")], stamp)
        for c in graph.get("contradictions", []):
            text = f"Contradiction: the claim \u201c{c.get('claim', '')}\u201d \u2014 "
            text += str(c.get("explanation", ""))
            sources = [c.get("claim_source"), *(c.get("evidence_against") or [])]
            out.add("contradiction", text, sources)
        for g in graph.get("evidence_gaps", []):
            text = f"Evidence gap ({g.get('current_strength', '')}): {g.get('element', '')}. "
            text += f"Recommendation: {g.get('recommendation', '')}"
            out.add("gap", text, list(g.get("sources") or []))
        for link in graph.get("cross_modal_links", []):
            kind = link.get("correlation_type", "")
            text = f"Cross-modal link ({kind}): {link.get('implication', '')}"
            out.add("link", text, [link.get("source_a"), link.get("source_b")])
    for node in nodes:
        if entity_type is not None and str(node.get("id")) not in typed:
            continue
        aliases = ", ".join(str(a) for a in node.get("aliases") or [])
        text = f"{node.get('type', 'entity')} {node.get('name', '')}"
        text += f" (also: {aliases})" if aliases else ""
        out.add("entity", text, node.get("sources") or [])
    for edge in graph.get("edges", []):
        ends = {str(edge.get("source_id")), str(edge.get("target_id"))}
        if entity_type is not None and not ends & typed:
            continue
        source = names.get(str(edge.get("source_id")), str(edge.get("source_id")))
        target = names.get(str(edge.get("target_id")), str(edge.get("target_id")))
        text = f"{source} \u2014{edge.get('type', 'related to')}\u2192 {target}"
        if edge.get("description"):
            text += f": {edge['description']}"
        out.add("relationship", text, edge.get("evidence") or [])
    return out.items


def finding_items(findings: list[dict[str, Any]]) -> list[ContextItem]:
    """Findings as items: {id, file_id, domain, title, summary, source_location} each."""
    out = _Items()
    for f in findings:
        location = dict(f.get("source_location") or {})
        if f.get("file_id") and not location.get("file_id"):
            location["file_id"] = str(f["file_id"])
        text = f"{f.get('domain', '')} finding \u2014 {f.get('title', '')}: {f.get('summary', '')}"
        item = out.add("finding", text, [location])
        if item is not None and f.get("id"):
            item.id = f"finding_{f['id']}"
    return out.items


def passage_item(
    chunk_id: int, file_id: str, text: str, location: dict[str, Any], speaker: str | None
) -> ContextItem:
    """One evidence passage (an indexed chunk) as an item that cites exactly where it is."""
    said = f"{speaker}: {text}" if speaker else text
    where = {k: v for k, v in location.items() if k in _SOURCE_FIELDS and v is not None}
    source = _source({"file_id": file_id, **where, "excerpt": text})
    return ContextItem(f"passage_{chunk_id}", "passage", _clip(said), [source] if source else [])


def _day_hit(item: ContextItem, days: frozenset[str], read: bool) -> bool:
    """Whether the item is about one of the days: by its date, the day written ISO-style, or
    (when ``read``) a date written any other way ("12 June 2024"), which takes parsing."""
    if not days:
        return False
    if item.date and item.date[:10] in days:
        return True
    if any(day in item.text for day in days):
        return True
    return read and any(m.day.isoformat() in days for m in find_moments(item.text))


def rank(
    question: Question, items: list[ContextItem], limit: int
) -> list[tuple[float, ContextItem]]:
    """The best ``limit`` items for the question, best first, with their scores (all > 0)."""
    docs = [Counter(terms(item.text)) for item in items]
    if not docs:
        return []
    average = sum(sum(d.values()) for d in docs) / len(docs) or 1.0
    frequency: Counter[str] = Counter()
    for doc in docs:
        frequency.update(set(doc))
    query = Counter(question.terms)
    wanted = {kind for name in question.intents for kind in INTENTS[name][1]}
    names = [n.lower() for n in question.names]
    scored: list[tuple[float, ContextItem]] = []
    for item, doc in zip(items, docs, strict=True):
        length = sum(doc.values())
        score = 0.0
        for term, count in query.items():
            tf = doc.get(term, 0)
            if not tf:
                continue
            idf = math.log(1 + (len(docs) - frequency[term] + 0.5) / (frequency[term] + 0.5))
            score += count * idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / average))
        lowered = item.text.lower()
        if names and any(name in lowered for name in names):
            score += 3.0
        # Only an item that shares a word with the question (a year, a month, a name) is worth
        # parsing for dates: parsing every item of a large graph is most of a ranking's time.
        if _day_hit(item, question.days, read=score > 0):
            score += 4.0
        elif question.days and item.date:
            score *= 0.5  # dated, but another day
        if item.kind in wanted:
            score = score * 1.5 + 1.0
        if score > 0:
            scored.append((score, item))
    scored.sort(key=lambda pair: (-pair[0], pair[1].id))
    return scored[:limit]
