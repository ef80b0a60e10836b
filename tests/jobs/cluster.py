"""Holmes as deployed on PostgreSQL, on one machine: API processes (`serve`, running no jobs) and
worker processes (`worker`), each its own process on one database and one storage folder."""

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import asyncpg

from holmes_backend.config import Settings
from holmes_backend.db.migrate import upgrade
from tests.bench.server import wait_healthy
from tests.support import (
    LLM_ENV,
    REPO_ROOT,
    _asyncpg_dsn,
    create_pg_database,
    drop_pg_database,
    free_port,
)

STARTUP_SECONDS = 90  # imports alone take ~10 s on a slow, shared 2-core machine


@dataclass
class Cluster:
    database_url: str
    data_dir: Path
    env: dict[str, str]
    apis: list[str] = field(default_factory=list)
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def _spawn(self, args: list[str], log: str, env: dict[str, str]) -> subprocess.Popen[bytes]:
        with (self.data_dir / log).open("ab") as sink:
            process = subprocess.Popen(
                [sys.executable, "-m", "holmes_backend", *args],
                env=env,
                cwd=REPO_ROOT,
                stdout=sink,
                stderr=subprocess.STDOUT,
            )
        self.processes.append(process)
        return process

    def start_apis(self, count: int) -> list[str]:
        started = []
        for _ in range(count):
            port = free_port()
            n = len(self.apis) + len(started)
            process = self._spawn(["serve"], f"api-{n}.log", self.env | {"HOLMES_PORT": str(port)})
            started.append((process, f"http://127.0.0.1:{port}", f"api-{n}.log"))
        for process, url, log in started:
            wait_healthy(process, url, partial(self.tail, log), STARTUP_SECONDS)
            self.apis.append(url)
        return [url for _, url, _ in started]

    def start_workers(self, count: int, concurrency: int) -> list[subprocess.Popen[bytes]]:
        started = []
        for _ in range(count):
            n = len(self.workers)
            alive = self.data_dir / f"worker-{n}.alive"
            env = self.env | {"HOLMES_WORKER_LIVENESS_FILE": str(alive)}
            process = self._spawn(
                ["worker", "--concurrency", str(concurrency)], f"worker-{n}.log", env
            )
            self.workers.append(process)
            started.append((process, alive, f"worker-{n}.log"))
        for process, alive, log in started:
            deadline = time.monotonic() + STARTUP_SECONDS
            while not alive.exists():
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"worker did not start:\n{self.tail(log)}")
                time.sleep(0.1)
        return [process for process, _, _ in started]

    def tail(self, log: str, lines: int = 40) -> str:
        text = (self.data_dir / log).read_text(errors="replace")
        return "\n".join(text.splitlines()[-lines:])

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    async def query(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        connection = await asyncpg.connect(_asyncpg_dsn(self.database_url))
        try:
            return list(await connection.fetch(sql, *args))
        finally:
            await connection.close()

    async def runners(self) -> dict[str, int]:
        """Case id -> the pid of the process its running job's runner state names."""
        rows = await self.query(
            "SELECT j.case_id, s.value FROM job_states s JOIN processing_jobs j "
            "ON j.id = s.job_id WHERE j.status = 'PROCESSING' AND s.key = 'runner'"
        )
        return {str(row["case_id"]): int(json.loads(row["value"])["pid"]) for row in rows}

    async def worker_pid_of(self, case_id: str) -> int | None:
        """The pid of the process running the case's job (its runner state), while it runs."""
        rows = await self.query(
            "SELECT s.value FROM job_states s JOIN processing_jobs j ON j.id = s.job_id "
            "WHERE j.case_id = $1 AND j.status = 'PROCESSING' AND s.key = 'runner'",
            uuid.UUID(case_id),
        )
        return int(json.loads(rows[0]["value"])["pid"]) if rows else None


@contextmanager
def cluster(data_dir: Path, env_extra: dict[str, str]) -> Iterator[Cluster]:
    """A fresh migrated PostgreSQL database and a storage folder, for processes started on it;
    every process is stopped and the database dropped on exit."""
    data_dir.mkdir(parents=True, exist_ok=True)
    database_url = asyncio.run(create_pg_database())
    asyncio.run(upgrade(Settings(database_url=database_url, environment="test")))
    env = {k: v for k, v in os.environ.items() if k not in (*LLM_ENV, "HOLMES_DATABASE_URL")}
    env |= {
        "DATABASE_URL": database_url,
        "HOLMES_DATA_DIR": str(data_dir),
        "HOLMES_STORAGE": "local",
        "HOLMES_HOST": "127.0.0.1",
        "HOLMES_ENVIRONMENT": "test",
        "HOLMES_SECRET_KEY": uuid.uuid4().hex * 2,  # one key: a token works on every API
        "HOLMES_SERVE_WORKER_CONCURRENCY": "0",  # as deployed: APIs run no jobs
        **env_extra,
    }
    running = Cluster(database_url=database_url, data_dir=data_dir, env=env)
    try:
        yield running
    finally:
        running.stop()
        asyncio.run(drop_pg_database(database_url))
