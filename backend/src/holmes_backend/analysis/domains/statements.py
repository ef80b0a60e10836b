"""Financial statement tables: a label and one figure per reporting period.

A header row of dates ("November 2, 2024 | October 28, 2023 | …") names the columns, optionally
under a row of period labels ("Thirteen Weeks Ended | Thirty-Nine Weeks Ended") that each span an
equal share of them. Figures are scaled by the table's unit note ("in thousands"), except per-share
amounts; share counts are not money and are skipped. A row without a label after indented items
is the subtotal of the heading above them.
"""

import re
from dataclasses import dataclass

from holmes_backend.analysis.facts.cells import pipe_cells
from holmes_backend.analysis.facts.dates import find_moments
from holmes_backend.analysis.facts.money import implicit_currency, parse_cell
from holmes_backend.analysis.facts.text import Unit, units
from holmes_backend.contracts.agents import Transaction
from holmes_backend.llm.evidence import EvidenceDoc

REPORTED = "Reported figure"
SCALE = re.compile(
    r"\bin\s+(?P<word>thousands|millions|billions)\b|\((?P<zeros>000s?|000,000s?)\)|\$\s?(?P<k>000)",
    re.IGNORECASE,
)
PER_SHARE = re.compile(r"\bper\s+(?:common\s+)?share\b|\beps\b|earnings per", re.IGNORECASE)
_SHARE_COUNT = re.compile(r"\bshares\b|\bunits outstanding\b", re.IGNORECASE)
_YEAR = re.compile(r"^(?:fy\s?|fiscal\s)?(?P<y>(?:19|20)\d{2})$", re.IGNORECASE)
_LOOKBACK = 12
_SHORT_LABEL = 90


@dataclass
class _Column:
    date: str
    period: str


def statement_figures(doc: EvidenceDoc) -> list[Transaction]:
    all_units = units(doc)
    found: list[Transaction] = []
    for region in _regions(all_units):
        found += _region_figures(doc.file_id, all_units, region)
    return found or _field_figures(all_units)


# Statements written as a label and a figure a line ("Revenue: $8,950,000"), under a head that
# says what they are and to when ("AUDITED FINANCIAL STATEMENTS - YEAR ENDED DECEMBER 31, 2024").
_STATEMENT_HEAD = re.compile(
    r"\b(?:financial\s+statements?|statement\s+of\s+(?:operations|income|financial\s+position)|"
    r"income\s+statement|profit\s+and\s+loss|balance\s+sheet|annual\s+accounts|management\s+"
    r"accounts)\b",
    re.IGNORECASE,
)
_PERIOD_END = re.compile(r"\b(?:year|period|twelve\s+months|quarter)\s+end(?:ed|ing)\b", re.I)
_FIELD_FIGURE = re.compile(
    r"^(?P<label>[A-Z][A-Za-z ,&'/-]{2,60}?)\s*:\s*(?P<value>\S.*?)(?:\s+\((?=[A-Za-z])|$)"
)
_HEAD_UNITS = 6
_LAST_CAPITALISED = re.compile(r"[A-Z][\w&'/-]*(?:\s+[a-z][\w&'/-]*)*$")


def _field_figures(all_units: list[Unit]) -> list[Transaction]:
    head = " ".join(u.text for u in all_units[:_HEAD_UNITS])
    ends = [m.day for m in find_moments(head)]
    if not _STATEMENT_HEAD.search(head) or not _PERIOD_END.search(head) or not ends:
        return []
    end = max(ends).isoformat()
    currency = implicit_currency.get()
    found: list[Transaction] = []
    for unit in all_units[1:]:
        field = _FIELD_FIGURE.match(unit.text)
        parsed = parse_cell(field["value"]) if field else None
        if field is None or parsed is None or _SHARE_COUNT.search(field["label"]):
            continue
        value, symbol = parsed
        # A heading run into its first line ("Profit and loss account Turnover"): the line's
        # label is its last capitalised words.
        label = _LAST_CAPITALISED.search(field["label"].strip())
        line = label.group() if label else field["label"].strip()
        found.append(
            Transaction(
                date=end,
                amount=round(value, 2),
                currency=symbol or currency,
                description=f"{REPORTED}: {line} \u2014 Year ended {end}",
                source=unit.ref,
            )
        )
    return found


def _regions(all_units: list[Unit]) -> list[list[int]]:
    """Positions of units forming one table: pipe rows, with short label lines between them."""
    regions: list[list[int]] = []
    current: list[int] = []
    gap = 0
    for position, unit in enumerate(all_units):
        if unit.kind == "cells":
            current.append(position)
            gap = 0
        elif current and unit.kind == "prose" and len(unit.text) <= _SHORT_LABEL and gap < 2:
            current.append(position)
            gap += 1
        else:
            if current:
                regions.append(current)
            current, gap = [], 0
    if current:
        regions.append(current)
    return regions


def _scale(all_units: list[Unit], region: list[int]) -> float:
    start = max(0, region[0] - _LOOKBACK)
    for unit in all_units[start : region[0] + 3]:
        match = SCALE.search(unit.text)
        if match:
            word = (match["word"] or "").lower()
            if word == "millions" or (match["zeros"] or "").startswith("000,000"):
                return 1e6
            return 1e9 if word == "billions" else 1e3
    return 1.0


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


def _region_figures(file_id: str, all_units: list[Unit], region: list[int]) -> list[Transaction]:
    scale = _scale(all_units, region)
    currency = implicit_currency.get()
    text = " ".join(all_units[p].text for p in region)
    if "€" in text:
        currency = "EUR"
    elif "£" in text:
        currency = "GBP"
    columns: list[_Column] | None = None
    label_row: list[str] = []
    heading = ""
    last_label = ""
    found: list[Transaction] = []
    for position in region:
        unit = all_units[position]
        if unit.kind != "cells":
            heading = unit.text.rstrip(":")
            continue
        cells = pipe_cells(unit.text)
        header = header_columns(cells)
        if header:
            columns = header
            label_periods(columns, label_row)
            continue
        values = [parse_cell(c) for c in cells]
        numbers = [v for v in values if v is not None]
        label_cells = [c for c, v in zip(cells, values, strict=True) if v is None]
        label_row = cells if not numbers else []
        if columns is None or len(numbers) != len(columns) or len(label_cells) > 1:
            continue
        if label_cells:
            label = label_cells[0]
        else:
            label = f"Total {heading}" if heading else f"Subtotal after {last_label}"
            heading = ""
        last_label = label
        if label.lower().startswith("total"):
            heading = ""
        if _SHARE_COUNT.search(label) and not PER_SHARE.search(label):
            continue
        per_share = PER_SHARE.search(label) or PER_SHARE.search(heading)
        factor = 1.0 if per_share else scale
        for (value, symbol), column in zip(numbers, columns, strict=True):
            period = f"{column.period} {column.date}".strip()
            unit_note = " (reported in thousands)" if factor == 1e3 else ""
            unit_note = " (reported in millions)" if factor == 1e6 else unit_note
            found.append(
                Transaction(
                    date=column.date,
                    amount=round(value * factor, 2),
                    currency=symbol or currency,
                    description=f"{REPORTED}: {label} \u2014 {period}{unit_note}",
                    source=unit.ref,
                )
            )
    return found
