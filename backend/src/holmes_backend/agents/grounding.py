"""Grounding: every excerpt an agent cites is checked against its source at its location.

A citation holds when its excerpt's words are in the evidence at the place it names: the chunk
at that page, line, row (and sheet), cue or box, running on into the next two chunks (a quote
may cross a line break). Words are compared case- and accent-form-folded, with quotes and
dashes unified and punctuation ignored, so "EUR 24.950,00" holds against "EUR 24.950,00" but
not against "EUR 24.590,00"; a table row's excerpt holds when each of its words is in that row
(a model may quote a row's cells without the headings Holmes renders between them). A citation
of a file the job did not read, or of a file with no text (a photo Holmes has not described),
cannot be checked: it is counted as unchecked, neither held nor failed.

An item (a finding, transaction, contradiction, link ...) whose checked citations do not all
hold is re-asked once, as a child execution of the agent's own, with the agent's instruction and
only what the correction needs: the items, what they cite, and the passages of their sources
at the cited places (and where the excerpt's words are found elsewhere in the file), rendered
as evidence with their locations. Not the whole request again: a unit's evidence is what the
agent already read, and a worker's unit is tens of thousands of tokens for a few quotes. What
the answer gives back replaces them (checked again); an item the model leaves out is dropped,
and one whose citations still do not hold is kept with those citations marked `verified: false`
(shown unverified). Every checked citation carries `verified`. The local analyst is not
re-asked: the deterministic engine answers the same request the same way; nor is a unit whose
re-asks are spent (agents.bounds): its failing items are kept unverified.

The counts are kept on the agent's execution record (`grounding`) and logged as a
GROUNDING_CHECKED event for Agent Flow.
"""

import json
import re
import unicodedata
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from pydantic import BaseModel

from holmes_backend.agents.bounds import RunBounds
from holmes_backend.agents.runner import (
    AgentFailedError,
    AgentSpec,
    PipelineContext,
    record_event,
    run_agent,
)
from holmes_backend.contracts.agents import SourceRef
from holmes_backend.db import transaction
from holmes_backend.extraction.models import Chunk, Extraction
from holmes_backend.llm.evidence import EvidenceDoc, parse_blocks, render_evidence
from holmes_backend.repositories import executions as execution_repo
from holmes_shared.events import EventType

GROUNDING_HEADING = "--- GROUNDING CHECK ---"
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


@dataclass
class GroundingCounts:
    """One agent run's grounding, as recorded."""

    citations: int = 0  # citations checked (held or not)
    held: int = 0  # of those, the ones whose excerpt is at its location
    unchecked: int = 0  # citations of files not read in this job or with no text
    items: int = 0  # items citing at least one checked source
    failed: int = 0  # items with a citation that did not hold, in the first answer
    reasked: int = 0  # items sent back to the model
    fixed: int = 0  # items whose citations hold after the re-ask
    unverified: int = 0  # items kept with a citation that does not hold
    dropped: int = 0  # items the re-ask left out

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


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


def _lists(output: BaseModel) -> Iterator[tuple[str, list[BaseModel]]]:
    """The output's lists of items (findings, transactions, contradictions ...)."""
    for name in type(output).model_fields:
        value = getattr(output, name)
        if isinstance(value, list) and value and isinstance(value[0], BaseModel):
            yield name, value


def _mark(item: BaseModel, sources: Sources, counts: GroundingCounts) -> bool | None:
    """Checks and marks every citation of the item: True when all checked ones hold, False when
    one does not, None when none could be checked."""
    verdicts = []
    for ref in refs_of(item):
        ref.verified = sources.check(ref)
        if ref.verified is None:
            counts.unchecked += 1
            continue
        counts.citations += 1
        counts.held += ref.verified
        verdicts.append(ref.verified)
    return all(verdicts) if verdicts else None


def _failing(output: BaseModel, sources: Sources, counts: GroundingCounts) -> dict[str, list[int]]:
    """Checks the whole output; the indexes of the items that do not hold, per list."""
    failing: dict[str, list[int]] = {}
    for name, items in _lists(output):
        for index, item in enumerate(items):
            verdict = _mark(item, sources, counts)
            if verdict is None:
                continue
            counts.items += 1
            if not verdict:
                failing.setdefault(name, []).append(index)
    counts.failed = sum(len(v) for v in failing.values())
    return failing


def reask_parts(output: BaseModel, failing: dict[str, list[int]], sources: Sources) -> list[str]:
    """The re-ask's request: the passages the failing items cite, then the items."""
    cited = [
        ref
        for name, indexes in failing.items()
        for index in indexes
        for ref in refs_of(getattr(output, name)[index])
        if ref.verified is False
    ]
    return [*sources.passages(cited), reask_part(output, failing, sources)]


