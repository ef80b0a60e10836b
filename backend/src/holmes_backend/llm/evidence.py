"""How evidence and earlier findings travel inside a model request, as plain text parts.

Both providers read the same request: Gemini reads the markers as ordinary text, the local
analyst parses them back. One evidence part per file:

    <<<EVIDENCE {"file_id": "...", "filename": "...", "mime_type": "...", "metadata": {...}}>>>
    [loc {"page": 1}] text of the chunk
    its next line (a chunk keeps its lines, and the gaps between a table's columns)
    [loc {"row": 3, "sheet": "Sheet1"}] Date: 2024-03-01; Amount: 9,800.00
    <<<END EVIDENCE>>>

and one findings part per earlier stage (domain outputs handed to synthesis and the graph;
strategy reads text summaries of them instead, llm.summaries):

    <<<FINDINGS {"domain": "financial"}>>>
    {...the stage's output as JSON...}
    <<<END FINDINGS>>>

The graph, which reads no evidence, is also given the files' names in a findings block of
stage "files": {"<file_id>": "<filename>", ...}.
"""

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from holmes_backend.extraction.models import Chunk, Extraction, Location

FILES_STAGE = "files"  # a findings block naming the case's files: {file_id: filename}
_EVIDENCE_OPEN = "<<<EVIDENCE "
_EVIDENCE_CLOSE = "<<<END EVIDENCE>>>"
EVIDENCE_OPEN, EVIDENCE_CLOSE = _EVIDENCE_OPEN, _EVIDENCE_CLOSE
_FINDINGS_OPEN = "<<<FINDINGS "
_FINDINGS_CLOSE = "<<<END FINDINGS>>>"
_BLOCK = re.compile(r"<<<(EVIDENCE|FINDINGS) (\{.*?\})>>>\n(.*?)\n?<<<END \1>>>", re.DOTALL)
_LOC = re.compile(r"^\[loc (\{.*?\})\] ?(.*)$")


@dataclass
class EvidenceDoc:
    file_id: str
    filename: str
    mime_type: str
    metadata: dict[str, Any] = field(default_factory=dict)
    chunks: list[Chunk] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(chunk.text for chunk in self.chunks)


@dataclass
class FindingsBlock:
    header: dict[str, Any]
    data: Any


def render_evidence(*, file_id: str, filename: str, mime_type: str, extraction: Extraction) -> str:
    header = {
        "file_id": file_id,
        "filename": filename,
        "mime_type": mime_type,
        "metadata": extraction.metadata,
    }
    lines = [_EVIDENCE_OPEN + json.dumps(header, default=str, ensure_ascii=False) + ">>>"]
    for chunk in extraction.chunks:
        location = chunk.location.model_dump(mode="json", exclude_none=True)
        if chunk.speaker:
            location["speaker"] = chunk.speaker
        # A chunk keeps its lines and the gaps between a table's columns (a printed
        # statement's "Litres   Amount"); its lines after the first continue it.
        text = "\n".join(kept for line in chunk.text.splitlines() if (kept := line.rstrip()))
        lines.append(f"[loc {json.dumps(location, ensure_ascii=False)}] {text.strip()}")
    lines.append(_EVIDENCE_CLOSE)
    return "\n".join(lines)


def render_findings(header: dict[str, Any], data: Any) -> str:
    """A findings block; an agent's output is given as its model (pydantic's own JSON encoder is
    several times faster than dumping it to dicts and those to JSON). Its empty (null) fields are
    left out: about a fifth of a domain's findings, tokens the reading model would pay for, and
    the same model when read back (every optional field defaults to null)."""
    body = (
        data.model_dump_json(exclude_none=True)
        if isinstance(data, BaseModel)
        # As compact as pydantic's: the spaces after separators were tokens too.
        else json.dumps(data, default=str, ensure_ascii=False, separators=(",", ":"))
    )
    return f"{_FINDINGS_OPEN}{json.dumps(header, ensure_ascii=False)}>>>\n{body}\n{_FINDINGS_CLOSE}"


def render_file_names(names: dict[str, str]) -> str:
    """The files' names, for an agent that reads findings without the evidence (the graph)."""
    return render_findings({"stage": FILES_STAGE}, names)


