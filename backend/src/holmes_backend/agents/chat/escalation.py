"""Escalation (PRD §4.12): a question the case knowledge cannot answer goes to domain agents.

Each chosen domain agent runs through the one run function, agents.runner.run_agent (execution
record under the chat agent's, events, Pro→Flash fallback), on the files chosen for it, with the
question, and answers in `DomainAnswer`. Its findings that the case does not hold yet are stored
like any domain finding (with their sources), so the graph views, later questions and
corrections see them.
"""

import asyncio
import logging
import re
import uuid
from dataclasses import dataclass, field
from typing import cast

from holmes_backend.agents.chat.prompt import ESCALATION_INSTRUCTION
from holmes_backend.agents.domains.prompt import INSTRUCTIONS as DOMAIN_INSTRUCTIONS
from holmes_backend.agents.runner import AgentFailedError, AgentSpec, PipelineContext, run_agent
from holmes_backend.contracts.agents import DomainAnswer, DomainName
from holmes_backend.contracts.requests import DOMAIN_HEADING, QUESTION_HEADING
from holmes_backend.db import transaction
from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.loading import load_extraction
from holmes_backend.llm.evidence import render_evidence
from holmes_backend.models import Case, File, Finding
from holmes_backend.repositories import findings as finding_repo
from holmes_backend.storage import Storage
from holmes_shared.enums import FindingStatus

logger = logging.getLogger(__name__)

_SPACE = re.compile(r"\s+")


@dataclass
class Escalation:
    plan: dict[str, list[str]]  # domain → the file ids it analysed
    findings: list[Finding] = field(default_factory=list)  # the new ones, as stored
    failed: dict[str, str] = field(default_factory=dict)  # domain → why it failed


def _spec(domain: str) -> AgentSpec:
    instruction = f"{DOMAIN_INSTRUCTIONS[domain]}\n\n{ESCALATION_INSTRUCTION}"
    return AgentSpec(
        name=f"{domain}_agent",
        agent_type=domain.upper(),
        role="domain",
        tier="pro",
        schema=DomainAnswer,
        instruction=instruction,
        domain=cast(DomainName, domain),
    )


def _case_parts(case: Case) -> list[str]:
    parts = []
    if case.description:
        parts.append(f"--- CASE CONTEXT ---\n{case.description}")
    if case.hypotheses:
        parts.append("--- HYPOTHESES ---\n" + "\n".join(f"- {h}" for h in case.hypotheses))
    return parts


def _key(domain: str, summary: str, file_id: object, location: dict[str, object]) -> str:
    place = {k: v for k, v in location.items() if k != "excerpt"}
    return f"{domain}|{_SPACE.sub(' ', summary).strip().lower()}|{file_id}|{sorted(place.items())}"


async def escalate(
    ctx: PipelineContext,
    storage: Storage,
    *,
    parent_execution_id: uuid.UUID | None,
    question: str,
    case: Case,
    plan: dict[str, list[File]],
) -> Escalation:
    evidence: dict[str, str] = {}
    for file in {f.id: f for files in plan.values() for f in files}.values():
        try:
            extraction = await load_extraction(storage, file)
        except (ExtractionError, FileNotFoundError):
            continue  # processing reported it; the other files are still analysed
        evidence[str(file.id)] = render_evidence(
            file_id=str(file.id),
            filename=file.filename,
            mime_type=file.mime_type,
            extraction=extraction,
        )
    runs = {
        domain: ids
        for domain, files in plan.items()
        if (ids := [str(f.id) for f in files if str(f.id) in evidence])
    }
    result = Escalation(plan=runs)
    outcomes = await asyncio.gather(
        *(
            run_agent(
                ctx,
                _spec(domain),
                [
                    *_case_parts(case),
                    f"{DOMAIN_HEADING}\n{domain}",
                    f"{QUESTION_HEADING}\n{question}",
                    *(evidence[i] for i in ids),
                ],
                parent_execution_id=parent_execution_id,
                input_summary={"domain": domain, "files": ids, "question": question[:200]},
            )
            for domain, ids in runs.items()
        ),
        return_exceptions=True,
    )
    answers: dict[str, DomainAnswer] = {}
    for domain, outcome in zip(runs, outcomes, strict=True):
        if isinstance(outcome, BaseException):
            reason = outcome.reason if isinstance(outcome, AgentFailedError) else str(outcome)
            logger.warning("escalation to %s failed: %s", domain, reason)
            result.failed[domain] = reason[:500]
        elif isinstance(outcome[0], DomainAnswer):
            answers[domain] = outcome[0]
    result.findings = await _store(ctx, question, answers, set(evidence))
    return result


async def _store(
    ctx: PipelineContext, question: str, answers: dict[str, DomainAnswer], known: set[str]
) -> list[Finding]:
    """The answers' findings the case does not hold yet, stored; the same fact stated twice (by
    two domains, or already found in processing) is kept once."""
    async with ctx.session_factory() as session:
        existing = await finding_repo.for_case(session, ctx.case_id)
        seen = {
            _key(f.domain, f.summary, f.file_id, f.source_location)
            for f in existing
            if f.status != FindingStatus.SUPERSEDED
        }
        rows: list[Finding] = []
        for domain, answer in answers.items():
            for item in answer.findings:
                cited = [s for s in item.sources if s.file_id in known]
                source = cited[0] if cited else None
                location = source.model_dump(mode="json", exclude_none=True) if source else {}
                file_id = uuid.UUID(source.file_id) if source else None
                key = _key(domain, item.summary, file_id, location)
                if not item.summary.strip() or key in seen:
                    continue
                seen.add(key)
                rows.append(
                    Finding(
                        case_id=ctx.case_id,
                        job_id=None,
                        file_id=file_id,
                        agent_id=f"{domain}_agent",
                        domain=domain,
                        finding_type=item.finding_type[:50] or "answer",
                        title=item.title[:500],
                        summary=item.summary,
                        content={**item.model_dump(mode="json"), "question": question},
                        source_location=location,
                        confidence=item.confidence,
                        status=FindingStatus.INTERIM,
                    )
                )
        await finding_repo.add_all(session, rows)
        await transaction.commit(session)
    return rows
