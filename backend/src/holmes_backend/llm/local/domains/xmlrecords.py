"""XML exports as rows: the innermost elements that hold a date and a number are records.

Field names come from the leaf tags (camelCase split into words, a generic `<value>` wrapper named
after its parent), so an XML record reads like a spreadsheet row to the column-role rules.
"""

import re
from dataclasses import dataclass, field
from xml.parsers import expat

from holmes_backend.agents.schemas import SourceRef
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.facts.cite import cite
from holmes_backend.llm.local.facts.dates import find_moments
from holmes_backend.llm.local.facts.money import parse_cell

_WRAPPERS = frozenset({"value", "v", "text", "amount", "val"})
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_MIN_LEAVES = 3
_MAX_TEXT = 2_000_000


@dataclass
class _Node:
    tag: str
    line: int
    parent: "_Node | None" = None
    children: list["_Node"] = field(default_factory=list)
    text: str = ""


def _field_name(node: _Node) -> str:
    tag = node.tag.rpartition(":")[2]
    if tag.lower() in _WRAPPERS and node.parent is not None:
        tag = node.parent.tag.rpartition(":")[2]
    return _CAMEL.sub(" ", tag).replace("_", " ").lower()


def _parse(text: str) -> _Node | None:
    root = _Node("#root", 1)
    stack = [root]
    parser = expat.ParserCreate()

    def start(tag: str, _attributes: dict[str, str]) -> None:
        node = _Node(tag, parser.CurrentLineNumber, stack[-1])
        stack[-1].children.append(node)
        stack.append(node)

    def end(_tag: str) -> None:
        stack.pop()

    def data(chars: str) -> None:
        stack[-1].text += chars

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    try:
        parser.Parse(text, True)
    except expat.ExpatError:
        return None
    return root


def _leaves(node: _Node) -> list[_Node]:
    found: list[_Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if not current.children and current.text.strip():
            found.append(current)
        stack.extend(reversed(current.children))
    return found


def _is_record(leaves: list[_Node]) -> bool:
    values = [leaf.text.strip() for leaf in leaves]
    dated = any(find_moments(v) for v in values if len(v) <= 40)
    numeric = any(parse_cell(v) is not None for v in values)
    return len(leaves) >= _MIN_LEAVES and dated and numeric


def _records(root: _Node) -> list[_Node]:
    """Innermost record elements, found bottom-up so each leaf list is built once per level."""
    found: list[_Node] = []

    def visit(node: _Node) -> bool:
        inner = [visit(child) for child in node.children]
        if any(inner):
            return True
        if node.children and _is_record(_leaves(node)):
            found.append(node)
            return True
        return False

    visit(root)
    return found


def xml_records(doc: EvidenceDoc) -> list[tuple[dict[str, str], SourceRef]]:
    first = next((c.text.lstrip() for c in doc.chunks if c.text.strip()), "")
    if "xml" not in doc.mime_type and not first.startswith("<"):
        return []
    text = "\n".join(chunk.text for chunk in doc.chunks)
    if len(text) > _MAX_TEXT or not text.lstrip().startswith("<"):
        return []
    root = _parse(text)
    if root is None:
        return []
    rows: list[tuple[dict[str, str], SourceRef]] = []
    for record in _records(root):
        fields: dict[str, str] = {}
        for leaf in _leaves(record):
            fields.setdefault(_field_name(leaf), " ".join(leaf.text.split()))
        index = min(max(record.line - 1, 0), len(doc.chunks) - 1)
        chunk = doc.chunks[index]
        summary = "; ".join(f"{k}: {v}" for k, v in fields.items())
        rows.append((fields, cite(doc.file_id, chunk.location, summary)))
    return rows
