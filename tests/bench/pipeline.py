"""Pipeline benchmark (make bench): the whole processing pipeline through the real API.

Each run starts `python -m holmes_backend serve` as its own process on a throwaway data dir
(SQLite, local storage), signs up, uploads a synthetic case, warms the pipeline up on a small
case, then times POST /process until its PROCESSING_COMPLETED event reaches an event-stream client.

Gemini path: the server runs on the gemini provider, pointed at a fake Gemini served from this
process with a fixed latency per call (2 s by default: a real call takes seconds to minutes, and
what the orchestration adds is measured against that, not against a 200 ms fake); every agent
(Pro and Flash) is answered with the local analyst's real analysis of the request it was sent.
The fake times each call from request to response, so the critical path is: for each model
phase (triage, routing, the three parallel domains, strategy, synthesis, graph) its slowest call,
summed. What comes before the first model
call (extraction of every file, job bookkeeping) is measured and reported separately, and the
ratio that is held to its target is (wall - pre-model time) / critical path: what the
orchestration adds on top of the model calls themselves. The case is processed "cold" once
(fresh extraction; every answer analysed inside the fake, which adds its analysis time to the call
and blocks the fake's loop while it runs, reported separately), then "precomputed" several times
(the same case again: cached extraction, every answer served from the first pass, so a call costs
the latency alone). The median precomputed pass is the fair measure of the orchestration.

Tokens: every call's input tokens as the fake bills them (4 characters a token, the way
usageMetadata reports them) against the case's evidence tokens (every file's evidence block, read
and rendered here the way the server renders it): input tokens sent per evidence token, cached
tokens counted at their price ratio (a tenth), each context cache's tokens once at the full
price (its creation; its storage is not counted), and by agent from the execution records. With
--token-latency the fake's latency grows with the request (2 s + 1 s per 10k input tokens, a
cache's tokens included: no latency is credited to caching), so wall time shows what sending
less saves.

Local path: the same server on the local provider, on 50 and 500 files: seconds, files/s and the
server's peak RSS (psutil on the subprocess).
"""

import argparse
import contextlib
import hashlib
import itertools
import json
import os
import re
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterable
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
from pydantic import BaseModel
from starlette.requests import Request
from starlette.responses import Response

from holmes_backend.agents.domains.prompt import INSTRUCTIONS
from holmes_backend.agents.knowledge_graph.prompt import INSTRUCTION as GRAPH
from holmes_backend.agents.orchestrator.prompt import INSTRUCTION as ORCHESTRATOR
from holmes_backend.agents.pipeline import DOMAIN_SCHEMAS
from holmes_backend.agents.synthesis.prompt import INSTRUCTION as SYNTHESIS
from holmes_backend.agents.triage.prompt import INSTRUCTION as TRIAGE
from holmes_backend.contracts.agents import GraphOutput, RoutingPlan, SynthesisOutput, TriageResult
from holmes_backend.demo import write_synthetic_case
from holmes_backend.demo.formats import mime_type_of
from holmes_backend.extraction import read
from holmes_backend.extraction.limits import ExtractionLimits
from holmes_backend.llm.evidence import render_evidence
from holmes_backend.llm.local import analysts  # noqa: F401 - importing registers every analyst
from tests.bench.memory import RssSampler
from tests.bench.server import holmes_server, signed_up_client
from tests.fake_gemini import (
    FakeGemini,
    JsonDict,
    Received,
    Reply,
    Step,
    billed_media_tokens,
    json_reply,
    prompt_tokens,
)
from tests.gemini_support import (
    FLASH_MODEL,
    MERGE_PREFIX,
    NUMERIC_SCHEMAS,
    PRO_MODEL,
    analyse,
    instruction_of,
    pipeline_schema,
    user_text_of,
)
from tests.support import REPO_ROOT, serve_app

