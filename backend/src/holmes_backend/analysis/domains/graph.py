"""The knowledge graph: resolved entities (people, organisations, places, documents, events)
and evidenced relationships across all findings. Every node is cited; a name nothing cites is
left out rather than shown without evidence."""

import re
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import combinations

from holmes_backend.analysis.domains.case import CaseView
from holmes_backend.analysis.domains.financial import RECORD_PARTIES
from holmes_backend.analysis.domains.interests import INTEREST, RELATION
from holmes_backend.analysis.domains.ledger import INVOICED, distinct_payments, is_payment
from holmes_backend.analysis.domains.legal import DEFINED_PARTIES, SIGNATURE
from holmes_backend.analysis.domains.people import (
    ORGANIZATIONS_NAMED,
    PEOPLE_NAMED,
    person_mentions,
)
from holmes_backend.analysis.domains.resolution import Resolved, Resolver, guess_type
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.money import format_money
from holmes_backend.analysis.facts.names import (
    evidently_personal,
    find_names,
    name_key,
    person_parts,
    reads_as_person,
    slug,
)
from holmes_backend.analysis.facts.text import units
from holmes_backend.contracts.agents import (
    SYMMETRIC_RELATIONSHIPS,
    EntityType,
    Finding,
    GraphEntity,
    GraphOutput,
    GraphRelationship,
    SourceRef,
    SynthesisOutput,
)

_DEFINED = re.compile(r"(?:^|; )(.+?) \(\u201c(.+?)\u201d\)")
_GENERIC_PLACE = re.compile(
    r"^(?:home|house|office|work|room|apartment|flat)\s+(?:in|at|near)\s+(?P<named>.+)$",
    re.IGNORECASE,
)
_BARE_PLACE = re.compile(r"^(?:home|house|office|work|room|apartment|flat)$", re.IGNORECASE)
_MAX_EVENTS = 80
_MAX_UNITS = 3000
_MAX_FOUND_SOURCES = 3
_MAX_COOCCURRING = 6
_NAMED_TYPES = ("person", "organization", "place")
_KNOWN_TYPES: dict[str, EntityType] = {PEOPLE_NAMED: "person", ORGANIZATIONS_NAMED: "organization"}


@dataclass
class _Edges:
    edges: dict[tuple[str, str, str], GraphRelationship] = field(default_factory=dict)

    def add(
        self,
        source: str,
        target: str,
        type_: str,
        description: str,
        confidence: float,
        evidence: list[SourceRef],
    ) -> None:
        if source == target:
            return
        key = (source, target, type_)
        if type_ in SYMMETRIC_RELATIONSHIPS and (target, source, type_) in self.edges:
            key = (target, source, type_)
        existing = self.edges.get(key)
        if existing is None:
            self.edges[key] = GraphRelationship(
                source_id=source,
                target_id=target,
                type=type_,
                description=description,
                confidence=round(confidence, 2),
                evidence=unique_refs(evidence, 6),
            )
            return
        existing.evidence = unique_refs(existing.evidence + evidence, 6)
        existing.confidence = round(min(0.95, max(existing.confidence, confidence) + 0.05), 2)


def build_graph(view: CaseView, synthesis: SynthesisOutput | None) -> GraphOutput:
    resolver = Resolver()
    _collect(view, resolver)
    correspondents = " ".join(e.description for e in view.evidence.events if "@" in e.description)
    entities = _people_only(_cited(resolver.resolve(), view, synthesis), correspondents)
    edges = _Edges()
    extra: list[GraphEntity] = []
    _payments(view, resolver, edges)
    _legal(view, resolver, edges)
    _ties(view, resolver, edges)
    _events(view, resolver, edges, extra)
    _cooccurrence(view, resolver, edges)
    _synthesis(synthesis, edges)
    documents = _documents(view, edges)
    nodes = [
        GraphEntity(id=e.id, name=e.name, type=e.type, aliases=sorted(e.aliases), sources=e.sources)
        for e in entities
    ]
    nodes += extra
    # By name, not by the random file id: the same case must read the same way twice.
    for fid, name in sorted(documents.items(), key=lambda item: (item[1], item[0])):
        ref = SourceRef(file_id=fid, excerpt=name)
        nodes.append(GraphEntity(id=_doc_id(fid), name=name, type="document", sources=[ref]))
    known = {n.id for n in nodes}
    relationships = [r for r in edges.edges.values() if {r.source_id, r.target_id} <= known]
    return GraphOutput(entities=nodes, relationships=relationships)


