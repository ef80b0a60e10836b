"""Numeric validation as agents (seed 002): an extractor, one verifier per document created at
run time and run side by side (asyncio.gather, as the domain workers), and a reviewer with code
execution. Each has its own execution record and events, children of the extractor's, so Agent
Flow shows the fan-out.

The figures themselves are read by numeric.figures (exact places to cite), and every expression
a verifier proposes is evaluated by numeric.engine, never by a model. On Gemini the verifiers
propose relations beside the ones found from the figures, and the reviewer re-computes each
mismatch with Gemini's code execution; offline (the local provider) each agent's output is the
deterministic engine's, recorded the same way.

A verifier reads a whole document and all its statements in one request (one FIGURES block per
statement, one answer per block), plus one for the lines several statements share: one verifier
per statement sent its document again for every statement, which cost more than the document
itself (the bench's 50-file case: 25 requests, 161k input tokens, against 73k evidence tokens),
and a context cache of the document paid only for documents over the model's cache minimum.
"""

import asyncio
import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from anyio import to_thread
from pydantic import BaseModel
from sqlalchemy.exc import SQLAlchemyError

from holmes_backend.agents.numeric.prompt import (
    EXTRACTOR_INSTRUCTION,
    REVIEWER_INSTRUCTION,
    VERIFIER_INSTRUCTION,
)
from holmes_backend.agents.runner import (
    AgentFailedError,
    AgentSpec,
    Attempt,
    ExecutionRecord,
    PipelineContext,
    emit_all,
    model_name,
    run_agent,
)
from holmes_backend.db import transaction
from holmes_backend.llm import budget, context_cache
from holmes_backend.llm.evidence import EvidenceDoc, parse_blocks, render_findings
from holmes_backend.numeric import engine
from holmes_backend.numeric.expr import ExpressionError, parse
from holmes_backend.numeric.relations import Relation
from holmes_backend.numeric.schemas import (
    ExtractorOutput,
    NumericCheck,
    NumericFinding,
    ReviewedMismatch,
    ReviewerOutput,
    StatementRelations,
    VerifierOutput,
)
from holmes_backend.numeric.schemas import Relation as ProposedRelation
from holmes_backend.repositories import numeric_checks as numeric_repo
from holmes_shared.enums import FindingStatus
from holmes_shared.events import EventType

logger = logging.getLogger(__name__)

EXTRACTOR = AgentSpec(
    "numeric_extractor",
    "NUMERIC_EXTRACTOR",
    "domain",
    "pro",
    ExtractorOutput,
    EXTRACTOR_INSTRUCTION,
    phase="numeric",
)
REVIEWER = AgentSpec(
    "numeric_reviewer",
    "NUMERIC_REVIEWER",
    "verification",
    "pro",
    ReviewerOutput,
    REVIEWER_INSTRUCTION,
    code_execution=True,
    phase="numeric_review",
)
_DOCUMENT_CHARS = 40_000


_CONFIDENCE = {"HIGH": 0.9, "MEDIUM": 0.7, "LOW": 0.5}


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


