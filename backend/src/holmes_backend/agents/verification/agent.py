"""Runs the verification agent on a correction and its source context, through the shared runner
(execution record, events, Pro→Flash fallback), and keeps only evidence the context holds."""

import uuid
from dataclasses import dataclass
from typing import Any

from holmes_backend.agents.runner import AgentSpec, PipelineContext, run_agent
from holmes_backend.agents.verification.prompt import INSTRUCTION
from holmes_backend.contracts.agents import SourceRef, VerificationOutput
from holmes_backend.contracts.requests import CORRECTION_KIND
from holmes_backend.llm.evidence import render_findings
from holmes_backend.llm.passages import LOCATION_FIELDS, Passage
from holmes_backend.numeric.compare import compare_values
from holmes_backend.repositories import executions as execution_repo

SPEC = AgentSpec(
    name="verification_agent",
    agent_type="VERIFICATION",
    role="verification",
    tier="pro",
    schema=VerificationOutput,
    instruction=INSTRUCTION,
)
_TARGET_CHARS = 4000
EXCERPT_CHARS = 300


@dataclass
class CorrectionCheck:
    target_type: str
    target_id: str
    target: Any
    original_value: str
    proposed_value: str
    justification: str
    passages: list[Passage]


@dataclass
class Verification:
    output: VerificationOutput
    execution_id: uuid.UUID
    thoughts: list[str]


def _trimmed(target: Any) -> Any:
    """The target as the model sees it: whole, unless it is very long."""
    text = str(target)
    return target if len(text) <= _TARGET_CHARS else text[:_TARGET_CHARS] + "\u2026"


def request_parts(check: CorrectionCheck) -> list[str]:
    context = []
    for passage in check.passages:
        comparison = compare_values(check.original_value, check.proposed_value, passage.text)
        context.append({**passage.as_json(), "comparison": comparison.as_json()})
    block = {
        "target_type": check.target_type,
        "target_id": check.target_id,
        "target": _trimmed(check.target),
        "original_value": check.original_value,
        "proposed_value": check.proposed_value,
        "justification": check.justification,
        "context": context,
    }
    return [
        render_findings({"kind": CORRECTION_KIND}, block),
        f"Verify the correction of {check.target_type} {check.target_id}: "
        f"{check.original_value!r} \u2192 {check.proposed_value!r}.",
    ]


def _excerpt(text: str, hint: str) -> str:
    flat = " ".join(text.split())
    if len(flat) <= EXCERPT_CHARS:
        return flat
    at = flat.find(" ".join(hint.split())[:40]) if hint else -1
    start = max(0, min(at, len(flat) - EXCERPT_CHARS)) if at >= 0 else 0
    return flat[start : start + EXCERPT_CHARS]


def grounded(evidence: list[SourceRef], passages: list[Passage]) -> list[SourceRef]:
    """The evidence items that point at a passage of the context, with the passage's own text as
    their excerpt (a model may paraphrase a quote; the source panel needs the real one)."""
    kept: list[SourceRef] = []
    seen: set[str] = set()
    for ref in evidence:
        where = {k: getattr(ref, k) for k in LOCATION_FIELDS if getattr(ref, k) is not None}
        for passage in passages:
            if passage.file_id != ref.file_id or passage.id in seen:
                continue
            if where and any(passage.location.get(k) != v for k, v in where.items()):
                continue
            seen.add(passage.id)
            kept.append(
                SourceRef.model_validate(
                    {
                        "file_id": passage.file_id,
                        **passage.location,
                        "excerpt": _excerpt(passage.text, ref.excerpt),
                    }
                )
            )
            break
    return kept


async def verify(ctx: PipelineContext, check: CorrectionCheck) -> Verification:
    """The agent's verdict (AgentFailedError when every tier fails)."""
    output, execution_id = await run_agent(
        ctx,
        SPEC,
        request_parts(check),
        input_summary={
            "target_type": check.target_type,
            "target_id": check.target_id,
            "original_value": check.original_value[:200],
            "proposed_value": check.proposed_value[:200],
            "passages": len(check.passages),
        },
    )
    assert isinstance(output, VerificationOutput)
    output.evidence = grounded(output.evidence, check.passages)
    async with ctx.session_factory() as session:
        execution = await execution_repo.get(session, execution_id)
        thoughts = [str(t) for t in execution.thinking_traces] if execution else []
    return Verification(output=output, execution_id=execution_id, thoughts=thoughts)