def _people_only(entities: list[Resolved], correspondents: str = "") -> list[Resolved]:
    """The entities, but a person only when its forms, its messages or a list of people it is
    named in show one: a heading or a firm drawn as a person misleads more than it helps."""
    people = [e for e in entities if e.type == "person"]
    shown = {
        e.id
        for e in people
        if evidently_personal([e.name, *e.aliases]) or _correspondent(e, correspondents)
    }
    forms = {form for e in people if e.id in shown for form in (e.name, *e.aliases)}
    listed = {e.id for e in people if e.id not in shown and _listed_among(e, forms)}
    return [e for e in entities if e.type != "person" or e.id in shown | listed]


def _correspondent(entity: Resolved, messages: str) -> bool:
    """Whether the case's messages name the entity as a writer or addressee ('"E. Park" <…@…>')."""
    if not messages:
        return False
    forms = [re.escape(f) for f in (entity.name, *entity.aliases)]
    return bool(re.search(rf"\"?(?:{'|'.join(forms)})\"?\s*<[^<>@\s]+@[^<>\s]+>", messages))


_LIST_SEPARATOR = re.compile(r"\s*(?:[,;&]|\band\b)\s*")
_LIST_LABEL = re.compile(r"^[^:]{1,30}:\s*")
_PARENTHETICAL = re.compile(r"\s*\([^)]*\)")


def _listed_among(entity: Resolved, people: set[str]) -> bool:
    """Whether a source of the entity lists it with two other people ("Present: A, B and C"),
    not a record's "Field: value" pairs."""
    own = {entity.name, *entity.aliases}
    for source in entity.sources:
        pieces = _LIST_SEPARATOR.split(_PARENTHETICAL.sub("", source.excerpt))
        pieces = [_LIST_LABEL.sub("", pieces[0]), *pieces[1:]]
        pieces = [p.strip(" .") for p in pieces if p.strip(" .")]
        if any(":" in p for p in pieces) or not any(p in own for p in pieces):
            continue
        if sum(p in people for p in pieces if p not in own) >= 2:
            return True
    return False


def _documents(view: CaseView, edges: _Edges) -> dict[str, str]:
    """The case's files by name, and any other file an edge cites (named by its id)."""
    found = dict(view.filenames)
    for edge in edges.edges.values():
        for ref in edge.evidence:
            found.setdefault(ref.file_id, ref.file_id)
    return found


def _doc_id(file_id: str) -> str:
    return f"document:{slug(file_id)}"


def _collect(view: CaseView, resolver: Resolver) -> None:
    for finding in view.legal.findings:
        if finding.finding_type == DEFINED_PARTIES:
            for name, alias in _DEFINED.findall(finding.summary):
                resolver.alias(name.strip(), alias)
    mentions = person_mentions(view.documents)
    _collect_findings(view, resolver, _people(view, [m.name for m in mentions]))
    for doc in view.documents:
        for unit in units(doc)[:_MAX_UNITS]:
            for name in find_names(unit.text):
                if name.kind != "person":
                    resolver.add(name.text, name.kind, unit.ref)
    for mention in mentions:
        resolver.add(mention.name, "person", mention.ref())


def _people(view: CaseView, mentioned: list[str]) -> set[str]:
    """The keys and surnames of the people the documents and the evidence name."""
    names = [*mentioned, *view.evidence.people]
    names += [p for e in view.evidence.events for p in e.people]
    names += [c.speaker for c in view.evidence.sworn_claims if c.speaker]
    names += [
        n for f in view.evidence.findings if f.finding_type == PEOPLE_NAMED for n in f.entities
    ]
    keys = {name_key(n) for n in names}
    return keys | {parts[2] for n in names if (parts := person_parts(n))}


