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


def numeric_task_prefix(case_id: uuid.UUID) -> str:
    return f"numeric-{case_id}-"


def numeric_task_name(case_id: uuid.UUID, file_id: uuid.UUID) -> str:
    return f"{numeric_task_prefix(case_id)}{file_id}"


async def stop_case_jobs(
    runtime: Runtime, case_id: uuid.UUID, job_id: uuid.UUID | None, *, wait_seconds: float = 10
) -> None:
    """Aborts the case's jobs (its processing, its files' numeric runs) wherever they run (a
    worker, or this process) and waits until they have stopped, so nothing they write comes
    after what the caller removes next."""
    if runtime.job_app is not None:
        if not await abort_case(runtime.job_app, case_id, wait_seconds=wait_seconds):
            logger.warning("the job of deleted case %s was still running", case_id)
        return
    numeric = numeric_task_prefix(case_id)
    running = [
        t
        for t in runtime.tasks
        if (job_id is not None and t.get_name() == task_name(job_id))
        or t.get_name().startswith(numeric)
    ]
    for task in running:
        task.cancel()
    if running:
        await asyncio.wait(running, timeout=wait_seconds)


# The job state naming the process that runs the job.
RUNNER_STATE = "runner"
_TOKEN = uuid.uuid4().hex  # this process, even where another one had its pid before


def this_process() -> dict[str, Any]:
    return {"host": socket.gethostname(), "pid": os.getpid(), "token": _TOKEN}


def runner_gone(runner: Any) -> bool:
    """Whether the process a runner (`this_process()`) names is known to have ended: it ran on
    this host and its pid is free, or is this process's while the runner is another's. Unknown
    (another host, no runner) is not gone."""
    if not isinstance(runner, dict) or runner.get("host") != socket.gethostname():
        return False
    pid = runner.get("pid")
    if not isinstance(pid, int) or pid <= 0:
        return False
    if pid == os.getpid():
        return runner != this_process()
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, another user's
        return False
    return False
