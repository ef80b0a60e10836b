"""CSV and other delimited text: the delimiter is sniffed, the first row names the columns."""

import csv
import io
from collections import Counter
from pathlib import Path

from holmes_backend.extraction.limits import Budget
from holmes_backend.extraction.models import Extraction
from holmes_backend.extraction.rows import read_rows
from holmes_backend.extraction.textfile import decode, read_bounded

_SNIFF_CHARS = 64 * 1024
_DELIMITERS = ",;\t|"
_STEADY_LINES = 50


def extract_csv(path: Path, budget: Budget) -> Extraction:
    text, encoding = decode(read_bounded(path, budget))
    try:
        dialect = csv.Sniffer().sniff(text[:_SNIFF_CHARS], delimiters=_DELIMITERS)
    except csv.Error:  # one column, or too irregular to tell: the comma is the best bet
        dialect = csv.excel
    steady = _steady_delimiter(text[:_SNIFF_CHARS])
    if steady and steady != dialect.delimiter:
        dialect = _with_delimiter(steady)
    # newline="" keeps line breaks inside quoted fields, as the csv module requires.
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    sheet = read_rows(([cell.strip() for cell in row] for row in reader), budget)
    metadata: dict[str, object] = {
        "encoding": encoding,
        "delimiter": dialect.delimiter,
        "row_count": len(sheet.table.rows) if sheet.table else 0,
        "columns": sheet.table.header if sheet.table else [],
    }
    tables = [sheet.table] if sheet.table else []
    return Extraction(kind="csv", chunks=sheet.chunks, tables=tables, metadata=metadata)


def _steady_delimiter(sample: str) -> str | None:
    """The delimiter that splits the most lines into one same number of fields (two or more):
    a European export ("Buchungstag;…;Betrag" over "14.02.2025;…;7.500,00", under a line
    naming its holder) is semicolon-separated, however many decimal commas it has."""
    lines = [line for line in sample.splitlines()[:_STEADY_LINES] if line.strip()]
    best: tuple[int, str] | None = None
    for delimiter in _DELIMITERS:
        widths = [len(next(csv.reader([line], delimiter=delimiter), [])) for line in lines]
        counted = Counter(w for w in widths if w >= 2)
        if not counted:
            continue
        steady = counted.most_common(1)[0][1]
        if best is None or steady > best[0]:
            best = (steady, delimiter)
    return best[1] if best else None


def _with_delimiter(delimiter: str) -> type[csv.Dialect]:
    class Steady(csv.excel):
        pass

    Steady.delimiter = delimiter
    return Steady
