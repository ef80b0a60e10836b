"""Worker scaling benchmark (make bench): does adding workers add processing capacity?

PostgreSQL as deployed: one API process running no jobs, and worker processes (each running one
job at a time) on one database. 20 cases of 15 synthetic files each are queued at once and
processed by 1 worker, then (a fresh database) by 4; the fake Gemini server answers every model
call after 2 s. Throughput is cases per second from the first POST /process to the last job's
end; the figure held to its target is throughput(4) / throughput(1) >= 3.2. Each worker first
runs a one-file warm-up case (its first job pays the agent framework's imports), untimed.

    python -m tests.bench.workers [--cases 20] [--files 15] [--latency 2] [--workers 1 4]
"""

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from tests.bench.pipeline import new_case
from tests.bench.server import signed_up_client
from tests.fake_gemini import FakeGemini
from tests.gemini_support import FLASH_MODEL, PRO_MODEL
from tests.jobs.cluster import cluster
from tests.support import serve_app

API_KEY = "bench-key"
TARGET_RATIO = 3.2
DONE = {"READY", "PARTIAL", "ERROR"}


def _wait_done(client: httpx.Client, case_ids: list[str], timeout: float) -> dict[str, str]:
    deadline = time.monotonic() + timeout
    statuses: dict[str, str] = {}
    while len(statuses) < len(case_ids):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{len(case_ids) - len(statuses)} jobs still running")
        for case_id in case_ids:
            if case_id not in statuses:
                job = client.get(f"/api/cases/{case_id}/process/status").json()["job"]
                if job["status"] in DONE:
                    statuses[case_id] = job["status"]
        time.sleep(0.25)
    return statuses


def run(workers: int, cases: int, files: int, latency: float) -> dict[str, Any]:
    fake = FakeGemini(api_key=API_KEY, latency=latency)
    with (
        serve_app(fake.app) as fake_url,
        tempfile.TemporaryDirectory(prefix="holmes-bench-workers-") as tmp,
    ):
        env = {
            "HOLMES_LLM_PROVIDER": "gemini",
            "GEMINI_API_KEY": API_KEY,
            "HOLMES_GEMINI_BASE_URL": fake_url,
            "GEMINI_PRO_MODEL": PRO_MODEL,
            "GEMINI_FLASH_MODEL": FLASH_MODEL,
        }
        with cluster(Path(tmp) / "data", env) as running:
            (api,) = running.start_apis(1)
            with signed_up_client(api) as client:
                warm = [
                    new_case(client, f"warm {i}", Path(tmp) / f"warm-{i}", 1, 100 + i)
                    for i in range(workers)
                ]
                case_ids = [
                    new_case(client, f"case {i}", Path(tmp) / f"case-{i}", files, 7)
                    for i in range(cases)
                ]
                running.start_workers(workers, concurrency=1)
                for case_id in warm:
                    client.post(f"/api/cases/{case_id}/process").raise_for_status()
                _wait_done(client, warm, 600)
                calls_before = len(fake.requests)
                started = time.monotonic()
                for case_id in case_ids:
                    client.post(f"/api/cases/{case_id}/process").raise_for_status()
                statuses = _wait_done(client, case_ids, 3600)
                seconds = time.monotonic() - started
                calls = len(fake.requests) - calls_before
    return {
        "workers": workers,
        "cases": cases,
        "files_per_case": files,
        "fake_latency_seconds": latency,
        "seconds": round(seconds, 1),
        "cases_per_minute": round(60 * cases / seconds, 2),
        "model_calls": calls,
        "statuses": dict(Counter(statuses.values())),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=20)
    parser.add_argument("--files", type=int, default=15)
    parser.add_argument("--latency", type=float, default=2.0)
    parser.add_argument("--workers", type=int, nargs=2, default=[1, 4])
    args = parser.parse_args()
    one, many = (run(n, args.cases, args.files, args.latency) for n in args.workers)
    ratio = many["cases_per_minute"] / one["cases_per_minute"]
    report = {
        "runs": [one, many],
        "throughput_ratio": round(ratio, 2),
        "target_ratio": TARGET_RATIO,
        "meets_target": ratio >= TARGET_RATIO,
    }
    print(json.dumps({"workers": report}, indent=2))
    sys.exit(0 if report["meets_target"] else 1)


if __name__ == "__main__":
    main()