MB = 1_000_000
DONE = {"READY", "PARTIAL", "ERROR"}
FILES_PER_UPLOAD = 50  # the server's default max_files_per_request
API_KEY = "bench-key"
PRO, FLASH = PRO_MODEL, FLASH_MODEL
TARGET_RATIO = 1.10
TARGET_TOKENS_PER_EVIDENCE_TOKEN = 1.5
# A cached input token's price over a fresh one's (Gemini 3: $0.20 against $2.00 per 1M).
CACHED_PRICE_RATIO = 0.1
TARGET_LOCAL_50_SECONDS = 15.0
WARMUP_FILES = 5
# The sequential model phases of one run, in order. "domains" is the financial, legal and
# evidence agents side by side; strategy reads their findings, so it is a phase of its own.
MODEL_PHASES = ("triage", "routing", "domains", "strategy", "synthesis", "graph")
# System-instruction prefix -> (phase, output schema), as the agents send them.
AGENTS: list[tuple[str, str, type[BaseModel]]] = [
    (TRIAGE[:60], "triage", TriageResult),
    *((prefix, "domains", schema) for prefix, schema in NUMERIC_SCHEMAS),
    (ORCHESTRATOR[:60], "routing", RoutingPlan),
    (SYNTHESIS[:60], "synthesis", SynthesisOutput),
    (GRAPH[:60], "graph", GraphOutput),
    *(
        (INSTRUCTIONS[d][:40], "strategy" if d == "strategy" else "domains", DOMAIN_SCHEMAS[d])
        for d in DOMAIN_SCHEMAS
    ),
]
# Execution records' agent_type -> the phase it belongs to.
PHASE_OF_TYPE = {
    "TRIAGE": "triage",
    "ORCHESTRATOR": "routing",
    "FINANCIAL": "domains",
    "LEGAL": "domains",
    "EVIDENCE": "domains",
    "STRATEGY": "strategy",
    "SYNTHESIS": "synthesis",
    "KNOWLEDGE_GRAPH": "graph",
}


# --- the fake Gemini, timed --------------------------------------------------------------------


@dataclass
class Call:
    """One generateContent call as the fake saw it (bench-process monotonic clock)."""

    model: str
    started: float
    phase: str = "?"
    agent: str = "?"
    precomputed: bool = False
    analysis_seconds: float = 0.0
    ended: float = 0.0
    prompt_tokens: int = 0
    cached_tokens: int = 0
    media_tokens: int = 0

    @property
    def seconds(self) -> float:
        return self.ended - self.started


_CURRENT: ContextVar[Call | None] = ContextVar("bench_call", default=None)


def _texts(body: JsonDict, key: str) -> str:
    return "\n".join(p.get("text", "") for p in (body.get(key) or {}).get("parts", []))


