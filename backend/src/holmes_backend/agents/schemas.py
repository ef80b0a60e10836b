"""Output schemas of every agent: what Gemini is asked to return and what the local analyst builds.

Kept flat and fully typed (no free-form dicts) so that they translate into Gemini response
schemas. Every item that states a fact cites where it rests: `SourceRef`.
"""

from typing import Literal

from pydantic import BaseModel, Field

DomainName = Literal["financial", "legal", "evidence", "strategy"]
Severity = Literal["LOW", "MEDIUM", "HIGH"]
EntityType = Literal[
    "person", "organization", "account", "place", "amount", "document", "event", "date"
]


class SourceRef(BaseModel):
    """A citation: a file and the place in it (page, line, row, cue times or bbox)."""

    file_id: str = Field(description="The cited file's file_id, exactly as given.")
    page: int | None = Field(default=None, description="Page number (1-based), of a PDF page.")
    line: int | None = Field(default=None, description="Line, paragraph or block number.")
    row: int | None = Field(default=None, description="Data row (1-based, header not counted).")
    sheet: str | None = Field(default=None, description="The sheet or table of the row.")
    cue_start: float | None = Field(
        default=None,
        description="Seconds from the start of a recording (audio or video) where the cited "
        "moment begins; the player opens there.",
    )
    cue_end: float | None = Field(
        default=None, description="Seconds from the start of the recording where it ends."
    )
    bbox: list[int] | None = Field(
        default=None,
        description="A region of an image: [left, top, right, bottom] in pixels of the upright "
        "image.",
    )
    excerpt: str = Field(
        default="", description="A short verbatim quote, or what is seen or heard there."
    )


class DomainScores(BaseModel):
    financial: float = Field(ge=0, le=1)
    legal: float = Field(ge=0, le=1)
    evidence: float = Field(ge=0, le=1)
    strategy: float = Field(ge=0, le=1)


class TriageFile(BaseModel):
    file_id: str
    filename: str
    classification: str
    domain_scores: DomainScores
    complexity_score: float = Field(ge=0, le=1)
    primary_domain: DomainName
    secondary_domains: list[DomainName] = []
    entities_preview: list[str] = []
    key_dates: list[str] = []
    page_count: int | None = None
    duration_seconds: float | None = None


class TriageResult(BaseModel):
    files: list[TriageFile]


class HypothesisAssessment(BaseModel):
    hypothesis: str
    stance: Literal["supports", "contradicts", "unclear"]
    rationale: str
    sources: list[SourceRef] = []


class Finding(BaseModel):
    """One statement a domain agent makes about the evidence."""

    finding_type: str
    title: str
    summary: str
    confidence: float = Field(ge=0, le=1)
    severity: Severity = "MEDIUM"
    entities: list[str] = []
    sources: list[SourceRef] = []


class Transaction(BaseModel):
    date: str | None = None
    amount: float
    currency: str = "USD"
    from_party: str | None = None
    to_party: str | None = None
    reference: str | None = None
    description: str = ""
    source: SourceRef


class Anomaly(BaseModel):
    kind: str
    description: str
    severity: Severity
    total_amount: float | None = None
    sources: list[SourceRef] = []


class FinancialOutput(BaseModel):
    transactions: list[Transaction] = []
    counterparties: list[str] = []
    anomalies: list[Anomaly] = []
    findings: list[Finding] = []
    hypotheses: list[HypothesisAssessment] = []


class Clause(BaseModel):
    kind: str  # obligation | cap | approval_requirement | term | prohibition | ...
    text: str
    party: str | None = None
    amount: float | None = None
    source: SourceRef


class DatedItem(BaseModel):
    date: str
    description: str
    source: SourceRef


class LegalOutput(BaseModel):
    parties: list[str] = []
    clauses: list[Clause] = []
    dates: list[DatedItem] = []
    governing_law: str | None = None
    findings: list[Finding] = []
    hypotheses: list[HypothesisAssessment] = []


class TimedEvent(BaseModel):
    timestamp: str  # ISO 8601, with offset when known
    description: str
    place: str | None = None
    latitude: float | None = None
    longitude: float | None = None
    people: list[str] = []
    source: SourceRef


class SwornClaim(BaseModel):
    speaker: str | None = None
    claim: str
    claimed_time: str | None = None
    claimed_place: str | None = None
    source: SourceRef


class EvidenceOutput(BaseModel):
    events: list[TimedEvent] = []
    people: list[str] = []
    places: list[str] = []
    custody: list[Finding] = []
    sworn_claims: list[SwornClaim] = []
    findings: list[Finding] = []
    hypotheses: list[HypothesisAssessment] = []


class NextStep(BaseModel):
    action: str
    rationale: str
    priority: Severity


class StrategyOutput(BaseModel):
    next_steps: list[NextStep] = []
    findings: list[Finding] = []
    hypotheses: list[HypothesisAssessment] = []


