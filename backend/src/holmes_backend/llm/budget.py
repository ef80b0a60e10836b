"""Token budgets: how much evidence one model request may carry, and how evidence is cut into
work units that fit.

Tokens are estimated from characters (CHARS_PER_TOKEN): Google documents about 4 characters
per token for Gemini models on English text, and the fake Gemini server bills requests the same
way; a file's own count (Gemini's count_tokens, stored on the file) calibrates the estimate for
that file's text (`Calibration`). An OpenAI-compatible server's budget is its context window
less its answer (llm.openai_compat.evidence_budget_chars), so a unit fits there before
that module's last-resort cut.

A work unit is a list of evidence blocks (llm.evidence) under the budget: small files share a
unit (related files kept together where they fit), a file over the budget is cut into blocks
of consecutive chunks (page, row, line or time ranges), each saying which range it holds. An
answer cut off at its max_output_tokens is redone on the unit halved (`halve`).
"""

import asyncio
import json
import logging
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel

from holmes_backend.config import Settings
from holmes_backend.llm import evidence, openai_compat
from holmes_backend.llm.gemini import AgentRole, genai_client, json_schema

logger = logging.getLogger(__name__)
CHARS_PER_TOKEN = 4.0
# count_tokens calls out at once (they are free, but not instant).
_COUNTS_AT_ONCE = 8
# An answer's room per role: a domain worker's findings over ~100k tokens of evidence, the
# graph's entities and edges over a whole case, triage's one line per file.
DEFAULT_MAX_OUTPUT_TOKENS: dict[AgentRole, int] = {
    "orchestrator": 8_192,
    "triage": 16_384,
    "domain": 32_768,
    "synthesis": 32_768,
    "knowledge_graph": 65_536,
    "chat": 8_192,
    "verification": 8_192,
    "merge": 16_384,
}
# Tokens of a request that are neither evidence nor counted parts: the role markers, the
# schema's wrapping, a unit's range notes.
_OVERHEAD_TOKENS = 256
_LOC = "[loc "
# One block under this is not cut in two when its answer is cut off.
MIN_HALVED_TOKENS = 512


def estimate_tokens(text: str) -> int:
    return math.ceil(len(text) / CHARS_PER_TOKEN)


async def count_tokens(settings: Settings, texts: list[str]) -> list[int]:
    """The texts' tokens: counted by Gemini's count_tokens on the Flash model when Gemini is
    the provider (a text it cannot count is estimated, with a warning), else estimated."""
    if settings.resolved_llm_provider != "gemini" or not texts:
        return [estimate_tokens(text) for text in texts]
    client = genai_client(settings)
    gate = asyncio.Semaphore(_COUNTS_AT_ONCE)

    async def count(text: str) -> int:
        async with gate:
            try:
                counted = await client.aio.models.count_tokens(
                    model=settings.gemini_flash_model, contents=text
                )
            except Exception as exc:  # a count is a refinement: the estimate stands in
                logger.warning("count_tokens failed, the tokens are estimated: %s", exc)
                return estimate_tokens(text)
            return counted.total_tokens or estimate_tokens(text)

    try:
        return list(await asyncio.gather(*(count(text) for text in texts)))
    finally:
        await client.aio.aclose()


def max_output_tokens(role: AgentRole, settings: Settings) -> int:
    """The role's answer limit (HOLMES_MAX_OUTPUT_TOKENS overrides the default)."""
    return settings.max_output_tokens.get(role, DEFAULT_MAX_OUTPUT_TOKENS[role])


def request_budget_tokens(settings: Settings) -> int:
    """The most input tokens one request may carry on the configured provider."""
    if settings.resolved_llm_provider == "openai_compat":
        return int(openai_compat.evidence_budget_chars(settings) / CHARS_PER_TOKEN)
    return settings.gemini_request_budget_tokens


def fixed_tokens(instruction: str, schema: type[BaseModel], parts: Iterable[str]) -> int:
    """What every request of an agent carries besides its evidence: the instruction, the answer's
    schema and the shared parts (case context, earlier stages' findings)."""
    text = instruction + json.dumps(json_schema(schema)) + "".join(parts)
    return estimate_tokens(text) + _OVERHEAD_TOKENS


@dataclass
class Calibration:
    """Tokens per estimated token for each file whose tokens were counted by the model
    (count_tokens); 1.0 for the others."""

    ratios: dict[str, float] = field(default_factory=dict)

    def tokens(self, file_id: str, text: str) -> int:
        return math.ceil(estimate_tokens(text) * self.ratios.get(file_id, 1.0))


