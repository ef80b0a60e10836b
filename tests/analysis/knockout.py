"""Knockout harness: runs every offline analyst in-process over the dev evaluation cases, the
demo case and every fixture folder, and writes each output as canonical JSON, so that a change
(a deleted rule, a rewritten parser) can be checked for what it changes anywhere.

    python -m tests.analysis.knockout save BASE.json     # outputs of this commit
    python -m tests.analysis.knockout diff BASE.json     # which cases/outputs changed since

It is a quick stand-in for the evaluation (which runs the server's pipeline): an item that
changes here is checked there (tests.eval.score)."""

import asyncio
import hashlib
import json
import pickle
import sys
import tempfile
from pathlib import Path

from holmes_backend.analysis.domains.case import case_view
from holmes_backend.analysis.domains.synthesis import analyse_synthesis
from holmes_backend.analysis.facts import conventions
from holmes_backend.config import Settings
from holmes_backend.contracts.agents import (
    EvidenceOutput,
    FinancialOutput,
    GraphOutput,
    LegalOutput,
    StrategyOutput,
    SynthesisOutput,
    TriageResult,
)
from holmes_backend.demo.case import ANSWERS_FILENAME, write_demo_case
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.services.file_types import detect_mime_type
from tests.eval.score import CASES
from tests.llm.test_analysts_helpers import findings, load, run

FIXTURES = Path(__file__).parent / "fixtures"
CACHE = Path(tempfile.gettempdir()) / "holmes-knockout-docs.pkl"
DEV = ("01", "04", "07", "10")


async def _folder_docs(folder: Path) -> list[EvidenceDoc]:
    allowed = Settings().allowed_mime_types
    return [
        await load(p, detect_mime_type(p.name, None, allowed), file_id=p.name)
        for p in sorted(folder.iterdir())
        if p.is_file() and p.name not in ("expect.json", ANSWERS_FILENAME)
    ]


async def _cases() -> dict[str, list[EvidenceDoc]]:
    if CACHE.exists():
        return pickle.loads(CACHE.read_bytes())  # type: ignore[no-any-return]
    cases: dict[str, list[EvidenceDoc]] = {}
    for case in sorted(CASES.iterdir()):
        if case.name[:2] in DEV:
            cases[case.name] = await _folder_docs(case / "evidence")
    with tempfile.TemporaryDirectory() as tmp:
        write_demo_case(Path(tmp) / "demo")
        cases["00-demo"] = await _folder_docs(Path(tmp) / "demo")
    for expect in sorted(FIXTURES.glob("*/*/expect.json")):
        cases[f"fx/{expect.parent.parent.name}/{expect.parent.name}"] = await _folder_docs(
            expect.parent
        )
    CACHE.write_bytes(pickle.dumps(cases))
    return cases


def outputs(docs: list[EvidenceDoc]) -> dict[str, str]:
    with conventions.reading(docs, ""):
        out: dict[str, str] = {}
        out["triage"] = run(TriageResult, docs)[0].model_dump_json()
        blocks = []
        for name, schema in (
            ("financial", FinancialOutput),
            ("legal", LegalOutput),
            ("evidence", EvidenceOutput),
        ):
            result = run(schema, docs)[0]
            out[name] = result.model_dump_json()
            blocks.append(findings(name, result))
        names = findings("files", {d.file_id: d.filename for d in docs}, "stage")
        synthesis = run(SynthesisOutput, [], blocks=[*blocks, names])[0]
        out["synthesis"] = synthesis.model_dump_json()
        strategy_blocks = [*blocks, findings("synthesis", synthesis, "stage")]
        out["strategy"] = run(StrategyOutput, [], blocks=strategy_blocks)[0].model_dump_json()
        out["graph"] = run(GraphOutput, docs, blocks=strategy_blocks)[0].model_dump_json()
        # As the fixtures run it (tests.analysis.fixtures): synthesis over the documents.
        view = case_view(docs, [], "")
        out["synthesis_docs"] = analyse_synthesis(view, 30.0).output.model_dump_json()
        out["financial_docs"] = view.financial.model_dump_json()
    return out


def main() -> None:
    mode, path = sys.argv[1], Path(sys.argv[2])
    only = sys.argv[3] if len(sys.argv) > 3 else ""
    cases = asyncio.run(_cases())
    result = {}
    for name, docs in cases.items():
        if only and only not in name:
            continue
        try:
            result[name] = outputs(docs)
        except Exception as error:
            result[name] = {"error": repr(error)}
    if mode == "save":
        path.write_text(json.dumps(result, indent=0, sort_keys=True))
        print(f"saved {len(result)} cases")
        return
    base = json.loads(path.read_text())
    changed = 0
    for name, out in result.items():
        for part, text in out.items():
            if base.get(name, {}).get(part) != text:
                changed += 1
                print("CHANGED", name, part, hashlib.md5(text.encode()).hexdigest()[:6])
    print(f"{changed} output(s) changed of {len(result)} cases")


if __name__ == "__main__":
    main()
