"""Status and kind enumerations shared by the API, the agents and the UI contract."""

from enum import StrEnum


class CaseStatus(StrEnum):
    PENDING = "PENDING"
    PROCESSING = "PROCESSING"
    READY = "READY"
    PARTIAL = "PARTIAL"
    ERROR = "ERROR"


class FileStatus(StrEnum):
    PENDING = "PENDING"
    PROCESSING = "PROCESSING"
    PROCESSED = "PROCESSED"
    PARTIAL = "PARTIAL"
    ERROR = "ERROR"


class JobStatus(StrEnum):
    PENDING = "PENDING"
    PROCESSING = "PROCESSING"
    READY = "READY"
    PARTIAL = "PARTIAL"
    ERROR = "ERROR"


ACTIVE_JOB_STATUSES: tuple[JobStatus, ...] = (JobStatus.PENDING, JobStatus.PROCESSING)


class FindingStatus(StrEnum):
    INTERIM = "interim"
    SYNTHESIZED = "synthesized"
    ACTIVE = "active"
    SUPERSEDED = "superseded"
    STALE = "stale"


class ExecutionStatus(StrEnum):
    PENDING = "PENDING"
    RUNNING = "RUNNING"
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"


class VerificationStatus(StrEnum):
    PENDING = "PENDING"
    CONFIRMED = "CONFIRMED"
    REJECTED = "REJECTED"
    AMBIGUOUS = "AMBIGUOUS"
    APPLIED = "APPLIED"
    CANCELLED = "CANCELLED"


class ConflictStatus(StrEnum):
    OPEN = "OPEN"
    RESOLVED = "RESOLVED"


class ConflictResolution(StrEnum):
    TRUST_NEW = "trust_new"
    KEEP_EXISTING = "keep_existing"
    MANUAL = "manual"


class Domain(StrEnum):
    FINANCIAL = "financial"
    LEGAL = "legal"
    EVIDENCE = "evidence"
    STRATEGY = "strategy"


class MessageRole(StrEnum):
    USER = "user"
    ASSISTANT = "assistant"
