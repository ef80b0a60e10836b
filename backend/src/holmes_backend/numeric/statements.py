"""Financial statement tables' columns: a header row of dates, under period labels."""

import re
from dataclasses import dataclass

from holmes_backend.analysis.facts.dates import find_moments

SCALE = re.compile(
    r"\bin\s+(?P<word>thousands|millions|billions)\b|\((?P<zeros>000s?|000,000s?)\)|\$\s?(?P<k>000)",
    re.IGNORECASE,
)
PER_SHARE = re.compile(r"\bper\s+(?:common\s+)?share\b|\beps\b|earnings per", re.IGNORECASE)
_YEAR = re.compile(r"^(?:fy\s?|fiscal\s)?(?P<y>(?:19|20)\d{2})$", re.IGNORECASE)


@dataclass
class _Column:
    date: str
    period: str


def header_columns(cells: list[str]) -> list[_Column] | None:
    columns: list[_Column] = []
    for cell in cells:
        moments = find_moments(cell)
        year = _YEAR.match(cell.strip())
        if moments:
            columns.append(_Column(moments[0].day.isoformat(), ""))
        elif year:
            columns.append(_Column(year["y"], ""))
    return columns if len(columns) >= 2 and len(columns) >= len(cells) - 1 else None


def label_periods(columns: list[_Column], labels: list[str]) -> None:
    if not labels or len(columns) % len(labels):
        return
    span = len(columns) // len(labels)
    for number, column in enumerate(columns):
        column.period = labels[number // span]