def _party_type(party: str | None, people: set[str]) -> EntityType | None:
    """A payer or payee's type: an organisation when it reads as a place, or as a person the
    case does not name; None leaves it to the name."""
    if party and guess_type(party) == "place":
        return "organization"
    if not party or guess_type(party) != "person" or reads_as_person(party):
        return None
    return None if name_key(party) in people else "organization"


def _collect_findings(view: CaseView, resolver: Resolver, people: set[str]) -> None:
    for tx in view.financial.transactions:
        if is_payment(tx) or tx.description.startswith(INVOICED):
            for party in (tx.from_party, tx.to_party):
                resolver.add(party, _party_type(party, people), tx.source)
    for party in view.legal.parties:
        resolver.add(party)
    for clause in view.legal.clauses:
        if clause.party and clause.kind in ("approval_requirement", "signature"):
            resolver.add(clause.party, None, clause.source)
    # Name lists last: a name is cited first where a finding says something of it.
    for finding in sorted(_naming_findings(view), key=lambda f: f.finding_type in _KNOWN_TYPES):
        known = _KNOWN_TYPES.get(finding.finding_type)
        for name in finding.entities:
            resolver.add(name, known, _naming(name, finding.sources))
    _collect_evidence(view, resolver)


def _naming_findings(view: CaseView) -> list[Finding]:
    """The findings whose entities are names: legal, evidence, and an export's parties."""
    parties = [f for f in view.financial.findings if f.finding_type == RECORD_PARTIES]
    return view.legal.findings + view.evidence.findings + parties


def _naming(name: str, sources: list[SourceRef]) -> SourceRef | None:
    """Of a finding's citations, the one whose excerpt names the entity (else the first)."""
    pattern = _name_pattern([name])
    return next((s for s in sources if pattern.search(s.excerpt)), next(iter(sources), None))


def _name_pattern(names: list[str]) -> re.Pattern[str]:
    spelled = sorted({" ".join(n.split()) for n in names if n.strip()}, key=len, reverse=True)
    alternatives = "|".join(r"\s+".join(map(re.escape, n.split())) for n in spelled)
    return re.compile(rf"(?<!\w)(?:{alternatives or '(?!)'})(?!\w)", re.IGNORECASE)


def _cited(
    entities: list[Resolved], view: CaseView, synthesis: SynthesisOutput | None
) -> list[Resolved]:
    """Entities with sources: one without takes the cited texts naming it (else is dropped); one
    whose citations do not show its name is given first a passage that does."""
    pool: list[tuple[str, SourceRef, bool]] | None = None
    kept = []
    for entity in entities:
        pattern = _name_pattern([entity.name, *entity.aliases])
        shown = any(pattern.search(s.excerpt) for s in entity.sources)
        if not entity.sources or (entity.type in _NAMED_TYPES and not shown):
            pool = _citable(view, synthesis) if pool is None else pool
            in_excerpt = [ref for text, ref, excerpt in pool if excerpt and pattern.search(text)]
            if entity.sources:
                entity.sources = unique_refs(in_excerpt[:2] + entity.sources, 8)
            else:
                named = [ref for text, ref, _ in pool if pattern.search(text)]
                entity.sources = unique_refs(in_excerpt + named, _MAX_FOUND_SOURCES)
        if entity.sources:
            kept.append(entity)
    return kept


