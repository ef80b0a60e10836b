"""XML exports as rows: the innermost elements that hold a date and a number are records."""

import re
from dataclasses import dataclass, field
from xml.parsers import expat

from holmes_backend.analysis.facts.cite import cite
from holmes_backend.analysis.facts.dates import find_moments
from holmes_backend.analysis.facts.memo import memo
from holmes_backend.analysis.facts.money import parse_cell
from holmes_backend.analysis.facts.names import LETTER, UPPER
from holmes_backend.contracts.agents import SourceRef
from holmes_backend.llm.evidence import EvidenceDoc

_WRAPPERS = frozenset({"value", "v", "text", "amount", "val"})
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_MIN_LEAVES = 3
_MAX_TEXT = 2_000_000
_MAX_PARTIES = 12
# A name: words with letters, not a code, a number or a sentence.
_NAME_VALUE = re.compile(rf"^(?=.*[{LETTER}]{{2}})[{LETTER}][\w.,'&()\- ]{{1,78}}[\w.)]$")


@dataclass
class _Node:
    tag: str
    line: int
    parent: "_Node | None" = None
    children: list["_Node"] = field(default_factory=list)
    text: str = ""


def _field_name(node: _Node, record: _Node | None = None) -> str:
    """The leaf's tag as words; a wrapper takes its parent's name, unless its parent is the
    record itself."""
    tag = node.tag.rpartition(":")[2]
    if tag.lower() in _WRAPPERS and node.parent is not None and node.parent is not record:
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
    if not node.children:
        return [node] if node.text.strip() else []
    return [leaf for child in node.children for leaf in _leaves(child)]


def _is_record(leaves: list[_Node]) -> bool:
    values = [leaf.text.strip() for leaf in leaves]
    dated = any(find_moments(v) for v in values if len(v) <= 40)
    numeric = any(parse_cell(v) is not None for v in values)
    return len(leaves) >= _MIN_LEAVES and dated and numeric


def _records(node: _Node) -> list[_Node]:
    """Innermost record elements: an element is one only when none inside it is."""
    inner = [record for child in node.children for record in _records(child)]
    if inner or not node.children:
        return inner
    return [node] if _is_record(_leaves(node)) else []


@dataclass
class XmlParty:
    """A name an XML export states outside its records."""

    role: str
    name: str
    source: SourceRef


@dataclass
class _Export:
    records: list[tuple[dict[str, str], SourceRef]]
    parties: list[XmlParty]


def xml_records(doc: EvidenceDoc) -> list[tuple[dict[str, str], SourceRef]]:
    return _export(doc).records


def xml_parties(doc: EvidenceDoc) -> list[XmlParty]:
    return _export(doc).parties


def _export(doc: EvidenceDoc) -> _Export:
    return memo(doc, "xml", lambda: _read(doc))


def _read(doc: EvidenceDoc) -> _Export:
    nothing = _Export([], [])
    first = next((c.text.lstrip() for c in doc.chunks if c.text.strip()), "")
    if "xml" not in doc.mime_type and not first.startswith("<"):
        return nothing
    text = "\n".join(chunk.text for chunk in doc.chunks)
    if len(text) > _MAX_TEXT or not text.lstrip().startswith("<"):
        return nothing
    root = _parse(text)
    if root is None:
        return nothing
    records = _records(root)
    rows: list[tuple[dict[str, str], SourceRef]] = []
    for record in records:
        fields: dict[str, str] = {}
        for leaf in _leaves(record):
            fields.setdefault(_field_name(leaf, record), " ".join(leaf.text.split()))
        summary = "; ".join(f"{k}: {v}" for k, v in fields.items())
        rows.append((fields, _cite(doc, record.line, summary)))
    # Names outside the records only where there are records to be about.
    return _Export(rows, _parties(doc, root, records) if records else [])


def _cite(doc: EvidenceDoc, line: int, excerpt: str) -> SourceRef:
    chunk = doc.chunks[min(max(line - 1, 0), len(doc.chunks) - 1)]
    return cite(doc.file_id, chunk.location, excerpt)


def _parties(doc: EvidenceDoc, root: _Node, records: list[_Node]) -> list[XmlParty]:
    inside = {id(leaf) for record in records for leaf in _leaves(record)}
    found: list[XmlParty] = []
    for leaf in _leaves(root):
        field_name = _field_name(leaf)
        role, _, last = field_name.rpartition(" ")
        value = " ".join(leaf.text.split())
        if (
            id(leaf) in inside
            or last != "name"
            or not role
            or not _NAME_VALUE.match(value)
            or any(p.name == value for p in found)
        ):
            continue
        written = _given_name_first(value, doc)
        shown = value if written == value else f"{value} [{written}]"
        found.append(XmlParty(role, written, _cite(doc, leaf.line, f"{field_name}: {shown}")))
    return found[:_MAX_PARTIES]


def _given_name_first(value: str, doc: EvidenceDoc) -> str:
    """A register's "Surname Given" as the document writes it elsewhere, given name first."""
    tokens = value.split()
    if len(tokens) != 2:
        return value
    surname, given = (re.escape(t) for t in tokens)
    turned = re.compile(rf"\b{given}\s+(?:[{UPPER}]\.\s+)?{surname}\b", re.IGNORECASE)
    for chunk in doc.chunks:
        if match := turned.search(chunk.text):
            return match.group() if not match.group().isupper() else value
    return value
