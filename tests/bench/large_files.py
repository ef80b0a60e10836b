"""Large-file benchmark: a server's memory and responsiveness while it processes oversized evidence.

Starts `python -m holmes_backend serve` (SQLite, local storage, local analyst) on a throwaway
data dir, and while it works polls `GET /api/health` every 20 ms from a thread of this process.

- docx: a Word file of many short paragraphs (a zip of well under a megabyte that unpacks to
  hundreds of megabytes of XML), uploaded and processed once.
- csv: a CSV of many rows, uploaded to a new case and processed, `--repeats` times.

Reports, per processing run: seconds, job and file status (and the file's error), the server's
RSS before, at its peak and after (and its extraction workers' after), and the health
endpoint's latency (p50, p95, worst) while the job ran.

    uv run --frozen python -m tests.bench.large_files --paragraphs 4000000 --rows 1000000
"""

import argparse
import contextlib
import json
import statistics
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import psutil

from tests.bench.memory import RssSampler
from tests.bench.server import holmes_server, signed_up_client
from tests.extraction.builders import write_paragraph_docx

DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
_DONE = {"READY", "PARTIAL", "ERROR"}


def write_csv(path: Path, rows: int) -> None:
    with path.open("w", encoding="utf-8") as out:
        out.write("Date,Reference,Payee,Amount\n")
        for n in range(rows):
            day = f"2024-{n % 12 + 1:02d}-{n % 28 + 1:02d}"
            out.write(f"{day},TX{n:08d},Payee {n % 997},{n % 9973}.{n % 100:02d}\n")


class HealthProbe(threading.Thread):
    def __init__(self, base_url: str) -> None:
        super().__init__(daemon=True)
        self.base_url = base_url
        self.latencies: list[float] = []
        self.failures = 0
        self.running = True

    def run(self) -> None:
        with httpx.Client(base_url=self.base_url, timeout=30) as client:
            while self.running:
                started = time.perf_counter()
                try:
                    client.get("/api/health").raise_for_status()
                except httpx.HTTPError:
                    self.failures += 1
                self.latencies.append(time.perf_counter() - started)
                time.sleep(0.02)

    def stop(self) -> dict[str, Any]:
        self.running = False
        self.join()
        ordered = sorted(self.latencies) or [0.0, 0.0]
        cuts = statistics.quantiles(ordered, n=20)  # 5% steps: cuts[9] the median, cuts[18] p95
        return {
            "probes": len(self.latencies),
            "failures": self.failures,
            "p50_ms": round(cuts[9] * 1000, 1),
            "p95_ms": round(cuts[18] * 1000, 1),
            "max_ms": round(ordered[-1] * 1000, 1),
        }


@contextmanager
def watched(base_url: str, pid: int, settle: float) -> Iterator[dict[str, Any]]:
    result: dict[str, Any] = {}
    sampler = RssSampler(pid)
    probe = HealthProbe(base_url)
    sampler.start()
    probe.start()
    started = time.monotonic()
    try:
        yield result
    finally:
        result["seconds"] = round(time.monotonic() - started, 1)
        result["health"] = probe.stop()
        time.sleep(settle)  # what is freed late (a worker's exit, a collection) counts as freed
        sampler.stop()
        server = psutil.Process(pid)
        result["rss_mb"] = {
            "before": sampler.baseline // 2**20,
            "peak": sampler.peak // 2**20,
            "after": server.memory_info().rss // 2**20,
            # Extraction's worker processes, each on its own.
            "workers_after": [c.memory_info().rss // 2**20 for c in server.children()],
        }


def process_file(client: httpx.Client, path: Path, mime: str, timeout: float) -> dict[str, Any]:
    case_id = client.post("/api/cases", json={"name": path.name}).raise_for_status().json()["id"]
    with path.open("rb") as handle:
        client.post(
            f"/api/cases/{case_id}/files", files=[("files", (path.name, handle, mime))]
        ).raise_for_status()
    client.post(f"/api/cases/{case_id}/process").raise_for_status()
    deadline = time.monotonic() + timeout
    while True:
        status = client.get(f"/api/cases/{case_id}/process/status").json()
        if status["job"]["status"] in _DONE:
            break
        if time.monotonic() > deadline:
            return {"job": "TIMEOUT"}
        time.sleep(0.5)
    return {
        "job": status["job"]["status"],
        "job_errors": status["job"]["errors"],
        "files": [{"status": f["status"], "error": f.get("error")} for f in status["files"]],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--paragraphs", type=int, default=4_000_000)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=4)
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--skip-docx", action="store_true")
    parser.add_argument("--skip-csv", action="store_true")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds before RSS 'after'")
    parser.add_argument(
        "--env", action="append", default=[], help="NAME=VALUE for the server (limits)"
    )
    parser.add_argument("--url", help="a running server's address instead of starting one")
    parser.add_argument("--pid", type=int, help="that server's process id (for its memory)")
    args = parser.parse_args()
    report: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="holmes-bench-large-") as folder:
        root = Path(folder)
        docx_path, csv_path = root / "many-paragraphs.docx", root / "many-rows.csv"
        if not args.skip_docx:
            write_paragraph_docx(docx_path, args.paragraphs)
            report["docx_bytes"] = docx_path.stat().st_size
        if not args.skip_csv:
            write_csv(csv_path, args.rows)
            report["csv_bytes"] = csv_path.stat().st_size
        runs: list[tuple[str, Path, str]] = []
        if not args.skip_docx:
            runs.append(("docx", docx_path, DOCX))
        if not args.skip_csv:
            runs += [(f"csv#{n + 1}", csv_path, "text/csv") for n in range(args.repeats)]
        with contextlib.ExitStack() as stack:
            if args.url:
                base_url, pid = args.url, args.pid
            else:
                data_dir = root / "data"
                data_dir.mkdir()
                env = {"HOLMES_LLM_PROVIDER": "local", "HOLMES_ENVIRONMENT": "development"}
                env |= dict(item.split("=", 1) for item in args.env)
                server = stack.enter_context(holmes_server(data_dir, env))
                base_url, pid = server.base_url, server.pid
            client = stack.enter_context(signed_up_client(base_url, f"{uuid.uuid4()}@x.example"))
            report["rss_mb_idle"] = psutil.Process(pid).memory_info().rss // 2**20
            for name, path, mime in runs:
                with watched(base_url, pid, args.settle) as result:
                    result.update(process_file(client, path, mime, args.timeout))
                report[name] = result
                print(name, json.dumps(result), flush=True)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
