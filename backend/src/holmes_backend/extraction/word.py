"""Word (.docx): paragraphs in reading order, each under the heading in force, and tables."""

import zipfile
from pathlib import Path

import docx
from docx.table import Table as DocxTable
from docx.text.paragraph import Paragraph

from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.models import Chunk, Extraction, Location, Table

_CORE_TEXT = ("author", "title", "subject", "last_modified_by", "category", "comments")
_CORE_DATES = ("created", "modified", "last_printed")


def extract_docx(path: Path) -> Extraction:
    if not zipfile.is_zipfile(path):
        raise ExtractionError("not a Word .docx document (it is not a zip package)")
    document = docx.Document(str(path))
    chunks: list[Chunk] = []
    tables: list[Table] = []
    section: str | None = None
    paragraph_number = 0
    for block in document.iter_inner_content():
        if isinstance(block, Paragraph):
            paragraph_number += 1
            text = block.text.strip()
            if not text:
                continue
            if _is_heading(block):
                section = text
            location = Location(line=paragraph_number, section=section)
            chunks.append(Chunk(text=text, location=location))
        elif rows := _table_rows(block):
            location = Location(section=section)
            tables.append(Table(location=location, header=rows[0], rows=rows[1:]))
    metadata: dict[str, object] = {"paragraph_count": paragraph_number, "table_count": len(tables)}
    properties = document.core_properties
    for key in _CORE_TEXT:
        if value := getattr(properties, key):
            metadata[key] = value
    for key in _CORE_DATES:
        if moment := getattr(properties, key):
            metadata[key] = moment.isoformat()
    return Extraction(kind="docx", chunks=chunks, tables=tables, metadata=metadata)


def _is_heading(paragraph: Paragraph) -> bool:
    style = paragraph.style
    name = (style.name or "") if style is not None else ""
    return name.startswith("Heading") or name == "Title"


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
