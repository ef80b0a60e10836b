"""Citations of a streamed answer: sources numbered as the tools show them, markers in the text.

Every source a chat tool returns gets a number for the turn ("ref": 3). The model cites by
writing [3] after a statement. As the answer streams, `Markers` renumbers the markers in order of
first use ([3] becomes [1], the next new one [2], ...), so the n-th citation of the answer is
marker [n] and the streamed text is already the final text. A marker split across two streamed
pieces is held back until it is whole.
"""

import json
import re
from typing import Any

_MARKER = re.compile(r"\[(\d{1,4}(?:\s*[,;]\s*\d{1,4})*)\]")
_OPEN_MARKER = re.compile(r"\[[\d,;\s]{0,24}$")
_NUMBER = re.compile(r"\d+")
_LOCATION_FIELDS = ("page", "line", "row", "sheet", "cue_start", "cue_end", "bbox")


def citation(source: dict[str, Any]) -> dict[str, Any]:
    """PRD §6 shape: {file_id, location, excerpt}."""
    location = {k: source[k] for k in _LOCATION_FIELDS if source.get(k) is not None}
    return {
        "file_id": str(source["file_id"]),
        "location": location,
        "excerpt": str(source.get("excerpt") or ""),
    }


class SourceBook:
    """The sources shown to the model in one turn, each with its number."""

    def __init__(self, filenames: dict[str, str]) -> None:
        self.filenames = filenames
        self._numbers: dict[str, int] = {}
        self._sources: dict[int, dict[str, Any]] = {}

    def number(self, source: dict[str, Any]) -> dict[str, Any]:
        """The source as the model sees it: with its number and its file's name."""
        place = {k: source[k] for k in ("file_id", *_LOCATION_FIELDS) if source.get(k) is not None}
        key = json.dumps(place, sort_keys=True, default=str)
        ref = self._numbers.setdefault(key, len(self._numbers) + 1)
        self._sources.setdefault(ref, source)
        file = self.filenames.get(str(source.get("file_id")), "")
        return {"ref": ref, "file": file, **source}

    def get(self, ref: int) -> dict[str, Any] | None:
        return self._sources.get(ref)

    def __len__(self) -> int:
        return len(self._sources)


class Markers:
    """Rewrites [n] markers as text streams through it; `citations` are the sources cited."""

    def __init__(self, book: SourceBook) -> None:
        self.book = book
        self.order: dict[int, int] = {}  # the book's number → its number in the answer
        self._held = ""

    def feed(self, text: str) -> str:
        held = self._held + text
        tail = _OPEN_MARKER.search(held)
        cut = tail.start() if tail else len(held)
        self._held = held[cut:]
        return self._rewrite(held[:cut])

    def finish(self) -> str:
        rest, self._held = self._held, ""
        return self._rewrite(rest)

    @property
    def citations(self) -> list[dict[str, Any]]:
        cited = sorted(self.order, key=self.order.__getitem__)
        return [citation(source) for ref in cited if (source := self.book.get(ref))]

    def _rewrite(self, text: str) -> str:
        return _MARKER.sub(self._renumber, text)

    def _renumber(self, match: re.Match[str]) -> str:
        refs = [int(n) for n in _NUMBER.findall(match.group(1))]
        known = [r for r in refs if self.book.get(r) is not None]
        if not known:
            return match.group(0)  # not a citation of ours (a year in brackets, say): as written
        numbers = [self.order.setdefault(r, len(self.order) + 1) for r in known]
        return "".join(f"[{n}]" for n in dict.fromkeys(numbers))
