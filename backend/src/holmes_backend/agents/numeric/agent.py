"""Numeric validation as agents (seed 002): an extractor, verifiers created at run time (one per
document, small documents together on a model: agents.numeric.verify) run side by side
(asyncio.gather, as the domain workers), and a reviewer with code execution. Each has its own
execution record and events, children of the extractor's, so Agent Flow shows the fan-out.

The figures themselves are read by numeric.figures (exact places to cite), and every expression
a verifier proposes is evaluated by numeric.engine, never by a model. On Gemini the verifiers
propose relations beside the ones found from the figures (agents.numeric.verify), and the
reviewer re-computes each mismatch with Gemini's code execution (agents.numeric.review); offline
(the local provider) each agent's output is the deterministic engine's, recorded the same way.

The extractor is the engine on every provider. Its model used to be sent every document and
every figure (the bench's 50-file case: 81.5k input tokens) to name the line items and
statements, an answer nothing read: the engine names them from the figures it has read, and the
verifiers, which read each document, are where a model adds something.

Module layout: specs (the agents), step (a model's or the engine's answer under a record),
blocks (what requests are made of), verify, review, store (the rows stored).
"""

import asyncio
import logging
import uuid
from dataclasses import dataclass

from anyio import to_thread
from sqlalchemy.exc import SQLAlchemyError

from holmes_backend.agents.numeric import store
from holmes_backend.agents.numeric.review import review
from holmes_backend.agents.numeric.specs import EXTRACTOR, REVIEWER, verifier_spec
from holmes_backend.agents.numeric.step import step
from holmes_backend.agents.numeric.verify import readings, verify
from holmes_backend.agents.runner import PipelineContext, emit_all
from holmes_backend.db import transaction
from holmes_backend.llm.evidence import EvidenceDoc, parse_blocks
from holmes_backend.numeric import engine
from holmes_backend.numeric.schemas import ExtractorOutput, NumericCheck, NumericFinding
from holmes_backend.repositories import numeric_checks as numeric_repo
from holmes_shared.events import EventType

logger = logging.getLogger(__name__)

__all__ = [
    "EXTRACTOR",
    "REVIEWER",
    "NumericRun",
    "validate",
    "validate_and_store",
    "validate_evidence",
    "verifier_spec",
]


async def validate_evidence(
    ctx: PipelineContext, evidence: list[str], *, parent: uuid.UUID
) -> str | None:
    """Processing's entry: the files routed to the financial domain, as their evidence parts.
    Returns why it failed (for the job's errors; a database error's details stay in the log),
    or None; it never fails the job."""
    docs = [doc for part in evidence for doc in parse_blocks(part)[0]]
    if not docs:
        return None
    try:
        await validate_and_store(ctx, docs, parent_execution_id=parent)
    except Exception as exc:
        logger.warning("numeric validation failed", exc_info=True)
        if isinstance(exc, SQLAlchemyError):
            return f"{type(exc).__name__}: the database refused a write (details in the log)"
        return f"{type(exc).__name__}: {exc}"[:2000]
    return None


@dataclass
class NumericRun:
    checks: list[NumericCheck]
    # The verifier execution each check came from, by check_id.
    made_by: dict[str, uuid.UUID | None]
    findings: list[NumericFinding]
    extractor_id: uuid.UUID


async def validate(
    ctx: PipelineContext,
    docs: list[EvidenceDoc],
    *,
    parent_execution_id: uuid.UUID | None = None,
) -> NumericRun:
    """Extract, verify each document side by side, review. AgentFailedError when the extractor
    (the engine's reading) or the reviewer fails; a failed verifier costs only the relations
    it would have proposed (the engine's are evaluated all the same)."""
    extracted = await to_thread.run_sync(engine.extract, docs)
    on_model = ctx.settings.resolved_llm_provider != "local"
    _, extractor_id = await step(
        ctx,
        EXTRACTOR,
        None,
        parent_execution_id,
        {"files": [d.file_id for d in docs], "figures": len(extracted.book.figures)},
        lambda: ExtractorOutput(
            fsli_names=extracted.fsli_names, statements=[p.name for p in extracted.plans]
        ),
    )
    results = await asyncio.gather(
        *(
            verify(ctx, number, plans, extracted, extractor_id, on_model)
            for number, plans in enumerate(readings(extracted.plans, extracted, on_model), start=1)
        ),
        return_exceptions=True,
    )
    checks: list[NumericCheck] = []
    made_by: dict[str, uuid.UUID | None] = {}
    for result in results:
        if isinstance(result, BaseException):
            if not isinstance(result, Exception):
                raise result  # cancelled: the run is being stopped
            logger.warning("a numeric verifier failed: %s", result)
            continue
        found, execution_id = result
        for check in found:
            if check.check_id not in made_by:
                checks.append(check)
                made_by[check.check_id] = execution_id
    findings = await review(ctx, checks, extracted, extractor_id, on_model)
    if findings:
        await emit_all(
            ctx,
            [
                (
                    EventType.INSIGHT_DETECTED,
                    {"kind": "numeric_mismatch", "insight": f.model_dump(mode="json")},
                )
                for f in findings
            ],
            agent_id=REVIEWER.name,
            agent_type=REVIEWER.agent_type,
        )
    return NumericRun(checks, made_by, findings, extractor_id)


async def validate_and_store(
    ctx: PipelineContext,
    docs: list[EvidenceDoc],
    *,
    parent_execution_id: uuid.UUID | None = None,
) -> NumericRun:
    """`validate`, then the checks and the mismatch findings stored in place of what earlier
    runs found in the same files."""
    run = await validate(ctx, docs, parent_execution_id=parent_execution_id)
    file_ids = [uuid.UUID(d.file_id) for d in docs]
    async with ctx.session_factory() as session:
        await numeric_repo.replace_for_files(
            session,
            case_id=ctx.case_id,
            file_ids=file_ids,
            checks=store.check_rows(ctx.case_id, ctx.job_id, run.checks, run.made_by),
            findings=store.finding_rows(ctx.case_id, ctx.job_id, run.findings, file_ids),
        )
        await transaction.commit(session)
    return run