def parse_blocks(text: str) -> tuple[list[EvidenceDoc], list[FindingsBlock], str]:
    """Evidence documents, findings blocks, and the remaining free text of a request."""
    documents: list[EvidenceDoc] = []
    findings: list[FindingsBlock] = []
    for kind, raw_header, body in _BLOCK.findall(text):
        header = json.loads(raw_header)
        if kind == "FINDINGS":
            findings.append(FindingsBlock(header=header, data=json.loads(body) if body else None))
            continue
        doc = EvidenceDoc(
            file_id=str(header.get("file_id", "")),
            filename=str(header.get("filename", "")),
            mime_type=str(header.get("mime_type", "")),
            metadata=dict(header.get("metadata") or {}),
        )
        for line in body.splitlines():
            match = _LOC.match(line)
            if match:
                fields = json.loads(match.group(1))
                speaker = fields.pop("speaker", None)
                location = Location.model_validate(fields)
                doc.chunks.append(Chunk(text=match.group(2), location=location, speaker=speaker))
            elif line.strip() and doc.chunks:
                last = doc.chunks[-1]
                last.text = f"{last.text}\n{line}"  # the chunk's next line
            elif line.strip():
                doc.chunks.append(Chunk(text=line.strip(), location=Location()))
        documents.append(doc)
    rest = _BLOCK.sub("", text).strip()
    return documents, findings, rest


def evidence_header(part: str) -> dict[str, Any] | None:
    """The header of one file's evidence block (file_id, filename, mime_type, metadata), or
    None when the part is not one (a block cut to a budget, followed by its note of what was
    left out, is one)."""
    line = part.split("\n", 1)[0]
    if not (line.startswith(_EVIDENCE_OPEN) and line.endswith(">>>")):
        return None
    header: dict[str, Any] = json.loads(line[len(_EVIDENCE_OPEN) : -len(">>>")])
    return header


def is_evidence(part: str) -> bool:
    """The part is one file's evidence block (render_evidence)."""
    return part.startswith(_EVIDENCE_OPEN) and part.endswith(_EVIDENCE_CLOSE)


def cut_evidence(part: str, chars: int) -> str:
    """An evidence block kept to about `chars` characters: its header and the whole chunk lines
    that fit, still closed, then a line saying how much of the file was left out."""
    body_end = len(part) - len(_EVIDENCE_CLOSE)
    if len(part) <= chars:
        return part
    header_end = part.index("\n") if "\n" in part else body_end
    cut = part.rfind("\n", header_end, max(header_end, chars - len(_EVIDENCE_CLOSE)) + 1)
    cut = max(cut, header_end)
    left_out = body_end - cut
    return (
        f"{part[:cut]}\n{_EVIDENCE_CLOSE}\n"
        f"[{left_out} characters of this file left out: over the model's context budget]"
    )


# Room for the closing marker and the note a cut part ends with.
_NOTE_CHARS = 120


def cut_to_fit(
    parts: list[str],
    budget: int,
    cuttable: Callable[[str], bool],
    cut: Callable[[str, int], str],
) -> list[str]:
    """The parts kept to `budget` characters in all by cutting the `cuttable` ones with `cut`
    (to about the characters given), the longest first, to a common length, so short parts
    survive whole; the others go whole."""
    if sum(len(p) for p in parts) <= budget:
        return parts
    cuttable_at = {index for index, part in enumerate(parts) if cuttable(part)}
    remaining = budget - sum(len(p) for i, p in enumerate(parts) if i not in cuttable_at)
    cap = 0
    lengths = sorted(len(parts[i]) for i in cuttable_at)
    for index, length in enumerate(lengths):
        left = len(lengths) - index
        share = max(0, remaining - _NOTE_CHARS * left) // left  # each, if all left are cut
        if length > share:
            cap = share
            break
        remaining -= length
    else:
        return parts
    return [cut(part, cap) if index in cuttable_at else part for index, part in enumerate(parts)]


def cut_findings(part: str, chars: int) -> str:
    """A findings block whose data is a list kept to about `chars` characters: its first rows,
    the block still closed, then a line saying how many rows were left out. Any other part is
    cut at `chars` characters, saying how many were left out."""
    if len(part) <= chars:
        return part
    match = _BLOCK.fullmatch(part)
    data = json.loads(match.group(3)) if match and match.group(1) == "FINDINGS" else None
    if match is None or not isinstance(data, list):
        return f"{part[:chars]}\n[{len(part) - chars} characters left out: over the budget]"
    header = json.loads(match.group(2))
    kept: list[Any] = []
    size = len(render_findings(header, []))
    for row in data:
        size += len(json.dumps(row, default=str, ensure_ascii=False)) + 2
        if size > chars:
            break
        kept.append(row)
    return (
        f"{render_findings(header, kept)}\n"
        f"[{len(data) - len(kept)} of {len(data)} rows of this block left out: over the budget]"
    )
