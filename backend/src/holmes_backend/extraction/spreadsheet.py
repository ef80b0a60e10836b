"""Excel workbooks (.xlsx): every sheet's rows under its header row, with cached formula values."""

import zipfile
from datetime import UTC, date, datetime, time
from pathlib import Path

import openpyxl

from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.limits import Budget
from holmes_backend.extraction.models import Extraction
from holmes_backend.extraction.packages import check_package
from holmes_backend.extraction.rows import read_rows

_PROPERTIES = ("creator", "last_modified_by", "title", "created", "modified")


def extract_xlsx(path: Path, budget: Budget) -> Extraction:
    if not zipfile.is_zipfile(path):
        raise ExtractionError("not an Excel .xlsx workbook (it is not a zip package)")
    check_package(path, budget.limits, streamed=_is_worksheet)
    # read_only streams rows instead of building the whole workbook; data_only gives the values
    # Excel last calculated rather than formula text.
    workbook = openpyxl.load_workbook(path, read_only=True, data_only=True)
    try:
        extraction = Extraction(kind="xlsx")
        sheets: dict[str, int] = {}
        for worksheet in workbook.worksheets:
            if budget.spent:
                break
            rows = worksheet.iter_rows(values_only=True)
            sheet = read_rows(
                ([_cell(value) for value in row] for row in rows), budget, sheet=worksheet.title
            )
            extraction.chunks += sheet.chunks
            if sheet.table:
                extraction.tables.append(sheet.table)
            sheets[worksheet.title] = len(sheet.table.rows) if sheet.table else 0
        extraction.metadata = {"sheets": sheets} | _properties(workbook)
        return extraction
    finally:
        workbook.close()


def _is_worksheet(name: str) -> bool:
    # Read-only mode streams worksheets row by row; the rest (shared strings, styles) is loaded.
    return name.startswith("xl/worksheets/")


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime) and value.time() == time(0) and value.tzinfo is None:
        # Excel keeps a date as a datetime at midnight: a "First day" column holds days.
        return value.date().isoformat()
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # Excel stores every number as a float; 12.0 was typed as 12
    return str(value).strip()


def _properties(workbook: openpyxl.Workbook) -> dict[str, object]:
    found: dict[str, object] = {}
    for key in _PROPERTIES:
        value = getattr(workbook.properties, key, None)
        if isinstance(value, datetime):
            # The file stores these stamps in UTC; openpyxl hands them back without the zone.
            found[key] = (value if value.tzinfo else value.replace(tzinfo=UTC)).isoformat()
        elif value:
            found[key] = str(value)
    return found
