"""How many things were done, told differently: a glazier's invoice confirming "all 24 windows
were replaced" against the surveyor's "9 windows have been replaced … The remaining 15 windows
… have not been replaced".

- Evidence and financial: a sentence of a record or a statement counting things done ("24
  windows were replaced", "the remaining 15 windows have not been replaced", "all 12 radiators
  have been fitted") is a finding, COUNT_STATED: the count, the things, the act, whether it says
  they were not done, and who says so.
- Synthesis: two files counting the same things done by the same act differently (by two and
  by a tenth at least) contradict each other: the larger count against the smaller and the
  count of those not done (HIGH).
"""

import re
from dataclasses import dataclass

from holmes_backend.agents.schemas import Contradiction, Finding
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import witness
from holmes_backend.llm.local.domains.records import record_author
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.text import units

COUNT_STATED = "count_stated"

_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
_COUNTED = re.compile(
    r"\b(?:all\s+(?:of\s+the\s+|the\s+)?)?(?P<n>\d{1,4}|" + "|".join(_WORDS) + r")\s+"
    r"(?:[a-z-]+\s+){0,2}?(?P<things>[a-z]{3,}s)\b[^.;]{0,50}?\b"
    r"(?:(?:were|was|are)(?P<not>\s+not(?:\s+yet)?)?|(?:have|has|had)(?P<not2>\s+not(?:\s+yet)?)?"
    r"\s+been)\s+(?P<act>[a-z]{3,}ed|fitted|fixed|installed|replaced)\b",
    re.IGNORECASE,
)
_TITLE = re.compile(
    r"^Count stated: (?P<n>\d+) (?P<things>\S+) (?P<not>not )?(?P<act>\S+) \((?P<who>.+)\)$"
)
_SLACK = 0.1
_APART = 2


def counts_stated(doc: EvidenceDoc) -> list[Finding]:
    who = witness(doc) or record_author(doc) or doc.filename
    found: list[Finding] = []
    for unit in units(doc):
        if unit.kind == "row":
            continue
        for match in _COUNTED.finditer(unit.text):
            raw = match["n"].lower()
            count = int(raw) if raw.isdigit() else _WORDS[raw]
            denied = "not " if match["not"] or match["not2"] else ""
            found.append(
                Finding(
                    finding_type=COUNT_STATED,
                    title=f"Count stated: {count} {match['things'].lower()} {denied}"
                    f"{match['act'].lower()} ({who})",
                    summary=unit.text[:300],
                    confidence=0.7,
                    severity="LOW",
                    sources=[unit.ref],
                )
            )
    return found


@dataclass
class _Count:
    count: int
    things: str
    done: bool
    act: str
    who: str
    finding: Finding


def count_contradictions(findings: list[Finding]) -> list[Contradiction]:
    counts = _read(findings)
    found: list[Contradiction] = []
    done = sorted((c for c in counts if c.done), key=lambda c: -c.count)
    seen: set[tuple[str, str]] = set()
    for high in done:
        key = (_stem(high.things), _stem(high.act))
        file_id = high.finding.sources[0].file_id
        if key in seen:
            continue
        lower = [
            c
            for c in done
            if (_stem(c.things), _stem(c.act)) == key
            and c.finding.sources[0].file_id != file_id
            and high.count - c.count >= max(_APART, high.count * _SLACK)
        ]
        if not lower:
            continue
        seen.add(key)
        other = lower[0].finding.sources[0].file_id
        undone = [
            c
            for c in counts
            if not c.done
            and (_stem(c.things), _stem(c.act)) == key
            and c.finding.sources[0].file_id == other
        ]
        told = f"{lower[0].count} {lower[0].act}" + (
            f" and {undone[0].count} not {undone[0].act}" if undone else ""
        )
        found.append(
            Contradiction(
                claim=high.finding.summary,
                claim_source=high.finding.sources[0],
                evidence_against=unique_refs([c.finding.sources[0] for c in (*lower, *undone)], 6),
                explanation=(
                    f"{high.who} counts {high.count} {high.things} {high.act}; "
                    f"{lower[0].who} counts {told}."
                ),
                severity="HIGH",
            )
        )
    return found


def _read(findings: list[Finding]) -> list[_Count]:
    found: dict[tuple[str, int | None, str], _Count] = {}
    for f in findings:
        match = _TITLE.match(f.title) if f.finding_type == COUNT_STATED and f.sources else None
        if match is None:
            continue
        key = (f.sources[0].file_id, f.sources[0].line, f.title)  # read by two domains: once
        found[key] = _Count(
            int(match["n"]), match["things"], not match["not"], match["act"], match["who"], f
        )
    return list(found.values())


def _stem(word: str) -> str:
    return word.lower()[:5]


__all__ = ["COUNT_STATED", "count_contradictions", "counts_stated"]
