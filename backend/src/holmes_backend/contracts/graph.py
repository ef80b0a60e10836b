"""The knowledge graph's items as a version stores them and the API shows them.

Every item has an id from the moment it is created (agents.verification.items.numbered), and
every field an item may carry is declared: what a model answered (contracts.agents), plus the
marks Holmes adds later (corrections, merges, conflicts). Nothing undeclared passes through.
"""

from pydantic import BaseModel, Field

from holmes_backend.contracts.agents import SourceRef


class GraphItemOut(BaseModel):
    """What every item of the graph carries besides its own fields: its id and the marks that
    corrections and merges add to it."""

    id: str = Field(
        description="Stable: given when the item is created (a node's '<type>:<slug>', "
        "edge_001, timeline_001, contradiction_001, gap_001, link_001) and never moved"
    )
    stale: bool = Field(
        default=False,
        description="A correction changed something this item rests on; regenerate to refresh it",
    )
    stale_because: list[str] = Field(default=[], description="Ids of those corrections")
    corrected_by: list[str] = Field(
        default=[], description="Ids of the corrections that changed a value of this item"
    )
    added_in: int | None = Field(
        default=None, description="The graph version new evidence added it in (a merge)"
    )
    conflict_ids: list[str] = Field(
        default=[], description="Open conflicts about it between old and new evidence"
    )
    status: str | None = Field(
        default=None,
        description="conflicted while a conflict is open; superseded or rejected after it is "
        "resolved (timeline entries)",
    )


class SimilarEntity(BaseModel):
    """Another node a merge found alike but kept apart."""

    id: str
    name: str | None = None
    similarity: float
    reason: str = ""


class NodeOut(GraphItemOut):
    """An entity, resolved across files."""

    name: str = ""
    type: str = Field(default="other", description="person, organization, place, account, …")
    aliases: list[str] = []
    sources: list[SourceRef] = []
    similar_to: list[SimilarEntity] = []


class EdgeOut(GraphItemOut):
    """A relationship between two entities, with the evidence for it."""

    source_id: str
    target_id: str
    type: str = ""
    description: str = ""
    confidence: float = 0.0
    evidence: list[SourceRef] = []
    corroborations: int = Field(default=0, description="Later evidence that stated it again")


class ContradictionOut(GraphItemOut):
    """A claim with its source against the evidence that contradicts it."""

    claim: str = ""
    kind: str | None = None
    claim_source: SourceRef | None = None
    evidence_against: list[SourceRef] = []
    explanation: str = ""
    severity: str = "MEDIUM"
    detector: str | None = None


class EvidenceGapOut(GraphItemOut):
    """What is needed and missing, how strong the case is without it."""

    element: str = ""
    current_strength: str = "MISSING"
    recommendation: str = ""
    sources: list[SourceRef] = []
    detector: str | None = None


class CrossModalLinkOut(GraphItemOut):
    """Two sources of different kinds that speak of the same moment or thing."""

    source_a: SourceRef | None = None
    source_b: SourceRef | None = None
    correlation_type: str = ""
    time_delta_seconds: float | None = None
    implication: str = ""
    detector: str | None = None


class TimelineEventOut(GraphItemOut):
    """A dated event from the evidence (ISO 8601 timestamp), with its source."""

    timestamp: str
    kind: str = "event"
    description: str = ""
    place: str | None = None
    amount: float | None = None
    source: SourceRef | None = None
