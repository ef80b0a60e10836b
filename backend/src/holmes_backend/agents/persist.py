"""Domain and synthesis outputs → finding rows; graph output + synthesis → a graph version."""

import uuid
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from holmes_backend.agents.verification.items import ID_PREFIXES, numbered
from holmes_backend.contracts.agents import (
    EvidenceOutput,
    FinancialOutput,
    GraphOutput,
    LegalOutput,
    SourceRef,
    SynthesisOutput,
)
from holmes_backend.llm.summaries import SEVERITY_CONFIDENCE, citable, first_source, headline
from holmes_backend.models import KnowledgeGraph
from holmes_shared.enums import FindingStatus


def _location(source: SourceRef | None) -> dict[str, Any]:
    return source.model_dump(mode="json", exclude_none=True) if source else {}


def _file_id(source: SourceRef | None, known: set[str]) -> uuid.UUID | None:
    return uuid.UUID(source.file_id) if source and source.file_id in known else None


def _items(output: BaseModel) -> Iterable[tuple[str, str, str, float, SourceRef | None, BaseModel]]:
    """(finding_type, title, summary, confidence, source, item) for every citable item."""
    for name, item in citable(output):
        kind, title, summary, confidence = headline(name, item)
        yield kind, title, summary, confidence, first_source(item), item


def domain_findings(
    *,
    case_id: uuid.UUID,
    job_id: uuid.UUID,
    domain: str,
    agent_id: str,
    output: BaseModel,
    known_files: set[str],
) -> list[dict[str, Any]]:
    """Finding rows (column values, for one bulk insert) of one domain's output."""
    rows = []
    seen: set[tuple[str, str, str]] = set()
    for kind, title, summary, confidence, source, item in _items(output):
        # A model may state an anomaly both as an anomaly and as a finding: store it once
        # ("duplicate_payment" and "Duplicate payment" are one title). Findings that share a
        # passage but say different things of it (each attendee a minutes' line lists) stay.
        heading = " ".join(title.lower().replace("_", " ").split())
        key = (kind.lower(), heading, summary.strip())
        if key in seen:
            continue
        seen.add(key)
        rows.append(
            {
                "case_id": case_id,
                "job_id": job_id,
                "file_id": _file_id(source, known_files),
                "agent_id": agent_id,
                "domain": domain,
                "finding_type": kind[:50],
                "title": title[:500],
                "summary": summary,
                # Models as they are: the engine's JSON serializer (pydantic-core) encodes them.
                "content": item,
                "source_location": _location(source),
                "confidence": confidence,
                "status": FindingStatus.INTERIM,
            }
        )
    return rows


def synthesis_findings(
    *, case_id: uuid.UUID, job_id: uuid.UUID, output: SynthesisOutput, known_files: set[str]
) -> list[dict[str, Any]]:
    """Finding rows (column values, for one bulk insert) of the synthesis output."""
    rows: list[dict[str, Any]] = []

    def add(
        kind: str,
        title: str,
        summary: str,
        confidence: float,
        sources: list[SourceRef],
        item: BaseModel,
    ) -> None:
        first = sources[0] if sources else None
        rows.append(
            {
                "case_id": case_id,
                "job_id": job_id,
                "file_id": _file_id(first, known_files),
                "agent_id": "synthesis_agent",
                "domain": "synthesis",
                "finding_type": kind,
                "title": title[:500],
                "summary": summary,
                "content": item,
                "source_location": {"sources": [_location(s) for s in sources]},
                "confidence": confidence,
                "cross_modal_links": [item] if kind == "cross_modal_link" else [],
                "status": FindingStatus.SYNTHESIZED,
            }
        )

    for link in output.cross_modal_links:
        add(
            "cross_modal_link",
            link.correlation_type,
            link.implication,
            0.7,
            [link.source_a, link.source_b],
            link,
        )
    for c in output.contradictions:
        add(
            "contradiction",
            c.claim,
            c.explanation,
            SEVERITY_CONFIDENCE[c.severity],
            [c.claim_source, *c.evidence_against],
            c,
        )
    for gap in output.evidence_gaps:
        add("evidence_gap", gap.element, gap.recommendation, 0.6, gap.sources, gap)
    return rows


def timeline(outputs: dict[str, BaseModel]) -> list[dict[str, Any]]:
    """Dated events from every domain, ISO-sorted, each with its source."""
    entries: list[dict[str, Any]] = []
    evidence = outputs.get("evidence")
    if isinstance(evidence, EvidenceOutput):
        for e in evidence.events:
            entries.append(
                {
                    "timestamp": e.timestamp,
                    "kind": "event",
                    "description": e.description,
                    "place": e.place,
                    "source": _location(e.source),
                }
            )
        for claim in evidence.sworn_claims:
            if claim.claimed_time:
                entries.append(
                    {
                        "timestamp": claim.claimed_time,
                        "kind": "claim",
                        "description": claim.claim,
                        "place": claim.claimed_place,
                        "source": _location(claim.source),
                    }
                )
    financial = outputs.get("financial")
    if isinstance(financial, FinancialOutput):
        for t in financial.transactions:
            if t.date:
                entries.append(
                    {
                        "timestamp": t.date,
                        "kind": "transaction",
                        "description": t.description
                        or f"{t.currency or ''} {t.amount:,.2f}".lstrip(),
                        "amount": t.amount,
                        "source": _location(t.source),
                    }
                )
    legal = outputs.get("legal")
    if isinstance(legal, LegalOutput):
        for d in legal.dates:
            entries.append(
                {
                    "timestamp": d.date,
                    "kind": "legal_date",
                    "description": d.description,
                    "source": _location(d.source),
                }
            )
    return sorted(entries, key=lambda entry: str(entry["timestamp"]))


def knowledge_graph(
    *,
    case_id: uuid.UUID,
    graph: GraphOutput,
    synthesis: SynthesisOutput,
    outputs: dict[str, BaseModel],
    dated_events: list[dict[str, Any]] | None = None,
) -> KnowledgeGraph:
    """A graph version, every item with its id; `dated_events` is the outputs' timeline when
    already made (numbered)."""
    # One dump per output (pydantic walks the lists itself: several times faster than per item).
    dumped = graph.model_dump(mode="json")
    insights = synthesis.model_dump(mode="json")
    return KnowledgeGraph(
        case_id=case_id,
        nodes=dumped["entities"],
        edges=numbered(dumped["relationships"], ID_PREFIXES["edges"]),
        contradictions=numbered(insights["contradictions"], ID_PREFIXES["contradictions"]),
        evidence_gaps=numbered(insights["evidence_gaps"], ID_PREFIXES["evidence_gaps"]),
        cross_modal_links=numbered(insights["cross_modal_links"], ID_PREFIXES["cross_modal_links"]),
        # Given, the timeline is numbered already (and may be encoded: it is kept as it is).
        timeline=numbered(timeline(outputs), ID_PREFIXES["timeline"])
        if dated_events is None
        else dated_events,
    )
