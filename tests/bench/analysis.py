"""Analysis benchmark (make bench): extraction plus the local analysts over generated cases.

For each size (50 and 500 files by default) it writes a synthetic case to a temp dir, then times:
extraction of every file through `extract`; rendering each extraction as an evidence part and
parsing it back (what the local model does with a request); the triage analyst over all files;
each domain analyst that is registered over the files triage routed to it (primary domain); and
synthesis and knowledge-graph analysts, when registered, over the domain outputs as findings
blocks. Prints files/s, seconds per stage, peak RSS and whether cost grew linearly; writes JSON.
"""

import argparse
import asyncio
import json
import os
import resource
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from holmes_backend.config import DEFAULT_ALLOWED_MIME_TYPES
from holmes_backend.contracts.agents import (
    EvidenceOutput,
    FinancialOutput,
    GraphOutput,
    LegalOutput,
    StrategyOutput,
    SynthesisOutput,
    TriageResult,
)
from holmes_backend.demo import write_synthetic_case
from holmes_backend.extraction import Extraction, ExtractionError, extract
from holmes_backend.llm.evidence import EvidenceDoc, parse_blocks, render_evidence, render_findings
from holmes_backend.llm.local import analysts  # noqa: F401 - importing registers every analyst
from holmes_backend.llm.local.registry import AnalysisRequest, analyst_for
from holmes_backend.services.file_types import detect_mime_type
from tests.bench.memory import RssSampler
from tests.support import REPO_ROOT

MB = 1_000_000
TARGET_SECONDS_50 = 10.0
# A per-file cost at 500 files within this factor of the cost at 50 counts as linear growth.
LINEAR_TOLERANCE = 1.5
SMALL_CASE = 100
DOMAINS: dict[str, type[BaseModel]] = {
    "financial": FinancialOutput,
    "legal": LegalOutput,
    "evidence": EvidenceOutput,
    "strategy": StrategyOutput,
}
ALL_SCHEMAS: list[type[BaseModel]] = [
    TriageResult,
    *DOMAINS.values(),
    SynthesisOutput,
    GraphOutput,
]
T = TypeVar("T")
Output = TypeVar("Output", bound=BaseModel)


class Stopwatch:
    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def timed(self, stage: str, work: Callable[[], T]) -> T:
        started = time.perf_counter()
        try:
            return work()
        finally:
            self.seconds[stage] = self.seconds.get(stage, 0.0) + time.perf_counter() - started

    def analyst(self, stage: str, schema: type[Output], request: AnalysisRequest) -> Output | None:
        """The output of the analyst registered for `schema`, timed; None when there is none."""
        analyst = analyst_for(schema)
        if analyst is None:
            return None
        output = self.timed(stage, lambda: analyst(request).output)
        assert isinstance(output, schema), f"{schema.__name__} analyst returned {type(output)}"
        return output


def _mime(path: Path) -> str:
    return detect_mime_type(path.name, None, DEFAULT_ALLOWED_MIME_TYPES)


async def _extract_all(
    paths: list[Path], concurrency: int
) -> tuple[list[tuple[Path, Extraction]], list[str]]:
    """Every file through `extract`, `concurrency` at a time (extract runs parsers in threads)."""
    limit = asyncio.Semaphore(concurrency)

    async def one(path: Path) -> Extraction | str:
        async with limit:
            try:
                return await extract(path, _mime(path), path.name)
            except ExtractionError as exc:
                return f"{path.name}: {exc.reason}"

    results = await asyncio.gather(*(one(path) for path in paths))
    done = [(p, r) for p, r in zip(paths, results, strict=True) if isinstance(r, Extraction)]
    return done, [r for r in results if isinstance(r, str)]


def _request(
    documents: list[EvidenceDoc], findings_text: str = "", instruction: str = ""
) -> AnalysisRequest:
    _, findings, rest = parse_blocks(findings_text)
    return AnalysisRequest(
        instruction=instruction, documents=documents, findings=findings, text=rest
    )


def _analyse(extracted: list[tuple[Path, Extraction]], watch: Stopwatch) -> dict[str, Any]:
    """The local analysis of one case, stage by stage, as the pipeline hands data between them."""

    def parsed_documents() -> list[EvidenceDoc]:
        parts = [
            render_evidence(
                file_id=f"file-{index:05d}",
                filename=path.name,
                mime_type=_mime(path),
                extraction=extraction,
            )
            for index, (path, extraction) in enumerate(extracted)
        ]
        documents, _, _ = parse_blocks("\n\n".join(parts))
        return documents

    documents = watch.timed("render_and_parse", parsed_documents)
    summary: dict[str, Any] = {"documents": len(documents)}
    triage = watch.analyst(
        "triage", TriageResult, _request(documents, instruction="Triage the files.")
    )
    if triage is None:
        summary["triage"] = "not registered"
        return summary
    routed: dict[str, list[EvidenceDoc]] = {name: [] for name in DOMAINS}
    by_id = {doc.file_id: doc for doc in documents}
    for item in triage.files:
        if item.file_id in by_id:
            routed[item.primary_domain].append(by_id[item.file_id])
    summary["routed"] = {name: len(docs) for name, docs in routed.items()}

    findings_parts: list[str] = []
    domain_counts: dict[str, dict[str, int]] = {}
    for name, schema in DOMAINS.items():
        request = _request(routed[name], instruction=f"Analyse the {name} evidence.")
        output = watch.analyst(name, schema, request)
        if output is None:
            continue
        findings_parts.append(render_findings({"domain": name}, output))
        domain_counts[name] = _list_sizes(output)
    summary["domains"] = domain_counts

    findings_text = "\n\n".join(findings_parts)
    synthesis = watch.analyst(
        "synthesis", SynthesisOutput, _request([], findings_text, "Synthesise.")
    )
    if synthesis is not None:
        summary["synthesis"] = _list_sizes(synthesis)
        findings_text += "\n\n" + render_findings({"stage": "synthesis"}, synthesis)
    graph = watch.analyst("graph", GraphOutput, _request([], findings_text, "Build the graph."))
    if graph is not None:
        summary["graph"] = _list_sizes(graph)
    return summary


