"""A numeric run's checks and mismatch findings as the rows numeric_checks stores."""

import uuid
from typing import Any

from holmes_backend.agents.numeric.specs import REVIEWER
from holmes_backend.numeric.schemas import NumericCheck, NumericFinding
from holmes_backend.repositories import numeric_checks as numeric_repo
from holmes_shared.enums import FindingStatus

_CONFIDENCE = {"HIGH": 0.9, "MEDIUM": 0.7, "LOW": 0.5}


def check_rows(
    case_id: uuid.UUID,
    job_id: uuid.UUID | None,
    checks: list[NumericCheck],
    made_by: dict[str, uuid.UUID | None],
) -> list[dict[str, Any]]:
    return [
        {
            "case_id": case_id,
            "file_id": uuid.UUID(c.file_id),
            "job_id": job_id,
            "execution_id": made_by.get(c.check_id),
            "check_key": c.check_id[:500],
            "statement": c.statement[:300],
            "subject": c.subject[:300],
            "period": c.period[:200],
            "check_type": c.check_type,
            "expression": c.expression,
            "computation": c.computation,
            "stated": c.stated,
            "computed": c.computed,
            "difference": c.difference,
            "tolerance": c.tolerance,
            "status": c.status,
            "figures": [f.model_dump(mode="json", exclude_none=True) for f in c.figures],
            "suspect_figure": c.suspect_figure,
            "note": c.note,
        }
        for c in checks
    ]


def finding_rows(
    case_id: uuid.UUID,
    job_id: uuid.UUID | None,
    findings: list[NumericFinding],
    file_ids: list[uuid.UUID],
) -> list[dict[str, Any]]:
    return [
        {
            "case_id": case_id,
            "job_id": None,  # see numeric_checks.FINDING_TYPE
            "file_id": uuid.UUID(f.sources[0].file_id) if f.sources else file_ids[0],
            "agent_id": REVIEWER.name,
            "domain": "financial",
            "finding_type": numeric_repo.FINDING_TYPE,
            "title": f.title[:500],
            "summary": f.summary,
            "content": {**f.model_dump(mode="json"), "job_id": str(job_id or "")},
            "source_location": f.sources[0].model_dump(mode="json", exclude_none=True)
            if f.sources
            else {},
            "confidence": _CONFIDENCE[f.severity],
            "status": FindingStatus.INTERIM,
        }
        for f in findings
    ]
