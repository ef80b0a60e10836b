"""Scores Holmes on the evaluation cases (tests/eval/cases/*/) and the demo case: each case's
evidence is processed by a Holmes server on the configured model and what it reports is matched
against the case's answer key (key.json, written by someone who never read the detectors; the
demo's is made from the answers.json its generator writes, see demo_key).

    make eval                                            # dev cases and the demo
    python -m tests.eval.score --split held_out          # the final figures
    python -m tests.eval.score --split dev --case 01     # while developing: dev cases only

The model is the one Holmes is configured with, as `make run` would choose it: Gemini when
HOLMES_GEMINI_API_KEY (or GEMINI_API_KEY, GOOGLE_API_KEY, Vertex settings) is set, a local
OpenAI-compatible server when HOLMES_LLM_BASE_URL is, else the offline analyst; HOLMES_LLM_PROVIDER
forces one, and `--env NAME=VALUE` sets any setting of the server (a model id). To compare two
prompts, run it once per version and compare the tables.

Grounding: the share of the excerpts the agents cited (in their first answers) that were found in
the source at the location cited, summed from the execution records (agents.grounding), with
the items kept unverified and dropped after the re-ask.

Matching, per group (an item the key has is "found" when some output item matches it; an output
item is "right" when it matches a key item of its group):
- contradictions: the output cites both the key's claim file and its record file;
- gaps: the output's words contain one of the key's `mentions`;
- findings: the financial, legal and evidence agents' HIGH and MEDIUM findings and anomalies
  (transactions, clauses and dated items are records, strategy's items next steps); one
  matches when it cites a key finding's file and names one of its mentions (amounts by value),
  and is right also when it cites both files of a key contradiction;
- links: the output links the key's two files;
- people: person nodes; one is right when its name or an alias shares a name word (not an
  initial) with a key person's forms, and is none of the key's `not_people`.
A HIGH contradiction or finding that matches no key item (or matches a distractor) is a wrong
HIGH item. Figures per group, per finding type (the current analyst's nearest thing to a
detector id), per synthesis detector (the id each contradiction, gap and link carries), and
per case; `--json` writes them all.
"""

import argparse
import json
import mimetypes
import os
import re
import tempfile
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from holmes_backend.demo.case import ANSWERS_FILENAME, write_demo_case
from tests.bench.server import holmes_server, signed_up_client
from tests.support import LLM_ENV

CASES = Path(__file__).parent / "cases"
_DONE = {"READY", "PARTIAL", "ERROR", "CANCELLED"}
_WORD = re.compile(r"[^\W\d_]{2,}", re.UNICODE)
_MIME = {".eml": "message/rfc822", ".csv": "text/csv", ".txt": "text/plain"}