class TimedGemini(FakeGemini):
    """The fake Gemini answering every agent with the local analyst's real analysis.

    Records when each model call arrived and when its answer was ready. Answers are kept by
    request content, so a request seen before (the same case processed again) is answered from
    memory: the call then costs the fixed latency alone, not the analysis as well.
    """

    def __init__(self, *, api_key: str, latency: float, latency_per_10k_tokens: float) -> None:
        super().__init__(
            api_key=api_key, latency=latency, latency_per_10k_tokens=latency_per_10k_tokens
        )
        self.calls: list[Call] = []
        self.answers: dict[str, Reply] = {}
        # Where to write each agent's largest request (--dump-requests), to see what it carries.
        self.dump: Path | None = None
        self._dumped: dict[str, int] = {}

    async def _models(self, request: Request) -> Response:
        model, _, method = request.path_params["target"].partition(":")
        if method == "countTokens":  # not a model call: counted, not timed
            return await super()._models(request)
        call = Call(model=model, started=time.monotonic())
        token = _CURRENT.set(call)
        try:
            response = await super()._models(request)
        finally:
            _CURRENT.reset(token)
        call.ended = time.monotonic()
        self.calls.append(call)
        return response

    def media_tokens(self, received: Received) -> int:
        tokens = super().media_tokens(received)
        call = _CURRENT.get()
        if call is not None:
            call.media_tokens = tokens
        return tokens

    def _next_step(self, model: str, body: JsonDict) -> Step:
        started = time.monotonic()
        instruction = instruction_of(body)
        if instruction.startswith(MERGE_PREFIX):  # a domain's merge of its workers' findings
            phase, schema = "domains", pipeline_schema(instruction)
        else:
            phase, schema = next(
                (p, s) for prefix, p, s in AGENTS if instruction.startswith(prefix)
            )
        user = user_text_of(body)
        key = hashlib.sha256(f"{instruction}\0{user}".encode()).hexdigest()
        reply = self.answers.get(key)
        precomputed = reply is not None
        if reply is None:
            result = analyse(schema, body)
            reply = json_reply(result.output.model_dump(mode="json"), thoughts=result.thoughts)
            self.answers[key] = reply
        call = _CURRENT.get()
        if call is not None:
            call.phase, call.agent, call.precomputed = phase, schema.__name__, precomputed
            call.prompt_tokens = prompt_tokens(body)
            cache = self._live_cache(str(body.get("cachedContent") or ""))
            call.cached_tokens = cache.tokens if cache is not None else 0
            call.analysis_seconds = time.monotonic() - started
            self._dump(schema.__name__, call.prompt_tokens, body)
        return reply

    def _dump(self, agent: str, tokens: int, body: JsonDict) -> None:
        if self.dump is None or tokens <= self._dumped.get(agent, -1):
            return
        self._dumped[agent] = tokens
        self.dump.mkdir(parents=True, exist_ok=True)
        text = f"{instruction_of(body)}\n\n=== USER ===\n{user_text_of(body)}"
        (self.dump / f"{agent}.txt").write_text(text)


# --- one case through the API ------------------------------------------------------------------


def new_case(client: httpx.Client, name: str, directory: Path, n_files: int, seed: int) -> str:
    """A case holding `n_files` synthetic files, uploaded FILES_PER_UPLOAD at a time."""
    case_id: str = client.post("/api/cases", json={"name": name}).raise_for_status().json()["id"]
    paths = sorted(write_synthetic_case(directory, n_files, seed))
    for start in range(0, len(paths), FILES_PER_UPLOAD):
        batch = paths[start : start + FILES_PER_UPLOAD]
        files = [("files", (p.name, p.read_bytes(), mime_type_of(p.name))) for p in batch]
        response = client.post(f"/api/cases/{case_id}/files", files=files)
        assert response.status_code == 201, response.text
    return case_id


@dataclass
class Processed:
    case_id: str
    posted: float  # monotonic, just before POST /process was sent
    finished: float  # monotonic, when a poll first saw the job done
    status: dict[str, Any]
    agents: list[dict[str, Any]] = field(default_factory=list)

    @property
    def seconds(self) -> float:
        return self.finished - self.posted


# The last event id each case's stream delivered: the next pass's client resumes after it.
_LAST_SEEN: dict[str, str] = {}


