"""The per-domain merge (PRD §4.7's "<domain>_synthesis", agents.domains.merge): a domain read as
several work units has the items its units may both have found planned by the model (which are
the same, which disagree) and the plan applied by code; everything else, and everything
offline, is combined by the deterministic union (agents.phases.findings.union)."""

import uuid

from pydantic import BaseModel

from holmes_backend.agents.domains import agent as domains
from holmes_backend.agents.domains import merge as domain_merge
from holmes_backend.agents.phases.findings import union
from holmes_backend.agents.phases.state import JobRun


async def merged(
    job_run: JobRun,
    domain: str,
    context: list[str],
    outputs: list[BaseModel],
    parent: uuid.UUID,
) -> BaseModel:
    """The domain's units' outputs as one."""
    return await domain_merge.merged(
        job_run.ctx,
        domains.merge_spec(domain),
        domain,
        domains.DOMAIN_SCHEMAS[domain],
        context,
        outputs,
        parent=parent,
        union=union,
    )
