"""Rows under a header row, shared by CSV and spreadsheets: one chunk per row, and a table."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import chain

from holmes_backend.extraction.limits import Budget
from holmes_backend.extraction.models import Chunk, Location, Table


@dataclass
class Sheet:
    chunks: list[Chunk] = field(default_factory=list)
    table: Table | None = None


# How far down a title block above the header row is looked for.
_TITLE_ROWS = 10
# How many rows are read ahead to know the data's width.
_LOOK_AHEAD = 20


def read_rows(rows: Iterable[list[str]], budget: Budget, *, sheet: str | None = None) -> Sheet:
    """Takes the first non-empty row as the header, data rows numbered from 1 after it; but
    when narrower rows stand above a row of labels as wide as the data under it (a bank
    export's "Chequing account … — holder", or its "Account holder,Dana Reyes" and "Card,Visa
    ending 5521", over "Date,Description,Location,Amount"), that row is the header and the rows
    above are kept as lines of their own ("Account holder: Dana Reyes"). Rows are read while
    `budget` lasts: a sheet beyond it is a data dump rather than evidence to read row by row."""
    result = Sheet()
    iterator = iter(rows)
    leading: list[list[str]] = []
    for cells in iterator:
        leading.append(cells)
        if len(leading) >= _TITLE_ROWS + _LOOK_AHEAD:
            break
    filled = [cells for cells in leading[:_TITLE_ROWS] if any(cells)]
    if not filled:
        return result
    data_width = _data_width(leading)
    header = next(
        (c for c in filled if _filled(c) >= 2 and _width(c) >= data_width and _labels(c)), None
    ) or next((c for c in filled if _filled(c) >= 2), filled[0])
    if not _labels(header):  # a data row: the first row was the header ("Name,," over "Ann,7")
        header = filled[0]
    at = next(i for i, cells in enumerate(leading) if cells is header)
    for line, cells in enumerate(leading[:at], start=1):
        if any(cells) and budget.take(text := _line(cells), "rows"):
            result.chunks.append(Chunk(text=text, location=Location(line=line, sheet=sheet)))
    iterator = chain(leading[at + 1 :], iterator)
    names = [name.strip() or f"Column {index}" for index, name in enumerate(header, start=1)]
    table_rows: list[list[str]] = []
    for number, cells in enumerate(iterator, start=1):
        if not any(cells):
            continue
        text = "; ".join(
            f"{names[index] if index < len(names) else f'Column {index + 1}'}: {value}"
            for index, value in enumerate(cells)
            if value
        )
        if not budget.take(text, "rows"):
            break
        result.chunks.append(Chunk(text=text, location=Location(row=number, sheet=sheet)))
        table_rows.append(cells)
    result.table = Table(location=Location(sheet=sheet), header=names, rows=table_rows)
    return result


def _filled(cells: list[str]) -> int:
    return sum(1 for cell in cells if cell)


def _width(cells: list[str]) -> int:
    """Up to the last filled cell."""
    return max((i for i, cell in enumerate(cells, start=1) if cell), default=0)


def _data_width(rows: list[list[str]]) -> int:
    """The width most rows of two or more cells have (the data's, under its header)."""
    widths = Counter(_width(c) for c in rows if _filled(c) >= 2)
    return max(widths, key=lambda w: (widths[w], w)) if widths else 0


def _line(cells: list[str]) -> str:
    """A row above the header as a line: a label and its value ("Account holder: Dana Reyes"),
    else its cells one after another."""
    kept = [cell for cell in cells if cell]
    if len(kept) == 2 and _labels(kept[:1]) and not kept[0].endswith(":"):
        return f"{kept[0]}: {kept[1]}"
    return " ".join(kept)


def _labels(cells: list[str]) -> bool:
    """Whether every filled cell reads as a column name: words, not a number or a date."""
    return all(any(ch.isalpha() for ch in cell) for cell in cells if cell)