def process(client: httpx.Client, case_id: str, timeout: float = 1800) -> Processed:
    """POST /process, then the moment the job's PROCESSING_COMPLETED (or _FAILED) event reaches
    a client of the case's event stream, opened before the POST (status polling would add up to
    a poll interval to every measurement). The client resumes after the last event the previous
    pass's client saw (Last-Event-ID), as a reconnecting UI does, and leaves once its job has
    ended: replaying the case's whole log at each pass, and the streams of earlier passes left
    open, made work for the server and for this process (which serves the fake Gemini) that a
    user's one client does not."""
    ends: dict[str, float] = {}
    ended = threading.Condition()
    listening = threading.Event()
    job_ids: list[str] = []

    def listen() -> None:
        headers = dict(client.headers)
        if case_id in _LAST_SEEN:
            headers["Last-Event-ID"] = _LAST_SEEN[case_id]
        with (
            httpx.Client(base_url=client.base_url, headers=headers, timeout=None) as sse,
            sse.stream("GET", f"/api/cases/{case_id}/events") as stream,
        ):
            listening.set()
            event_id = None
            for line in stream.iter_lines():
                if line.startswith("id:"):
                    event_id = line[3:].strip()
                if not line.startswith("data:"):
                    continue
                event = json.loads(line[5:])
                if event_id is not None:
                    _LAST_SEEN[case_id] = event_id
                if event["type"] in ("PROCESSING_COMPLETED", "PROCESSING_FAILED"):
                    with ended:
                        ends.setdefault(event["payload"]["job_id"], time.monotonic())
                        ended.notify_all()
                    if event["payload"]["job_id"] in job_ids:
                        return

    def listen_until_closed() -> None:
        with contextlib.suppress(httpx.HTTPError):  # the server stops at the end of the bench
            listen()

    listener = threading.Thread(target=listen_until_closed, daemon=True)
    listener.start()
    assert listening.wait(30), "the event stream did not open"
    posted = time.monotonic()
    response = client.post(f"/api/cases/{case_id}/process")
    assert response.status_code == 202, response.text
    job_id = response.json()["id"]
    job_ids.append(job_id)
    with ended:
        assert ended.wait_for(lambda: job_id in ends, timeout), f"job {job_id} did not end"
        finished = ends[job_id]
    status: dict[str, Any] = client.get(f"/api/cases/{case_id}/process/status").json()
    assert status["job"]["status"] in DONE, status["job"]
    agents: list[dict[str, Any]] = client.get(f"/api/cases/{case_id}/agents").json()
    return Processed(case_id, posted, finished, status, _walk(agents))


