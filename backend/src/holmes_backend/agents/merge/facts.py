"""The graph's facts: single-valued statements read from the domain outputs, with their sources.

Derived deterministically (like the timeline), so every provider's graph carries the same facts:

- a transaction identified by its reference (invoice or payment number) has one amount and one
  date. A reference that several rows of one file use with different figures is a recurring
  label (a card, a standing order), not an identity, and yields no facts;
- a person named in a timed event that has a place was at that place at that time (observed);
  a sworn statement that puts its speaker somewhere at a time is a claimed location.

Subjects and places are the graph's node ids when the graph names them (by name or alias).
"""

import hashlib
import re
from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache

from pydantic import BaseModel

from holmes_backend.analysis.facts.dates import parse_iso
from holmes_backend.analysis.facts.names import org_core, slug, strip_honorific
from holmes_backend.contracts.agents import (
    EvidenceOutput,
    FinancialOutput,
    GraphEntity,
    GraphFact,
    SourceRef,
)

MAX_SOURCES = 12
_SPACE = re.compile(r"\s+")
_GENERIC_PERSON = re.compile(r"^(?:an?\s+|the\s+)?(?:unidentified|unknown|unnamed)\b", re.I)


def fact_id(subject_id: str, attribute: str, qualifier: str, value: str) -> str:
    digest = hashlib.sha256(f"{subject_id}|{attribute}|{qualifier}|{value}".encode()).hexdigest()
    return f"fact:{digest[:16]}"


@lru_cache(maxsize=8192)
def normal_name(name: str) -> str:
    """Case, spacing, honorifics and legal-form suffixes do not make a different name.
    (Cached: a case repeats its few names across hundreds of facts.)"""
    text = _SPACE.sub(" ", strip_honorific(name.strip())).lower()
    core = org_core(text)
    return core or text


def ref_key(ref: SourceRef) -> tuple[object, ...]:
    return (ref.file_id, ref.page, ref.line, ref.row, ref.sheet, ref.cue_start)


def union_refs(*groups: Iterable[SourceRef], limit: int = MAX_SOURCES) -> list[SourceRef]:
    seen: set[tuple[object, ...]] = set()
    kept: list[SourceRef] = []
    for group in groups:
        for ref in group:
            key = ref_key(ref)
            if key not in seen and len(kept) < limit:
                seen.add(key)
                kept.append(ref)
    return kept


def noisy_or(*confidences: float) -> float:
    """Independent pieces of evidence for one statement: 1 - Π(1 - c), kept below certainty."""
    doubt = 1.0
    for confidence in confidences:
        doubt *= 1.0 - max(0.0, min(1.0, confidence))
    return round(min(0.99, 1.0 - doubt), 4)


class NameIndex:
    """Graph node ids by normalised name and alias."""

    def __init__(self, nodes: Iterable[GraphEntity | dict[str, object]]) -> None:
        self._ids: dict[tuple[str, str], str] = {}
        self._any: dict[str, str] = {}
        self.names: dict[str, str] = {}
        for node in nodes:
            entity = node if isinstance(node, GraphEntity) else _entity(node)
            if entity is None:
                continue
            self.names[entity.id] = entity.name
            for name in [entity.name, *entity.aliases]:
                key = normal_name(name)
                self._ids.setdefault((entity.type, key), entity.id)
                self._any.setdefault(key, entity.id)

    def find(self, name: str | None, type_: str | None = None) -> str | None:
        if not name:
            return None
        key = normal_name(name)
        if type_ is not None:
            return self._ids.get((type_, key))
        return self._any.get(key)


def _entity(node: dict[str, object]) -> GraphEntity | None:
    try:
        return GraphEntity.model_validate(node)
    except ValueError:
        return None


def derive_facts(
    outputs: dict[str, BaseModel], nodes: Iterable[GraphEntity | dict[str, object]]
) -> list[GraphFact]:
    index = NameIndex(nodes)
    facts: list[GraphFact] = []
    financial = outputs.get("financial")
    if isinstance(financial, FinancialOutput):
        facts += _transaction_facts(financial)
    evidence = outputs.get("evidence")
    if isinstance(evidence, EvidenceOutput):
        facts += _location_facts(evidence, index)
    return combine(facts)


def combine(facts: Iterable[GraphFact]) -> list[GraphFact]:
    """One fact per id: the sources of repeated statements are joined, their confidence too."""
    by_id: dict[str, GraphFact] = {}
    joined: set[str] = set()  # ids whose fact is this function's own copy
    for fact in facts:
        known = by_id.get(fact.id)
        if known is None:
            by_id[fact.id] = fact
            continue
        fresh = {ref_key(r) for r in fact.sources} - {ref_key(r) for r in known.sources}
        if fresh:
            if fact.id not in joined:
                # A shallow copy, made only when a fact is joined: the given ones stay as they
                # were, and below fields are only ever reassigned, never changed in place.
                known = by_id[fact.id] = known.model_copy()
                joined.add(fact.id)
            known.confidence = noisy_or(known.confidence, fact.confidence)
            known.sources = union_refs(known.sources, fact.sources)
    return list(by_id.values())


