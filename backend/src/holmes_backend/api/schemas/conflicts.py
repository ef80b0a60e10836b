import uuid
from datetime import datetime
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictFloat,
    StrictInt,
    StrictStr,
    model_validator,
)

from holmes_backend.models import Conflict, KnowledgeGraph
from holmes_shared.enums import ConflictResolution, ConflictStatus

StatusFilter = Literal["open", "resolved", "OPEN", "RESOLVED"]


class ConflictSideOut(BaseModel):
    value: Any = Field(description="The value in canonical form (e.g. '48500.00 USD')")
    display: str
    kind: str | None = Field(description="recorded | observed | claimed | manual")
    confidence: float | None
    qualifier: str = Field(description="The time a location holds at, when the fact has one")
    sources: list[dict[str, Any]] = Field(description="file_id and location of each source")


class ConflictSubjectOut(BaseModel):
    id: str
    name: str


class ConflictOut(BaseModel):
    id: uuid.UUID
    case_id: uuid.UUID
    job_id: uuid.UUID | None
    kind: str = Field(description="amount | date | location | value")
    severity: str
    description: str
    subject: ConflictSubjectOut
    attribute: str
    fact_id: str | None = Field(description="The graph fact the conflict is about")
    existing: ConflictSideOut
    new: ConflictSideOut
    similarity: float | None
    graph_version: int | None = Field(description="The graph version the conflict was found in")
    status: ConflictStatus
    resolution: ConflictResolution | None
    resolved_value: Any
    resolved_by: uuid.UUID | None
    resolved_at: datetime | None
    created_at: datetime

    @classmethod
    def of(cls, row: Conflict) -> "ConflictOut":
        ref = row.target_ref
        return cls(
            id=row.id,
            case_id=row.case_id,
            job_id=row.job_id,
            kind=row.conflict_type,
            severity=row.severity,
            description=row.description,
            subject=ConflictSubjectOut(
                id=str(ref.get("subject_id", "")), name=str(ref.get("subject_name", ""))
            ),
            attribute=str(ref.get("attribute", "")),
            fact_id=ref.get("existing_fact_id"),
            existing=_side(row.existing_value, row.existing_source),
            new=_side(row.new_value, row.new_source),
            similarity=row.similarity,
            graph_version=ref.get("graph_version"),
            status=ConflictStatus(row.status),
            resolution=ConflictResolution(row.resolution) if row.resolution else None,
            resolved_value=row.resolved_value,
            resolved_by=row.resolved_by,
            resolved_at=row.resolved_at,
            created_at=row.created_at,
        )


def _side(value: Any, source: dict[str, Any]) -> ConflictSideOut:
    return ConflictSideOut(
        value=value,
        display=str(source.get("display") or value),
        kind=source.get("kind"),
        confidence=source.get("confidence"),
        qualifier=str(source.get("qualifier") or ""),
        sources=list(source.get("sources", [])),
    )


class ResolveConflictIn(BaseModel):
    """trust_new and keep_existing take no value; manual needs one (text or a number)."""

    model_config = ConfigDict(extra="forbid")

    resolution: ConflictResolution
    value: StrictStr | StrictInt | StrictFloat | None = None

    @model_validator(mode="after")
    def _value_only_for_manual(self) -> "ResolveConflictIn":
        manual = self.resolution == ConflictResolution.MANUAL
        if manual and (
            self.value is None or (isinstance(self.value, str) and not self.value.strip())
        ):
            raise ValueError("a manual resolution needs the value the graph should hold")
        if not manual and self.value is not None:
            raise ValueError(f"{self.resolution.value} takes no value; use manual to set one")
        return self


class ConflictResolutionOut(BaseModel):
    conflict: ConflictOut
    graph_version: int = Field(description="The graph version the resolution wrote")


class GraphVersionSummaryOut(BaseModel):
    version: int
    created_at: datetime
    change: dict[str, Any] | None = Field(description="What produced this version")
    nodes: int
    edges: int
    facts: int
    conflicted_facts: int

    @classmethod
    def of(cls, graph: KnowledgeGraph) -> "GraphVersionSummaryOut":
        return cls(
            version=graph.version,
            created_at=graph.created_at,
            change=graph.change,
            nodes=len(graph.nodes),
            edges=len(graph.edges),
            facts=len(graph.facts),
            conflicted_facts=sum(1 for f in graph.facts if f.get("conflict_ids")),
        )


class GraphVersionOut(BaseModel):
    case_id: uuid.UUID
    version: int
    created_at: datetime
    change: dict[str, Any] | None
    nodes: list[dict[str, Any]]
    edges: list[dict[str, Any]]
    facts: list[dict[str, Any]]
    timeline: list[dict[str, Any]]
    contradictions: list[dict[str, Any]]
    evidence_gaps: list[dict[str, Any]]
    cross_modal_links: list[dict[str, Any]]

    @classmethod
    def of(cls, graph: KnowledgeGraph) -> "GraphVersionOut":
        return cls(
            case_id=graph.case_id,
            version=graph.version,
            created_at=graph.created_at,
            change=graph.change,
            nodes=graph.nodes,
            edges=graph.edges,
            facts=graph.facts,
            timeline=graph.timeline,
            contradictions=graph.contradictions,
            evidence_gaps=graph.evidence_gaps,
            cross_modal_links=graph.cross_modal_links,
        )
