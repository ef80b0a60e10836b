"""The evidence a job's agents read, parsed back into located chunks, and the check of one
citation against it (agents.grounding): a citation holds when its excerpt's words are in the
evidence at the place it names: the chunk at that page, line, row (and sheet), cue or box,
running on into the next two chunks (a quote may cross a line break). Words are compared case-
and accent-form-folded, with quotes and dashes unified and punctuation ignored; a table row's
excerpt holds when each of its words is in that row. A file the job did not read, or with no
text, cannot be checked (None)."""

import re
import unicodedata
from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import BaseModel

from holmes_backend.contracts.agents import SourceRef
from holmes_backend.extraction.models import Chunk, Extraction
from holmes_backend.llm.evidence import EvidenceDoc, parse_blocks, render_evidence

# Chunks after the cited one a quote may run on into.
_RUN_ON = 2
# Characters of the text at a location shown to the model when it is re-asked.
_SHOWN = 600
# Chunks shown on either side of a cited (or found) place in a re-ask's passages, and the
# passages' budget per file: enough to re-quote and re-locate, not the file again.
_AROUND = 2
_PASSAGE_CHARS = 8_000
_WORD = re.compile(r"\w+", re.UNICODE)
_FOLD = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-"})


def _words(text: str) -> list[str]:
    folded = unicodedata.normalize("NFKC", text).translate(_FOLD).casefold()
    return _WORD.findall(folded)


def _at(haystack: list[str], needle: list[str], i: int) -> bool:
    """The needle's words at haystack[i:]; its first word may be the end of a word and its last
    the start of one (a quote cut mid-word: "...; Crediteur" of "Crediteurnr")."""
    size = len(needle)
    window = haystack[i : i + size]
    if len(window) < size:
        return False
    if size == 1:
        return needle[0] in window[0] if len(needle[0]) >= 3 else needle[0] == window[0]
    return (
        window[0].endswith(needle[0])
        and window[-1].startswith(needle[-1])
        and window[1:-1] == needle[1:-1]
    )


def _starts_within(haystack: list[str], needle: list[str], within: int) -> bool:
    """The needle's words are in the haystack's, starting among its first `within` words."""
    if not needle:
        return False
    return any(_at(haystack, needle, i) for i in range(min(within, len(haystack))))


