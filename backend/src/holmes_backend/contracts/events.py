"""The payload of every event type of the case log (PRD §3.1-3.4, §7.2), one model per type.

`CaseEvent` is the log's envelope as a union discriminated on `type`, so a reader (the UI's
generated client) knows each event's payload from its type. Agent events say outright which
agent they are about: its phase, its domain and its worker number (never read out of its name).

Adding an event type: a payload model here, its entry in PAYLOADS and its envelope in CaseEvent;
`events.log.record` refuses a payload its type's model does not accept.
"""

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from holmes_backend.contracts.agents import DomainName
from holmes_backend.contracts.processing import JobPhase

# The stage an agent works in: the job's phases, and the agents that run outside a job.
AgentPhase = Literal[
    "triage",
    "routing",
    "domains",
    "synthesis",
    "graph",
    "graph_merge",
    "chat",
    "verification",
    "numeric",
    "numeric_verify",
    "numeric_review",
]


class Payload(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AgentPayload(Payload):
    """Who the event is about, said outright."""

    phase: AgentPhase | None = Field(default=None, description="The stage the agent works in")
    domain: DomainName | None = Field(default=None, description="A domain agent's domain")
    worker: int | None = Field(
        default=None, description="1-based: one of several workers sharing a domain's work"
    )


class ExecutionPayload(AgentPayload):
    execution_id: str | None = Field(default=None, description="The agent's execution record")


# ---- the job -------------------------------------------------------------------------------


class ProcessingStarted(Payload):
    job_id: str
    files: int
    resumed_after: list[str] = []
    kind: Literal["full", "incremental", "regeneration"]


class JobError(Payload):
    phase: str | None = None
    error: str
    file_id: str | None = None
    domain: str | None = None
    agent: str | None = None
    code: str | None = None


class ProcessingCompleted(Payload):
    job_id: str
    status: str
    resumed: bool = False
    errors: list[JobError] = []


class ProcessingFailed(Payload):
    job_id: str
    phase: str | None = None
    error: str
    code: str | None = Field(default=None, description="Its §8.4 code, when it says what to change")
    completed_phases: list[str] = []


class PartialComplete(Payload):
    job_id: str | None = None
    errors: list[JobError] = []


class ProcessingDelayed(AgentPayload):
    """A model's quota is exhausted: the call waits (PRD §8.1)."""

    model: str
    reason: str
    delay_seconds: float
    resume_at: datetime
    source: Literal["retry_info", "backoff"] | None = Field(
        default=None, description="RetryInfo, the §8.1 backoff, or none: another call's pause"
    )
    retry: int
    quota_id: str | None = None


class RoutedDomain(Payload):
    domain: DomainName
    file_ids: list[str]
    complexity: float
    workers: int


class AgentProgress(Payload):
    """Progress of a phase (extraction, routing) or of a chat escalation."""

    phase: JobPhase | Literal["escalation"]
    files_read: int | None = None
    files: int | None = None
    progress: float | None = None
    reasoning: str | None = None
    assignments: list[RoutedDomain] | None = None
    question: str | None = None
    plan: dict[str, list[str]] | None = None
    message: str | None = None


# ---- an agent's run ------------------------------------------------------------------------


class AgentSpawned(ExecutionPayload):
    parent_execution_id: str | None = None
    model: str
    input: dict[str, Any] = {}


class ThinkingUpdate(AgentPayload):
    thinking_summary: str


class ToolInvoked(ExecutionPayload):
    tool: str
    arguments: dict[str, Any] = {}
    results: int | None = Field(default=None, description="How many items it returned")
    summary: str | None = Field(default=None, description="What it returned, in a line")
    error: str | None = None
    duration_ms: int | None = None


class Tokens(Payload):
    input: int
    output: int
    cached: int = 0


class AgentCompleted(ExecutionPayload):
    model: str
    tokens: Tokens
    cost_usd: float
    duration_seconds: float
    fallback_used: bool = False


class AgentFallback(ExecutionPayload):
    fallback_model: str
    error: str


class AgentFailed(ExecutionPayload):
    """AGENT_ERROR and AGENT_TIMEOUT, with the PRD §8.4 error code."""

    error: str
    code: str
    spent_usd: float | None = None
    budget_usd: float | None = None


class GroundingChecked(ExecutionPayload):
    citations: int
    held: int
    unchecked: int
    items: int
    failed: int
    reasked: int
    fixed: int
    unverified: int
    dropped: int


# ---- what the analysis found -----------------------------------------------------------------


class InsightDetected(Payload):
    kind: Literal["contradiction", "cross_modal_link", "evidence_gap", "numeric_mismatch"]
    insight: dict[str, Any] = Field(description="The item, as the graph or the check stores it")


class GraphUpdated(Payload):
    version: int
    nodes: int
    edges: int
    facts: int | None = None
    reason: (
        Literal["merge", "regeneration", "correction", "correction_reverted", "conflict_resolution"]
        | None
    ) = Field(default=None, description="None: a full analysis built it")
    conflicts: int | None = None
    merge: dict[str, Any] | None = Field(default=None, description="The merge step's report")
    regenerated: int | None = None
    corrections_kept: int | None = None
    findings_still_stale: int | None = None
    conflict_id: str | None = None
    resolution: str | None = None
    correction_id: str | None = None


# ---- chat ----------------------------------------------------------------------------------


class ChatToken(Payload):
    token: str


class ChatComplete(Payload):
    message_id: str
    content: str
    citations: list[dict[str, Any]] = []


# ---- corrections and conflicts -------------------------------------------------------------


class CorrectionVerified(Payload):
    correction_id: str
    verdict: str
    target_type: str
    target_id: str
    original_value: str
    proposed_value: str
    reasoning: str
    evidence: list[dict[str, Any]] = []


class ItemRef(Payload):
    kind: str
    id: str


class SupersededFinding(Payload):
    id: str
    superseded_by: str


class StaleItemsMarked(Payload):
    correction_id: str
    graph_version: int
    reapplied: bool = False
    corrected_items: list[ItemRef] = []
    stale_items: list[ItemRef] = []
    superseded_findings: list[SupersededFinding] = []
    stale_findings: list[str] = []
    count: int


class CorrectionReapplied(Payload):
    correction_id: str
    graph_version: int
    job_id: str
    outcome: Literal["applied", "already_current", "target_missing"]
    note: str
    target_type: str
    target_id: str
    original_value: str
    proposed_value: str
    corrected_items: list[ItemRef] = []


class ConflictSubject(Payload):
    id: str
    name: str


class ConflictDetected(Payload):
    conflict_id: str
    kind: str
    severity: str
    summary: str
    subject: ConflictSubject
    attribute: str
    existing_value: str
    new_value: str
    similarity: float
    graph_version: int


class ConflictResolved(Payload):
    conflict_id: str
    resolution: str
    value: str | None = None
    display: str | None = None
    graph_version: int


# ---- files ---------------------------------------------------------------------------------


class FilesUploaded(Payload):
    file_ids: list[str]


class FileDeleted(Payload):
    file_id: str


PAYLOADS: dict[str, type[Payload]] = {
    "PROCESSING_STARTED": ProcessingStarted,
    "AGENT_SPAWNED": AgentSpawned,
    "AGENT_STARTED": AgentSpawned,
    "AGENT_PROGRESS": AgentProgress,
    "THINKING_UPDATE": ThinkingUpdate,
    "TOOL_INVOKED": ToolInvoked,
    "AGENT_COMPLETED": AgentCompleted,
    "AGENT_ERROR": AgentFailed,
    "AGENT_FALLBACK": AgentFallback,
    "AGENT_TIMEOUT": AgentFailed,
    "GROUNDING_CHECKED": GroundingChecked,
    "INSIGHT_DETECTED": InsightDetected,
    "GRAPH_UPDATED": GraphUpdated,
    "CHAT_TOKEN": ChatToken,
    "CHAT_COMPLETE": ChatComplete,
    "CORRECTION_VERIFIED": CorrectionVerified,
    "CONFLICT_DETECTED": ConflictDetected,
    "CONFLICT_RESOLVED": ConflictResolved,
    "STALE_ITEMS_MARKED": StaleItemsMarked,
    "CORRECTION_REAPPLIED": CorrectionReapplied,
    "PARTIAL_COMPLETE": PartialComplete,
    "PROCESSING_DELAYED": ProcessingDelayed,
    "PROCESSING_COMPLETED": ProcessingCompleted,
    "PROCESSING_FAILED": ProcessingFailed,
    "FILES_UPLOADED": FilesUploaded,
    "FILE_DELETED": FileDeleted,
}


class EventBase(BaseModel):
    """One logged event; `id` is the log's monotonically increasing id and the SSE id."""

    id: int
    case_id: str
    agent_id: str | None = None
    agent_type: str | None = None
    timestamp: datetime


class ProcessingStartedEvent(EventBase):
    type: Literal["PROCESSING_STARTED"]
    payload: ProcessingStarted


class AgentSpawnedEvent(EventBase):
    type: Literal["AGENT_SPAWNED"]
    payload: AgentSpawned


class AgentStartedEvent(EventBase):
    type: Literal["AGENT_STARTED"]
    payload: AgentSpawned


class AgentProgressEvent(EventBase):
    type: Literal["AGENT_PROGRESS"]
    payload: AgentProgress


class ThinkingUpdateEvent(EventBase):
    type: Literal["THINKING_UPDATE"]
    payload: ThinkingUpdate


class ToolInvokedEvent(EventBase):
    type: Literal["TOOL_INVOKED"]
    payload: ToolInvoked


class AgentCompletedEvent(EventBase):
    type: Literal["AGENT_COMPLETED"]
    payload: AgentCompleted


class AgentErrorEvent(EventBase):
    type: Literal["AGENT_ERROR"]
    payload: AgentFailed


class AgentFallbackEvent(EventBase):
    type: Literal["AGENT_FALLBACK"]
    payload: AgentFallback


class AgentTimeoutEvent(EventBase):
    type: Literal["AGENT_TIMEOUT"]
    payload: AgentFailed


class GroundingCheckedEvent(EventBase):
    type: Literal["GROUNDING_CHECKED"]
    payload: GroundingChecked


class InsightDetectedEvent(EventBase):
    type: Literal["INSIGHT_DETECTED"]
    payload: InsightDetected


class GraphUpdatedEvent(EventBase):
    type: Literal["GRAPH_UPDATED"]
    payload: GraphUpdated


class ChatTokenEvent(EventBase):
    type: Literal["CHAT_TOKEN"]
    payload: ChatToken


class ChatCompleteEvent(EventBase):
    type: Literal["CHAT_COMPLETE"]
    payload: ChatComplete


class CorrectionVerifiedEvent(EventBase):
    type: Literal["CORRECTION_VERIFIED"]
    payload: CorrectionVerified


class ConflictDetectedEvent(EventBase):
    type: Literal["CONFLICT_DETECTED"]
    payload: ConflictDetected


class ConflictResolvedEvent(EventBase):
    type: Literal["CONFLICT_RESOLVED"]
    payload: ConflictResolved


class StaleItemsMarkedEvent(EventBase):
    type: Literal["STALE_ITEMS_MARKED"]
    payload: StaleItemsMarked


class CorrectionReappliedEvent(EventBase):
    type: Literal["CORRECTION_REAPPLIED"]
    payload: CorrectionReapplied


class PartialCompleteEvent(EventBase):
    type: Literal["PARTIAL_COMPLETE"]
    payload: PartialComplete


class ProcessingDelayedEvent(EventBase):
    type: Literal["PROCESSING_DELAYED"]
    payload: ProcessingDelayed


class ProcessingCompletedEvent(EventBase):
    type: Literal["PROCESSING_COMPLETED"]
    payload: ProcessingCompleted


class ProcessingFailedEvent(EventBase):
    type: Literal["PROCESSING_FAILED"]
    payload: ProcessingFailed


class FilesUploadedEvent(EventBase):
    type: Literal["FILES_UPLOADED"]
    payload: FilesUploaded


class FileDeletedEvent(EventBase):
    type: Literal["FILE_DELETED"]
    payload: FileDeleted


CaseEvent = Annotated[
    ProcessingStartedEvent
    | AgentSpawnedEvent
    | AgentStartedEvent
    | AgentProgressEvent
    | ThinkingUpdateEvent
    | ToolInvokedEvent
    | AgentCompletedEvent
    | AgentErrorEvent
    | AgentFallbackEvent
    | AgentTimeoutEvent
    | GroundingCheckedEvent
    | InsightDetectedEvent
    | GraphUpdatedEvent
    | ChatTokenEvent
    | ChatCompleteEvent
    | CorrectionVerifiedEvent
    | ConflictDetectedEvent
    | ConflictResolvedEvent
    | StaleItemsMarkedEvent
    | CorrectionReappliedEvent
    | PartialCompleteEvent
    | ProcessingDelayedEvent
    | ProcessingCompletedEvent
    | ProcessingFailedEvent
    | FilesUploadedEvent
    | FileDeletedEvent,
    Field(discriminator="type"),
]
