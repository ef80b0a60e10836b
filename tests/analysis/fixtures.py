"""Runs the detectors' fixture examples (tests/analysis/fixtures/<group>/<example>/) through the
offline analysts and tells, for each, whether its group reported something and what.

    python -m tests.analysis.fixtures            # figures per group and per example

A group is what a fixture folder tests; its items are those of the engine's detectors below
(and the financial analyst's anomalies: splitting under a threshold as thresholds, the others as
payments). A positive example is found when an item of its group cites
every file its expect.json lists (for the groups in _NAMED: the first file, or names one of its
`mentions`); a negative one is clean when its group reports nothing at all.
"""

import asyncio
import json
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from holmes_backend.analysis.domains.case import case_view
from holmes_backend.analysis.domains.synthesis import analyse_synthesis
from holmes_backend.analysis.facts import conventions
from holmes_backend.config import Settings
from holmes_backend.contracts.agents import FinancialOutput, SourceRef, SynthesisOutput
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.services.file_types import detect_mime_type
from tests.llm.test_analysts_helpers import load

ROOT = Path(__file__).parent / "fixtures"
# A folder per engine detector (its id), and two for the financial analyst's anomaly rules.
GROUPS: dict[str, set[str]] = {
    "presence": {"presence"},
    "denial": {"denial"},
    "figures": {"figures"},
    "links": {"links"},
    "thresholds": {"anomaly:structuring"},
    "absent_documents": {"absent_documents"},
    "series": {"series"},
    "required_steps": {"required_steps"},
    "uncorroborated": {"uncorroborated"},
    "payments": {"anomalies"},
}
# Groups whose items are matched by their first file or their words (a gap names what is
# lacking; an anomaly its figures), not by citing every file the example lists.
_NAMED = {
    "payments",
    "thresholds",
    "absent_documents",
    "series",
    "required_steps",
    "uncorroborated",
}


@dataclass
class Outcome:
    folder: Path
    group: str
    positive: bool
    found: bool  # positive: an item of its group matched; negative: its group reported any
    items: list[str] = field(default_factory=list)

    @property
    def right(self) -> bool:
        return self.found if self.positive else not self.found


def examples(group: str | None = None) -> list[Path]:
    return sorted(
        p.parent for p in ROOT.glob("*/*/expect.json") if group is None or p.parts[-3] == group
    )


async def _docs(folder: Path) -> list[EvidenceDoc]:
    allowed = Settings().allowed_mime_types
    return [
        await load(p, detect_mime_type(p.name, None, allowed), file_id=p.name)
        for p in sorted(folder.iterdir())
        if p.name != "expect.json"
    ]


def _items(
    group: str, synthesis: SynthesisOutput, financial: FinancialOutput
) -> list[tuple[str, list[SourceRef]]]:
    """Each item of the group: its words, and what it cites."""
    ids = GROUPS[group]
    found: list[tuple[str, list[SourceRef]]] = [
        (f"{c.claim} {c.explanation}", [c.claim_source, *c.evidence_against])
        for c in synthesis.contradictions
        if c.detector in ids
    ]
    found += [
        (k.implication, [k.source_a, k.source_b])
        for k in synthesis.cross_modal_links
        if k.detector in ids
    ]
    found += [
        (f"{g.element} {g.recommendation}", g.sources)
        for g in synthesis.evidence_gaps
        if g.detector in ids
    ]
    found += [
        (a.description, a.sources)
        for a in financial.anomalies
        if f"anomaly:{a.kind}" in ids or ("anomalies" in ids and a.kind != "structuring")
    ]
    return found


def _matches(expect: dict[str, object], words: str, cited: set[str]) -> bool:
    files = [str(f) for f in expect.get("files", [])]  # type: ignore[attr-defined]
    mentions = [str(m).casefold() for m in expect.get("mentions", [])]  # type: ignore[attr-defined]
    if expect["detector"] in _NAMED:
        return (bool(files) and files[0] in cited) or any(m in words.casefold() for m in mentions)
    return set(files) <= cited


async def evaluate(folder: Path) -> Outcome:
    expect = json.loads((folder / "expect.json").read_text(encoding="utf-8"))
    group = folder.parent.name
    docs = await _docs(folder)
    with conventions.reading(docs, ""):
        view = case_view(docs, [], "")
        synthesis = analyse_synthesis(view, 30.0).output
    items = _items(group, synthesis, view.financial)
    positive = expect["polarity"] == "positive"
    if positive:
        found = any(_matches(expect, w, {r.file_id for r in refs}) for w, refs in items)
    else:
        found = bool(items)
    return Outcome(folder, group, positive, found, [w[:140] for w, _ in items])


async def evaluate_all(group: str | None = None) -> list[Outcome]:
    return [await evaluate(folder) for folder in examples(group)]


def figures(outcomes: list[Outcome]) -> dict[str, dict[str, object]]:
    """Per group: positives found, negatives clean."""
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for o in outcomes:
        t = tally[o.group]
        if o.positive:
            t[0] += o.found
            t[1] += 1
        else:
            t[2] += not o.found
            t[3] += 1
    return {
        g: {"positives_found": f"{t[0]}/{t[1]}", "negatives_clean": f"{t[2]}/{t[3]}"}
        for g, t in sorted(tally.items())
    }


def main() -> None:
    outcomes = asyncio.run(evaluate_all(sys.argv[1] if len(sys.argv) > 1 else None))
    for o in outcomes:
        mark = "ok " if o.right else "MISS" if o.positive else "FP "
        print(f"{mark} {o.group}/{o.folder.name}: {o.items[:2]}")
    print(json.dumps(figures(outcomes), indent=1))


if __name__ == "__main__":
    main()
