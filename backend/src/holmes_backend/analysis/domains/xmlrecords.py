"""XML exports as rows: the innermost elements that hold a date and a number are records."""

import re
from dataclasses import dataclass
from xml.etree.ElementTree import Element, TreeBuilder
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


_LINE = "line"


def _field_name(
    node: Element, parents: dict[Element, Element], record: Element | None = None
) -> str:
    """The leaf's tag as words; a wrapper takes its parent's name, unless its parent is the
    record itself."""
    tag = node.tag.rpartition(":")[2]
    parent = parents.get(node)
    if tag.lower() in _WRAPPERS and parent is not None and parent is not record:
        tag = parent.tag.rpartition(":")[2]
    return _CAMEL.sub(" ", tag).replace("_", " ").lower()


def _parse(text: str) -> Element | None:
    """The document's elements, each with the line it starts on (ElementTree keeps none)."""
    builder = TreeBuilder()
    parser = expat.ParserCreate()

    def start(tag: str, _attributes: dict[str, str]) -> None:
        builder.start(tag, {_LINE: str(parser.CurrentLineNumber)})

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(text, True)
    except expat.ExpatError:
        return None
    return builder.close()


def _leaves(node: Element) -> list[Element]:
    return [leaf for leaf in node.iter() if len(leaf) == 0 and (leaf.text or "").strip()]


def _is_record(leaves: list[Element]) -> bool:
    values = [(leaf.text or "").strip() for leaf in leaves]
    dated = any(find_moments(v) for v in values if len(v) <= 40)
    numeric = any(parse_cell(v) is not None for v in values)
    return len(leaves) >= _MIN_LEAVES and dated and numeric


def _records(node: Element) -> list[Element]:
    """Innermost record elements: an element is one only when none inside it is."""
    inner = [record for child in node for record in _records(child)]
    if inner or len(node) == 0:
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
    text = "\n".join(chunk.text for chunk in doc.chunks)
    if len(text) > _MAX_TEXT or not text.lstrip().startswith("<"):
        return nothing
    root = _parse(text)
    if root is None:
        return nothing
    records = _records(root)
    parents = {child: parent for parent in root.iter() for child in parent}
    rows: list[tuple[dict[str, str], SourceRef]] = []
    for record in records:
        fields: dict[str, str] = {}
        for leaf in _leaves(record):
            fields.setdefault(_field_name(leaf, parents, record), _text(leaf))
        summary = "; ".join(f"{k}: {v}" for k, v in fields.items())
        rows.append((fields, _cite(doc, record, summary)))
    # Names outside the records only where there are records to be about.
    return _Export(rows, _parties(doc, root, parents, records) if records else [])


def _text(leaf: Element) -> str:
    return " ".join((leaf.text or "").split())


def _cite(doc: EvidenceDoc, node: Element, excerpt: str) -> SourceRef:
    line = int(node.get(_LINE, "1"))
    chunk = doc.chunks[min(max(line - 1, 0), len(doc.chunks) - 1)]
    return cite(doc.file_id, chunk.location, excerpt)


def _parties(
    doc: EvidenceDoc, root: Element, parents: dict[Element, Element], records: list[Element]
) -> list[XmlParty]:
    inside = {id(leaf) for record in records for leaf in _leaves(record)}
    found: list[XmlParty] = []
    for leaf in _leaves(root):
        field_name = _field_name(leaf, parents)
        role, _, last = field_name.rpartition(" ")
        value = _text(leaf)
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
        found.append(XmlParty(role, written, _cite(doc, leaf, f"{field_name}: {shown}")))
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
