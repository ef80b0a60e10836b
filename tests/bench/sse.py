"""SSE fan-out benchmark (make bench): publish-to-client latency of the case event stream.

A Holmes server runs as its own process (the real app from create_app, served by uvicorn); 100
clients subscribe to GET /api/cases/{id}/events over HTTP (httpx streams, this process); then
200 events are appended to the case's log, 10 ms apart. Each event carries the wall-clock time it
was published (taken just before it is written); each client notes when it parsed the event, so
a sample is: append + commit + wake-up + the stream's read of the log + SSE + client parse.

Scenarios:
  sqlite-in-process     SQLite (the default). The event is appended inside the server process, on
                        its own event loop, the way the pipeline's emit() does it: the server
                        gets two bench-only routes (publish, subscriber count) added to its app.
                        A SQLite server has no cross-process wake-up, so this is its only path.
  postgres-in-process   The same on PostgreSQL (a throwaway database): the local hub wakes the
                        streams at commit, and the NOTIFY comes back through the listener too.
  postgres-cross-process  The events are appended by another process (as a separate worker
                        would): only PostgreSQL's NOTIFY → the server's LISTEN wakes the streams.

The PostgreSQL scenarios use the test suite's server (HOLMES_TEST_PG_URL, else 127.0.0.1:5432 as
postgres, else a throwaway cluster); each creates and drops its own database.
"""

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psutil
import uvicorn
from fastapi import FastAPI, Request
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from holmes_backend.config import Settings
from holmes_backend.db import transaction
from holmes_backend.db.engine import create_engine, create_session_factory
from holmes_backend.events import log as event_service
from holmes_backend.events.hub import EventHub
from holmes_backend.main import create_app
from holmes_backend.runtime import Runtime
from holmes_shared.events import EventType
from tests.bench.pipeline import holmes_server, signed_up_client
from tests.support import (
    REPO_ROOT,
    create_pg_database,
    drop_pg_database,
    postgres_admin_url,
    read_sse,
    stop_started_postgres,
)

TARGET_P95_MS = 50.0
# Under /api: once the UI is built, it answers every other path.
PUBLISH = "/api/__bench/publish"
SUBSCRIBERS = "/api/__bench/subscribers"


# --- the publishing side --------------------------------------------------------------------------


async def publish(
    session_factory: async_sessionmaker[AsyncSession],
    hub: EventHub,
    case_id: uuid.UUID,
    run: str,
    count: int,
    interval: float,
) -> float:
    """Append `count` events to the case log, `interval` apart, as emit() does; their seconds."""
    started = time.perf_counter()
    for seq in range(count):
        async with session_factory() as session:
            await event_service.record(
                session,
                hub=hub,
                case_id=case_id,
                # The bench's marks ride in a typed payload's free text.
                type=EventType.THINKING_UPDATE,
                payload={
                    "thinking_summary": json.dumps({"bench": run, "seq": seq, "ts": time.time()})
                },
                agent_id="bench",
                agent_type="ORCHESTRATOR",
            )
            await transaction.commit(session)
        if interval:
            await asyncio.sleep(interval)
    return time.perf_counter() - started


def bench_app() -> FastAPI:
    """The Holmes app on the environment's settings, plus the two bench-only routes."""
    app = create_app(Settings())

    async def publish_route(request: Request) -> dict[str, Any]:
        body = await request.json()
        runtime: Runtime = request.app.state.runtime
        seconds = await publish(
            runtime.session_factory,
            runtime.hub,
            uuid.UUID(body["case_id"]),
            body["run"],
            int(body["count"]),
            float(body["interval"]),
        )
        return {"published": body["count"], "seconds": seconds}

    async def subscribers_route(request: Request, case_id: uuid.UUID) -> dict[str, int]:
        runtime: Runtime = request.app.state.runtime
        return {"subscribers": runtime.hub.subscriber_count(case_id)}

    app.add_api_route(PUBLISH, publish_route, methods=["POST"], include_in_schema=False)
    app.add_api_route(SUBSCRIBERS, subscribers_route, methods=["GET"], include_in_schema=False)
    return app


def serve() -> None:
    settings = Settings()
    uvicorn.run(bench_app(), host=settings.host, port=settings.port, log_level="warning")


