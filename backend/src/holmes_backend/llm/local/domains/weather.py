"""Weather claimed against weather recorded: "Work on site was stopped by heavy rain on 14, 15
and 16 October 2026" against a weather station's rows of those days (rainfall 0.0 mm) and a
site diary's "Dry, sunny".

- Synthesis: a claim that rain or snow fell (or stopped work, flooded a site) on some days,
  against records of those days in other files: a table's rain or snow column ("Rainfall (mm):
  0.0"; 0.2 mm or less is a dry day) or a dated line calling the day dry ("Dry, overcast", "no
  rain"). HIGH when two days or more are recorded dry, MEDIUM for one.
"""

import re
from datetime import date

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import parse_span

# A kind of weather a claim says fell, and the column a station records it in.
_KINDS: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "rain": (
        re.compile(
            r"\b(?:rain\w*|downpours?|torrential|waterlogged|flood\w*|wet\s+weather)\b", re.I
        ),
        re.compile(r"\b(?:rain\w*|precip\w*)\b", re.I),
    ),
    "snow": (
        re.compile(r"\b(?:snow\w*|blizzard\w*|sleet)\b", re.I),
        re.compile(r"\bsnow\w*\b", re.I),
    ),
}
_NEGATED = re.compile(r"\b(?:no|not|never|without)\b|n['\u2019]t\b", re.IGNORECASE)
_DRY_LINE = re.compile(r"\b(?:dry|no\s+rain|sunny|fine\s+(?:and\s+)?(?:dry|clear))\b", re.I)
_DRY_MM = 0.2
_BEFORE = 25  # characters before the weather word a negation denies it from
_LONGEST_DAYS = 14


def weather_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        span = parse_span(claim.claimed_time)
        told = next(
            ((k, m) for k, (said_as, _) in _KINDS.items() if (m := said_as.search(said))), None
        )
        # "There was no rain": the weather word denied, not "no loads ran" after it.
        if not claim.speaker or told is None or span is None:
            continue
        kind, word = told
        if _NEGATED.search(said[max(0, word.start() - _BEFORE) : word.start()]):
            continue
        first, last = span[0].date(), span[1].date()
        if (last - first).days >= _LONGEST_DAYS:
            continue
        dry: dict[date, list[Item]] = {}
        for item in items:
            day = item.when.date()
            if item.file_id == claim.source.file_id or not first <= day <= last:
                continue
            if _recorded_dry(item, kind):
                dry.setdefault(day, []).append(item)
        if not dry:
            continue
        days = sorted(dry)
        listed = "; ".join(f"{d.isoformat()}: {dry[d][0].description[:90]}" for d in days[:4])
        found.append(
            refuted(
                claim,
                unique_refs([i.source for d in days for i in dry[d]], 6),
                f"{claim.speaker} says {kind} fell then, yet the records of "
                f"{len(days)} of those day(s) have it dry: {listed}.",
                "HIGH" if len(days) >= 2 else "MEDIUM",
            )
        )
    return found


def _recorded_dry(item: Item, kind: str) -> bool:
    """Whether a record has its day dry of the kind: its column of it at nought (or a trace),
    or a dated line calling the day dry."""
    column = _KINDS[kind][1]
    fields = row_fields(item.source.excerpt or item.description)
    for header, value in fields.items():
        if column.search(header):
            try:
                return float(value.strip().split()[0]) <= _DRY_MM
            except (ValueError, IndexError):
                return False
    return kind == "rain" and bool(_DRY_LINE.search(item.description)) and not fields


__all__ = ["weather_contradictions"]
