import uuid
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from holmes_backend.api.schemas.chat import CitationOut
from holmes_backend.api.schemas.common import SOME_TEXT, NotBlank, Storable
from holmes_backend.models import Correction

TargetType = Literal[
    "finding",
    "entity",
    "relationship",
    "timeline_event",
    "contradiction",
    "evidence_gap",
    "cross_modal_link",
    "insight",
    "message",
]
Verdict = Literal["CONFIRMED", "REJECTED", "AMBIGUOUS"]
CorrectionValue = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=2000, pattern=SOME_TEXT),
    Storable,
    NotBlank,
]
TargetId = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=255, pattern=SOME_TEXT),
    Storable,
]
Justification = Annotated[str, StringConstraints(max_length=4000, pattern=r"^[^\x00]*$"), Storable]


class CorrectionCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    target_type: TargetType = Field(
        description="finding and message ids are UUIDs; entity, contradiction, evidence_gap and "
        "cross_modal_link ids are the graph's (insight matches any of the last three); "
        "relationship and timeline_event ids are the `id` the graph and timeline endpoints show"
    )
    target_id: TargetId
    original_value: CorrectionValue = Field(description="The value as the item states it")
    proposed_value: CorrectionValue = Field(description="The value the user says is right")
    justification: Justification = ""


class ItemRefOut(BaseModel):
    kind: str
    id: str


class SupersededOut(BaseModel):
    id: uuid.UUID
    superseded_by: uuid.UUID


class CorrectionChangesOut(BaseModel):
    """What applying the correction changed."""

    graph_version_before: int
    graph_version_after: int
    corrected_items: list[ItemRefOut]
    stale_items: list[ItemRefOut]
    superseded_findings: list[SupersededOut]
    stale_findings: list[uuid.UUID]


class ReapplicationOut(BaseModel):
    """What became of the correction when the case was processed again from its sources."""

    job_id: uuid.UUID
    graph_version: int
    outcome: Literal["applied", "already_current", "target_missing"] = Field(
        description="applied: the new analysis stated the original value again and was "
        "corrected; already_current: it states the corrected value; target_missing: it states "
        "neither where the correction applied, so nothing was changed"
    )
    note: str


class CorrectionOut(BaseModel):
    id: uuid.UUID
    case_id: uuid.UUID
    target_type: TargetType
    target_id: str
    original_value: str
    proposed_value: str
    justification: str
    verdict: Verdict
    reasoning: str
    evidence: list[CitationOut] = Field(description="The source passages the verdict rests on")
    original_in_source: bool
    proposed_in_source: bool
    confidence: float
    applied: bool
    applied_at: datetime | None
    changes: CorrectionChangesOut | None
    reapplications: list[ReapplicationOut] = Field(
        default=[], description="One entry per full re-processing of the case since it applied"
    )
    created_at: datetime

    @classmethod
    def of(cls, row: Correction) -> "CorrectionOut":
        found: dict[str, Any] = row.verification_evidence or {}
        changes = found.get("changes")
        if changes:
            # The stored record also keeps what a revert restores (earlier statuses).
            changes = {**changes, "stale_findings": [s["id"] for s in changes["stale_findings"]]}
        return cls.model_validate(
            {
                "id": row.id,
                "case_id": row.case_id,
                "target_type": row.target_type,
                "target_id": row.target_id,
                "original_value": str(row.original_value),
                "proposed_value": str(row.corrected_value),
                "justification": row.user_justification,
                "verdict": row.verification_status,
                "reasoning": found.get("reasoning", ""),
                "evidence": found.get("evidence", []),
                "original_in_source": bool(found.get("original_in_source")),
                "proposed_in_source": bool(found.get("proposed_in_source")),
                "confidence": float(found.get("confidence", 0.0)),
                "applied": row.applied_at is not None,
                "applied_at": row.applied_at,
                "changes": changes,
                "reapplications": found.get("reapplications", []),
                "created_at": row.created_at,
            }
        )
