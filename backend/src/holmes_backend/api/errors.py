"""Every error leaves in the PRD §8.4 envelope, with the right status and no internals."""

import logging
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from holmes_shared.errors import ErrorBody, ErrorCode, ErrorEnvelope, HolmesError

logger = logging.getLogger(__name__)

_STATUS_CODES: dict[int, ErrorCode] = {
    400: ErrorCode.VALIDATION_ERROR,
    401: ErrorCode.UNAUTHORIZED,
    403: ErrorCode.FORBIDDEN,
    404: ErrorCode.NOT_FOUND,
    405: ErrorCode.METHOD_NOT_ALLOWED,
    409: ErrorCode.CONFLICT,
    413: ErrorCode.PAYLOAD_TOO_LARGE,
    415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    416: ErrorCode.RANGE_NOT_SATISFIABLE,
    422: ErrorCode.VALIDATION_ERROR,
    429: ErrorCode.RATE_LIMITED,
}


def error_response(
    status: int,
    body: ErrorBody,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    return JSONResponse(
        status_code=status,
        content=jsonable_encoder(ErrorEnvelope(error=body)),
        headers=headers,
    )


async def _holmes_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HolmesError)
    return error_response(exc.status_code, exc.envelope().error, exc.headers)


async def _validation_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    problems = [
        {
            "location": ".".join(str(part) for part in err.get("loc", ())),
            "message": err.get("msg", ""),
            "type": err.get("type", ""),
        }
        for err in exc.errors()
    ]
    return error_response(
        422,
        ErrorBody(
            code=ErrorCode.VALIDATION_ERROR,
            message="The request is not valid: "
            + "; ".join(f"{p['location']}: {p['message']}" for p in problems),
            details={"errors": problems},
            recoverable=True,
            suggested_action="fix the request and retry",
        ),
    )


async def _http_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    status = exc.status_code
    message = exc.detail if isinstance(exc.detail, str) else HTTPStatus(status).phrase
    return error_response(
        status,
        ErrorBody(
            code=_STATUS_CODES.get(status, ErrorCode.SYSTEM_ERROR),
            message=message,
            recoverable=status < 500,
            suggested_action=None,
        ),
        dict(exc.headers) if exc.headers else None,
    )


async def _unexpected_error(request: Request, exc: Exception) -> JSONResponse:
    logger.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(
        500,
        ErrorBody(
            code=ErrorCode.SYSTEM_ERROR,
            message="An internal error occurred; it has been logged.",
            recoverable=True,
            suggested_action="retry later",
        ),
    )


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(HolmesError, _holmes_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _unexpected_error)


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses=`` entries documenting the envelope for the given statuses."""
    return {
        status: {"model": ErrorEnvelope, "description": HTTPStatus(status).phrase}
        for status in statuses
    }
