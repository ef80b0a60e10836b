"""The numeric reviewer: the engine's review (re-evaluation, shared figures, findings) and, on a
model, the reviewer agent re-computing each mismatch with code execution beside it."""

import logging
import uuid

from holmes_backend.agents.numeric.blocks import mismatches_block
from holmes_backend.agents.numeric.specs import REVIEWER
from holmes_backend.agents.numeric.step import step
from holmes_backend.agents.runner import AgentFailedError, PipelineContext
from holmes_backend.numeric import engine
from holmes_backend.numeric.schemas import (
    NumericCheck,
    NumericFinding,
    ReviewedMismatch,
    ReviewerOutput,
)

logger = logging.getLogger(__name__)


def _engine_answer(mismatches: list[NumericCheck]) -> ReviewerOutput:
    return ReviewerOutput(
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
    )


async def review(
    ctx: PipelineContext,
    checks: list[NumericCheck],
    extracted: engine.Extracted,
    parent: uuid.UUID,
    on_model: bool,
) -> list[NumericFinding]:
    """The findings of the checks' mismatches. With no mismatch there is nothing to review and
    no reviewer runs; a reviewer whose model fails leaves the engine's review as it is."""
    findings = engine.review(checks, extracted.book)
    mismatches = [c for c in checks if c.status == "mismatch"]
    if not mismatches:
        return findings
    parts = [mismatches_block(mismatches)] if on_model else None
    try:
        output, _ = await step(
            ctx,
            REVIEWER,
            parts,
            parent,
            {"mismatches": len(mismatches)},
            lambda: _engine_answer(mismatches),
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
