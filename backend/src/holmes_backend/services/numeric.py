"""Numeric validation of a case's financial documents: its checks, and a run for one file."""

import logging
import uuid
from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.agents.numeric import agent as numeric_agent
from holmes_backend.agents.runner import AgentFailedError, PipelineContext
from holmes_backend.db import transaction
from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.models import File, NumericCheck
from holmes_backend.repositories import numeric_checks as numeric_repo
from holmes_backend.runtime import Runtime
from holmes_backend.services.cases import require_case
from holmes_backend.services.evidence import load_extraction
from holmes_backend.services.files import get_file
from holmes_shared.errors import ErrorCode, HolmesError, NotFoundError

logger = logging.getLogger(__name__)


class UnreadableFileError(HolmesError):
    status_code = 422
    code = ErrorCode.FILE_CORRUPT
    recoverable = False
    suggested_action = "upload a readable copy of the file"


class NumericRunFailedError(HolmesError):
    status_code = 503
    code = ErrorCode.PROCESSING_FAILED
    recoverable = True
    suggested_action = "retry the numeric validation"


async def _file_in_case(
    session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID, file_id: uuid.UUID
) -> File:
    file = await get_file(session, owner_id=owner_id, file_id=file_id)
    if file.case_id != case_id:
        raise NotFoundError("File not found.", details={"file_id": str(file_id)})
    return file


async def list_checks(
    session: AsyncSession,
    *,
    owner_id: uuid.UUID,
    case_id: uuid.UUID,
    file_id: uuid.UUID | None,
    status: str | None,
) -> Sequence[NumericCheck]:
    await require_case(session, case_id, owner_id)
    if file_id is not None:
        await _file_in_case(session, owner_id=owner_id, case_id=case_id, file_id=file_id)
    return await numeric_repo.for_case(session, case_id, file_id=file_id, status=status)


async def run_for_file(
    session: AsyncSession,
    *,
    runtime: Runtime,
    owner_id: uuid.UUID,
    case_id: uuid.UUID,
    file_id: uuid.UUID,
) -> Sequence[NumericCheck]:
    """Validates one file now (extractor, verifiers, reviewer, each recorded), replacing its
    earlier checks, and returns the new ones."""
    await require_case(session, case_id, owner_id)
    file = await _file_in_case(session, owner_id=owner_id, case_id=case_id, file_id=file_id)
    try:
        extraction = await load_extraction(runtime.storage, file, settings=runtime.settings)
    except ExtractionError as exc:
        raise UnreadableFileError(
            f"The file could not be read: {exc.reason}", details={"file_id": str(file_id)}
        ) from exc
    doc = EvidenceDoc(
        file_id=str(file.id),
        filename=file.filename,
        mime_type=file.mime_type,
        metadata=extraction.metadata,
        chunks=extraction.chunks,
    )
    # The run writes with sessions of its own; this read transaction ends here so the checks
    # read back below are the new ones (SQLite reads from the snapshot a transaction began with).
    await transaction.commit(session)
    ctx = PipelineContext(
        settings=runtime.settings,
        session_factory=runtime.session_factory,
        hub=runtime.hub,
        case_id=case_id,
        job_id=None,
    )
    try:
        await numeric_agent.validate_and_store(ctx, [doc])
    except AgentFailedError as exc:
        logger.warning("numeric validation failed: %s", exc.reason)
        raise NumericRunFailedError(
            "The numeric validation could not be completed; nothing was changed.",
            details={"file_id": str(file_id), "agent_id": exc.agent},
        ) from exc
    return await numeric_repo.for_case(session, case_id, file_id=file_id)
