"""Work units: an agent over its evidence in requests under the token budget (PRD §4.7's
workers), side by side. A unit whose answer is cut off at its max_output_tokens is halved and
each half redone; a unit refused because the File API lost one of its uploads is redone once
with them uploaded again; a domain's failed unit leaves its files PARTIAL and the others'
findings kept."""

import asyncio
import logging
import re
import uuid
from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from holmes_backend.agents.bounds import RunBounds
from holmes_backend.agents.errors import AgentFailedError, AnswerCutOffError
from holmes_backend.agents.phases.shared_evidence import Shared, focus_of, focus_part
from holmes_backend.agents.phases.state import JobRun
from holmes_backend.agents.runner import run_agent
from holmes_backend.agents.spec import AgentSpec
from holmes_backend.analysis.routing import split
from holmes_backend.contracts.agents import DomainAssignment
from holmes_backend.llm import budget
from holmes_shared.enums import FileStatus

logger = logging.getLogger(__name__)

_FILE_ID = re.compile(r'^<<<EVIDENCE \{"file_id": "([^"]+)"')
# The File API's refusal of a request naming an upload it no longer has (the real API's text).
_MISSING_UPLOAD = re.compile(r"access the File (files/[A-Za-z0-9_-]+) or it may not exist")


def domain_units(
    job_run: JobRun,
    spec: AgentSpec,
    assignment: DomainAssignment,
    context: list[str],
    shared: Shared | None = None,
) -> list[list[str]]:
    """A domain's work units (PRD §4.7's workers, under the token budget, media included):
    the files are shared among the routed workers, related files together, balanced by
    tokens; a share over the budget is cut into units that fit (a long file into page, row
    or time ranges: a recording's units each send only their seconds of it), a share under
    it is one unit. Files the domain reads from shared segments (`shared`) are in those units."""
    evidence, calibration, media = job_run.evidence, job_run.calibration, job_run.media
    covered = shared.files if shared else set()
    ids = [f for f in assignment.file_ids if f in evidence and f not in covered]
    if shared and not ids:
        return shared.units
    tokens = {
        f: calibration.tokens(f, part) + media.cost(part).tokens(part)
        for f in ids
        if (part := evidence[f])
    }
    fixed = budget.fixed_tokens(spec.instruction, spec.schema, context)
    workers = budget.useful_workers(assignment.workers, sum(tokens.values()), fixed)
    shares = split(ids, workers, job_run.related(ids), tokens) if workers > 1 else [ids]
    room = job_run.room(spec, context)
    own = [
        unit.parts
        for share in shares
        for unit in budget.pack([share], evidence, room, calibration, media.cost)
    ]
    return [*(shared.units if shared else []), *own] or [[]]


async def run_units(
    job_run: JobRun,
    spec: AgentSpec,
    context: list[str],
    units: list[list[str]],
    *,
    parent: uuid.UUID | None,
    summary: dict[str, Any],
    domain: str | None = None,
    bare: AgentSpec | None = None,
) -> list[BaseModel]:
    """The agent over each unit side by side ("<name>" alone, "<role>_worker_<i>" for
    several), shared parts first: their outputs, in unit order. A unit that reads a shared
    segment of the evidence runs as `bare`, the agent without tools when it has some (the
    Gemini API refuses tools beside a cache that does not hold them, and a cache that held
    them would serve one role: its answer's schema is one of them)."""
    base = spec.name.removesuffix("_agent")
    named = [
        replace(
            bare if bare is not None and focus_of(unit) is not None else spec,
            name=f"{base}_worker_{i + 1}" if len(units) > 1 else spec.name,
            worker=i + 1 if len(units) > 1 else spec.worker,
        )
        for i, unit in enumerate(units)
    ]
    # A domain's units: each answer's citations checked, and one failed unit does not
    # discard the others' (its files are PARTIAL).
    results = await asyncio.gather(
        *(
            _run_unit(
                job_run,
                s,
                context,
                unit,
                parent=parent,
                summary=summary,
                grounded=domain is not None,
            )
            for s, unit in zip(named, units, strict=True)
        ),
        return_exceptions=domain is not None,
    )
    if domain is not None:
        pairs = list(zip(named, units, strict=True))
        kept = await _unit_outputs(job_run, domain, pairs, results)
        return [o for outputs in kept for o in outputs]
    return [output for result in results for output in result]  # type: ignore[union-attr]


