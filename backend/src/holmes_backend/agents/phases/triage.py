"""Triage: a preview of each file (its header and first chunks; a recording's first seconds), as
many files a request as the budget takes, media counted → the triage agent → each file's triage
metadata, in its own transaction."""

import uuid

from holmes_backend.agents.phases.state import JobRun
from holmes_backend.agents.phases.units import run_units
from holmes_backend.agents.triage.agent import SPEC
from holmes_backend.contracts.agents import TriageFile, TriageResult
from holmes_backend.db import transaction
from holmes_backend.llm import budget
from holmes_backend.repositories import files as file_repo

# The offline analyst's preview: it routes a file by the vocabulary of its opening, which needs
# more of it than a model's reading does (at 500 tokens it routed the demo's e-mail otherwise).
OFFLINE_PREVIEW_TOKENS = 1_000


async def run(job_run: JobRun) -> None:
    if not job_run.evidence:
        raise RuntimeError("no file could be read")
    cap = job_run.ctx.settings.triage_preview_tokens if job_run.on_model else OFFLINE_PREVIEW_TOKENS
    media = job_run.media
    previews = {
        f: budget.preview(part, cap, media.cost(part)) for f, part in job_run.evidence.items()
    }
    context = [job_run.conventions]
    room = job_run.room(SPEC, context)
    packed = budget.pack([[f] for f in previews], previews, room, job_run.calibration, media.cost)
    units = [unit.parts for unit in packed]
    outputs = await run_units(job_run, SPEC, context, units, parent=None, summary={})
    triaged: dict[str, TriageFile] = {}
    for output in outputs:
        assert isinstance(output, TriageResult)
        for file in output.files:
            if file.file_id in job_run.evidence:
                triaged.setdefault(file.file_id, file)
    job_run.writes.add(_write(job_run, triaged))
    job_run.book.save_state("triage", list(triaged.values()))  # models: encoded when written


async def _write(job_run: JobRun, triaged: dict[str, TriageFile]) -> None:
    async with job_run.ctx.session_factory() as session:
        for file in await file_repo.get_many(session, [uuid.UUID(f) for f in triaged]):
            file.triage_metadata = triaged[str(file.id)].model_dump(mode="json")
        await transaction.commit(session)
