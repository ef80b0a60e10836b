"""Extraction in worker processes, so a file's parse never costs the server its memory or its loop.

A reader holds a whole parse in memory (python-docx's XML tree of a long document, a PDF's
objects) and runs in C for seconds at a time; in the server's process that memory stays with
the process after the file is read (the allocator keeps it), and its time is taken from the
event loop. In a process of its own the parse has a memory limit (RLIMIT_AS: past it an
allocation fails and the file fails with the reason), a time limit the process is killed at
(past the readers' own stop at `seconds`, for a parser stuck in one call), and what it used
is the system's again when it is done.

The workers are a pool (holmes_backend.workers) of at most `workers` processes, kept between
files; one that grew large reading a file exits after replying.

Protocol, one JSON line each way: request {"path", "mime_type", "output", "limits"}; reply
{"ok": true} once the extraction is written to `output` (stored.py), or {"ok": false,
"reason": ...}. Run as `python -m holmes_backend.extraction.worker`.
"""

import atexit
import resource
import time
from pathlib import Path
from typing import Any

import anyio.to_thread

from holmes_backend.extraction import failure, read
from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.limits import MIB, ExtractionLimits
from holmes_backend.extraction.stored import write_lines
from holmes_backend.workers import WorkerDied, WorkerPool, memory, serve

# Past the readers' own stop at `seconds`, how long a worker may take to reply before it is
# killed: a parse that cannot stop (one long call into lxml or pypdf) ends here.
GRACE_SECONDS = 10.0
# How close to its memory ceiling a worker must have come for a failure to be put down to it.
_CEILING_MARGIN_BYTES = 16 * MIB


# ---- the worker process ----------------------------------------------------------------------


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
        figures = memory()
        if ceiling is not None and figures and figures[1] >= ceiling - _CEILING_MARGIN_BYTES:
            return _out_of_memory(limits)
        return {"ok": False, "reason": exc.reason}
    except MemoryError:
        return _out_of_memory(limits)
    except (OSError, ValueError) as exc:  # writing the extraction (a full disk, bad text)
        return {"ok": False, "reason": f"its extraction could not be written ({exc})"}
    finally:
        if ceiling is not None:
            resource.setrlimit(resource.RLIMIT_AS, (hard, hard))


def main() -> None:
    # Counted from what the worker held before its first file: the interpreter and its imports
    # reserve far more address space than they touch.
    started = memory()
    address_space = started[0] if started else None
    serve(lambda request: _serve(request, address_space))


# ---- the server's side -----------------------------------------------------------------------


POOL = WorkerPool("holmes_backend.extraction.worker")
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