def _list_sizes(output: BaseModel) -> dict[str, int]:
    return {name: len(value) for name, value in output.__dict__.items() if isinstance(value, list)}


def bench_size(n_files: int, seed: int, concurrency: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="holmes-bench-analysis-") as directory:
        paths = write_synthetic_case(Path(directory), n_files, seed)
        size = sum(path.stat().st_size for path in paths)
        kinds = Counter(path.suffix for path in paths)
        sampler = RssSampler()
        sampler.start()
        watch = Stopwatch()
        started = time.perf_counter()
        extracted, failures = watch.timed(
            "extract", lambda: asyncio.run(_extract_all(paths, concurrency))
        )
        summary = _analyse(extracted, watch)
        total = time.perf_counter() - started
        sampler.stop()
    analysis = total - watch.seconds["extract"]
    return {
        "files": n_files,
        "bytes": size,
        "types": dict(sorted(kinds.items())),
        "extraction_failures": failures,
        "seconds": {
            "total": round(total, 3),
            "extraction": round(watch.seconds["extract"], 3),
            "analysis": round(analysis, 3),
            "stages": {stage: round(s, 3) for stage, s in watch.seconds.items()},
        },
        "files_per_s": round(n_files / total, 1),
        "ms_per_file": round(total / n_files * 1000, 2),
        "rss_baseline_mb": round(sampler.baseline / MB, 1),
        "rss_peak_mb": round(sampler.peak / MB, 1),
        "rss_peak_growth_mb": round((sampler.peak - sampler.baseline) / MB, 1),
        "analysis_outputs": summary,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 500])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3, help=f"runs of cases <= {SMALL_CASE}")
    parser.add_argument("--concurrency", type=int, default=min(8, os.cpu_count() or 1))
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "bench-output" / "analysis.json")
    args = parser.parse_args()

    registered = [schema.__name__ for schema in ALL_SCHEMAS if analyst_for(schema) is not None]
    print(f"Registered local analysts: {', '.join(registered) or 'none'}", flush=True)
    bench_size(5, args.seed + 1, args.concurrency)  # warm-up: imports, thread pool, Tesseract
    runs = []
    for n_files in args.sizes:
        # Small cases finish in about a second, where a busy machine's noise is large: the median
        # of a few runs keeps the per-file comparison with the large case meaningful.
        repeats = args.repeat if n_files <= SMALL_CASE else 1
        attempts = [bench_size(n_files, args.seed, args.concurrency) for _ in range(repeats)]
        run = sorted(attempts, key=lambda r: r["seconds"]["total"])[len(attempts) // 2]
        run["repeats"] = [a["seconds"]["total"] for a in attempts]
        runs.append(run)
        seconds = run["seconds"]
        print(
            f"{n_files:>5} files: {seconds['total']:.2f} s ({run['files_per_s']} files/s; "
            f"extraction {seconds['extraction']:.2f} s, analysis {seconds['analysis']:.2f} s), "
            f"peak RSS {run['rss_peak_mb']} MB (+{run['rss_peak_growth_mb']} MB)",
            flush=True,
        )
    result: dict[str, Any] = {
        "python": sys.version.split()[0],
        "cpu_count": os.cpu_count(),
        "concurrency": args.concurrency,
        "seed": args.seed,
        "analysts_registered": registered,
        "runs": runs,
        "max_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / MB, 1),
        "targets": {"seconds_for_50_files": f"< {TARGET_SECONDS_50}"},
    }
    by_size = {run["files"]: run for run in runs}
    if 50 in by_size:
        result["meets_50_file_target"] = by_size[50]["seconds"]["total"] < TARGET_SECONDS_50
    if len(runs) >= 2:
        small, large = min(runs, key=lambda r: r["files"]), max(runs, key=lambda r: r["files"])
        ratio = large["ms_per_file"] / small["ms_per_file"]
        result["per_file_cost_ratio"] = {
            "sizes": [small["files"], large["files"]],
            "ratio": round(ratio, 2),
            "linear": ratio <= LINEAR_TOLERANCE,
        }
        verdict = "linear" if ratio <= LINEAR_TOLERANCE else "SUPER-LINEAR"
        print(f"Per-file cost {large['files']} vs {small['files']} files: x{ratio:.2f} ({verdict})")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