async def _run_unit(
    job_run: JobRun,
    spec: AgentSpec,
    context: list[str],
    unit: list[str],
    *,
    parent: uuid.UUID | None,
    summary: dict[str, Any],
    grounded: bool = False,
    retried: bool = False,
    bounds: RunBounds | None = None,
) -> list[BaseModel]:
    """One unit's output, its citations checked when `grounded` (agents.grounding); an
    answer cut off at its max_output_tokens has the unit halved and each half redone
    (recursively), not handed to another model. Its tool calls and its re-asks of every
    kind (schema, grounding, halving) share one `RunBounds`; each half goes on with what its
    unit had left. A unit refused because the File API no longer has one of its uploads
    (expired or deleted during the job) is redone once with them uploaded again."""
    files = _files(unit)
    focus = focus_of(unit)
    bounds = bounds or RunBounds.of(job_run.ctx.settings)
    try:
        output, execution_id = await run_agent(
            job_run.ctx,
            spec,
            # The unit's files' media after their text (llm.media), counted in its budget.
            await job_run.media.attach([*context, *unit], only=focus),
            parent_execution_id=parent,
            input_summary={**summary, "files": files, "parts": len(unit)},
            bounds=bounds,
        )
    except AnswerCutOffError:
        halves = _halve(job_run, unit, focus)
        if halves is None or not bounds.reask("split"):
            raise
        results = await asyncio.gather(
            *(
                _run_unit(
                    job_run,
                    replace(spec, name=f"{spec.name}_{side}"),
                    context,
                    half,
                    parent=parent,
                    summary=summary,
                    grounded=grounded,
                    bounds=half_bounds,
                )
                for side, half, half_bounds in zip("ab", halves, bounds.halves(), strict=True)
            )
        )
        return [output for result in results for output in result]
    except AgentFailedError as exc:
        gone = _MISSING_UPLOAD.findall(exc.reason)
        if retried or not gone:
            raise
        job_run.media.recheck()
        logger.info("%s: %s gone from the File API, uploading again", spec.name, gone)
        return await _run_unit(
            job_run,
            replace(spec, name=f"{spec.name}_again"),
            context,
            unit,
            parent=parent,
            summary=summary,
            grounded=grounded,
            retried=True,
            bounds=bounds,
        )
    if grounded:  # re-asked with the text alone: the media go with the first ask only
        output = await job_run.grounded(spec, output, execution_id, bounds)
    return [output]


async def _unit_outputs(
    job_run: JobRun,
    domain: str,
    workers: list[tuple[AgentSpec, list[str]]],
    results: list[list[BaseModel] | BaseException],
) -> list[list[BaseModel]]:
    """The work units' outputs; a failed unit's files are PARTIAL and its error the job's,
    the others' findings kept. Raises when every unit failed (the domain failed)."""
    failed = [(w, r) for w, r in zip(workers, results, strict=True) if isinstance(r, BaseException)]
    for _, result in failed:
        if not isinstance(result, Exception):
            raise result  # cancellation, not a worker's failure
    if len(failed) == len(workers):
        raise failed[0][1]
    for (spec, unit), exc in failed:
        group = _files(unit)
        error = {
            "phase": "domains",
            "domain": domain,
            "agent": spec.name,
            "error": (exc.reason if isinstance(exc, AgentFailedError) else str(exc))[:2000],
        }
        if isinstance(exc, AgentFailedError):
            error["code"] = exc.code.value
        await job_run.book.record_error(error)
        await job_run.book.set_files(group, FileStatus.PARTIAL, f"{spec.name} failed")
    return [r for r in results if not isinstance(r, BaseException)]


def _files(unit: list[str]) -> list[str]:
    """The files a unit's agent analyses: its focus when it reads a shared segment, else the
    files its evidence blocks are of."""
    focus = focus_of(unit)
    if focus is not None:
        return focus
    return list(dict.fromkeys(m.group(1) for part in unit if (m := _FILE_ID.match(part))))


def _halve(
    job_run: JobRun, unit: list[str], focus: list[str] | None
) -> tuple[list[str], list[str]] | None:
    """A cut-off unit's halves: a shared segment's focus halved (both halves still read the
    segment from its cache), else its evidence (budget.halve)."""
    if focus is None:
        return budget.halve(unit)
    if len(focus) < 2:
        return None
    middle = len(focus) // 2
    segment = unit[:-1]
    return (
        [*segment, focus_part(job_run, focus[:middle])],
        [*segment, focus_part(job_run, focus[middle:])],
    )
