"""A financial document's figures, read into tables: a statement's rows (a label and one figure
per period column), or a line-item table's rows (an invoice's quantity, price and amount, a
ledger's debit, credit and balance).

Rows come from what extraction wrote: "cell | cell" rows (HTML, Word), "Header: value" rows
(CSV, spreadsheets), and the text lines of a PDF or a text file ("Revenue   12,500   11,800").
A statement's figures are scaled by its unit note ("in thousands"), except per-share amounts,
and each keeps the precision it is written to (half its last digit, times the scale). A table
that goes on past a page break (its header repeated, or not) is one table.
"""

import re
from dataclasses import dataclass, field
from fractions import Fraction

from holmes_backend.analysis.facts.cells import Role, pipe_cells, roles, row_fields
from holmes_backend.analysis.facts.cite import cite
from holmes_backend.analysis.facts.dates import find_moments
from holmes_backend.analysis.facts.text import units
from holmes_backend.contracts.agents import SourceRef
from holmes_backend.extraction.models import Location
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.numeric.statements import (
    PER_SHARE,
    SCALE,
    header_columns,
    label_periods,
)

_TEXT_MIMES = ("application/pdf", "text/plain", "text/markdown")
# A figure as a statement writes it: "$1,234", "(365,241)", "-12.5" (or with a minus sign),
# "0.89"; a dash is nil.
_AMOUNT = (
    r"(?:\(\s?[$€£]?\s?\d[\d,]*(?:\.\d+)?\s?\)"
    r"|[-\u2212]?[$€£]?\s?[-\u2212]?\d[\d,]*(?:\.\d+)?|[-\u2013\u2014])"
)
_CELL_AMOUNT = re.compile(rf"^\s*{_AMOUNT}\s*$")
_TRAILING = re.compile(rf"(?:\s+{_AMOUNT})+\s*$")
_TOKEN = re.compile(_AMOUNT)
_YEAR = re.compile(r"^(?:fy\s?)?(?:19|20)\d{2}$", re.IGNORECASE)
_STATEMENT_TITLE = re.compile(
    r"\b(?:statements?\s+of|balance\s+sheets?|income\s+statement|profit\s+and\s+loss|"
    r"cash\s+flows?|financial\s+position|invoice|ledger|account\s+statement)\b",
    re.IGNORECASE,
)
_PAGE_FURNITURE = re.compile(
    r"^(?:page\s+\d+(?:\s+of\s+\d+)?|\d{1,3}|\(?continued\)?|.*\(continued\))$", re.I
)
_CONTINUED = re.compile(r"\bcontinued\b|\bcont'd\b", re.IGNORECASE)
_SHARES = re.compile(r"\bshares\b", re.IGNORECASE)
_HEADING_CHARS = 90
_LOOKBACK = 12


@dataclass
class Figure:
    id: str
    file_id: str
    label: str
    period: str
    value: Fraction
    half_unit: Fraction  # half the last written digit, scaled: how far rounding can move it
    written: str
    unit: str  # "money" | "per_share" | "shares" | "count" | "percent"
    source: SourceRef
    table: str = ""  # the table's key; "" for a sentence
    column: int | None = None  # 1-based period column
    row: int | None = None  # 1-based row in its table


@dataclass
class Row:
    label: str
    heading: str  # the section heading above it ("CURRENT ASSETS")
    figures: list[Figure | None]  # one per column
    source: SourceRef
    unit: str
    blank_label: bool = False  # a subtotal row written with no label


@dataclass
class Table:
    key: str
    file_id: str
    title: str
    columns: list[str]
    rows: list[Row] = field(default_factory=list)
    # A line-item table's rows: {role: figure} for quantity, unit_price, amount, debit, credit,
    # balance (an invoice, a ledger); empty for a statement.
    items: list[dict[str, Figure]] = field(default_factory=list)


@dataclass
class _Line:
    cells: list[str]
    source: SourceRef
    text: str


class FigureBook:
    """Every figure read so far in a case, with short ids ("f1", "f2", …) in reading order."""

    def __init__(self) -> None:
        self.figures: dict[str, Figure] = {}
        self.tables: list[Table] = []

    def new(
        self,
        *,
        file_id: str,
        label: str,
        period: str,
        value: Fraction,
        half_unit: Fraction,
        written: str,
        unit: str,
        source: SourceRef,
        table: str = "",
        column: int | None = None,
        row: int | None = None,
    ) -> Figure:
        figure = Figure(
            f"f{len(self.figures) + 1}",
            file_id,
            label,
            period,
            value,
            half_unit,
            written,
            unit,
            source,
            table,
            column,
            row,
        )
        self.figures[figure.id] = figure
        return figure


def written_value(text: str) -> tuple[Fraction, Fraction] | None:
    """The value a cell writes and half its last digit; brackets and a minus are negative, a
    dash is nil. None when the cell is not a figure."""
    cell = text.strip()
    if cell in ("-", "\u2013", "\u2014"):
        return Fraction(0), Fraction(1, 2)
    if not _CELL_AMOUNT.match(cell):
        return None
    negative = cell.startswith("(") or "-" in cell or "\u2212" in cell
    digits = re.sub(r"[^\d.]", "", cell)
    if not digits or digits.count(".") > 1:
        return None
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    value = Fraction(digits)
    return (-value if negative else value), Fraction(1, 2 * 10**decimals)