def _citable(
    view: CaseView, synthesis: SynthesisOutput | None
) -> list[tuple[str, SourceRef, bool]]:
    """(text, citation, whether the text is the citation's excerpt) of every cited item."""
    items: list[tuple[str, list[SourceRef]]] = []
    items += [
        (f"{t.from_party or ''} | {t.to_party or ''} | {t.description}", [t.source])
        for t in view.financial.transactions
    ]
    items += [(a.description, a.sources[:1]) for a in view.financial.anomalies]
    items += [(f"{c.party or ''} | {c.text}", [c.source]) for c in view.legal.clauses]
    items += [(d.description, [d.source]) for d in view.legal.dates]
    items += [
        (f"{' | '.join(e.people)} | {e.place or ''} | {e.description}", [e.source])
        for e in view.evidence.events
    ]
    items += [
        (f"{c.speaker or ''} | {c.claimed_place or ''} | {c.claim}", [c.source])
        for c in view.evidence.sworn_claims
    ]
    findings = (
        view.financial.findings + view.legal.findings + view.evidence.findings
        + view.evidence.custody
    )  # fmt: skip
    items += [(f"{f.title} | {f.summary}", f.sources[:1]) for f in findings]
    if synthesis:
        items += [(c.claim, [c.claim_source]) for c in synthesis.contradictions]
    refs = [ref for _, sources in items for ref in sources]
    refs += [ref for f in findings for ref in f.sources]
    pool = [(ref.excerpt, ref, True) for ref in refs if ref.excerpt]
    pool += [(text, ref, False) for text, sources in items for ref in sources[:1]]
    return pool


def _collect_evidence(view: CaseView, resolver: Resolver) -> None:
    for event in view.evidence.events[: _MAX_EVENTS * 5]:
        for person in event.people:
            resolver.add(person, "person", event.source)
        if event.place:
            resolver.add(event.place, "place", event.source)
    for claim in view.evidence.sworn_claims:
        resolver.add(claim.speaker, "person", claim.source)
        if place := _named_place(claim.claimed_place):
            resolver.add(place, "place", claim.source)
    for person in view.evidence.people:
        resolver.add(person, "person")


def _named_place(place: str | None) -> str | None:
    """The named part of a claimed place ("home in Chicago" → "Chicago"; "home" names none)."""
    if not place or _BARE_PLACE.match(place):
        return None
    match = _GENERIC_PLACE.match(place)
    return match["named"] if match else place


def _id(resolver: Resolver, name: str | None, kind: str | None = None) -> str | None:
    found = resolver.lookup(name, kind)  # type: ignore[arg-type]
    return found.id if found else None


def _payments(view: CaseView, resolver: Resolver, edges: _Edges) -> None:
    totals: dict[tuple[str, str], list[float]] = defaultdict(list)
    for tx in distinct_payments([t for t in view.financial.transactions if is_payment(t)]):
        payer, payee = _id(resolver, tx.from_party), _id(resolver, tx.to_party)
        inferred = payer is None or payee is None
        if inferred:
            held = view.held(tx)
            payer = payer or _id(resolver, held.from_party)
            payee = payee or _id(resolver, held.to_party)
        if payer and payee and payer != payee:
            totals[(payer, payee)].append(tx.amount)
            confidence = 0.85 if tx.source.row is not None or tx.source.line else 0.6
            edges.add(payer, payee, "paid", "", confidence - 0.2 * inferred, [tx.source])
    for (payer, payee), amounts in totals.items():
        edge = edges.edges[(payer, payee, "paid")]
        edge.description = f"{len(amounts)} payment(s) totalling {format_money(sum(amounts), '')}"


_LEGAL_EDGES = {DEFINED_PARTIES: ("party_to", 0.8), SIGNATURE: ("signed", 0.75)}


def _legal(view: CaseView, resolver: Resolver, edges: _Edges) -> None:
    for finding in view.legal.findings:
        relation, confidence = _LEGAL_EDGES.get(finding.finding_type, ("", 0.0))
        files = {s.file_id for s in finding.sources} if relation else set()
        known = _KNOWN_TYPES.get(finding.finding_type)
        for node in filter(None, (_id(resolver, name, known) for name in finding.entities)):
            for doc in map(_doc_id, files):
                edges.add(node, doc, relation, finding.title, confidence, finding.sources)
        if finding.finding_type == SIGNATURE:
            _tie(resolver, edges, finding, "signed_for", 0.7)
    contract_files = {
        c.source.file_id
        for c in view.legal.clauses
        if c.kind in ("obligation", "cap", "approval_requirement")
    }
    for party in view.legal.parties:
        for file_id in contract_files if (entity := _id(resolver, party)) else set():
            edges.add(entity or "", _doc_id(file_id), "party_to", "named party", 0.6, [])
    for clause in view.legal.clauses:
        if clause.kind == "approval_requirement" and (entity := _id(resolver, clause.party)):
            target = _doc_id(clause.source.file_id)
            edges.add(entity, target, "approval_required", clause.text[:200], 0.7, [clause.source])


