"""Extraction in worker processes, so a file's parse never costs the server its memory or its loop.

A reader holds a whole parse in memory (python-docx's XML tree of a long document, a PDF's
objects) and runs in C for seconds at a time; in the server's process that memory stays with
the process after the file is read (the allocator keeps it), and its time is taken from the
event loop. In a process of its own the parse has a memory limit (RLIMIT_AS: past it an
allocation fails and the file fails with the reason), a time limit the process is killed at
(past the readers' own stop at `seconds`, for a parser stuck in one call), and what it used
is the system's again when it is done.

Workers are started once and kept (their imports take a second), at most `workers` at a time;
one that grew large reading a file exits after replying and the next request starts a new one.

Protocol, one JSON line each way: request {"path", "mime_type", "output", "limits"}; reply
{"ok": true} once the extraction is written to `output` (stored.py), or {"ok": false,
"reason": ...}. Run as `python -m holmes_backend.extraction.worker`.
"""

import atexit
import contextlib
import ctypes
import ctypes.util
import gc
import json
import os
import resource
import selectors
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import anyio.to_thread

from holmes_backend.extraction import failure, read
from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.limits import MIB, ExtractionLimits
from holmes_backend.extraction.stored import write_lines

# Past the readers' own stop at `seconds`, how long a worker may take to reply before it is
# killed: a parse that cannot stop (one long call into lxml or pypdf) ends here.
GRACE_SECONDS = 10.0
# A worker whose resident memory stays this far above what it started with, once a file is
# done and freed memory handed back, exits: the next file gets a fresh process.
RECYCLE_ABOVE_BYTES = 256 * MIB
# How close to its memory ceiling a worker must have come for a failure to be put down to it.
_CEILING_MARGIN_BYTES = 16 * MIB


# ---- the worker process ----------------------------------------------------------------------


def _memory() -> tuple[int, int, int] | None:
    """The process's address space, its peak, and its resident memory, in bytes (Linux)."""
    try:
        with open("/proc/self/status") as status:
            fields = dict(line.split(":", 1) for line in status if ":" in line)
        size, peak, resident = (
            int(fields[name].split()[0]) * 1024 for name in ("VmSize", "VmPeak", "VmRSS")
        )
    except (OSError, KeyError, ValueError):
        return None  # elsewhere: no memory limit (RLIMIT_AS is not kept on macOS anyway)
    return size, peak, resident


def _trim() -> None:
    """Hands memory glibc keeps after a large parse back to the system (no-op elsewhere)."""
    libc = ctypes.util.find_library("c")
    if libc is not None:
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(libc).malloc_trim(0)


def _out_of_memory(limits: ExtractionLimits) -> dict[str, Any]:
    return {
        "ok": False,
        "reason": f"reading it needs more than {limits.memory_bytes / MIB:,.0f} MiB of memory "
        "(the extraction limit)",
        # Whatever failed to allocate may have left its library in a bad state.
        "retire": True,
    }


def _serve(request: dict[str, Any], address_space: int | None) -> dict[str, Any]:
    limits = ExtractionLimits.from_json(request["limits"])
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    ceiling = None
    if address_space is not None:
        # Counted from what the worker held before its first file: the interpreter and its
        # imports reserve far more address space than they touch.
        ceiling = address_space + limits.memory_bytes
        if hard != resource.RLIM_INFINITY:
            ceiling = min(ceiling, hard)
        resource.setrlimit(resource.RLIMIT_AS, (ceiling, hard))
    try:
        extraction = read(Path(request["path"]), request["mime_type"], limits)
        with open(request["output"], "wb") as out:
            write_lines(extraction, out)
        del extraction
        return {"ok": True}
    except ExtractionError as exc:
        # A parser out of memory often says something else (lxml: "XPathEvalError: unknown
        # error"); the address space at its ceiling says what it was. A worker that reached it
        # retires, so the peak always belongs to the file at hand.
        memory = _memory()
        if ceiling is not None and memory and memory[1] >= ceiling - _CEILING_MARGIN_BYTES:
            return _out_of_memory(limits)
        return {"ok": False, "reason": exc.reason}
    except MemoryError:
        return _out_of_memory(limits)
    except OSError as exc:  # writing the extraction (a full disk)
        return {"ok": False, "reason": f"its extraction could not be written ({exc})"}
    finally:
        if ceiling is not None:
            resource.setrlimit(resource.RLIMIT_AS, (hard, hard))


def main() -> None:
    # Replies go to the pipe the parent reads; anything a parser prints goes to stderr instead.
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "wb", buffering=0)
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    gc.collect()
    started = _memory()
    try:
        for line in sys.stdin.buffer:
            reply = _serve(json.loads(line), started[0] if started else None)
            gc.collect()
            _trim()
            now = _memory()
            if started and now and now[2] > started[2] + RECYCLE_ABOVE_BYTES:
                reply["retire"] = True
            replies.write(json.dumps(reply).encode() + b"\n")
            if reply.get("retire"):
                return
    except (KeyboardInterrupt, BrokenPipeError):
        return  # the server is stopping


# ---- the server's side -----------------------------------------------------------------------


