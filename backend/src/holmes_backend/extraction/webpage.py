"""HTML: visible text as blocks (paragraphs, headings, list items, table rows) and data tables.

Layout-heavy HTML such as SEC filings spreads one figure over several cells ("$", "1,234", ")")
and pads rows with empty spacer cells. A row keeps its non-empty cells with lone symbols glued to
their number, because a row's label and values are what a reader cites; column alignment under
spanning header cells is not reconstructed.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path

from selectolax.lexbor import LexborHTMLParser, LexborNode

from holmes_backend.extraction.limits import Budget
from holmes_backend.extraction.models import Chunk, Extraction, Location, Table
from holmes_backend.extraction.textfile import decode, read_bounded

_SKIPPED = frozenset({"script", "style", "noscript", "template", "head", "svg", "iframe", "object"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_BLOCKS = _HEADINGS | {
    "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details",
    "dialog", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "header",
    "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "ul",
}  # fmt: skip
_ROW_GROUPS = frozenset({"thead", "tbody", "tfoot"})
_CELLS = frozenset({"td", "th"})
_SPACE = re.compile(r"\s+")
_DISPLAY_NONE = re.compile(r"display\s*:\s*none", re.IGNORECASE)
_PREFIX_CELL = re.compile(r"\(?[$€£¥₹]|\(")
_SUFFIX_CELL = re.compile(r"[)%]+")
_DECLARED_CHARSET = re.compile(rb"""(?:charset|encoding)\s*=\s*["']?([\w.:-]+)""", re.IGNORECASE)
_SNIFF_BYTES = 4096
# Tables read their cells recursively; deeper nesting than this is read as plain text instead.
_MAX_TABLE_DEPTH = 16


@dataclass
class Block:
    text: str
    line: int
    section: str | None


@dataclass
class _Reader:
    """Walks the DOM once, cutting text into blocks where a browser would start a new line."""

    blocks: list[Block] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    section: str | None = None
    table_depth: int = 0
    # The walk stops once this many blocks are read (the rest would be past the budget).
    max_blocks: int = 2**62
    _parts: list[str] = field(default_factory=list)

    def flush(self) -> str:
        text = _SPACE.sub(" ", "".join(self._parts)).strip()
        self._parts.clear()
        if text:
            self.blocks.append(Block(text=text, line=len(self.blocks) + 1, section=self.section))
        return text

    def walk(self, root: LexborNode) -> None:
        # An explicit stack, not recursion: sloppy HTML (unclosed <div>s in mail) nests thousands
        # of levels deep. A None entry closes the block element below it on the stack.
        stack: list[LexborNode | None] = [root]
        closing: list[LexborNode] = []
        while stack and len(self.blocks) < self.max_blocks:
            node = stack.pop()
            if node is None:
                self._close_block(closing.pop())
                continue
            if node.is_text_node:
                self._parts.append(node.text_content or "")
                continue
            tag = node.tag or ""
            if tag.startswith("-") or tag in _SKIPPED or _hidden(node):
                continue
            if tag == "br":
                self.flush()
            elif tag == "table" and self.table_depth < _MAX_TABLE_DEPTH:
                self._table(node)
            else:
                if tag in _BLOCKS:
                    self.flush()
                    closing.append(node)
                    stack.append(None)
                stack += reversed(list(node.iter(include_text=True)))

    def _close_block(self, node: LexborNode) -> None:
        text = self.flush()
        if node.tag in _HEADINGS and text:
            self.section = text
            self.blocks[-1].section = text

    def _table(self, table: LexborNode) -> None:
        self.flush()
        readers = [
            [self._read_cell(cell) for cell in row.iter() if cell.tag in _CELLS]
            for row in _rows(table)
        ]
        rows = [_compact([" ".join(b.text for b in r.blocks) for r in row]) for row in readers]
        if sum(len(cells) > 1 for cells in rows) < 2:
            # Without two rows of several values it is a layout table: its content reads as usual.
            for row_readers in readers:
                for reader in row_readers:
                    self._absorb(reader)
            return
        first_line = len(self.blocks) + 1
        for cells, row_readers in zip(rows, readers, strict=True):
            if not cells:
                continue
            self._parts.append(" | ".join(cells))
            self.flush()
            for reader in row_readers:  # a table nested in a cell is cited by the row holding it
                self.tables += [_moved(t, line=len(self.blocks)) for t in reader.tables]
        rows = [cells for cells in rows if cells]
        location = Location(line=first_line, section=self.section)
        self.tables.append(Table(location=location, header=rows[0], rows=rows[1:]))

    def _read_cell(self, cell: LexborNode) -> "_Reader":
        reader = _Reader(
            section=self.section, table_depth=self.table_depth + 1, max_blocks=self.max_blocks
        )
        reader.walk(cell)
        reader.flush()
        return reader

    def _absorb(self, other: "_Reader") -> None:
        offset = len(self.blocks)
        for block in other.blocks:
            self.blocks.append(Block(block.text, block.line + offset, block.section))
        self.tables += [_moved(t, line=(t.location.line or 1) + offset) for t in other.tables]
        self.section = other.section


def _moved(table: Table, *, line: int) -> Table:
    return table.model_copy(update={"location": table.location.model_copy(update={"line": line})})


def _rows(table: LexborNode) -> list[LexborNode]:
    """The table's own rows, not those of tables nested in its cells."""
    rows = []
    for child in table.iter():
        if child.tag == "tr":
            rows.append(child)
        elif child.tag in _ROW_GROUPS:
            rows += [row for row in child.iter() if row.tag == "tr"]
    return rows


def _hidden(node: LexborNode) -> bool:
    attributes = node.attributes
    return "hidden" in attributes or bool(_DISPLAY_NONE.search(attributes.get("style") or ""))


def _compact(cells: list[str]) -> list[str]:
    """Drops spacer cells and glues currency signs, parentheses and percent signs to numbers."""
    compacted: list[str] = []
    prefix = ""
    for cell in cells:
        if not cell:
            continue
        if _PREFIX_CELL.fullmatch(cell):
            prefix += cell
        elif _SUFFIX_CELL.fullmatch(cell) and compacted:
            compacted[-1] += cell
        else:
            compacted.append(prefix + cell)
            prefix = ""
    if prefix:
        compacted.append(prefix)
    return compacted


def read_html(
    data: bytes, charset: str | None = None, *, max_blocks: int = 2**62
) -> tuple[list[Block], list[Table], str | None]:
    """Blocks (up to `max_blocks`), tables and <title> of an HTML document; `charset` is what its
    container declared."""
    if charset is None and (declared := _DECLARED_CHARSET.search(data[:_SNIFF_BYTES])):
        charset = declared.group(1).decode("ascii")
    text, _ = decode(data, charset)
    tree = LexborHTMLParser(text)
    reader = _Reader(max_blocks=max_blocks)
    root = tree.body or tree.root
    if root is not None:
        reader.walk(root)
        reader.flush()
    title = tree.css_first("title")
    return reader.blocks, reader.tables, (title.text(strip=True) or None) if title else None


def extract_html(path: Path, budget: Budget) -> Extraction:
    data = read_bounded(path, budget)
    blocks, tables, title = read_html(data, max_blocks=budget.limits.max_chunks + 1)
    chunks = [
        Chunk(text=block.text, location=Location(line=block.line, section=block.section))
        for block in blocks
        if budget.take(block.text, "blocks")
    ]
    metadata: dict[str, object] = {"table_count": len(tables)}
    if title:
        metadata["title"] = title
    return Extraction(kind="html", chunks=chunks, tables=tables, metadata=metadata)
