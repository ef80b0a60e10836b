"""CSV and other delimited text: the delimiter is sniffed, the first row names the columns."""

import csv
import io
from pathlib import Path

from holmes_backend.extraction.models import Extraction
from holmes_backend.extraction.rows import read_rows
from holmes_backend.extraction.textfile import decode

_SNIFF_CHARS = 64 * 1024
_DELIMITERS = ",;\t|"


def extract_csv(path: Path) -> Extraction:
    text, encoding = decode(path.read_bytes())
    try:
        dialect = csv.Sniffer().sniff(text[:_SNIFF_CHARS], delimiters=_DELIMITERS)
    except csv.Error:  # one column, or too irregular to tell: the comma is the best bet
        dialect = csv.excel
    # newline="" keeps line breaks inside quoted fields, as the csv module requires.
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    sheet = read_rows([cell.strip() for cell in row] for row in reader)
    metadata: dict[str, object] = {
        "encoding": encoding,
        "delimiter": dialect.delimiter,
        "row_count": len(sheet.table.rows) if sheet.table else 0,
        "columns": sheet.table.header if sheet.table else [],
    }
    tables = [sheet.table] if sheet.table else []
    return Extraction(
        kind="csv", chunks=sheet.chunks, tables=tables, metadata=metadata, errors=sheet.errors
    )
