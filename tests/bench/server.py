"""A Holmes server in its own process for the benchmarks: `python -m holmes_backend serve` on a
throwaway data dir (SQLite, local storage), migrated first, stopped on exit."""

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.support import LLM_ENV, REPO_ROOT, free_port

# Imports alone take ~10 s on a slow, shared 2-core machine; at a load of 8 (five engineers' tests
# on it) the start-up took over 60 s twice (seen).
STARTUP_SECONDS = 150


@dataclass
class Server:
    base_url: str
    pid: int
    log: Path


# Variables that would point the server elsewhere than the bench wants (a real key, a database).
_SCRUBBED = ("DATABASE_URL", "HOLMES_DATABASE_URL", *LLM_ENV)


@contextmanager
def holmes_server(
    data_dir: Path, env_extra: dict[str, str], command: list[str] | None = None
) -> Iterator[Server]:
    """Migrate, then serve Holmes from a subprocess on a free port; stop it on exit."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in _SCRUBBED} | {
        "HOLMES_DATA_DIR": str(data_dir),
        "HOLMES_PORT": str(port),
        "HOLMES_HOST": "127.0.0.1",
        "HOLMES_STORAGE": "local",
        **env_extra,
    }
    subprocess.run(
        [sys.executable, "-m", "holmes_backend", "migrate"],
        env=env,
        cwd=REPO_ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    log = data_dir / "server.log"
    with log.open("wb") as sink:
        server = subprocess.Popen(
            command or [sys.executable, "-m", "holmes_backend", "serve"],
            env=env,
            cwd=REPO_ROOT,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(server, base, lambda: _tail(log))
        yield Server(base_url=base, pid=server.pid, log=log)
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _tail(log: Path, lines: int = 40) -> str:
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:]) if log.exists() else ""


def wait_healthy(
    process: subprocess.Popen[bytes],
    base_url: str,
    tail: Callable[[], str],
    seconds: float = STARTUP_SECONDS,
) -> None:
    """Waits until the server answers its health check; fails with its log's tail if it exits or
    does not answer within `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            httpx.get(f"{base_url}/api/health", timeout=2).raise_for_status()
            return
        except httpx.HTTPError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"server did not start:\n{tail()}") from None
            time.sleep(0.05)


def signed_up_client(base_url: str, email: str = "bench@holmes.example") -> httpx.Client:
    with httpx.Client(base_url=base_url, timeout=60) as anon:
        response = anon.post(
            "/api/auth/signup", json={"email": email, "password": "long enough password"}
        )
        response.raise_for_status()
        token = response.json()["access_token"]
    return httpx.Client(
        base_url=base_url, timeout=600, headers={"Authorization": f"Bearer {token}"}
    )
