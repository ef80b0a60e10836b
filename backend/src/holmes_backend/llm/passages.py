"""The source context of a correction: the passages its target cites, and those around them."""

from dataclasses import dataclass
from typing import Any

from holmes_backend.extraction.models import Chunk
from holmes_backend.numeric.compare import normal_text

# Passages either side of a cited one: a citation may point at the line before the value.
NEIGHBOURS = 1
MAX_PASSAGES = 40
PASSAGE_CHARS = 2000
_EXCERPT_PROBE = 60
LOCATION_FIELDS = ("page", "line", "row", "sheet", "cue_start", "cue_end", "bbox")


@dataclass
class Passage:
    id: str
    file_id: str
    filename: str
    location: dict[str, Any]
    text: str
    cited: bool

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "file_id": self.file_id,
            "filename": self.filename,
            "location": self.location,
            "cited": self.cited,
            "text": self.text,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Passage":
        return cls(
            id=str(data.get("id", "")),
            file_id=str(data.get("file_id", "")),
            filename=str(data.get("filename", "")),
            location=dict(data.get("location") or {}),
            text=str(data.get("text", "")),
            cited=bool(data.get("cited")),
        )


def _location(ref: dict[str, Any]) -> dict[str, Any]:
    source = ref.get("location") if isinstance(ref.get("location"), dict) else ref
    assert isinstance(source, dict)
    return {k: source[k] for k in LOCATION_FIELDS if source.get(k) is not None}


def chunk_location(chunk: Chunk) -> dict[str, Any]:
    found = chunk.location.model_dump(mode="json", exclude_none=True)
    return {k: found[k] for k in LOCATION_FIELDS if k in found}


def _at(chunk: Chunk, where: dict[str, Any]) -> bool:
    loc = chunk.location
    if where.get("cue_start") is not None and loc.cue_start is not None:
        end = loc.cue_end if loc.cue_end is not None else loc.cue_start
        return bool(loc.cue_start <= float(where["cue_start"]) <= end)
    fields = {k: where[k] for k in ("page", "line", "row", "sheet") if k in where}
    return bool(fields) and all(getattr(loc, k) == v for k, v in fields.items())


def locate(chunks: list[Chunk], ref: dict[str, Any]) -> list[int]:
    """The chunks a citation points at: by location, else by its excerpt."""
    where = _location(ref)
    found = [i for i, chunk in enumerate(chunks) if _at(chunk, where)] if where else []
    if found:
        return found
    probe = normal_text(str(ref.get("excerpt") or ""))[:_EXCERPT_PROBE]
    if not probe:
        return []
    return [i for i, chunk in enumerate(chunks) if probe in normal_text(chunk.text)][:3]


def passages(
    refs: list[dict[str, Any]],
    chunks_by_file: dict[str, list[Chunk]],
    filenames: dict[str, str],
) -> list[Passage]:
    """The cited passages first, then their neighbours; a citation no chunk matches keeps its
    own excerpt as the passage (the quote the item was built from)."""
    cited: dict[tuple[str, int], None] = {}
    unplaced: list[dict[str, Any]] = []
    for ref in refs:
        file_id = str(ref["file_id"])
        hits = locate(chunks_by_file.get(file_id, []), ref)
        if not hits:
            unplaced.append(ref)
        for index in hits:
            cited.setdefault((file_id, index), None)
    around: dict[tuple[str, int], None] = {}
    for file_id, index in cited:
        count = len(chunks_by_file[file_id])
        for near in range(max(0, index - NEIGHBOURS), min(count, index + NEIGHBOURS + 1)):
            if (file_id, near) not in cited:
                around.setdefault((file_id, near), None)
    result: list[Passage] = []
    for keys, is_cited in ((cited, True), (around, False)):
        for file_id, index in keys:
            chunk = chunks_by_file[file_id][index]
            text = (f"{chunk.speaker}: " if chunk.speaker else "") + chunk.text
            result.append(
                Passage(
                    id=f"passage_{len(result) + 1}",
                    file_id=file_id,
                    filename=filenames.get(file_id, ""),
                    location=chunk_location(chunk),
                    text=text[:PASSAGE_CHARS],
                    cited=is_cited,
                )
            )
    for ref in unplaced:
        if ref.get("excerpt"):
            result.append(
                Passage(
                    id=f"passage_{len(result) + 1}",
                    file_id=str(ref["file_id"]),
                    filename=filenames.get(str(ref["file_id"]), ""),
                    location=_location(ref),
                    text=str(ref["excerpt"])[:PASSAGE_CHARS],
                    cited=True,
                )
            )
    cited_first = sorted(result, key=lambda p: not p.cited)[:MAX_PASSAGES]
    for number, passage in enumerate(cited_first, start=1):
        passage.id = f"passage_{number}"
    return cited_first
