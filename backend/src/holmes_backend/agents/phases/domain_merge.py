"""The per-domain merge (PRD §4.7's "<domain>_synthesis", agents.domains.merge): a domain read as
several work units has their outputs merged by the model, in rounds of requests under the
budget, each answer's citations checked; what the model could not merge (and everything
offline) is combined by the deterministic union (agents.phases.findings.union)."""

import asyncio
import logging
import uuid
from dataclasses import replace

from pydantic import BaseModel

from holmes_backend.agents.domains import agent as domains
from holmes_backend.agents.domains import merge as domain_merge
from holmes_backend.agents.errors import AgentFailedError
from holmes_backend.agents.phases.findings import union
from holmes_backend.agents.phases.state import JobRun
from holmes_backend.agents.runner import run_agent
from holmes_backend.agents.spec import AgentSpec
from holmes_backend.llm.evidence import render_findings

logger = logging.getLogger(__name__)


async def merged(
    job_run: JobRun,
    domain: str,
    context: list[str],
    outputs: list[BaseModel],
    parent: uuid.UUID,
) -> BaseModel:
    """The domain's units' outputs as one: merged by the model when there are several and a
    model is configured."""
    schema = domains.DOMAIN_SCHEMAS[domain]
    if len(outputs) <= 1 or job_run.ctx.settings.resolved_llm_provider == "local":
        return union(outputs, schema)
    spec = domains.merge_spec(domain)
    room = job_run.room(spec, context)
    rounds = 0
    while len(outputs) > 1:
        blocks = [
            render_findings({"domain": domain, "worker": index + 1}, output)
            for index, output in enumerate(outputs)
        ]
        grouped = domain_merge.groups([domain_merge.tokens(b) for b in blocks], room)
        if len(grouped) == len(outputs):
            break  # no two fit one request together
        rounds += 1
        named = [
            spec
            if len(grouped) == 1 and rounds == 1
            else replace(spec, name=f"{spec.name}_{rounds}_{index + 1}")
            for index in range(len(grouped))
        ]
        outputs = list(
            await asyncio.gather(
                *(
                    _merge_group(
                        job_run,
                        named[index],
                        context,
                        [blocks[i] for i in group],
                        [outputs[i] for i in group],
                        parent,
                    )
                    if len(group) > 1
                    else _as_is(outputs[group[0]])
                    for index, group in enumerate(grouped)
                )
            )
        )
    return union(outputs, schema)


async def _merge_group(
    job_run: JobRun,
    spec: AgentSpec,
    context: list[str],
    blocks: list[str],
    outputs: list[BaseModel],
    parent: uuid.UUID,
) -> BaseModel:
    """One merge request's output, its citations checked against the evidence; the
    deterministic union of its outputs when the model fails (nothing is lost)."""
    try:
        output, execution_id = await run_agent(
            job_run.ctx,
            spec,
            [*context, *blocks],
            parent_execution_id=parent,
            input_summary={"workers": len(outputs)},
        )
    except AgentFailedError as exc:
        logger.warning("%s failed, its outputs are combined as they are: %s", spec.name, exc)
        return union(outputs, spec.schema)
    return await job_run.grounded(spec, output, execution_id)


async def _as_is(output: BaseModel) -> BaseModel:
    return output
