"""The PRD §8.4 error envelope and the exceptions that produce it.

Every API error, validation errors included, leaves the service as
``{"error": {"code", "message", "details", "recoverable", "suggested_action"}}``.
"""

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field


class ErrorCode(StrEnum):
    VALIDATION_ERROR = "VALIDATION_ERROR"
    NOT_FOUND = "NOT_FOUND"
    METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED"
    PAYLOAD_TOO_LARGE = "PAYLOAD_TOO_LARGE"
    UNSUPPORTED_MEDIA_TYPE = "UNSUPPORTED_MEDIA_TYPE"
    RANGE_NOT_SATISFIABLE = "RANGE_NOT_SATISFIABLE"
    UNAUTHORIZED = "UNAUTHORIZED"
    FORBIDDEN = "FORBIDDEN"
    RATE_LIMITED = "RATE_LIMITED"
    CONFLICT = "CONFLICT"
    FILE_CORRUPT = "FILE_CORRUPT"
    PROCESSING_FAILED = "PROCESSING_FAILED"
    AGENT_TIMEOUT = "AGENT_TIMEOUT"
    QUOTA_EXCEEDED = "QUOTA_EXCEEDED"
    # The case's spend reached its budget (HOLMES_CASE_BUDGET_USD): no new model call is made.
    BUDGET_EXCEEDED = "BUDGET_EXCEEDED"
    CONFLICT_DETECTED = "CONFLICT_DETECTED"
    STORAGE_ERROR = "STORAGE_ERROR"
    NOT_CONFIGURED = "NOT_CONFIGURED"
    SYSTEM_ERROR = "SYSTEM_ERROR"


class ErrorBody(BaseModel):
    code: ErrorCode
    message: str
    details: dict[str, Any] = Field(default_factory=dict)
    recoverable: bool
    suggested_action: str | None = None


class ErrorEnvelope(BaseModel):
    error: ErrorBody


class HolmesError(Exception):
    """An error that maps onto one envelope and one HTTP status."""

    status_code: int = 500
    code: ErrorCode = ErrorCode.SYSTEM_ERROR
    recoverable: bool = False
    suggested_action: str | None = None

    def __init__(
        self,
        message: str,
        *,
        details: dict[str, Any] | None = None,
        suggested_action: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.details = details or {}
        self.headers = headers
        if suggested_action is not None:
            self.suggested_action = suggested_action

    def envelope(self) -> ErrorEnvelope:
        return ErrorEnvelope(
            error=ErrorBody(
                code=self.code,
                message=self.message,
                details=self.details,
                recoverable=self.recoverable,
                suggested_action=self.suggested_action,
            )
        )


class ValidationFailedError(HolmesError):
    status_code = 422
    code = ErrorCode.VALIDATION_ERROR
    recoverable = True
    suggested_action = "fix the request and retry"


class BadRequestError(HolmesError):
    status_code = 400
    code = ErrorCode.VALIDATION_ERROR
    recoverable = True
    suggested_action = "fix the request and retry"


class NotFoundError(HolmesError):
    status_code = 404
    code = ErrorCode.NOT_FOUND
    recoverable = False
    suggested_action = "check the identifier"


class PayloadTooLargeError(HolmesError):
    status_code = 413
    code = ErrorCode.PAYLOAD_TOO_LARGE
    recoverable = True
    suggested_action = "upload a smaller file"


class UnsupportedMediaTypeError(HolmesError):
    status_code = 415
    code = ErrorCode.UNSUPPORTED_MEDIA_TYPE
    recoverable = True
    suggested_action = "upload a supported file type"


class RangeNotSatisfiableError(HolmesError):
    status_code = 416
    code = ErrorCode.RANGE_NOT_SATISFIABLE
    recoverable = True
    suggested_action = "request a range inside the file"


class ConflictError(HolmesError):
    status_code = 409
    code = ErrorCode.CONFLICT
    recoverable = True


class CaseBudgetSpentError(HolmesError):
    """The case's model calls have cost its budget (HOLMES_CASE_BUDGET_USD): nothing more is
    asked of a model for it."""

    status_code = 402
    code = ErrorCode.BUDGET_EXCEEDED
    recoverable = True
    suggested_action = "raise the case budget (HOLMES_CASE_BUDGET_USD)"


class StorageError(HolmesError):
    status_code = 503
    code = ErrorCode.STORAGE_ERROR
    recoverable = True
    suggested_action = "retry"


class UnauthorizedError(HolmesError):
    status_code = 401
    code = ErrorCode.UNAUTHORIZED
    recoverable = True
    suggested_action = "log in again"

    def __init__(self, message: str, *, details: dict[str, Any] | None = None) -> None:
        super().__init__(message, details=details, headers={"WWW-Authenticate": "Bearer"})


class RateLimitedError(HolmesError):
    status_code = 429
    code = ErrorCode.RATE_LIMITED
    recoverable = True
    suggested_action = "wait and retry"

    def __init__(self, message: str, *, retry_after_seconds: int) -> None:
        super().__init__(
            message,
            details={"retry_after_seconds": retry_after_seconds},
            headers={"Retry-After": str(retry_after_seconds)},
        )


class NotConfiguredError(HolmesError):
    status_code = 501
    code = ErrorCode.NOT_CONFIGURED
    recoverable = False
    suggested_action = "ask the administrator to configure it"