def verifier_spec(number: int) -> AgentSpec:
    return AgentSpec(
        f"numeric_verifier_{number}",
        "NUMERIC_VERIFIER",
        "domain",
        "pro",
        VerifierOutput,
        VERIFIER_INSTRUCTION,
        phase="numeric_verify",
        worker=number,
    )


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
    or the reviewer fails; a failed verifier costs only the relations it would have proposed
    (the engine's are evaluated all the same)."""
    extracted = await to_thread.run_sync(engine.extract, docs)
    on_model = ctx.settings.resolved_llm_provider != "local"
    figures = _figures_block(extracted, None)
    readings = _readings(extracted.plans)
    # Documents first, the largest first of all: the extractor's request and that document's
    # verifier start with it, and a prefix two requests share is one context cache where it
    # pays (llm.context_cache).
    documents = sorted((_document(d) for d in docs), key=len, reverse=True)
    extractor_parts = [*documents, figures]
    if on_model:
        _share_documents(documents)
    _, extractor_id = await _step(
        ctx,
        EXTRACTOR,
        extractor_parts if on_model else None,
        parent_execution_id,
        {"files": [d.file_id for d in docs], "figures": len(extracted.book.figures)},
        lambda: ExtractorOutput(
            fsli_names=extracted.fsli_names, statements=[p.name for p in extracted.plans]
        ),
    )
    results = await asyncio.gather(
        *(
            _verify(ctx, number, plans, extracted, extractor_id, on_model)
            for number, plans in enumerate(readings, start=1)
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
    findings = await _review(ctx, checks, extracted, extractor_id, on_model)
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


async def _step(
    ctx: PipelineContext,
    spec: AgentSpec,
    parts: list[str] | None,
    parent: uuid.UUID | None,
    input_summary: dict[str, Any],
    offline: Callable[[], BaseModel],
) -> tuple[BaseModel, uuid.UUID]:
    """The agent's output and execution id: from its model when given request parts, else
    from the deterministic engine, under an execution record and events of the same kind."""
    if parts is not None:
        # The figures go whole; the documents beside them are cut to the request budget.
        fitted = budget.fit_parts(parts, ctx.settings, spec.instruction, spec.schema)
        return await run_agent(
            ctx, spec, fitted, parent_execution_id=parent, input_summary=input_summary
        )
    record = ExecutionRecord.start(ctx, spec, parent, input_summary)
    try:
        output = await to_thread.run_sync(offline)
    except Exception as exc:
        reason = f"{type(exc).__name__}: {exc}"[:2000]
        await record.fail(reason)
        raise AgentFailedError(spec.name, reason) from exc
    thoughts = [f"{spec.name}: computed by the deterministic numeric engine"]
    model = model_name(spec.tier, ctx.settings)
    await record.complete(Attempt(model=model, output=output, thoughts=thoughts, usage=None))
    return output, record.id


def _readings(plans: list[engine.Plan]) -> list[list[engine.Plan]]:
    """The verifiers to run: each document's statements together (its tables and narrative),
    and the lines across statements (no document) on their own."""
    by_file: dict[str, list[engine.Plan]] = {}
    across: list[list[engine.Plan]] = []
    for plan in plans:
        if plan.doc is None:
            across.append([plan])
        else:
            by_file.setdefault(plan.file_id, []).append(plan)
    return [*by_file.values(), *across]


async def _verify(
    ctx: PipelineContext,
    number: int,
    plans: list[engine.Plan],
    extracted: engine.Extracted,
    parent: uuid.UUID,
    on_model: bool,
) -> tuple[list[NumericCheck], uuid.UUID | None]:
    """The checks of a document's statements and its verifier's execution. A verifier whose
    model fails (its record says so) still leaves the relations found from the figures,
    evaluated."""
    found = [engine.relations_of(plan, extracted) for plan in plans]
    parts: list[str] | None = None
    if on_model:
        # The document first: the extractor's request may start with it too.
        doc = plans[0].doc
        parts = [_document(doc)] if doc is not None else []
        parts += [_figures_block(extracted, plan) for plan in plans]
    proposed: list[StatementRelations] = []
    execution_id: uuid.UUID | None = None
    try:
        output, execution_id = await _step(
            ctx,
            verifier_spec(number),
            parts,
            parent,
            {"file": plans[0].file_id, "statements": [plan.name for plan in plans]},
            lambda: VerifierOutput(
                statements=[
                    StatementRelations(
                        statement=plan.name,
                        relations=[
                            ProposedRelation(
                                check_type=r.check_type,
                                expression=r.expression,
                                subject=r.subject,
                                period=r.period,
                            )
                            for r in relations
                        ],
                    )
                    for plan, relations in zip(plans, found, strict=True)
                ]
            ),
        )
    except AgentFailedError as exc:
        if parts is None:
            raise
        logger.warning(
            "numeric verifier %d failed, its statements checked without it: %s", number, exc.reason
        )
    else:
        assert isinstance(output, VerifierOutput)
        proposed = output.statements
    known = {r.expression for relations in found for r in relations}
    for answer in proposed:
        for relation in answer.relations:
            index = _statement_of(answer.statement, relation, plans, extracted)
            made = _proposed(relation, plans[index], extracted)
            if made is not None and made.expression not in known:
                found[index].append(made)
                known.add(made.expression)
    book = extracted.book
    return [
        engine.evaluate_relation(r, book, engine.file_of(r, plan, book))
        for plan, relations in zip(plans, found, strict=True)
        for r in relations
    ], execution_id


def _statement_of(
    name: str, relation: ProposedRelation, plans: list[engine.Plan], extracted: engine.Extracted
) -> int:
    """Which of the verifier's statements a proposed relation belongs to: the one the answer
    names, else the table its stated figure sits in, else the narrative (the last)."""
    names = [plan.name for plan in plans]
    if name in names:
        return names.index(name)
    target = extracted.book.figures.get(relation.expression.partition("=")[0].strip())
    for index, plan in enumerate(plans):
        if target is not None and plan.table is not None and plan.table.key == target.table:
            return index
    return len(plans) - 1


def _share_documents(documents: list[str]) -> None:
    """The first document to the job's context caches: the extractor's request and its
    document's verifier both start with it. Every other document is read by one request."""
    caches = context_cache.current()
    if caches is not None and documents:
        caches.share(documents[:1], readers=2)


def _proposed(
    proposed: ProposedRelation, plan: engine.Plan, extracted: engine.Extracted
) -> Relation | None:
    """A model's relation, if it reads as "<figure> = <expression>" over known figures."""
    target, equals, formula = proposed.expression.partition("=")
    target = target.strip()
    try:
        names = parse(formula).names() if equals else []
    except ExpressionError:
        return None
    figures = extracted.book.figures
    if target not in figures or not names or any(n not in figures for n in [target, *names]):
        return None
    statement = plan.table.title if plan.table else plan.name if plan.doc is None else "narrative"
    return Relation(
        proposed.check_type,
        target,
        " ".join(formula.split()),
        statement,
        proposed.subject,
        proposed.period,
    )


async def _review(
    ctx: PipelineContext,
    checks: list[NumericCheck],
    extracted: engine.Extracted,
    parent: uuid.UUID,
    on_model: bool,
) -> list[NumericFinding]:
    """The engine's review (re-evaluation, shared figures, findings); on a model, the reviewer
    agent re-computes each mismatch with code execution beside it. With no mismatch there is
    nothing to review and no reviewer runs; a reviewer whose model fails leaves the engine's
    review as it is."""
    findings = engine.review(checks, extracted.book)
    mismatches = [c for c in checks if c.status == "mismatch"]
    if not mismatches:
        return findings
    parts = [_mismatches_block(mismatches)] if on_model else None
    try:
        output, _ = await _step(
            ctx,
            REVIEWER,
            parts,
            parent,
            {"mismatches": len(mismatches)},
            lambda: ReviewerOutput(
                reviewed=[
                    ReviewedMismatch(
                        check_id=c.check_id,
                        confirmed=True,
                        computed=c.computed,
                        code=f"engine.compare({c.expression!r})",
                    )
                    for c in mismatches
                ],
                shared_figures=sorted({c.suspect_figure for c in mismatches if c.suspect_figure}),
            ),
        )
    except AgentFailedError as exc:
        if parts is None:
            raise
        logger.warning("the numeric reviewer failed; the engine's review stands: %s", exc.reason)
        return findings
    assert isinstance(output, ReviewerOutput)
    by_id = {c.check_id: c for c in mismatches}
    for reviewed in output.reviewed:
        check = by_id.get(reviewed.check_id)
        if check is None or not parts:
            continue
        # The mismatch stands on the evaluator's arithmetic; the executed code is a second
        # computation, recorded beside it.
        verdict = "reproduces" if reviewed.confirmed else "does not reproduce"
        shown = f" (computed {reviewed.computed:,.6g})" if reviewed.computed is not None else ""
        check.note = f"{check.note} Code execution {verdict} the mismatch{shown}.".strip()
    return findings


def _figures_block(extracted: engine.Extracted, plan: engine.Plan | None) -> str:
    if plan is None:
        figures = list(extracted.book.figures.values())
    elif plan.table is not None:
        figures = [f for f in extracted.book.figures.values() if f.table == plan.table.key]
    elif plan.doc is None:  # across statements: every statement's figures
        figures = [f for f in extracted.book.figures.values() if f.table]
    else:  # a narrative: its own figures; its tables' are in their blocks beside it
        figures = [
            f for f in extracted.book.figures.values() if f.file_id == plan.file_id and not f.table
        ]
    rows = [
        {
            "id": f.id,
            "label": f.label,
            "period": f.period,
            "value": float(f.value),
            "written": f.written,
            "unit": f.unit,
            "table": f.table or "narrative",
        }
        for f in figures
    ]
    header = {"kind": "figures", "statement": plan.name if plan else "all"}
    return render_findings(header, rows)


def _document(doc: EvidenceDoc) -> str:
    text = doc.text[:_DOCUMENT_CHARS]
    return f"--- DOCUMENT {doc.filename} ({doc.file_id}) ---\n{text}"


def _mismatches_block(mismatches: list[NumericCheck]) -> str:
    rows = [
        {
            "check_id": c.check_id,
            "expression": c.expression,
            "values": {f.id: f.value for f in c.figures},
            "tolerance": c.tolerance,
        }
        for c in mismatches
    ]
    return render_findings({"kind": "mismatches"}, rows)


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
    check_rows = [
        {
            "case_id": ctx.case_id,
            "file_id": uuid.UUID(c.file_id),
            "job_id": ctx.job_id,
            "execution_id": run.made_by.get(c.check_id),
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
        for c in run.checks
    ]
    finding_rows = [
        {
            "case_id": ctx.case_id,
            "job_id": None,  # see numeric_checks.FINDING_TYPE
            "file_id": uuid.UUID(f.sources[0].file_id) if f.sources else file_ids[0],
            "agent_id": REVIEWER.name,
            "domain": "financial",
            "finding_type": numeric_repo.FINDING_TYPE,
            "title": f.title[:500],
            "summary": f.summary,
            "content": {**f.model_dump(mode="json"), "job_id": str(ctx.job_id or "")},
            "source_location": f.sources[0].model_dump(mode="json", exclude_none=True)
            if f.sources
            else {},
            "confidence": _CONFIDENCE[f.severity],
            "status": FindingStatus.INTERIM,
        }
        for f in run.findings
    ]
    async with ctx.session_factory() as session:
        await numeric_repo.replace_for_files(
            session,
            case_id=ctx.case_id,
            file_ids=file_ids,
            checks=check_rows,
            findings=finding_rows,
        )
        await transaction.commit(session)
    return run