def _walk(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    flat: list[dict[str, Any]] = []
    for node in nodes:
        flat.append(node)
        flat.extend(_walk(node["children"]))
    return flat


def _job_summary(run: Processed, since: datetime | None = None) -> dict[str, Any]:
    job = run.status["job"]
    agents = [
        a
        for a in run.agents
        if since is None or (a["started_at"] and datetime.fromisoformat(a["started_at"]) >= since)
    ]
    return {
        "status": job["status"],
        "errors": job["errors"],
        "file_statuses": _counts(f["status"] for f in run.status["files"]),
        "agent_runs": len(agents),
    }


def _counts(values: Iterable[str]) -> dict[str, int]:
    return dict(sorted(Counter(values).items()))


def _record_phases(run: Processed) -> dict[str, float]:
    """Server-side phase spans from this job's execution records (first start → last end), and
    "extraction": the job's start → its first agent's start (reading every file, bookkeeping)."""
    job_started = datetime.fromisoformat(run.status["job"]["started_at"])
    spans: dict[str, tuple[datetime, datetime]] = {}
    for agent in run.agents:
        phase = PHASE_OF_TYPE.get(agent["agent_type"])
        if phase is None or not agent["started_at"] or not agent["completed_at"]:
            continue
        started = datetime.fromisoformat(agent["started_at"])
        completed = datetime.fromisoformat(agent["completed_at"])
        if started < job_started:
            continue  # an earlier job's agent
        first, last = spans.get(phase, (started, completed))
        spans[phase] = (min(first, started), max(last, completed))
    if not spans:
        return {}
    first_agent = min(first for first, _ in spans.values())
    phases = {"extraction": round((first_agent - job_started).total_seconds(), 3)}
    for phase in MODEL_PHASES:
        if phase in spans:
            phases[phase] = round((spans[phase][1] - spans[phase][0]).total_seconds(), 3)
    return phases


def _server_seconds(job: dict[str, Any]) -> float | None:
    """The job's own started_at → completed_at (server clock), for comparison with the poll."""
    if not job.get("started_at") or not job.get("completed_at"):
        return None
    started = datetime.fromisoformat(job["started_at"])
    completed = datetime.fromisoformat(job["completed_at"])
    return (completed - started).total_seconds()


# --- the two paths ----------------------------------------------------------------------------


def evidence_tokens(paths: list[Path]) -> int:
    """The case's evidence in tokens as the fake counts them: each file read and rendered as the
    server renders it for a model (file ids of the server's length)."""
    total = 0
    for path in paths:
        extraction = read(path, mime_type_of(path.name), ExtractionLimits())
        block = render_evidence(
            file_id="00000000-0000-0000-0000-000000000000",
            filename=path.name,
            mime_type=mime_type_of(path.name),
            extraction=extraction,
        )
        total += prompt_tokens({"contents": [{"parts": [{"text": block}]}]})
    return total


def evidence_media_tokens(paths: list[Path]) -> int:
    """The case's images and recordings in tokens as the API bills them, each whole, once."""
    return sum(
        billed_media_tokens(mime_type_of(path.name), path.read_bytes())
        for path in paths
        if mime_type_of(path.name).startswith(("image/", "audio/", "video/"))
    )


def _token_figures(
    calls: list[Call], evidence: int, created: list[int], media_evidence: int
) -> dict[str, Any]:
    """Input tokens as billed: each call's fresh tokens, its tokens read from a context cache
    at their price ratio, and each cache's tokens once at the full price (its creation). The
    headline counts text: the evidence blocks against what was sent beside them. Media parts
    (images, recordings, by the fake's billing of them) are counted apart, and with the text
    in the figure "with media": what a case's bill is, against all of its evidence."""
    sent = sum(c.prompt_tokens for c in calls)
    cached = sum(c.cached_tokens for c in calls)
    priced = sent - cached + CACHED_PRICE_RATIO * cached + sum(created)
    media = sum(c.media_tokens for c in calls)
    media_by_phase: Counter[str] = Counter()
    for call in calls:
        media_by_phase[call.phase] += call.media_tokens
    by_phase: dict[str, int] = {}
    by_agent: dict[str, int] = {}
    for call in calls:
        by_phase[call.phase] = by_phase.get(call.phase, 0) + call.prompt_tokens
        by_agent[call.agent] = by_agent.get(call.agent, 0) + call.prompt_tokens
    return {
        "evidence_tokens": evidence,
        "input_tokens_sent": sent,
        "cached_tokens": cached,
        "context_caches_created": len(created),
        "cache_creation_tokens": sum(created),
        "largest_request": max((c.prompt_tokens for c in calls), default=0),
        "input_tokens_by_phase": by_phase,
        "input_tokens_by_agent_schema": by_agent,
        "sent_per_evidence_token": round(priced / evidence, 3) if evidence else None,
        "evidence_media_tokens": media_evidence,
        "media_tokens_sent": media,
        "media_tokens_by_phase": dict(media_by_phase),
        "sent_per_evidence_token_with_media": round(
            (priced + media) / (evidence + media_evidence), 3
        )
        if evidence + media_evidence
        else None,
        "meets_token_target": bool(evidence)
        and priced / evidence <= TARGET_TOKENS_PER_EVIDENCE_TOKEN,
    }


def _tokens_by_agent(run: Processed) -> dict[str, dict[str, int]]:
    """This job's input tokens (cached ones included) and cached tokens by agent, from the
    execution records, numbered agents (workers, verifiers) summed under one name."""
    job_started = datetime.fromisoformat(run.status["job"]["started_at"])
    totals: dict[str, dict[str, int]] = {}
    for agent in run.agents:
        if agent["started_at"] is None or datetime.fromisoformat(agent["started_at"]) < job_started:
            continue
        name = re.sub(r"(_worker)?(_\d+)?(_[ab])*$", "", agent["agent_name"])
        total = totals.setdefault(name, {"calls": 0, "input": 0, "cached": 0})
        total["calls"] += 1
        total["input"] += agent["input_tokens"]
        total["cached"] += agent["cached_tokens"]
    return dict(sorted(totals.items()))


def _gemini_figures(
    run: Processed, calls: list[Call], evidence: int, created: list[int], media: int
) -> dict[str, Any]:
    """Wall time against the critical path of one processing run on the fake Gemini."""
    calls = sorted(calls, key=lambda c: c.started)
    assert calls, "the server made no model call"
    unknown = [c for c in calls if c.phase == "?"]
    assert not unknown, f"calls not answered by an analyst: {unknown}"
    by_phase: dict[str, list[Call]] = {phase: [] for phase in MODEL_PHASES}
    for call in calls:
        by_phase[call.phase].append(call)
    slowest = {p: max((c.seconds for c in cs), default=0.0) for p, cs in by_phase.items()}
    critical = sum(slowest.values())
    # The same from the server's execution records, as a cross-check: an agent's record spans
    # its model call plus Holmes' own work for it (ADK, the genai client, records and events).
    record_slowest: dict[str, float] = dict.fromkeys(MODEL_PHASES, 0.0)
    job_started = datetime.fromisoformat(run.status["job"]["started_at"])
    for agent in run.agents:
        if agent["started_at"] is None or datetime.fromisoformat(agent["started_at"]) < job_started:
            continue  # an earlier job's agent (the case has been processed before)
        phase = PHASE_OF_TYPE.get(agent["agent_type"])
        if phase is not None and agent["duration_seconds"] is not None:
            record_slowest[phase] = max(record_slowest[phase], agent["duration_seconds"])
    # How far apart the parallel calls of a phase reached the fake (0 when all left together).
    arrival_spread = {
        p: round(max(c.started for c in cs) - min(c.started for c in cs), 3)
        for p, cs in by_phase.items()
        if len(cs) > 1
    }
    phase_spans = {
        p: round(max(c.ended for c in cs) - min(c.started for c in cs), 3)
        for p, cs in by_phase.items()
        if cs
    }
    # From a phase's last answer to the next phase's first request: Holmes' own work between.
    present = [p for p in MODEL_PHASES if by_phase[p]]
    phase_gaps = {
        f"{a}->{b}": round(
            min(c.started for c in by_phase[b]) - max(c.ended for c in by_phase[a]), 3
        )
        for a, b in itertools.pairwise(present)
    }
    pre_model = calls[0].started - run.posted
    last_end = max(c.ended for c in calls)
    wall = run.seconds
    analysis = [c.analysis_seconds for c in calls]
    slowest_analysis = {
        p: max((c.analysis_seconds for c in cs), default=0.0) for p, cs in by_phase.items()
    }
    ratio = (wall - pre_model) / critical
    return {
        "job": _job_summary(run, job_started),
        "models_called": _counts(c.model for c in calls),
        "calls_per_phase": {p: len(cs) for p, cs in by_phase.items()},
        "answers_precomputed": sum(c.precomputed for c in calls),
        "seconds": {
            "wall": round(wall, 3),
            "wall_by_job_timestamps": _round(_server_seconds(run.status["job"])),
            "pre_model_extraction": round(pre_model, 3),
            "model_span": round(last_end - calls[0].started, 3),
            "after_last_model_call": round(run.finished - last_end, 3),
            "critical_path": round(critical, 3),
            "critical_path_by_phase": {p: round(s, 3) for p, s in slowest.items()},
            "phase_spans": phase_spans,
            "gaps_between_phases": phase_gaps,
            "phase_spans_by_execution_records": _record_phases(run),
            "parallel_call_arrival_spread": arrival_spread,
            "critical_path_by_execution_records": round(sum(record_slowest.values()), 3),
            "critical_path_by_execution_records_by_phase": {
                p: round(s, 3) for p, s in record_slowest.items()
            },
            "local_analysis_in_fake": {
                "total": round(sum(analysis), 3),
                "max_per_call": round(max(analysis), 4),
                "on_critical_path": round(sum(slowest_analysis.values()), 3),
            },
        },
        "tokens": {
            **_token_figures(calls, evidence, created, media),
            "by_agent": _tokens_by_agent(run),
        },
        "ratio": round(ratio, 3),
        "ratio_wall_over_critical_path": round(wall / critical, 3),
        "ratio_wall_over_critical_path_plus_extraction": round(wall / (critical + pre_model), 3),
        "meets_ratio_target": ratio <= TARGET_RATIO,
    }


def bench_gemini(
    n_files: int,
    seed: int,
    latency: float,
    repeats: int,
    per_10k_tokens: float = 0.0,
    dump: Path | None = None,
) -> dict[str, Any]:
    """The case processed on the fake Gemini: once cold (fresh extraction, every answer
    analysed inside the fake), then `repeats` times again (cached extraction, every answer
    precomputed); the median of those is the figure held to the target."""
    fake = TimedGemini(api_key=API_KEY, latency=latency, latency_per_10k_tokens=per_10k_tokens)
    fake.dump = dump
    with (
        serve_app(fake.app) as fake_url,
        tempfile.TemporaryDirectory(prefix="holmes-bench-pipeline-") as tmp,
    ):
        data_dir = Path(tmp) / "data"
        env = {
            "HOLMES_LLM_PROVIDER": "gemini",
            "GEMINI_API_KEY": API_KEY,
            "HOLMES_GEMINI_BASE_URL": fake_url,
            "GEMINI_PRO_MODEL": PRO,
            "GEMINI_FLASH_MODEL": FLASH,
        }
        with holmes_server(data_dir, env) as server, signed_up_client(server.base_url) as client:
            warm = new_case(client, "warm-up", Path(tmp) / "warm", WARMUP_FILES, seed + 1)
            process(client, warm)
            case_id = new_case(client, "bench", Path(tmp) / "case", n_files, seed)
            paths = sorted((Path(tmp) / "case").iterdir())
            evidence, media = evidence_tokens(paths), evidence_media_tokens(paths)
            passes = []
            for _ in range(1 + repeats):
                fake.calls.clear()
                fake.cache_creations.clear()
                run = process(client, case_id)
                created = [prompt_tokens(b) for b, status in fake.cache_creations if status == 200]
                passes.append(_gemini_figures(run, list(fake.calls), evidence, created, media))
    cold, *again = passes
    # One run on a shared 2-core machine varies by tens of ms; the median pass is reported.
    again.sort(key=lambda figures: figures["ratio"])
    again = again or [cold]
    return {
        "files": n_files,
        "fake_latency_seconds": latency,
        "fake_latency_seconds_per_10k_input_tokens": per_10k_tokens,
        "ratio_definition": "(wall - pre_model_extraction) / critical_path",
        "precomputed_ratios": [figures["ratio"] for figures in again],
        "precomputed": again[len(again) // 2],
        "cold": cold,
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def bench_local(n_files: int, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="holmes-bench-pipeline-") as tmp:
        data_dir = Path(tmp) / "data"
        env = {"HOLMES_LLM_PROVIDER": "local"}
        with holmes_server(data_dir, env) as server, signed_up_client(server.base_url) as client:
            warm = new_case(client, "warm-up", Path(tmp) / "warm", WARMUP_FILES, seed + 1)
            process(client, warm)
            case_id = new_case(client, "bench", Path(tmp) / "case", n_files, seed)
            sampler = RssSampler(server.pid)
            sampler.start()
            try:
                run = process(client, case_id)
            finally:
                sampler.stop()
    return {
        "files": n_files,
        "job": _job_summary(run),
        "seconds": round(run.seconds, 3),
        "seconds_by_job_timestamps": _round(_server_seconds(run.status["job"])),
        "phase_seconds_by_execution_records": _record_phases(run),
        "files_per_s": round(n_files / run.seconds, 1),
        "server_rss_baseline_mb": round(sampler.baseline / MB, 1),
        "server_rss_peak_mb": round(sampler.peak / MB, 1),
        "server_rss_peak_growth_mb": round((sampler.peak - sampler.baseline) / MB, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--gemini-files", type=int, default=50)
    parser.add_argument("--latency", type=float, default=2.0, help="fake Gemini seconds per call")
    parser.add_argument("--local-sizes", type=int, nargs="*", default=[50, 500])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeats", type=int, default=5, help="precomputed Gemini passes")
    parser.add_argument("--skip-gemini", action="store_true")
    parser.add_argument(
        "--token-latency",
        type=float,
        default=1.0,
        help="fake Gemini seconds added per 10k input tokens (0: a fixed latency per call)",
    )
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench-output" / "pipeline.json")
    parser.add_argument(
        "--dump-requests",
        type=Path,
        default=None,
        help="write each agent's largest request there (instruction and text), one file each",
    )
    args = parser.parse_args()

    result: dict[str, Any] = {"python": sys.version.split()[0], "cpu_count": os.cpu_count()}
    if not args.skip_gemini:
        gemini = bench_gemini(
            args.gemini_files,
            args.seed,
            args.latency,
            args.repeats,
            args.token_latency,
            args.dump_requests,
        )
        result["gemini"] = gemini
        for name in ("cold", "precomputed"):
            run, seconds = gemini[name], gemini[name]["seconds"]
            print(
                f"gemini {args.gemini_files} files ({name}): wall {seconds['wall']:.2f} s = "
                f"pre-model (extraction) {seconds['pre_model_extraction']:.2f} s + model phases "
                f"{seconds['wall'] - seconds['pre_model_extraction']:.2f} s; critical path "
                f"{seconds['critical_path']:.2f} s; ratio {run['ratio']:.2f} "
                f"(target <= {TARGET_RATIO}); input tokens sent per evidence token "
                f"{run['tokens']['sent_per_evidence_token']} (target <= "
                f"{TARGET_TOKENS_PER_EVIDENCE_TOKEN}; with media "
                f"{run['tokens']['sent_per_evidence_token_with_media']}), largest request "
                f"{run['tokens']['largest_request']} tokens",
                flush=True,
            )
        print(f"gemini precomputed ratios: {gemini['precomputed_ratios']}", flush=True)
        tokens = gemini["precomputed"]["tokens"]
        print(
            f"gemini input tokens by phase: {tokens['input_tokens_by_phase']}; by agent: "
            f"{tokens['input_tokens_by_agent_schema']}; cached {tokens['cached_tokens']}, "
            f"caches created {tokens['cache_creation_tokens']}; media sent by phase "
            f"{tokens['media_tokens_by_phase']} of {tokens['evidence_media_tokens']} in the case",
            flush=True,
        )
    local = []
    for n_files in args.local_sizes:
        run = bench_local(n_files, args.seed)
        local.append(run)
        print(
            f"local {n_files} files: {run['seconds']:.2f} s ({run['files_per_s']} files/s), "
            f"server peak RSS {run['server_rss_peak_mb']} MB "
            f"(+{run['server_rss_peak_growth_mb']} MB), job {run['job']['status']}",
            flush=True,
        )
    result["local"] = local
    by_size = {run["files"]: run for run in local}
    if 50 in by_size:
        result["meets_local_50_file_target"] = by_size[50]["seconds"] < TARGET_LOCAL_50_SECONDS
    result["targets"] = {
        "gemini_ratio": f"<= {TARGET_RATIO}",
        "gemini_input_tokens_per_evidence_token": f"<= {TARGET_TOKENS_PER_EVIDENCE_TOKEN}",
        "local_seconds_for_50_files": f"< {TARGET_LOCAL_50_SECONDS}",
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
