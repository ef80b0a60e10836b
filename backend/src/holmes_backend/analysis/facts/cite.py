"""Citations: a SourceRef for a chunk of a document, with a short excerpt."""

from holmes_backend.contracts.agents import SourceRef
from holmes_backend.extraction.models import Location

EXCERPT_CHARS = 240


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


_PLACE = {"page", "line", "row", "sheet", "cue_start", "cue_end", "bbox"}


def cite(file_id: str, location: Location | None, text: str = "") -> SourceRef:
    place = location.model_dump(include=_PLACE) if location is not None else {}
    return SourceRef.model_validate({"file_id": file_id, **place, "excerpt": excerpt(text)})


def ref_key(ref: SourceRef) -> tuple[object, ...]:
    """Identity of a citation's place, ignoring the excerpt (for de-duplication)."""
    return (ref.file_id, ref.page, ref.line, ref.row, ref.sheet, ref.cue_start)


def unique_refs(refs: list[SourceRef], limit: int = 8) -> list[SourceRef]:
    kept: dict[tuple[object, ...], SourceRef] = {}
    for ref in refs:
        kept.setdefault(ref_key(ref), ref)
    return list(kept.values())[:limit]
