"""SQLAlchemy tables. Importing this package registers every table on Base.metadata."""

from holmes_backend.models.base import Base
from holmes_backend.models.case import Case
from holmes_backend.models.chat import ChatSession, Message
from holmes_backend.models.chunk import EvidenceChunk
from holmes_backend.models.conflict import Conflict
from holmes_backend.models.correction import Correction
from holmes_backend.models.event import CaseEvent
from holmes_backend.models.execution import AgentExecution
from holmes_backend.models.file import File
from holmes_backend.models.finding import Finding
from holmes_backend.models.graph import KnowledgeGraph
from holmes_backend.models.job import JobState, ProcessingJob
from holmes_backend.models.media_upload import MediaUpload
from holmes_backend.models.numeric import NumericCheck, NumericRun
from holmes_backend.models.token import RevokedToken
from holmes_backend.models.user import User

__all__ = [
    "AgentExecution",
    "Base",
    "Case",
    "CaseEvent",
    "ChatSession",
    "Conflict",
    "Correction",
    "EvidenceChunk",
    "File",
    "Finding",
    "JobState",
    "KnowledgeGraph",
    "MediaUpload",
    "Message",
    "NumericCheck",
    "NumericRun",
    "ProcessingJob",
    "RevokedToken",
    "User",
]