async def publish_from_here(
    database_url: str, case_id: uuid.UUID, run: str, count: int, interval: float
) -> float:
    """Publish from a process of its own: no subscriber here, only the NOTIFY reaches them."""
    engine = create_engine(Settings(database_url=database_url))
    factory = create_session_factory(engine)
    try:
        hub = EventHub(*event_service.hub_reader(factory))
        return await publish(factory, hub, case_id, run, count, interval)
    finally:
        await engine.dispose()


# --- the subscribing side -------------------------------------------------------------------------


@dataclass
class Subscriber:
    latencies_ms: dict[int, float] = field(default_factory=dict)
    error: str | None = None


async def subscribe(
    client: httpx.AsyncClient, case_id: str, run: str, count: int, into: Subscriber
) -> None:
    """Read the case's stream until all `count` events of this run have arrived."""
    try:
        async with client.stream("GET", f"/api/cases/{case_id}/events") as response:
            response.raise_for_status()
            lines: AsyncIterator[str] = response.aiter_lines()
            while len(into.latencies_ms) < count:
                events = await read_sse(lines, 1)
                if not events:
                    into.error = "stream ended"
                    return
                received = time.time()
                text = json.loads(events[0].data)["payload"].get("thinking_summary") or "{}"
                payload = json.loads(text)
                if payload.get("bench") == run:
                    into.latencies_ms[payload["seq"]] = (received - payload["ts"]) * 1000
    except (httpx.HTTPError, ValueError, KeyError) as exc:
        into.error = f"{type(exc).__name__}: {exc}"


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _summary(samples: list[float]) -> dict[str, float]:
    return {
        "p50": round(statistics.median(samples), 2),
        "p95": round(_percentile(samples, 0.95), 2),
        "p99": round(_percentile(samples, 0.99), 2),
        "max": round(max(samples), 2),
        "mean": round(statistics.fmean(samples), 2),
    }


def _cpu_seconds(process: psutil.Process) -> float:
    times = process.cpu_times()
    return times.user + times.system


async def measure(
    base_url: str,
    server_pid: int,
    token: str,
    case_id: str,
    *,
    subscribers: int,
    count: int,
    interval: float,
    cross_process_url: str | None,
) -> dict[str, Any]:
    run = uuid.uuid4().hex[:8]
    limits = httpx.Limits(max_connections=subscribers + 10, max_keepalive_connections=10)
    timeout = httpx.Timeout(60.0, read=120.0)
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(
        base_url=base_url, headers=headers, limits=limits, timeout=timeout
    ) as client:
        readers = [Subscriber() for _ in range(subscribers)]
        tasks = [
            asyncio.create_task(subscribe(client, case_id, run, count, reader))
            for reader in readers
        ]
        # Publish only once every stream is subscribed on the server.
        deadline = time.monotonic() + 60
        while True:
            response = await client.get(SUBSCRIBERS, params={"case_id": case_id})
            if response.json()["subscribers"] >= subscribers:
                break
            assert time.monotonic() < deadline, f"only {response.json()} subscribed"
            await asyncio.sleep(0.05)
        server, client_process = psutil.Process(server_pid), psutil.Process()
        server_cpu, client_cpu = _cpu_seconds(server), _cpu_seconds(client_process)
        started = time.perf_counter()
        if cross_process_url is None:
            response = await client.post(
                PUBLISH,
                json={"case_id": case_id, "run": run, "count": count, "interval": interval},
                timeout=600,
            )
            response.raise_for_status()
            publish_seconds = float(response.json()["seconds"])
        else:
            publish_seconds = await _publish_in_subprocess(
                cross_process_url, case_id, run, count, interval
            )
        _, pending = await asyncio.wait(tasks, timeout=60)
        for task in pending:
            task.cancel()
        delivered_seconds = time.perf_counter() - started
        server_cpu = _cpu_seconds(server) - server_cpu
        client_cpu = _cpu_seconds(client_process) - client_cpu
    samples = [ms for reader in readers for ms in reader.latencies_ms.values()]
    worst_per_event = [
        max(reader.latencies_ms[seq] for reader in readers if seq in reader.latencies_ms)
        for seq in range(count)
        if any(seq in reader.latencies_ms for reader in readers)
    ]
    summary = _summary(samples) if samples else {}
    return {
        "subscribers": subscribers,
        "events": count,
        "publish_interval_seconds": interval,
        "publish_seconds": round(publish_seconds, 3),
        "all_delivered_seconds": round(delivered_seconds, 3),
        # CPU spent from the first publish to the last delivery: the server's, and this process'
        # (the 100 clients parsing the streams).
        "server_cpu_seconds": round(server_cpu, 2),
        "server_cpu_ms_per_delivery": round(server_cpu * 1000 / max(1, len(samples)), 3),
        "client_cpu_seconds": round(client_cpu, 2),
        "deliveries": len(samples),
        "deliveries_expected": subscribers * count,
        "subscriber_errors": [r.error for r in readers if r.error][:5],
        "subscribers_incomplete": len(pending),
        "latency_ms": summary,
        "latency_ms_slowest_subscriber_per_event": _summary(worst_per_event)
        if worst_per_event
        else {},
        "meets_p95_target": bool(summary) and summary["p95"] < TARGET_P95_MS,
    }