class CrossModalLink(BaseModel):
    source_a: SourceRef
    source_b: SourceRef
    correlation_type: str
    time_delta_seconds: float | None = None
    implication: str
    detector: str | None = Field(
        default=None,
        description="Set by Holmes's offline engine to the detector that found the item; "
        "a model leaves it empty.",
    )


class Contradiction(BaseModel):
    claim: str
    claim_source: SourceRef
    evidence_against: list[SourceRef]
    explanation: str
    severity: Severity
    detector: str | None = Field(
        default=None,
        description="Set by Holmes's offline engine to the detector that found the item; "
        "a model leaves it empty.",
    )


class EvidenceGap(BaseModel):
    element: str
    current_strength: Literal["MISSING", "WEAK", "MODERATE", "STRONG"]
    recommendation: str
    sources: list[SourceRef] = []
    detector: str | None = Field(
        default=None,
        description="Set by Holmes's offline engine to the detector that found the item; "
        "a model leaves it empty.",
    )


class SynthesisOutput(BaseModel):
    cross_modal_links: list[CrossModalLink] = []
    contradictions: list[Contradiction] = []
    evidence_gaps: list[EvidenceGap] = []


class GraphEntity(BaseModel):
    id: str
    name: str
    type: EntityType
    aliases: list[str] = []
    sources: list[SourceRef] = []


# Relationships without a direction: A named with B is B named with A.
SYMMETRIC_RELATIONSHIPS = frozenset({"mentioned_with", "correlates_with"})


class GraphRelationship(BaseModel):
    source_id: str
    target_id: str
    type: str
    description: str = ""
    confidence: float = Field(ge=0, le=1)
    evidence: list[SourceRef] = []


class GraphOutput(BaseModel):
    entities: list[GraphEntity] = []
    relationships: list[GraphRelationship] = []


class DomainAssignment(BaseModel):
    domain: DomainName
    file_ids: list[str]
    complexity: float = Field(ge=0)
    workers: int = Field(ge=1)


class RoutingPlan(BaseModel):
    """The orchestrator's decision: which files each domain analyses, and with how many workers."""

    assignments: list[DomainAssignment]
    reasoning: str


class ChatAnswer(BaseModel):
    """The chat agent's reply: the answer text and the sources it rests on."""

    answer: str
    citations: list[SourceRef] = []
    escalated: bool = False  # True when domain agents were asked for fresh analysis


class DomainAnswer(BaseModel):
    """A domain agent's answer to one question the case knowledge could not answer (PRD §4.12):
    the findings that answer it, each citing its sources; none when the evidence does not."""

    answered: bool
    findings: list[Finding] = []


Verdict = Literal["CONFIRMED", "REJECTED", "AMBIGUOUS"]


class VerificationOutput(BaseModel):
    """The verification agent's judgement of a user's correction against the cited sources."""

    verdict: Verdict
    reasoning: str
    # The source passages the verdict rests on, copied from the context (file and location).
    evidence: list[SourceRef] = []
    original_in_source: bool = False
    proposed_in_source: bool = False
    confidence: float = Field(ge=0, le=1, default=0.5)


FactKind = Literal["recorded", "observed", "claimed", "manual"]


class GraphFact(BaseModel):
    """A single-valued statement of the graph: subject + attribute (+ qualifier) → one value.

    "transaction:lcg-2024-017" amount → "48500.00 USD"; "person:jane-roe" location at
    "2024-03-14T21:30:00" → "Harbor Lights". Two facts with the same subject and attribute whose
    qualifiers overlap (the same time) must agree; when new evidence disagrees, that is a conflict.
    """

    id: str
    subject_id: str
    subject_name: str
    attribute: str  # amount | date | location
    qualifier: str = ""  # the time a location holds at (ISO instant or "start/end")
    value: str  # canonical and comparable: "48500.00 USD", "2024-03-07", a place name
    display: str = ""
    object_id: str | None = None  # the graph node the value names (a place), when there is one
    latitude: float | None = None
    longitude: float | None = None
    kind: FactKind = "recorded"
    confidence: float = Field(ge=0, le=1)
    sources: list[SourceRef] = []


class EntityResolution(BaseModel):
    """A new graph entity set against the existing entity it most resembles."""

    new_id: str
    existing_id: str
    same: bool  # True: one real-world thing, merged under the existing id with the new alias
    similarity: float = Field(ge=0, le=1)
    reason: str = ""


class FactComparison(BaseModel):
    """A new fact against the existing graph."""

    new_fact_id: str
    outcome: Literal["compatible", "conflict", "new"]
    existing_fact_id: str | None = None  # the fact it agrees or disagrees with
    conflict_kind: str | None = None  # amount | date | location | value
    similarity: float = Field(ge=0, le=1, default=0)
    severity: Severity = "MEDIUM"
    explanation: str = ""


class MergePlan(BaseModel):
    """The merge agent's decision on new evidence (PRD §4.14): what joins which existing entity,
    which new facts agree with the graph and which conflict with it (never resolved here)."""

    entities: list[EntityResolution] = []
    facts: list[FactComparison] = []
    summary: str = ""
