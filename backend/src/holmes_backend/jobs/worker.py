"""A worker: takes jobs from procrastinate's queue on PostgreSQL and runs them.

`python -m holmes_backend worker` runs one as a process of its own (as many as the load needs,
on as many machines); a serving process may run one beside the API (`serve_worker_concurrency`).
Each worker's heartbeat tells the others it is alive; every worker puts back in the queue the jobs
of one silent for `worker_stalled_seconds` (killed, or its machine gone), and the next free
worker resumes them from their last completed phase. On SIGTERM a worker takes no new job, lets
its jobs run for `worker_shutdown_grace_seconds`, then stops them: each stays at its last
completed phase and is queued again for another worker."""

import asyncio
import contextlib
import logging
import os
import socket
import time
from pathlib import Path

import procrastinate

from holmes_backend.config import Settings
from holmes_backend.jobs.queue import retry_stalled
from holmes_backend.jobs.tasks import RUNTIME, register_tasks
from holmes_backend.runtime import Runtime

logger = logging.getLogger(__name__)


async def work(runtime: Runtime, *, concurrency: int, install_signal_handlers: bool) -> None:
    """Runs a worker on the runtime's queue until it is stopped (a signal, or cancelled)."""
    app = runtime.job_app
    if app is None:
        raise RuntimeError("workers take jobs from PostgreSQL; SQLite runs them in-process")
    settings = runtime.settings
    register_tasks(app)
    watching = asyncio.create_task(_put_back_stalled(app, settings), name="stalled-jobs")
    try:
        await app.run_worker_async(
            name=f"{socket.gethostname()}-{os.getpid()}",
            concurrency=concurrency,
            additional_context={RUNTIME: runtime},
            shutdown_graceful_timeout=settings.worker_shutdown_grace_seconds,
            update_heartbeat_interval=settings.worker_heartbeat_seconds,
            stalled_worker_timeout=settings.worker_stalled_seconds,
            install_signal_handlers=install_signal_handlers,
            # A job's record stays (its status is Holmes's own); finished ones are not needed.
            delete_jobs="successful",
        )
    finally:
        watching.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watching


async def _put_back_stalled(app: procrastinate.App, settings: Settings) -> None:
    while True:
        await asyncio.sleep(settings.worker_heartbeat_seconds)
        try:
            await retry_stalled(app, silent_seconds=settings.worker_stalled_seconds)
        except Exception:  # the database was unreachable: the next round looks again
            logger.warning("looking for stalled jobs failed", exc_info=True)


async def run_worker(settings: Settings, *, concurrency: int, health_port: int | None) -> None:
    """The worker process: its own runtime, a liveness file and health port if asked for."""
    runtime = Runtime.create(settings)
    await runtime.start(listen=False)
    alive = _Liveness(settings.worker_liveness_file, settings.worker_heartbeat_seconds)
    side = [asyncio.create_task(alive.run(), name="liveness")]
    if health_port is not None:
        server = await asyncio.start_server(alive.answer, "0.0.0.0", health_port)  # noqa: S104
        side.append(asyncio.create_task(server.serve_forever(), name="health"))
    try:
        await work(runtime, concurrency=concurrency, install_signal_handlers=True)
    finally:
        for task in side:
            task.cancel()
        await asyncio.gather(*side, return_exceptions=True)
        alive.remove()
        await runtime.close()


class _Liveness:
    """Says the worker's loop is alive: touches a file, answers GET on the health port (200 while
    the loop has turned within a few heartbeats, 503 otherwise)."""

    def __init__(self, path: Path | None, every: float) -> None:
        self.path = path
        self.every = every
        self.last = time.monotonic()

    async def run(self) -> None:
        while True:
            self.last = time.monotonic()
            if self.path is not None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.path.touch()
            await asyncio.sleep(self.every)

    def remove(self) -> None:
        if self.path is not None:
            self.path.unlink(missing_ok=True)

    async def answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError, asyncio.IncompleteReadError, TimeoutError):
            await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
            alive = time.monotonic() - self.last < 3 * self.every
            status, body = ("200 OK", b"alive\n") if alive else ("503 Service Unavailable", b"")
            writer.write(
                f"HTTP/1.1 {status}\r\nContent-Length: {len(body)}\r\n"
                "Content-Type: text/plain\r\nConnection: close\r\n\r\n".encode()
                + body
            )
            await writer.drain()
        writer.close()