@dataclass
class Tally:
    found: int = 0  # key items matched
    expected: int = 0
    right: int = 0  # output items matched
    reported: int = 0
    wrong_high: int = 0

    def add(self, other: "Tally") -> None:
        for name in ("found", "expected", "right", "reported", "wrong_high"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def figures(self) -> dict[str, Any]:
        return {
            "recall": round(self.found / self.expected, 2) if self.expected else None,
            "precision": round(self.right / self.reported, 2) if self.reported else None,
            "found": f"{self.found}/{self.expected}",
            "right": f"{self.right}/{self.reported}",
            "wrong_high": self.wrong_high,
        }


_GROUNDING = (
    "citations",
    "held",
    "unchecked",
    "failed",
    "reasked",
    "fixed",
    "unverified",
    "dropped",
)


def grounding_figures(counts: dict[str, int]) -> dict[str, Any]:
    citations = counts.get("citations", 0)
    rate = round(counts.get("held", 0) / citations, 3) if citations else None
    return {"rate": rate, **{k: counts.get(k, 0) for k in _GROUNDING}}


@dataclass
class CaseResult:
    case: str
    status: str
    grounding: dict[str, int] = field(default_factory=dict)
    groups: dict[str, Tally] = field(default_factory=dict)
    by_type: dict[str, Tally] = field(default_factory=dict)
    misses: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    by_detector: dict[str, Tally] = field(default_factory=dict)

    def detector(self, item: dict[str, Any]) -> Tally:
        """The tally of the detector an output item carries (synthesis's items carry its id)."""
        return self.by_detector.setdefault(str(item.get("detector") or "?"), Tally())


# ---- running a case --------------------------------------------------------------------------


def _run_case(client: httpx.Client, folder: Path, timeout: float) -> dict[str, Any]:
    case_id = client.post("/api/cases", json={"name": folder.name}).raise_for_status().json()["id"]
    files = sorted(p for p in (folder / "evidence").iterdir() if p.name != ANSWERS_FILENAME)
    uploads = [
        (
            "files",
            (
                f.name,
                f.read_bytes(),
                _MIME.get(f.suffix.lower())
                or mimetypes.guess_type(f.name)[0]
                or "application/octet-stream",
            ),
        )
        for f in files
    ]
    uploaded = client.post(f"/api/cases/{case_id}/files", files=uploads).raise_for_status().json()
    client.post(f"/api/cases/{case_id}/process").raise_for_status()
    deadline = time.monotonic() + timeout
    while True:
        status = client.get(f"/api/cases/{case_id}/process/status").json()
        if status["job"]["status"] in _DONE or time.monotonic() > deadline:
            break
        time.sleep(1)
    graph = client.get(f"/api/cases/{case_id}/graph")
    findings = client.get(f"/api/cases/{case_id}/findings").json()
    agents = client.get(f"/api/cases/{case_id}/agents").json()
    return {
        "status": status["job"]["status"],
        "names": {f["id"]: f["filename"] for f in uploaded},
        "graph": graph.json() if graph.status_code == 200 else {},
        "findings": findings if isinstance(findings, list) else [],
        "grounding": _grounding(agents if isinstance(agents, list) else []),
    }


def _grounding(agents: list[dict[str, Any]]) -> dict[str, int]:
    """The grounding counts of every agent run of the case, summed."""
    total: dict[str, int] = dict.fromkeys(_GROUNDING, 0)
    stack = list(agents)
    while stack:
        node = stack.pop()
        stack.extend(node.get("children", []))
        for name, value in (node.get("grounding") or {}).items():
            if name in total:
                total[name] += value
    return total


# ---- the demo case ---------------------------------------------------------------------------

# What a gap's text must say to be the planted gap: written from the demo's planted gaps.
_DEMO_GAP_MENTIONS = {
    "board_approval": ["board approval", "Board of Directors", "resolution"],
    "cap_amendment": ["amendment"],
    "invoice_009": ["LCG-2024-009", "22,000"],
    "account_2291": ["2291", "Ridgeway"],
}


def demo_key(answers: dict[str, Any]) -> dict[str, Any]:
    """The demo generator's answers.json as an answer key of the evaluation's form."""

    def files(refs: list[dict[str, Any]]) -> list[str]:
        return list(dict.fromkeys(r["file"] for r in refs if r.get("file")))

    def textual(refs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        # A record side with words to quote (a photo's metadata has none).
        return [r for r in refs if r.get("excerpt")] or refs

    return {
        "case": "00-demo",
        "split": "dev",
        "people": [{"name": n, "forms": [n], "files": []} for n in answers["entities"]["people"]],
        "not_people": answers["entities"]["organizations"],
        "contradictions": [
            {
                "id": c["id"],
                "claim": {"file": c["claim_source"]["file"]},
                "record": {"file": textual(c["evidence_against"])[0]["file"]},
                "why": c["claim"],
            }
            for c in answers["contradictions"]
        ],
        "gaps": [
            {
                "id": g["id"],
                "mentions": _DEMO_GAP_MENTIONS.get(g["id"], [g["element"]]),
                "why": g["element"],
            }
            for g in answers["evidence_gaps"]
        ],
        "findings": [
            {
                "id": a["id"],
                "files": files(a["sources"]),
                "mentions": [
                    a["kind"].replace("_", " "),
                    *(
                        r["excerpt"]
                        for r in a["sources"]
                        if any(ch.isdigit() for ch in r["excerpt"])
                    ),
                ],
                "why": a["description"],
            }
            for a in answers["anomalies"]
        ],
        "links": [
            {"id": link["id"], "files": [link["a"]["file"], link["b"]["file"]], "why": ""}
            for link in answers["cross_modal_links"]
        ],
    }


def _demo_folder(root: Path) -> Path:
    """The demo case written as an evaluation case folder (evidence/ and key.json)."""
    folder = root / "00-demo"
    answers = write_demo_case(folder / "evidence")
    key = demo_key(json.loads(answers.read_text(encoding="utf-8")))
    (folder / "key.json").write_text(json.dumps(key, indent=1), encoding="utf-8")
    return folder


# ---- matching --------------------------------------------------------------------------------


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


_NUMBER = re.compile(r"\d(?:[\d.,\u00a0 \u202f']*\d)?")


def _amounts(text: str) -> set[str]:
    """The numbers a text writes, by their digits, each also without its cents: "EUR 24.950,00",
    "24950.00" and "24,950" are one amount."""
    found = set()
    for number in _NUMBER.findall(text):
        digits = re.sub(r"\D", "", number)
        found.add(digits)
        if re.search(r"[.,]\d{2}$", number):
            found.add(digits[:-2])
    return {d for d in found if len(d) >= 3}


def _says(text: str, mention: str) -> bool:
    """The output's words contain the mention, or a number in it, read as an amount."""
    if _fold(mention) in _fold(text):
        return True
    return bool(_amounts(mention) & _amounts(text))


def _files(refs: list[dict[str, Any] | None], names: dict[str, str]) -> set[str]:
    return {names.get(r.get("file_id", ""), "") for r in refs if r} - {""}


def _name_words(text: str) -> set[str]:
    """The words of a name; of an address or a login, the mailbox or user alone (the domain
    "WADDERVEEN" of "WADDERVEEN\\rtammeling" names no one)."""
    text = text.split("@", maxsplit=1)[0].rsplit("\\", maxsplit=1)[-1]
    return {w.casefold() for w in _WORD.findall(text)}


def score(key: dict[str, Any], run: dict[str, Any]) -> CaseResult:
    names = run["names"]
    graph = run["graph"]
    result = CaseResult(case=key["case"], status=run["status"], grounding=run.get("grounding", {}))

    # contradictions
    tally = Tally(expected=len(key.get("contradictions", [])))
    outputs = []
    for item in graph.get("contradictions", []):
        cited = _files([item.get("claim_source"), *item.get("evidence_against", [])], names)
        outputs.append((item, cited))
    for planted in key.get("contradictions", []):
        wanted = {planted["claim"]["file"], planted["record"]["file"]}
        finders = [item for item, cited in outputs if wanted <= cited]
        if finders:
            tally.found += 1
            result.detector(finders[0]).found += 1
        else:
            result.misses.append(f"contradiction {planted['id']}: {planted['why'][:90]}")
    for item, cited in outputs:
        tally.reported += 1
        by = result.detector(item)
        by.reported += 1
        matched = any(
            {p["claim"]["file"], p["record"]["file"]} <= cited
            for p in key.get("contradictions", [])
        )
        if matched:
            tally.right += 1
            by.right += 1
        else:
            if item.get("severity") == "HIGH":
                tally.wrong_high += 1
                by.wrong_high += 1
            result.wrong.append(
                f"contradiction [{item.get('severity')}]: {item.get('claim', '')[:90]}"
            )
    result.groups["contradictions"] = tally

    # gaps
    tally = Tally(expected=len(key.get("gaps", [])))
    texts = [
        (gap, f"{gap.get('element', '')} {gap.get('recommendation', '')}")
        for gap in graph.get("evidence_gaps", [])
    ]
    for planted in key.get("gaps", []):
        finders = [g for g, text in texts if any(_says(text, m) for m in planted["mentions"])]
        if finders:
            tally.found += 1
            result.detector(finders[0]).found += 1
        else:
            result.misses.append(f"gap {planted['id']}: {planted['why'][:90]}")
    for gap, text in texts:
        tally.reported += 1
        by = result.detector(gap)
        by.reported += 1
        if any(any(_says(text, m) for m in p["mentions"]) for p in key.get("gaps", [])):
            tally.right += 1
            by.right += 1
        else:
            result.wrong.append(f"gap: {gap.get('element', '')[:90]}")
    result.groups["gaps"] = tally

    # findings (HIGH and MEDIUM; the rest are observations)
    tally = Tally(expected=len(key.get("findings", [])))
    shown = [
        f
        for f in run["findings"]
        # synthesis's items are the graph's, scored above; strategy's are next steps
        if f["domain"] not in ("synthesis", "strategy")
        and (f.get("content") or {}).get("severity") in ("HIGH", "MEDIUM")
    ]

    def finding_text(f: dict[str, Any]) -> str:
        return f"{f['title']} {f['summary']} {json.dumps(f.get('content', {}), ensure_ascii=False)}"

    def finding_files(f: dict[str, Any]) -> set[str]:
        refs = f.get("content", {}).get("sources", []) or []
        files = _files(refs, names)
        if f.get("file_id"):
            files.add(names.get(f["file_id"], ""))
        return files - {""}

    def matches(f: dict[str, Any], planted: dict[str, Any]) -> bool:
        return bool(finding_files(f) & set(planted["files"])) and any(
            _says(finding_text(f), m) for m in planted["mentions"]
        )

    for planted in key.get("findings", []):
        if any(matches(f, planted) for f in shown):
            tally.found += 1
        else:
            result.misses.append(f"finding {planted['id']}: {planted['why'][:90]}")
    for f in shown:
        kind = f.get("finding_type", "?")
        typed = result.by_type.setdefault(kind, Tally())
        tally.reported += 1
        typed.reported += 1
        right = any(matches(f, p) for p in key.get("findings", [])) or any(
            finding_files(f) >= {p["claim"]["file"], p["record"]["file"]}
            for p in key.get("contradictions", [])
        )
        if right:
            tally.right += 1
            typed.right += 1
        elif f.get("content", {}).get("severity") == "HIGH":
            tally.wrong_high += 1
            typed.wrong_high += 1
            result.wrong.append(f"finding HIGH {kind}: {f['title'][:90]}")
    result.groups["findings"] = tally

    # links
    tally = Tally(expected=len(key.get("links", [])))
    links = graph.get("cross_modal_links", [])
    pairs = [_files([link.get("source_a"), link.get("source_b")], names) for link in links]
    for link, pair in zip(links, pairs, strict=True):
        by = result.detector(link)
        by.reported += 1
        by.right += any(set(p["files"]) <= pair for p in key.get("links", []))
    for planted in key.get("links", []):
        finders = [
            link for link, pair in zip(links, pairs, strict=True) if set(planted["files"]) <= pair
        ]
        if finders:
            tally.found += 1
            result.detector(finders[0]).found += 1
        else:
            result.misses.append(f"link {planted['id']}: {planted['why'][:90]}")
    tally.reported = len(pairs)
    tally.right = sum(
        1 for pair in pairs if any(set(p["files"]) <= pair for p in key.get("links", []))
    )
    result.groups["links"] = tally

    # people
    tally = Tally(expected=len(key.get("people", [])))
    known = [
        set().union(*(_name_words(form) for form in [p["name"], *p["forms"]]))
        - {"mr", "mrs", "ms", "dr"}
        for p in key.get("people", [])
    ]
    not_people = {_fold(n) for n in key.get("not_people", [])}
    nodes = [n for n in graph.get("nodes", []) if n.get("type") == "person"]
    matched_people: set[int] = set()
    for node in nodes:
        tally.reported += 1
        words = set().union(
            *(_name_words(n) for n in [node.get("name", ""), *node.get("aliases", [])])
        )
        hits = [i for i, forms in enumerate(known) if words & forms]
        if hits and _fold(node.get("name", "")) not in not_people:
            tally.right += 1
            matched_people.update(hits)
        else:
            result.wrong.append(f"person: {node.get('name')}")
    tally.found = len(matched_people)
    result.groups["people"] = tally
    return result


# ---- the report ------------------------------------------------------------------------------


def _chosen(split: str, cases: list[str]) -> list[Path]:
    chosen = []
    for folder in sorted(p for p in CASES.iterdir() if (p / "key.json").exists()):
        key = json.loads((folder / "key.json").read_text(encoding="utf-8"))
        if split != "all" and key["split"] != split:
            continue
        if cases and not any(folder.name.startswith(c) for c in cases):
            continue
        chosen.append(folder)
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("dev", "held_out", "all"), default="dev")
    parser.add_argument("--case", action="append", default=[], help="a case number prefix")
    parser.add_argument("--timeout", type=float, default=900)
    parser.add_argument("--json", type=Path, help="write every figure and item here")
    parser.add_argument(
        "--env", action="append", default=[], help="NAME=VALUE for the server (a model)"
    )
    parser.add_argument("--dump", type=Path, help="a folder for each case's raw output")
    parser.add_argument("--demo", action="store_true", help="also the demo case (answers.json)")
    args = parser.parse_args()
    folders = _chosen(args.split, args.case)
    results: list[CaseResult] = []
    with tempfile.TemporaryDirectory(prefix="holmes-eval-") as folder:
        data_dir = Path(folder) / "data"
        data_dir.mkdir()
        if args.demo:
            folders.insert(0, _demo_folder(Path(folder)))
        # The model Holmes is configured with (the bench server drops these by default).
        env = {name: os.environ[name] for name in LLM_ENV if name in os.environ}
        env |= {"HOLMES_ENVIRONMENT": "development"}
        env |= dict(item.split("=", 1) for item in args.env)
        with (
            holmes_server(data_dir, env) as server,
            signed_up_client(server.base_url, f"{uuid.uuid4()}@eval.example") as client,
        ):
            for case in folders:
                key = json.loads((case / "key.json").read_text(encoding="utf-8"))
                run = _run_case(client, case, args.timeout)
                if args.dump:
                    args.dump.mkdir(parents=True, exist_ok=True)
                    (args.dump / f"{case.name}.json").write_text(
                        json.dumps(run, indent=1, ensure_ascii=False), encoding="utf-8"
                    )
                result = score(key, run)
                results.append(result)
                line = {
                    g: t.figures()["found"] + " found, " + t.figures()["right"] + " right"
                    for g, t in result.groups.items()
                }
                held = result.grounding.get("held", 0)
                line["grounding"] = f"{held}/{result.grounding.get('citations', 0)} held"
                print(f"{case.name} [{result.status}]: {json.dumps(line)}", flush=True)
    totals: dict[str, Tally] = defaultdict(Tally)
    by_type: dict[str, Tally] = defaultdict(Tally)
    by_detector: dict[str, Tally] = defaultdict(Tally)
    for result in results:
        for name, tally in result.groups.items():
            totals[name].add(tally)
        for name, tally in result.by_type.items():
            by_type[name].add(tally)
        for name, tally in result.by_detector.items():
            by_detector[name].add(tally)
    grounding: dict[str, int] = dict.fromkeys(_GROUNDING, 0)
    for result in results:
        for name in _GROUNDING:
            grounding[name] += result.grounding.get(name, 0)
    report = {
        "split": args.split,
        "cases": [r.case for r in results],
        "groups": {name: tally.figures() for name, tally in totals.items()},
        "grounding": grounding_figures(grounding),
        "wrong_high": sum(t.wrong_high for t in totals.values()),
        "finding_types": {name: t.figures() for name, t in sorted(by_type.items())},
        # Synthesis's items by the detector that produced them: items found of the key's,
        # items right of those reported (a group's recall is the group's, above).
        "detectors": {name: t.figures() for name, t in sorted(by_detector.items())},
    }
    print(_table(report))
    print(json.dumps(report, indent=2))
    if args.json:
        detail = [
            {"case": r.case, "status": r.status, "misses": r.misses, "wrong": r.wrong}
            for r in results
        ]
        args.json.write_text(json.dumps({**report, "detail": detail}, indent=2), encoding="utf-8")


def _table(report: dict[str, Any]) -> str:
    """Recall and precision per group, and the grounding rate, as a table."""
    rows = [f"{'group':<16}{'recall':>8}{'precision':>11}{'found':>9}{'right':>9}"]
    for name, figures in report["groups"].items():
        recall, precision = figures["recall"], figures["precision"]
        rows.append(
            f"{name:<16}{'-' if recall is None else f'{recall:.2f}':>8}"
            f"{'-' if precision is None else f'{precision:.2f}':>11}"
            f"{figures['found']:>9}{figures['right']:>9}"
        )
    g = report["grounding"]
    rate = "-" if g["rate"] is None else f"{g['rate']:.3f}"
    rows.append(
        f"grounding rate {rate} ({g['held']}/{g['citations']} cited excerpts held; "
        f"{g['unchecked']} unchecked; re-asked {g['reasked']}, fixed {g['fixed']}, "
        f"unverified {g['unverified']}, dropped {g['dropped']})"
    )
    return "\n".join(rows)


if __name__ == "__main__":
    main()