def _transaction_facts(financial: FinancialOutput) -> list[GraphFact]:
    figures: dict[tuple[str, str], set[tuple[str, float]]] = defaultdict(set)
    for tx in financial.transactions:
        if tx.reference:
            figures[(tx.source.file_id, tx.reference.strip().upper())].add(
                ((tx.date or "")[:10], round(tx.amount, 2))
            )
    recurring = {ref for (_, ref), seen in figures.items() if len(seen) > 1}
    facts: list[GraphFact] = []
    for tx in financial.transactions:
        reference = (tx.reference or "").strip().upper()
        if not reference or reference in recurring:
            continue
        subject = f"transaction:{slug(reference)}"
        name = f"Transaction {reference}"
        confidence = 0.8 if tx.source.row is not None or tx.source.line is not None else 0.7
        # No currency is assumed: an amount the source gives without one is compared as is.
        currency = (tx.currency or "").upper()
        amount = f"{tx.amount:.2f} {currency}".rstrip()
        facts.append(
            GraphFact(
                id=fact_id(subject, "amount", "", amount),
                subject_id=subject,
                subject_name=name,
                attribute="amount",
                value=amount,
                display=f"{currency} {tx.amount:,.2f}".lstrip(),
                kind="recorded",
                confidence=confidence,
                sources=[tx.source],
            )
        )
        day = parse_iso(tx.date)
        if day is not None:
            value = day.date().isoformat()
            facts.append(
                GraphFact(
                    id=fact_id(subject, "date", "", value),
                    subject_id=subject,
                    subject_name=name,
                    attribute="date",
                    value=value,
                    display=value,
                    kind="recorded",
                    confidence=confidence,
                    sources=[tx.source],
                )
            )
    return facts


def _location_facts(evidence: EvidenceOutput, index: NameIndex) -> list[GraphFact]:
    # A case names its few people and places in hundreds of events: each is resolved once.
    people: dict[str, tuple[str, str] | None] = {}
    places: dict[str, tuple[str, str, str | None]] = {}

    def who(name: str) -> tuple[str, str] | None:
        if name not in people:
            people[name] = _person(index, name)
        return people[name]

    def where(name: str) -> tuple[str, str, str | None]:
        if name not in places:
            places[name] = _place(index, name)
        return places[name]

    facts: list[GraphFact] = []
    for event in evidence.events:
        if not event.place or "T" not in event.timestamp or parse_iso(event.timestamp) is None:
            continue  # a place without a time of day says nothing about where someone was when
        for person in event.people:
            subject = who(person)
            if subject is not None:
                facts.append(
                    _location(
                        subject,
                        where(event.place),
                        event.timestamp,
                        "observed",
                        0.6 if event.latitude is None else 0.75,
                        event.source,
                        (event.latitude, event.longitude),
                    )
                )
    for claim in evidence.sworn_claims:
        if claim.speaker and claim.claimed_place and claim.claimed_time:
            subject = who(claim.speaker)
            if subject is not None:
                facts.append(
                    _location(
                        subject,
                        where(claim.claimed_place),
                        claim.claimed_time,
                        "claimed",
                        0.5,
                        claim.source,
                        (None, None),
                    )
                )
    return facts


def _person(index: NameIndex, person: str) -> tuple[str, str] | None:
    """The graph node a person's name stands for (or the id it would have), and its name."""
    person = _SPACE.sub(" ", person).strip()
    if not person or _GENERIC_PERSON.match(person):
        return None
    subject = index.find(person, "person") or f"person:{slug(strip_honorific(person))}"
    return subject, index.names.get(subject, strip_honorific(person))


def _place(index: NameIndex, place: str) -> tuple[str, str, str | None]:
    """A place as written, as compared, and its graph node if it has one."""
    place = _SPACE.sub(" ", place).strip()
    return place, normal_name(place), index.find(place, "place") or index.find(place)


def _location(
    subject: tuple[str, str],
    place: tuple[str, str, str | None],
    when: str,
    kind: str,
    confidence: float,
    source: SourceRef,
    position: tuple[float | None, float | None],
) -> GraphFact:
    (subject_id, subject_name), (written, compared, object_id) = subject, place
    return GraphFact(
        id=fact_id(subject_id, "location", when, compared),
        subject_id=subject_id,
        subject_name=subject_name,
        attribute="location",
        qualifier=when,
        value=written,
        display=f"{written} ({when})",
        object_id=object_id,
        latitude=position[0],
        longitude=position[1],
        kind=kind,
        confidence=confidence,
        sources=[source],
    )