def reask_part(output: BaseModel, failing: dict[str, list[int]], sources: Sources) -> str:
    """The request part that sends failing items back, with what their sources really say."""
    items = []
    for name, indexes in failing.items():
        for index in indexes:
            item = getattr(output, name)[index]
            not_found = [
                {
                    **ref.model_dump(mode="json", exclude_none=True, exclude={"verified"}),
                    "text_at_location": sources.text_at(ref),
                }
                for ref in refs_of(item)
                if ref.verified is False
            ]
            items.append(
                {
                    "list": name,
                    "item": item.model_dump(mode="json", exclude_none=True),
                    "not_found": not_found,
                }
            )
    return (
        f"{GROUNDING_HEADING}\nHolmes checked every excerpt of your answer against the evidence "
        "at the location it cites. The items below cite excerpts that are not there; each "
        "citation shows the text that is (`text_at_location`), and the evidence above holds "
        "the passages of those sources around the cited places. Answer again with ONLY these "
        "items, in the same lists: copy each excerpt verbatim from the evidence at its location "
        "(or correct the location), and leave out any item the evidence does not support. "
        "Return nothing else.\n" + json.dumps(items, ensure_ascii=False)
    )


async def ground(
    ctx: PipelineContext,
    spec: AgentSpec,
    output: BaseModel,
    *,
    execution_id: uuid.UUID,
    sources: Sources,
    bounds: RunBounds | None = None,
) -> BaseModel:
    """The output with every citation checked, failing items re-asked once (see the module);
    the counts on the execution record and on the case log."""
    counts = GroundingCounts()
    failing = _failing(output, sources, counts)
    grounded = output
    if failing:
        grounded = await _reasked(
            ctx,
            spec,
            output,
            failing,
            execution_id,
            sources,
            counts,
            bounds or RunBounds.of(ctx.settings),
        )
    await record_counts(ctx, spec, execution_id, counts)
    return grounded


async def record_counts(
    ctx: PipelineContext, spec: AgentSpec, execution_id: uuid.UUID, counts: GroundingCounts
) -> None:
    """The counts on the agent's execution record and, as GROUNDING_CHECKED, on the case log."""
    # Two transactions, each holding one lock: the record's row, then the case log's. Taken in
    # one, they deadlocked on PostgreSQL with the record's completion written behind (which takes
    # them in either order) and the phase's own writes.
    async with ctx.session_factory() as session:
        await execution_repo.update(session, execution_id, grounding=counts.as_dict())
        await transaction.commit(session)
    async with ctx.session_factory() as session:
        await record_event(
            session,
            ctx,
            EventType.GROUNDING_CHECKED,
            {"execution_id": str(execution_id), **counts.as_dict(), **spec.identity()},
            spec.name,
            spec.agent_type,
        )
        await transaction.commit(session)


async def _reasked(
    ctx: PipelineContext,
    spec: AgentSpec,
    output: BaseModel,
    failing: dict[str, list[int]],
    execution_id: uuid.UUID,
    sources: Sources,
    counts: GroundingCounts,
    bounds: RunBounds,
) -> BaseModel:
    answer: BaseModel | None = None
    if ctx.settings.resolved_llm_provider != "local" and bounds.reask("grounding"):
        counts.reasked = counts.failed
        try:
            answer, _ = await run_agent(
                ctx,
                replace(spec, name=f"{spec.name}_regrounding"),
                reask_parts(output, failing, sources),
                parent_execution_id=execution_id,
                input_summary={"grounding": {name: len(i) for name, i in failing.items()}},
                bounds=bounds,
            )
        except AgentFailedError:
            answer = None  # the items stay, unverified
    if answer is None:
        counts.unverified = counts.failed
        return output
    lists: dict[str, Any] = {}
    for name, items in _lists(output):
        dropped = set(failing.get(name, []))
        kept = [item for index, item in enumerate(items) if index not in dropped]
        if dropped:
            # Only what was sent back is taken from the answer; an item already kept (a model
            # answering with its whole output again) is not taken twice.
            known = [_unmarked(item) for item in kept]
            again = [i for i in getattr(answer, name, []) if _unmarked(i) not in known]
            again = again[: len(dropped)]
            for item in again:
                held = _mark(item, sources, GroundingCounts())  # counted as the first answer's
                counts.fixed += held is not False
                counts.unverified += held is False
            counts.dropped += len(dropped) - len(again)
            kept += again
        lists[name] = kept
    return output.model_copy(update=lists)


def _unmarked(item: BaseModel) -> dict[str, Any]:
    """The item without Holmes's marks, for comparing items."""
    data = item.model_dump(mode="json")

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k != "verified"}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return strip(data)  # type: ignore[no-any-return]