def read_tables(doc: EvidenceDoc, book: FigureBook) -> list[Table]:
    """The document's statement and line-item tables, their figures added to `book`."""
    lines = _text_lines(doc) if doc.mime_type in _TEXT_MIMES else _unit_lines(doc)
    tables = _statements(doc.file_id, doc.filename, lines, book) + _item_tables(doc, book)
    book.tables += tables
    return tables


def _unit_lines(doc: EvidenceDoc) -> list[_Line]:
    found: list[_Line] = []
    header: list[str] = []
    for unit in units(doc):
        if unit.kind == "cells":
            found.append(_Line(pipe_cells(unit.text), unit.ref, unit.text))
        elif unit.kind == "prose":
            found.append(_Line([unit.text], unit.ref, unit.text))
        elif unit.kind == "row":
            # A spreadsheet's or CSV's statement: periods as column headers ("2024", "2023"),
            # each row "Line item: Revenue; 2024: 12,500; 2023: 11,800".
            fields = row_fields(unit.text)
            keys = list(fields)
            if header_columns(keys) is None:
                continue
            if keys != header:
                header = keys
                found.append(_Line(keys, unit.ref, unit.text))
            found.append(_Line(list(fields.values()), unit.ref, unit.text))
    return found


def _text_lines(doc: EvidenceDoc) -> list[_Line]:
    """A printed page's lines, each cut into its label and its trailing figures."""
    found: list[_Line] = []
    for chunk in doc.chunks:
        for number, raw in enumerate(chunk.text.splitlines(), start=1):
            text = " ".join(raw.split())
            if not text:
                continue
            location = Location(page=chunk.location.page, line=chunk.location.line or number)
            if chunk.location.page is None:
                location = Location(line=number)
            ref = cite(doc.file_id, location, text)
            header = _text_header(text)
            if header is not None:
                found.append(_Line(header, ref, text))
                continue
            trailing = _TRAILING.search(text)
            if trailing and trailing.start() > 0:
                label = text[: trailing.start()].strip()
                found.append(_Line([label, *_TOKEN.findall(trailing.group())], ref, text))
            else:
                found.append(_Line([text], ref, text))
    return found


def _text_header(text: str) -> list[str] | None:
    """A printed statement's column header: two or more years or dates and nothing else."""
    tokens = text.split()
    if len(tokens) >= 2 and all(_YEAR.match(t) for t in tokens):
        return tokens
    moments = find_moments(text)
    if len(moments) >= 2 and not re.search(r"\d", _strip_dates(text)):
        return [m.day.isoformat() for m in moments]
    return None


def _strip_dates(text: str) -> str:
    return re.sub(
        r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}",
        "",
        text,
        flags=re.IGNORECASE,
    )


def _scale(lines: list[_Line], at: int) -> int:
    for line in lines[max(0, at - _LOOKBACK) : at + 3]:
        match = SCALE.search(line.text)
        if match:
            word = (match["word"] or "").lower()
            if word == "millions" or (match["zeros"] or "").startswith("000,000"):
                return 10**6
            return 10**9 if word == "billions" else 10**3
    return 1


def _title(lines: list[_Line], at: int) -> str:
    for line in reversed(lines[max(0, at - _LOOKBACK) : at]):
        if len(line.cells) == 1 and _STATEMENT_TITLE.search(line.text):
            return line.text
    return ""


def _statements(file_id: str, filename: str, lines: list[_Line], book: FigureBook) -> list[Table]:
    tables: list[Table] = []
    table: Table | None = None
    scale = 1
    heading = ""
    periods: list[str] = []
    for at, line in enumerate(lines):
        values = [written_value(c) for c in line.cells]
        numbers = sum(v is not None for v in values)
        header = header_columns(line.cells) if len(line.cells) > 1 else None
        above, periods = periods, []
        if header is None and numbers == 0 and len(line.cells) > 1:
            periods = line.cells  # "Thirteen Weeks Ended | Thirty-Nine Weeks Ended"
            continue
        if header is not None:
            label_periods(header, above)
            columns = [f"{c.period} {c.date}".strip() for c in header]
            title = _title(lines, at)
            # The same columns again, under no new title or the same one "(continued)".
            continued = (
                table is not None
                and table.columns == columns
                and (not title or bool(_CONTINUED.search(title)))
            )
            if not continued:
                key = f"{file_id}:t{len(book.tables) + len(tables) + 1}"
                table = Table(key, file_id, title or filename, columns)
                tables.append(table)
                scale = _scale(lines, at)
                heading = ""
            continue
        if table is None:
            continue
        if numbers == 0:
            text = line.text.strip()
            if _PAGE_FURNITURE.match(text):
                continue
            if len(text) > _HEADING_CHARS:
                table = None  # the table has ended: prose
                continue
            heading = text.rstrip(":")
            continue
        label_cells = [c for c, v in zip(line.cells, values, strict=True) if v is None]
        figures = [(c, v) for c, v in zip(line.cells, values, strict=True) if v is not None]
        if len(figures) != len(table.columns) or len(label_cells) > 1:
            continue
        label = label_cells[0] if label_cells else ""
        _add_row(book, table, label, heading, figures, line.source, scale)
        if label.lower().startswith("total") or not label:
            heading = ""
    return [t for t in tables if t.rows]