# Ties a finding states between its two names: an officer of an entity, a relative.
_TIES: dict[str, tuple[str, float]] = {
    INTEREST: ("holds_role_in", 0.85),
    RELATION: ("related_to", 0.8),
}


def _ties(view: CaseView, resolver: Resolver, edges: _Edges) -> None:
    for finding in _naming_findings(view):
        if finding.finding_type in _TIES:
            _tie(resolver, edges, finding, *_TIES[finding.finding_type])


def _tie(
    resolver: Resolver, edges: _Edges, finding: Finding, relation: str, confidence: float
) -> None:
    if len(finding.entities) == 2:
        first, second = (_id(resolver, name) for name in finding.entities)
        if first and second:
            edges.add(first, second, relation, finding.title, confidence, finding.sources)


def _events(view: CaseView, resolver: Resolver, edges: _Edges, extra: list[GraphEntity]) -> None:
    kept = [e for e in view.evidence.events if e.people or e.place][:_MAX_EVENTS]
    for event in kept:
        event_id = f"event:{slug(event.source.file_id)}-{slug(event.timestamp)}"
        cited = [event.source]
        if all(n.id != event_id for n in extra):
            name = f"{event.timestamp}: {event.description[:80]}"
            extra.append(GraphEntity(id=event_id, name=name, type="event", sources=cited))
        place = _id(resolver, event.place, "place") if event.place else None
        confidence = 0.75 if event.latitude is not None else 0.55
        if place:
            edges.add(event_id, place, "located_at", event.place or "", confidence, cited)
        for person_id in filter(None, (_id(resolver, p, "person") for p in event.people)):
            edges.add(person_id, event_id, "participated_in", event.description[:120], 0.6, cited)
            if place:
                when = f"at {event.timestamp}"
                edges.add(person_id, place, "located_at", when, confidence, cited)
        edges.add(event_id, _doc_id(event.source.file_id), "recorded_in", "", 0.9, cited)


def _cooccurrence(view: CaseView, resolver: Resolver, edges: _Edges) -> None:
    """Names one finding or event records together (not a name index, nor a tie made already)."""
    listed = (*_KNOWN_TYPES, SIGNATURE, *_TIES)
    groups = [
        (f.entities, f.sources) for f in _naming_findings(view) if f.finding_type not in listed
    ]
    groups += [(e.people, [e.source]) for e in view.evidence.events]
    for names, sources in groups:
        ids = sorted({i for n in names[:_MAX_COOCCURRING] if (i := _id(resolver, n))})
        for first, second in combinations(ids, 2):
            edges.add(first, second, "mentioned_with", "named together", 0.35, sources)


def _synthesis(synthesis: SynthesisOutput | None, edges: _Edges) -> None:
    if synthesis is None:
        return
    for c in synthesis.contradictions:
        claim, confidence = c.claim_source, {"HIGH": 0.85, "MEDIUM": 0.65, "LOW": 0.45}[c.severity]
        for ref in c.evidence_against:
            pair = (_doc_id(ref.file_id), _doc_id(claim.file_id))
            edges.add(*pair, "contradicts", c.explanation[:200], confidence, [claim, ref])
    for link in synthesis.cross_modal_links:
        a, b = link.source_a, link.source_b
        why = f"{link.correlation_type}: {link.implication[:160]}"
        edges.add(_doc_id(a.file_id), _doc_id(b.file_id), "correlates_with", why, 0.6, [a, b])
