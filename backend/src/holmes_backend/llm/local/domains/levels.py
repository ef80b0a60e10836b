"""A tank's level told against the level recorded: a hirer's "when I returned it the fuel tank
was full" against the check-in report's "Fuel level on return: 1/4" that day.

- Evidence: a record's field giving a fuel level ("Fuel level on return: 1/4", "Fuel: 3/8",
  "Fuel gauge: half", "Fuel: 25%") is a finding, LEVEL_RECORDED, with the record's day.
- Synthesis: a claim of the tank's level (full, empty, half, a quarter) on a day against a level
  recorded in another file that day or the next, half a tank or more apart: HIGH when one is
  full and the other a quarter or less, else MEDIUM.
"""

import re
from datetime import date, timedelta

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony
from holmes_backend.llm.local.domains.records import written_day
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.dates import find_moments, parse_span
from holmes_backend.llm.local.facts.text import units

LEVEL_RECORDED = "level_recorded"

_FIELD = re.compile(
    r"^\s*fuel(?:\s+(?:level|gauge|tank))?(?:\s+(?:on|at)\s+[a-z-]+)?\s*:\s*(?P<v>[^;,]{1,20})",
    re.IGNORECASE,
)
_WORDS = {"full": 1.0, "f": 1.0, "empty": 0.0, "e": 0.0, "half": 0.5, "quarter": 0.25}
_CLAIMED = re.compile(
    r"\b(?:(?:fuel\s+)?tank\s+(?:was|is)\s+(?P<a>full|empty|half[\s-]full|(?:a\s+)?quarter[\s-]full)"
    r"|(?:with\s+)?(?:a|the)\s+(?P<b>full|empty)\s+(?:fuel\s+)?tank"
    r"|(?:with\s+)?(?P<c>half|a\s+quarter\s+of)\s+a\s+tank)\b",
    re.IGNORECASE,
)
_TITLE = re.compile(r"^Fuel level recorded: (?P<level>[\d.]+) \((?P<as>[^)]*)\) on (?P<day>\S+)")
_APART = 0.5
_HEAD = 12


def levels_recorded(doc: EvidenceDoc) -> list[Finding]:
    if is_testimony(doc):
        return []
    # The record's day: its heading's, else the first its form's fields give ("Checked in: …").
    day = written_day(doc) or next(
        (m[0].day.isoformat() for u in units(doc)[:_HEAD] if (m := find_moments(u.text))), None
    )
    found: list[Finding] = []
    for unit in units(doc):
        field = _FIELD.match(unit.text)
        level = _level(field["v"]) if field else None
        if field is None or level is None or day is None:
            continue
        found.append(
            Finding(
                finding_type=LEVEL_RECORDED,
                title=f"Fuel level recorded: {level:g} ({field['v'].strip()}) on {day}",
                summary=unit.text[:300],
                confidence=0.75,
                severity="LOW",
                sources=[unit.ref],
            )
        )
    return found


def _level(text: str) -> float | None:
    value = text.strip().lower()
    if fraction := re.fullmatch(r"(\d)\s*/\s*(\d{1,2})", value):
        top, bottom = int(fraction[1]), int(fraction[2])
        return top / bottom if bottom and top <= bottom else None
    if percent := re.fullmatch(r"(\d{1,3})\s*%", value):
        return min(int(percent[1]), 100) / 100
    return _WORDS.get(value.split()[0]) if value else None


def level_contradictions(claims: list[SwornClaim], findings: list[Finding]) -> list[Contradiction]:
    recorded = [
        (m, f)
        for f in findings
        if f.finding_type == LEVEL_RECORDED and (m := _TITLE.match(f.title))
    ]
    found: list[Contradiction] = []
    for claim in claims:
        told = _CLAIMED.search(answer_of(claim).said)
        span = parse_span(claim.claimed_time)
        if not claim.speaker or told is None or span is None or not recorded:
            continue
        said = (told["a"] or told["b"] or told["c"]).lower()
        level = 0.5 if said.startswith("half") else 0.25 if "quarter" in said else _WORDS[said]
        day = span[0].date()
        against = [
            (m, f)
            for m, f in recorded
            if f.sources[0].file_id != claim.source.file_id
            and day <= date.fromisoformat(m["day"]) <= day + timedelta(days=1)
            and abs(float(m["level"]) - level) >= _APART
        ]
        if not against:
            continue
        m, f = against[0]
        extreme = max(level, float(m["level"])) == 1.0 and min(level, float(m["level"])) <= 0.25
        found.append(
            refuted(
                claim,
                [f.sources[0]],
                f"{claim.speaker} says the tank was {said}, yet the record of {m['day']} has its "
                f"fuel at {m['as']}: {f.summary[:120]}.",
                "HIGH" if extreme else "MEDIUM",
            )
        )
    return found


__all__ = ["LEVEL_RECORDED", "level_contradictions", "levels_recorded"]