def _unit_of(label: str, heading: str) -> str:
    if PER_SHARE.search(label) or (PER_SHARE.search(heading) and not _SHARES.search(label)):
        return "per_share"
    if _SHARES.search(re.split(r"[,(]", label)[0]):
        return "shares"
    return "money"


def _add_row(
    book: FigureBook,
    table: Table,
    label: str,
    heading: str,
    figures: list[tuple[str, tuple[Fraction, Fraction]]],
    source: SourceRef,
    scale: int,
) -> None:
    unit = _unit_of(label, heading)
    factor = 1 if unit == "per_share" else scale
    shown = label or (f"Total {heading}" if heading else "Subtotal")
    number = len(table.rows) + 1
    row = Row(shown, heading, [], source, unit, blank_label=not label)
    for column, (written, (value, half)) in enumerate(figures, start=1):
        row.figures.append(
            book.new(
                file_id=table.file_id,
                label=shown,
                period=table.columns[column - 1],
                value=value * factor,
                half_unit=half * factor,
                written=written.strip(),
                unit=unit,
                # The row as cited (its text is how a viewer finds it); the column says which.
                source=source,
                table=table.key,
                column=column,
                row=number,
            )
        )
    table.rows.append(row)


# --- line-item tables: invoices and ledgers ------------------------------------------------------

_ITEM_ROLES = ("quantity", "unit_price", "amount", "debit", "credit", "balance")


def _item_tables(doc: EvidenceDoc, book: FigureBook) -> list[Table]:
    """Tables whose header names quantities, prices, amounts, debits, credits or balances."""
    tables: list[Table] = []
    table: Table | None = None
    header: list[str] = []
    assigned: dict[str, Role] = {}
    for unit in units(doc):
        if unit.kind == "row":
            fields = row_fields(unit.text)
            keys = list(fields)
            if table is None or any(k not in assigned for k in keys):
                header = keys if table is None else header + [k for k in keys if k not in header]
                assigned = dict(roles(header))
                if table is None:
                    table = _new_item_table(doc, book, tables, header)
            if table is not None:
                _add_item(book, table, fields, assigned, unit.ref)
            continue
        if unit.kind != "cells":
            continue
        cells = pipe_cells(unit.text)
        if all(written_value(c) is None for c in cells):
            found = dict(roles(cells))
            if sum(r in _ITEM_ROLES for r in found.values()) >= 2:
                header, assigned = cells, found
                table = _new_item_table(doc, book, tables, header)
            continue
        if table is not None and header:
            _add_item(book, table, _aligned(header, cells), assigned, unit.ref)
    return [t for t in tables if len(t.items) >= 2 and _has_role(t)]


def _has_role(table: Table) -> bool:
    return any("amount" in item or "balance" in item for item in table.items)


def _new_item_table(
    doc: EvidenceDoc, book: FigureBook, tables: list[Table], header: list[str]
) -> Table:
    key = f"{doc.file_id}:t{len(book.tables) + len(tables) + 1}"
    table = Table(key, doc.file_id, doc.filename, header)
    tables.append(table)
    return table


def _aligned(header: list[str], cells: list[str]) -> dict[str, str]:
    """A row's cells under their headers; a short row ("Total | 1,190.00") puts its label
    first and its figures under the last columns."""
    if len(cells) == len(header):
        return dict(zip(header, cells, strict=True))
    label, figures = cells[0], cells[1:]
    aligned = {header[0]: label}
    aligned.update(zip(header[len(header) - len(figures) :], figures, strict=True))
    return aligned


def _add_item(
    book: FigureBook,
    table: Table,
    fields: dict[str, str],
    assigned: dict[str, Role],
    source: SourceRef,
) -> None:
    label = next(
        (v for k, v in fields.items() if assigned.get(k) in ("description", "other") and v), ""
    )
    if not label:
        label = next((v for v in fields.values() if written_value(v) is None and v), "")
    number = len(table.items) + 1
    item: dict[str, Figure] = {}
    for key, text in fields.items():
        role = assigned.get(key, "other")
        parsed = written_value(text) if role in _ITEM_ROLES else None
        if parsed is None:
            continue
        value, half = parsed
        column = table.columns.index(key) + 1 if key in table.columns else None
        item[role] = book.new(
            file_id=table.file_id,
            label=label or f"Row {number}",
            period=key,
            value=value,
            half_unit=half,
            written=text.strip(),
            unit="count" if role == "quantity" else "money",
            source=source,
            table=table.key,
            column=column,
            row=number,
        )
    if item:
        table.items.append(item)
        amount = item.get("amount")
        row_figures: list[Figure | None] = [amount]
        table.rows.append(Row(label or f"Row {number}", "", row_figures, source, "money"))