@dataclass
class Unit:
    """One request's evidence: blocks (whole files or ranges of one) and the files they are of."""

    parts: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    tokens: int = 0

    def add(self, file_id: str, part: str, tokens: int) -> None:
        self.parts.append(part)
        if file_id not in self.files:
            self.files.append(file_id)
        self.tokens += tokens


def pack(
    groups: Iterable[list[str]],
    blocks: Mapping[str, str],
    budget: int,
    calibration: Calibration | None = None,
) -> list[Unit]:
    """Files' evidence blocks in units of at most `budget` tokens, in order. A group (related
    files) starts a new unit rather than be cut across two when it fits in one; a file over
    the budget is cut into ranges, each in the next unit with room."""
    calibration = calibration or Calibration()
    units: list[Unit] = []
    current = Unit()

    def place(file_id: str, part: str, tokens: int) -> None:
        nonlocal current
        if current.parts and current.tokens + tokens > budget:
            units.append(current)
            current = Unit()
        current.add(file_id, part, tokens)

    for group in groups:
        sizes = {f: calibration.tokens(f, blocks[f]) for f in group}
        total = sum(sizes.values())
        if current.parts and total <= budget and current.tokens + total > budget:
            units.append(current)
            current = Unit()
        for file_id in group:
            if sizes[file_id] <= budget:
                place(file_id, blocks[file_id], sizes[file_id])
                continue
            ratio = calibration.ratios.get(file_id, 1.0)
            for piece in split_block(blocks[file_id], int(budget / ratio)):
                place(file_id, piece, calibration.tokens(file_id, piece))
    if current.parts:
        units.append(current)
    return units


def split_block(part: str, max_tokens: int) -> list[str]:
    """An evidence block as blocks of at most `max_tokens` (estimated) each, cut between
    chunks; each piece's header says which range of the file it holds and which piece it is
    ("range": "pages 1-40", "piece": "1/8"). A block that fits is returned as it is."""
    if estimate_tokens(part) <= max_tokens or not evidence.is_evidence(part):
        return [part]
    header_line, _, rest = part.partition("\n")
    body = rest[: -len(evidence.EVIDENCE_CLOSE)].rstrip("\n")
    header = json.loads(header_line[len(evidence.EVIDENCE_OPEN) : -len(">>>")])
    room = max(16, max_tokens - estimate_tokens(header_line) - 32) * CHARS_PER_TOKEN
    pieces: list[list[str]] = [[]]
    size = 0
    for entry in _entries(body):
        for cut in _cut_entry(entry, int(room)):
            if pieces[-1] and size + len(cut) + 1 > room:
                pieces.append([])
                size = 0
            pieces[-1].append(cut)
            size += len(cut) + 1
    rendered = []
    for index, entries in enumerate(pieces, 1):
        piece_header = {
            **header,
            "range": _range(entries),
            "piece": f"{index}/{len(pieces)}",
        }
        rendered.append(
            "\n".join(
                [
                    evidence.EVIDENCE_OPEN + json.dumps(piece_header, ensure_ascii=False) + ">>>",
                    *entries,
                    evidence.EVIDENCE_CLOSE,
                ]
            )
        )
    return rendered


