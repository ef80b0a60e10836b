"""Rows under a header row, shared by CSV and spreadsheets: one chunk per row, and a table."""

from collections.abc import Iterable
from dataclasses import dataclass, field

from holmes_backend.extraction.models import Chunk, Location, Table

# Beyond this a sheet is a data dump rather than evidence to read row by row; the rest is counted
# in the errors instead of filling memory with chunks.
MAX_ROWS = 100_000


@dataclass
class Sheet:
    chunks: list[Chunk] = field(default_factory=list)
    table: Table | None = None
    errors: list[str] = field(default_factory=list)


def read_rows(rows: Iterable[list[str]], *, sheet: str | None = None) -> Sheet:
    """Takes the first non-empty row as the header; data rows are numbered from 1 after it."""
    result = Sheet()
    iterator = iter(rows)
    header = next((cells for cells in iterator if any(cells)), None)
    if header is None:
        return result
    names = [name.strip() or f"Column {index}" for index, name in enumerate(header, start=1)]
    table_rows: list[list[str]] = []
    for number, cells in enumerate(iterator, start=1):
        if number > MAX_ROWS:
            where = f"sheet {sheet!r}" if sheet else "the file"
            result.errors.append(f"{where} has more than {MAX_ROWS} rows; the rest was not read")
            break
        if not any(cells):
            continue
        pairs = [
            f"{names[index] if index < len(names) else f'Column {index + 1}'}: {value}"
            for index, value in enumerate(cells)
            if value
        ]
        location = Location(row=number, sheet=sheet)
        result.chunks.append(Chunk(text="; ".join(pairs), location=location))
        table_rows.append(cells)
    result.table = Table(location=Location(sheet=sheet), header=names, rows=table_rows)
    return result
