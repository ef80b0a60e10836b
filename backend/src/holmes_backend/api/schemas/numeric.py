import uuid
from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from holmes_backend.models import NumericCheck
from holmes_backend.numeric.schemas import CheckedFigure, CheckStatus, CheckType
from holmes_shared.enums import JobStatus
from holmes_shared.errors import ErrorBody


class NumericCheckOut(BaseModel):
    id: uuid.UUID
    file_id: uuid.UUID
    job_id: uuid.UUID | None
    execution_id: uuid.UUID | None = Field(description="The verifier agent's execution record")
    statement: str = Field(description="The statement or table checked, or 'narrative'")
    subject: str = Field(description="The line item (FSLI) checked")
    period: str
    check_type: CheckType
    status: CheckStatus
    expression: str = Field(description='The relation over figure ids: "f9 = f1 - f5"')
    computation: str = Field(description="The relation with each figure as the document writes it")
    stated: float | None
    computed: float | None
    difference: float | None
    tolerance: float = Field(description="How far apart the written precision lets the sides be")
    figures: list[CheckedFigure] = Field(description="Each figure with its place in the source")
    suspect_figure: str | None = Field(description="For a mismatch, the figure held responsible")
    note: str
    created_at: datetime

    @classmethod
    def of(cls, row: NumericCheck) -> "NumericCheckOut":
        return cls(
            id=row.id,
            file_id=row.file_id,
            job_id=row.job_id,
            execution_id=row.execution_id,
            statement=row.statement,
            subject=row.subject,
            period=row.period,
            check_type=row.check_type,
            status=row.status,
            expression=row.expression,
            computation=row.computation,
            stated=row.stated,
            computed=row.computed,
            difference=row.difference,
            tolerance=row.tolerance,
            figures=[CheckedFigure.model_validate(f) for f in row.figures],
            suspect_figure=row.suspect_figure,
            note=row.note,
            created_at=row.created_at,
        )


class NumericChecksOut(BaseModel):
    case_id: uuid.UUID
    verified: int
    mismatch: int
    unverifiable: int
    checks: list[NumericCheckOut]

    @classmethod
    def of(cls, case_id: uuid.UUID, rows: Sequence[NumericCheck]) -> "NumericChecksOut":
        counts = Counter(row.status for row in rows)
        return cls(
            case_id=case_id,
            verified=counts["verified"],
            mismatch=counts["mismatch"],
            unverifiable=counts["unverifiable"],
            checks=[NumericCheckOut.of(row) for row in rows],
        )


class NumericRunOut(BaseModel):
    """One on-demand validation of a file: a job, followed on its status until it ends."""

    model_config = ConfigDict(from_attributes=True)

    id: uuid.UUID
    case_id: uuid.UUID
    file_id: uuid.UUID
    status: JobStatus = Field(
        description="PENDING (queued: on PostgreSQL, until a worker takes it), PROCESSING, "
        "READY (its checks are listed) or ERROR"
    )
    error: ErrorBody | None = Field(description="How it failed, in the error envelope's terms")
    created_at: datetime
    started_at: datetime | None
    completed_at: datetime | None
