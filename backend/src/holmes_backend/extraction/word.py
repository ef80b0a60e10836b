"""Word (.docx): paragraphs in reading order, each under the heading in force, and tables.

A table's text is read as evidence too, cited by the paragraph before it: a grid of records
(a site diary, a schedule of payments) row by row under its header, as spreadsheet rows are
("Date: 10 March; Labour on site: None", with the table's number and the data row); two
columns of labels and values (a form) as "Label: value" lines, unless a header row of
column names stands over them ("Attendee | Role"); a layout table whose cells hold
their own fields (signature blocks side by side) column by column, as the blocks read."""

import re
import zipfile
from pathlib import Path

import docx
from docx.table import Table as DocxTable
from docx.text.paragraph import Paragraph

from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.limits import UNLIMITED, Budget
from holmes_backend.extraction.models import Chunk, Extraction, Location, Table
from holmes_backend.extraction.packages import check_package
from holmes_backend.extraction.rows import read_rows

# A cell holding a field of its own ("By: Victor Hale", "Date: 8 January 2024"); its label has
# a letter ("08:30" is a time of day, not a field).
_FIELD_CELL = re.compile(r"^(?=[^:\n]*[A-Za-z])[^:\n]{1,30}:\s*\S")
_LABEL_CELL = re.compile(r"^[^\d:]{1,40}:?$")
# Words a column's name is made of.
_COLUMN_WORD = re.compile(
    r"\b(?:names?|attendees?|participants?|members?|date|day|time|role|position|title|item|"
    r"amount|description|details?|party|parties|person|people|signature|quantity|qty|price|"
    r"total|event|status|notes?|location|place|ref(?:erence)?|no|number|type|category|value|"
    r"cost|hours|organi[sz]ation|company|department|email|phone|address|action|owner|result|"
    r"attendance|attended|present|apologies|comments?|remarks|signed)\b",
    re.IGNORECASE,
)

_CORE_TEXT = ("author", "title", "subject", "last_modified_by", "category", "comments")
_CORE_DATES = ("created", "modified", "last_printed")


def extract_docx(path: Path, budget: Budget) -> Extraction:
    if not zipfile.is_zipfile(path):
        raise ExtractionError("not a Word .docx document (it is not a zip package)")
    check_package(path, budget.limits)
    document = docx.Document(str(path))
    chunks: list[Chunk] = []
    tables: list[Table] = []
    section: str | None = None
    paragraph_number = 0
    headings: dict[str | None, bool] = {}
    for block in document.iter_inner_content():
        if isinstance(block, Paragraph):
            paragraph_number += 1
            text = block.text.strip()
            if not text:
                continue
            if _is_heading(block, headings):
                section = text
            if not budget.take(text, "paragraphs"):
                break
            location = Location(line=paragraph_number, section=section)
            chunks.append(Chunk(text=text, location=location))
        elif rows := _table_rows(block):
            location = Location(section=section)
            anchor = Location(line=paragraph_number or None, section=section)
            kept = [c for c in _table_chunks(rows, anchor, len(tables) + 1) if budget.take(c.text)]
            tables.append(Table(location=location, header=rows[0], rows=rows[1:]))
            chunks += kept
            if budget.spent:
                break
    metadata: dict[str, object] = {"paragraph_count": paragraph_number, "table_count": len(tables)}
    properties = document.core_properties
    for key in _CORE_TEXT:
        if value := getattr(properties, key):
            metadata[key] = value
    for key in _CORE_DATES:
        if moment := getattr(properties, key):
            metadata[key] = moment.isoformat()
    return Extraction(kind="docx", chunks=chunks, tables=tables, metadata=metadata)


def _is_heading(paragraph: Paragraph, known: dict[str | None, bool]) -> bool:
    """By the paragraph's style, `known` by its id: python-docx looks a style up among all the
    document's styles each time it is asked (a long document spent most of its time there)."""
    style_id = paragraph._p.style
    if style_id not in known:
        style = paragraph.style
        name = (style.name or "") if style is not None else ""
        known[style_id] = name.startswith("Heading") or name == "Title"
    return known[style_id]


def _table_chunks(rows: list[list[str]], anchor: Location, number: int) -> list[Chunk]:
    """A table's text as chunks cited at `anchor` (the paragraph before it); see the module."""
    below = [cell for cells in rows[1:] for cell in cells if cell]
    if below and sum(bool(_FIELD_CELL.match(cell)) for cell in below) * 2 >= len(below):
        columns = max(len(cells) for cells in rows)
        cells = [r[i] for i in range(columns) for r in rows if i < len(r) and r[i]]
        return [Chunk(text=cell, location=anchor) for cell in cells]
    widths = {len(cells) for cells in rows}
    if widths == {2} and all(_LABEL_CELL.match(left) for left, _ in rows) and not _headed(rows):
        return [
            # "Date of loss: 3 May 2026"; a question with its answer: "Previous claims? No"
            Chunk(
                text=f"{left} {right}" if left.endswith("?") else f"{left.rstrip(':')}: {right}",
                location=anchor,
            )
            for left, right in rows
            if right
        ]
    if len(rows) >= 2 and max(widths) >= 2:
        sheet = read_rows(rows, Budget(UNLIMITED))
        name = f"Table {number}"
        return [
            Chunk(
                text=chunk.text,
                location=anchor.model_copy(update={"row": chunk.location.row, "sheet": name})
                if chunk.location.row is not None
                else anchor,
            )
            for chunk in sheet.chunks
        ]
    return [Chunk(text=cell, location=anchor) for cells in rows for cell in cells if cell]


def _headed(rows: list[list[str]]) -> bool:
    """Whether two columns stand under a header row of column names ("Attendee | Role") rather
    than pair labels with values ("Claimant | Jane Roe"), unless the labels end in colons."""
    lefts = [left for left, _ in rows if left]
    if sum(left.endswith(":") for left in lefts) * 2 >= len(lefts):
        return False
    if len(rows) < 3 or any(left.endswith("?") for left in lefts):
        return False  # a questionnaire's questions and answers ("Previous claims? | No")
    if all(_COLUMN_WORD.search(cell) for cell in rows[0]):
        return True
    # A column of a few values repeated under a header ("Present", "Apologies"), names beside.
    values = [right for _, right in rows[1:]]
    return len(rows) >= 4 and len(set(values)) < len(values)


def _table_rows(table: DocxTable) -> list[list[str]]:
    rows = []
    for row in table.rows:
        cells: list[str] = []
        previous = None
        for cell in row.cells:
            # A horizontally merged cell is returned once per grid column it spans.
            if cell._tc is not previous:
                cells.append(cell.text.strip())
            previous = cell._tc
        if any(cells):
            rows.append(cells)
    return rows