class WorkerDied(Exception):
    """The worker ended without replying; `delivered` says whether it had the request."""

    def __init__(self, ending: str, *, delivered: bool) -> None:
        super().__init__(ending)
        self.delivered = delivered


class _Worker:
    def __init__(self) -> None:
        # The same interpreter and environment as the server, so the same code and settings.
        self.process = subprocess.Popen(
            [sys.executable, "-m", "holmes_backend.extraction.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self.retired = False

    def ask(self, request: dict[str, Any], timeout: float) -> dict[str, Any]:
        """The worker's reply; WorkerDied when it ended without one, TimeoutError (the worker
        killed) when none came within `timeout` seconds."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None
        assert stdout is not None
        try:
            stdin.write(json.dumps(request).encode() + b"\n")
            stdin.flush()
        except BrokenPipeError:
            self.retired = True
            raise WorkerDied(self._ending(), delivered=False) from None
        with selectors.DefaultSelector() as selector:
            selector.register(stdout, selectors.EVENT_READ)
            if not selector.select(timeout):
                self.kill()
                raise TimeoutError
        # A reply is one short line written at once: readable means all of it is there.
        line = stdout.readline()
        if not line:
            self.retired = True
            raise WorkerDied(self._ending(), delivered=True)
        reply: dict[str, Any] = json.loads(line)
        self.retired = bool(reply.get("retire"))
        if self.retired:
            self.close()
        return reply

    def _ending(self) -> str:
        code = self.process.wait()
        return f"signal {-code}" if code < 0 else f"exit status {code}"

    def kill(self) -> None:
        self.retired = True
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        self.process.wait()

    def close(self) -> None:
        """Ends the worker: it reads the end of its input and exits."""
        self.retired = True
        if self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.kill()


class WorkerPool:
    """Up to `size` worker processes, started when first needed and kept while they are sound."""

    def __init__(self) -> None:
        self.size = 2
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._changed = threading.Condition()

    def run(self, request: dict[str, Any], timeout: float) -> dict[str, Any]:
        try:
            return self._run_once(request, timeout)
        except WorkerDied as exc:
            if exc.delivered:
                raise
        # An idle worker had gone (killed from outside) before it got the request.
        return self._run_once(request, timeout)

    def _run_once(self, request: dict[str, Any], timeout: float) -> dict[str, Any]:
        worker = self._acquire()
        try:
            return worker.ask(request, timeout)
        finally:
            self._release(worker)

    def _acquire(self) -> _Worker:
        with self._changed:
            self._changed.wait_for(lambda: len(self._busy) < self.size)
            while self._idle:
                worker = self._idle.pop()
                if worker.process.poll() is None:
                    break
            else:
                worker = _Worker()
            self._busy.add(worker)
            return worker

    def _release(self, worker: _Worker) -> None:
        with self._changed:
            self._busy.discard(worker)
            if not worker.retired:
                self._idle.append(worker)
            self._changed.notify()

    def close(self) -> None:
        with self._changed:
            workers, self._idle = self._idle, []
            busy = list(self._busy)
        for worker in workers:
            worker.close()
        for worker in busy:
            worker.kill()

    @property
    def processes(self) -> list[int]:
        """The worker processes' ids (for measuring them)."""
        with self._changed:
            return [w.process.pid for w in (*self._idle, *self._busy)]


POOL = WorkerPool()
atexit.register(POOL.close)


def _extract_in_worker(path: Path, mime_type: str, output: Path, limits: ExtractionLimits) -> None:
    request = {
        "path": str(path),
        "mime_type": mime_type,
        "output": str(output),
        "limits": limits.to_json(),
    }
    started = time.monotonic()
    try:
        reply = POOL.run(request, limits.seconds + GRACE_SECONDS)
    except TimeoutError:
        waited = time.monotonic() - started
        raise ExtractionError(
            f"reading it took longer than {waited:,.0f} s (the extraction time limit is "
            f"{limits.seconds:g} s); it was stopped"
        ) from None
    except WorkerDied as exc:
        raise ExtractionError(
            f"the process reading it ended unexpectedly ({exc}); the file may be damaged, or "
            f"need more than {limits.memory_bytes / MIB:,.0f} MiB of memory to read"
        ) from None
    if not reply["ok"]:
        raise ExtractionError(reply["reason"])


async def extract_isolated(
    path: Path,
    mime_type: str,
    filename: str,
    *,
    output: Path,
    limits: ExtractionLimits,
    workers: int = 2,
) -> None:
    """Reads one evidence file in a worker process, which writes its extraction to `output`
    as lines (stored.py); raises ExtractionError naming `filename` when the file cannot be
    read within `limits`."""
    POOL.size = max(1, workers)
    try:
        # Abandoned when cancelled: the worker finishes the file (within the limits) or is
        # killed at the time limit, and goes back to the pool by itself.
        await anyio.to_thread.run_sync(
            _extract_in_worker, path, mime_type, output, limits, abandon_on_cancel=True
        )
    except ExtractionError as exc:
        raise failure(exc.reason, path, filename) from None


if __name__ == "__main__":
    main()