class Sources:
    """The job's evidence as the agents read it (rendered evidence parts by file id), parsed
    back into located chunks the first time a file is cited."""

    def __init__(self, evidence: Mapping[str, str]) -> None:
        self._evidence = evidence
        self._docs: dict[str, EvidenceDoc | None] = {}

    @classmethod
    def of_docs(cls, docs: Mapping[str, EvidenceDoc | None]) -> "Sources":
        """Sources already read as located chunks (chat's, from the evidence index)."""
        sources = cls({})
        sources._docs = dict(docs)
        return sources

    def _doc(self, file_id: str) -> EvidenceDoc | None:
        if file_id not in self._docs:
            part = self._evidence.get(file_id)
            docs = parse_blocks(part)[0] if part else []
            self._docs[file_id] = docs[0] if docs else None
        return self._docs[file_id]

    def at(self, ref: SourceRef) -> list[list[Chunk]] | None:
        """The windows of text a citation points at (each the cited chunk and the ones it may
        run on into); None when the file cannot be checked."""
        doc = self._doc(ref.file_id)
        if doc is None or not any(c.text.strip() for c in doc.chunks):
            return None
        chunks = doc.chunks
        used = {
            name
            for name in ("page", "line", "row", "sheet", "cue_start", "bbox")
            if any(getattr(c.location, name) is not None for c in chunks)
        }
        wanted = {
            name: getattr(ref, name)
            for name in ("page", "line", "row", "sheet")
            if getattr(ref, name) is not None and name in used
        }
        cue = ref.cue_start if "cue_start" in used else None
        box = ref.bbox if "bbox" in used and ref.bbox and len(ref.bbox) == 4 else None
        if not wanted and cue is None and box is None:
            return [chunks]  # no location the file uses: the file is the place
        windows = []
        for index, chunk in enumerate(chunks):
            loc = chunk.location
            if any(getattr(loc, name) != value for name, value in wanted.items()):
                continue
            if cue is not None and not _in_cue(loc.cue_start, loc.cue_end, cue, ref.cue_end):
                continue
            if box is not None and not _overlaps(loc.bbox, box):
                continue
            windows.append(chunks[index : index + 1 + _RUN_ON])
        return windows

    def check(self, ref: SourceRef) -> bool | None:
        """Whether the excerpt is at its location; None when that cannot be checked."""
        windows = self.at(ref)
        if windows is None:
            return None
        needle = _words(ref.excerpt)
        for window in windows:
            # The quote starts in the cited chunk and may run on into the next ones.
            cited = len(_words(window[0].text))
            if _starts_within(_words("\n".join(c.text for c in window)), needle, cited):
                return True
            # A row's cells, quoted without the headings rendered between them.
            row = _words(window[0].text)
            if ref.row is not None and needle and all(_in_row(w, row) for w in needle):
                return True
        return False

    def passage_indexes(self, ref: SourceRef) -> set[int]:
        """The chunks a re-ask shows for a citation: its cited place and the chunk where the
        excerpt's words are most found (a right quote at a wrong location), each with its
        neighbours."""
        doc = self._doc(ref.file_id)
        if doc is None:
            return set()
        chunks = doc.chunks
        position = {id(c): i for i, c in enumerate(chunks)}
        centres = {position[id(window[0])] for window in self.at(ref) or [] if window}
        if len(centres) > 3:  # a location every chunk matches (a sheet): the excerpt decides
            centres = set()
        needle = set(_words(ref.excerpt))
        if needle:
            scores = [len(needle.intersection(_words(c.text))) for c in chunks]
            best = max(range(len(chunks)), key=scores.__getitem__, default=None)
            if best is not None and scores[best] * 2 >= len(needle):
                centres.add(best)
        return {
            i
            for centre in centres
            for i in range(max(0, centre - _AROUND), min(len(chunks), centre + 1 + _AROUND))
        }

    def passages(self, refs: list[SourceRef]) -> list[str]:
        """Evidence parts holding only the chunks the citations point at (see
        `passage_indexes`), one per file in the order first cited, each cut to a budget."""
        wanted: dict[str, set[int]] = {}
        for ref in refs:
            wanted.setdefault(ref.file_id, set()).update(self.passage_indexes(ref))
        parts = []
        for file_id, indexes in wanted.items():
            doc = self._doc(file_id)
            if doc is None or not indexes:
                continue
            chunks: list[Chunk] = []
            size = 0
            for index in sorted(indexes):
                size += len(doc.chunks[index].text)
                if chunks and size > _PASSAGE_CHARS:
                    break
                chunks.append(doc.chunks[index])
            metadata = {**doc.metadata, "shown": "passages at the cited places only"}
            parts.append(
                render_evidence(
                    file_id=doc.file_id,
                    filename=doc.filename,
                    mime_type=doc.mime_type,
                    extraction=Extraction(kind="passages", chunks=chunks, metadata=metadata),
                )
            )
        return parts

    def text_at(self, ref: SourceRef) -> str:
        """What the cited place says, for the re-ask (the first window, cut)."""
        windows = self.at(ref)
        if not windows:
            return "(nothing at this location)" if windows == [] else "(not checkable)"
        return "\n".join(c.text for c in windows[0][:2])[:_SHOWN]


def _in_row(word: str, row: list[str]) -> bool:
    return word in row or (len(word) >= 3 and any(w.startswith(word) for w in row))


def _in_cue(start: float | None, end: float | None, cue: float, cue_end: float | None) -> bool:
    if start is None:
        return False
    finish = end if end is not None else start
    # A cited span overlapping the chunk's, a second either way (cue times are rounded).
    return start - 1 <= (cue_end if cue_end is not None else cue) and cue <= finish + 1


def _overlaps(box: tuple[int, int, int, int] | None, other: list[int]) -> bool:
    if box is None:
        return False
    return box[0] <= other[2] and other[0] <= box[2] and box[1] <= other[3] and other[1] <= box[3]


def refs_of(value: Any) -> Iterator[SourceRef]:
    """Every citation inside an item, however deep."""
    if isinstance(value, SourceRef):
        yield value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from refs_of(getattr(value, name))
    elif isinstance(value, list):
        for element in value:
            yield from refs_of(element)
