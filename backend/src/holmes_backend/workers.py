"""Worker processes that do heavy work for the server and give its memory back when done.

Work that builds large structures in Python (a parse's XML tree, a spreadsheet's facts) leaves
the server's process holding that memory after it is freed: the allocators keep what they got,
and a few surviving objects pin whole arenas. In a process of its own the work's memory is the
system's again when the process ends, and its CPU is not taken from the server's event loop.

Workers are started once and kept (their imports take a second or two), at most `size` at a
time; one whose resident memory stays `recycle_above` bytes over what it started with, once its
request is done and freed memory handed back, exits after replying, and the next request starts
a new one.

Protocol, one JSON line each way: the request as the handler takes it; its reply, a JSON object,
with "retire": true added when the worker exits after it. A worker is a module whose `main()`
calls `serve(handler)`; `WorkerPool("package.module")` runs it with the server's interpreter.
"""

import contextlib
import ctypes
import ctypes.util
import gc
import json
import os
import selectors
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

MIB = 1024 * 1024
RECYCLE_ABOVE_BYTES = 256 * MIB

Handler = Callable[[dict[str, Any]], dict[str, Any]]


# ---- the worker process ----------------------------------------------------------------------


def memory() -> tuple[int, int, int] | None:
    """The process's address space, its peak, and its resident memory, in bytes (Linux)."""
    try:
        with open("/proc/self/status") as status:
            fields = dict(line.split(":", 1) for line in status if ":" in line)
        size, peak, resident = (
            int(fields[name].split()[0]) * 1024 for name in ("VmSize", "VmPeak", "VmRSS")
        )
    except (OSError, KeyError, ValueError):
        return None  # elsewhere: no figures, so no recycling and no memory limit
    return size, peak, resident


def _libc() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name) if name is not None else None
    except OSError:
        return None


def _trim() -> None:
    """Hands memory glibc keeps after large work back to the system (no-op elsewhere)."""
    libc = _libc()
    if libc is not None:
        with contextlib.suppress(AttributeError):
            libc.malloc_trim(0)


# glibc's mallopt parameters (malloc.h).
_M_MMAP_THRESHOLD = -3
_M_ARENA_MAX = -8


def keep_memory_returnable() -> None:
    """Makes the server's freed memory go back to the system rather than stay with it.

    Called once at start, before any thread. glibc raises its mmap threshold to the largest
    block freed (up to 32 MiB), after which a case's multi-megabyte evidence strings are carved
    from the heap, which then cannot shrink past whatever small object was placed after them;
    and it gives each thread an arena of its own (8 per core). A fixed 128 KiB threshold and two
    arenas: four 1M-row CSVs in a row left the server 278, 292, 303 MB (idle 193) instead of
    319, 336, 382 MB (measured, extraction cache off). No-op off glibc."""
    libc = _libc()
    if libc is not None:
        with contextlib.suppress(AttributeError):
            libc.mallopt(_M_MMAP_THRESHOLD, 128 * 1024)
            libc.mallopt(_M_ARENA_MAX, 2)


def serve(handler: Handler, *, recycle_above: int = RECYCLE_ABOVE_BYTES) -> None:
    """Answers requests from stdin on stdout until the input ends or the worker retires."""
    # Replies go to the pipe the server reads; anything a library prints goes to stderr instead.
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "wb", buffering=0)
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    gc.collect()
    started = memory()
    try:
        for line in sys.stdin.buffer:
            reply = handler(json.loads(line))
            gc.collect()
            _trim()
            now = memory()
            if started and now and now[2] > started[2] + recycle_above:
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
    def __init__(self, module: str) -> None:
        # The same interpreter and environment as the server, so the same code and settings.
        self.process = subprocess.Popen(  # noqa: S603 - one of our modules, not input
            [sys.executable, "-m", module], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self.retired = False

    def ask(self, request: dict[str, Any], timeout: float | None) -> dict[str, Any]:
        """The worker's reply; WorkerDied when it ended without one, TimeoutError (the worker
        killed) when none began within `timeout` seconds (None: no limit)."""
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
        # The reply is written at once, as one line: a reader blocks only while it arrives.
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
    """Up to `size` processes running `module`, started when first needed and kept while sound.

    `run` blocks its thread until a worker is free and has replied: call it from a worker
    thread, never from the event loop."""

    def __init__(self, module: str, size: int = 2) -> None:
        self.module = module
        self.size = size
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._changed = threading.Condition()

    def run(self, request: dict[str, Any], timeout: float | None = None) -> dict[str, Any]:
        try:
            return self._run_once(request, timeout)
        except WorkerDied as exc:
            if exc.delivered:
                raise
        # An idle worker had gone (killed from outside) before it got the request.
        return self._run_once(request, timeout)

    def _run_once(self, request: dict[str, Any], timeout: float | None) -> dict[str, Any]:
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
                worker = _Worker(self.module)
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