def halve(parts: list[str]) -> tuple[list[str], list[str]] | None:
    """A unit's evidence in two halves of about equal tokens: its blocks shared out, or one
    block cut between its chunks; None for one block too small to be worth cutting (an answer
    cut off over so little evidence is not the evidence's size)."""
    if len(parts) >= 2:
        total = sum(len(p) for p in parts)
        running = 0
        cut = len(parts) - 1
        for index, part in enumerate(parts):
            running += len(part)
            if running >= total / 2:
                cut = index + 1
                break
        cut = max(1, min(cut, len(parts) - 1))
        return parts[:cut], parts[cut:]
    if len(parts) == 1 and estimate_tokens(parts[0]) >= MIN_HALVED_TOKENS:
        header = estimate_tokens(parts[0].partition("\n")[0])
        pieces = split_block(parts[0], (estimate_tokens(parts[0]) + header) // 2 + 48)
        if len(pieces) >= 2:
            middle = (len(pieces) + 1) // 2
            return pieces[:middle], pieces[middle:]
    return None


M = TypeVar("M", bound=BaseModel)


def fit_outputs(
    outputs: Mapping[str, M], render: Callable[[str, M], str], room: int
) -> tuple[dict[str, M], int]:
    """Earlier stages' outputs kept to `room` tokens as `render` writes them: every list field
    of each output cut to its first k items, k the largest that fits (the same for all, so no
    domain is dropped for another's length). Returns the outputs and how many items were left
    out (0: they fit whole, and are returned as they are)."""

    def cut(output: M, k: int | None) -> M:
        if k is None:
            return output
        lists = {
            name: value[:k]
            for name in type(output).model_fields
            if isinstance(value := getattr(output, name), list) and len(value) > k
        }
        return output.model_copy(update=lists) if lists else output

    def size(k: int | None) -> int:
        return sum(estimate_tokens(render(key, cut(o, k))) for key, o in outputs.items())

    if size(None) <= room:
        return dict(outputs), 0
    longest = max(
        (len(v) for o in outputs.values() for v in o.__dict__.values() if isinstance(v, list)),
        default=0,
    )
    low, high = 0, longest  # size(low) is taken to fit; size(high) does not
    while high - low > 1:
        middle = (low + high) // 2
        if size(middle) <= room:
            low = middle
        else:
            high = middle
    kept = {key: cut(o, low) for key, o in outputs.items()}
    left_out = sum(
        len(v) - len(getattr(kept[key], name))
        for key, o in outputs.items()
        for name, v in o.__dict__.items()
        if isinstance(v, list)
    )
    return kept, left_out


def fit_parts(
    parts: list[str], settings: Settings, instruction: str, schema: type[BaseModel]
) -> list[str]:
    """A request's parts kept to the request budget, the longest cut first (evidence blocks
    by whole chunks, findings blocks by whole rows, text by characters, each saying what was
    left out), for an agent that reads tables of figures beside its documents (the numeric
    agents), whose requests are not split into units."""
    room = request_budget_tokens(settings) - fixed_tokens(instruction, schema, [])
    return evidence.cut_to_fit(parts, int(max(0, room) * CHARS_PER_TOKEN), bool, _cut_part)


def _cut_part(part: str, chars: int) -> str:
    if evidence.is_evidence(part):
        return evidence.cut_evidence(part, chars)
    return evidence.cut_findings(part, chars)


def left_out_note(items: int) -> str:
    """The line a request carries when earlier findings were cut to its budget."""
    return (
        f"[{items} items of the earlier findings were left out: over the request's token "
        f"budget; each list keeps its first items]"
    )


def preview(part: str, tokens: int) -> str:
    """A file's evidence kept to about `tokens`: its header and first chunks (triage's read)."""
    return evidence.cut_evidence(part, int(tokens * CHARS_PER_TOKEN))


def _entries(body: str) -> list[str]:
    """A block body's chunks: each "[loc …]" line with the lines that continue it."""
    entries: list[str] = []
    for line in body.split("\n"):
        if line.startswith(_LOC) or not entries:
            entries.append(line)
        else:
            entries[-1] += "\n" + line
    return [e for e in entries if e.strip()]


def _cut_entry(entry: str, room: int) -> list[str]:
    """A chunk longer than a whole piece, as slices under the same location."""
    if len(entry) <= room:
        return [entry]
    prefix, text = "", entry
    if entry.startswith(_LOC):
        end = entry.find("}] ") + 3
        prefix, text = entry[:end], entry[end:]
    step = max(1, room - len(prefix) - 1)
    return [prefix + text[i : i + step] for i in range(0, len(text), step)]


def _location(entry: str) -> dict[str, Any]:
    if not entry.startswith(_LOC):
        return {}
    try:
        loc: dict[str, Any] = json.loads(entry[len(_LOC) : entry.index("}] ") + 1])
    except ValueError:
        return {}
    return loc


def _range(entries: list[str]) -> str:
    """Which part of the file the entries are: pages, rows, seconds or lines from-to."""
    first, last = _location(entries[0]), _location(entries[-1])
    keys = (("page", "pages"), ("row", "rows"), ("cue_start", "seconds"), ("line", "lines"))
    for key, name in keys:
        if key in first and key in last:
            end = last.get("cue_end", last[key]) if key == "cue_start" else last[key]
            where = f"{name} {first[key]}-{end}"
            sheet = first.get("sheet")
            return f"{where} of sheet {sheet}" if sheet and key == "row" else where
    return f"{len(entries)} chunks"


__all__ = [
    "CHARS_PER_TOKEN",
    "DEFAULT_MAX_OUTPUT_TOKENS",
    "Calibration",
    "Unit",
    "count_tokens",
    "estimate_tokens",
    "fit_outputs",
    "fit_parts",
    "fixed_tokens",
    "halve",
    "left_out_note",
    "max_output_tokens",
    "pack",
    "preview",
    "request_budget_tokens",
    "split_block",
]
