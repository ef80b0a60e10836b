"""Stopping a case's job wherever it runs (imports no agent code: services use it)."""

import asyncio
import logging
import os
import socket
import uuid
from typing import Any

from holmes_backend.jobs.queue import abort_case
from holmes_backend.runtime import Runtime

logger = logging.getLogger(__name__)


def task_name(job_id: uuid.UUID) -> str:
    return f"job-{job_id}"


async def stop_case_jobs(
    runtime: Runtime, case_id: uuid.UUID, job_id: uuid.UUID | None, *, wait_seconds: float = 10
) -> None:
    """Aborts the case's job wherever it runs (a worker, or this process) and waits until it
    has stopped, so nothing it writes comes after what the caller removes next."""
    if runtime.job_app is not None:
        if not await abort_case(runtime.job_app, case_id, wait_seconds=wait_seconds):
            logger.warning("the job of deleted case %s was still running", case_id)
        return
    running = [t for t in runtime.tasks if job_id is not None and t.get_name() == task_name(job_id)]
    for task in running:
        task.cancel()
    if running:
        await asyncio.wait(running, timeout=wait_seconds)


# The job state naming the process that runs the job.
RUNNER_STATE = "runner"
_TOKEN = uuid.uuid4().hex  # this process, even where another one had its pid before


def this_process() -> dict[str, Any]:
    return {"host": socket.gethostname(), "pid": os.getpid(), "token": _TOKEN}