async def _publish_in_subprocess(
    database_url: str, case_id: str, run: str, count: int, interval: float
) -> float:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.bench.sse",
        "--publish",
        json.dumps(
            {
                "database_url": database_url,
                "case_id": case_id,
                "run": run,
                "count": count,
                "interval": interval,
            }
        ),
        cwd=REPO_ROOT,
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await process.communicate()
    assert process.returncode == 0, "the publishing process failed"
    return float(out.decode().strip().splitlines()[-1])


# --- scenarios ------------------------------------------------------------------------------------


def scenario(
    name: str, database_url: str | None, args: argparse.Namespace, *, cross_process: bool
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="holmes-bench-sse-") as tmp:
        env = {"HOLMES_LLM_PROVIDER": "local"}
        if database_url is not None:
            env["DATABASE_URL"] = database_url
        command = [sys.executable, "-m", "tests.bench.sse", "--serve"]
        with (
            holmes_server(Path(tmp), env, command) as server,
            signed_up_client(server.base_url) as client,
        ):
            token = client.headers["Authorization"].removeprefix("Bearer ")
            case_id = client.post("/api/cases", json={"name": "sse"}).raise_for_status().json()
            result = asyncio.run(
                measure(
                    server.base_url,
                    server.pid,
                    token,
                    case_id["id"],
                    subscribers=args.subscribers,
                    count=args.events,
                    interval=args.interval,
                    cross_process_url=database_url if cross_process else None,
                )
            )
    return {"scenario": name, **result}


def _print(result: dict[str, Any]) -> None:
    latency = result.get("latency_ms") or {}
    print(
        f"{result['scenario']}: {result['deliveries']}/{result['deliveries_expected']} delivered; "
        f"latency p50 {latency.get('p50')} ms, p95 {latency.get('p95')} ms, "
        f"max {latency.get('max')} ms (target p95 < {TARGET_P95_MS} ms)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--subscribers", type=int, default=100)
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--interval", type=float, default=0.01, help="seconds between events")
    parser.add_argument("--skip-postgres", action="store_true")
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench-output" / "sse.json")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--publish", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve()
        return
    if args.publish:
        spec = json.loads(args.publish)
        seconds = asyncio.run(
            publish_from_here(
                spec["database_url"],
                uuid.UUID(spec["case_id"]),
                spec["run"],
                spec["count"],
                spec["interval"],
            )
        )
        print(seconds)
        return

    results = [scenario("sqlite-in-process", None, args, cross_process=False)]
    _print(results[-1])
    skipped: dict[str, str] = {}
    try:
        postgres_admin_url()
    except RuntimeError as exc:  # no PostgreSQL to be had
        skipped["postgres"] = str(exc)
    if args.skip_postgres:
        skipped["postgres"] = "--skip-postgres"
    try:
        for name, cross in (("postgres-in-process", False), ("postgres-cross-process", True)):
            if "postgres" in skipped:
                break
            database_url = asyncio.run(create_pg_database())
            try:
                results.append(scenario(name, database_url, args, cross_process=cross))
            finally:
                asyncio.run(drop_pg_database(database_url))
            _print(results[-1])
    finally:
        stop_started_postgres()
    output: dict[str, Any] = {
        "python": sys.version.split()[0],
        "cpu_count": os.cpu_count(),
        "results": results,
        "skipped": skipped,
        "targets": {"latency_p95_ms": f"< {TARGET_P95_MS}"},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(output, indent=2) + "\n")
    print(json.dumps(output, indent=2))


if __name__ == "__main__":
    main()
