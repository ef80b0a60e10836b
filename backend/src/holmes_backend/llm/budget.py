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

A block's tokens include the media that go with it (llm.media attaches them after it, and
`MediaCost` says what they cost): an image's or a scanned PDF's fixed tokens, a recording's
tokens per second of the stretch the block covers. A recording over the budget is cut into time
ranges (`split_recording`): each block's header says which seconds it covers ("segment":
[start, end]), and only that stretch of the recording is sent with it.
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


# A worker's evidence is at least this many times what every request of its agent carries
# anyway (instruction, schema, shared parts): below it, a domain's evidence split among more
# workers pays mostly for their instructions again.
MIN_EVIDENCE_PER_FIXED = 3


def useful_workers(requested: int, evidence_tokens: int, fixed: int) -> int:
    """How many of the `requested` workers a domain's evidence is worth: each gets at least
    MIN_EVIDENCE_PER_FIXED times its fixed tokens (the bench's 50-file case asked for 27
    workers of ~2,700 evidence tokens, each beside ~2,200 tokens of instruction and schema).
    A share over the request budget is still cut into units that fit (`pack`)."""
    if requested <= 1 or fixed <= 0:
        return max(1, requested)
    return max(1, min(requested, evidence_tokens // (MIN_EVIDENCE_PER_FIXED * fixed)))


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


@dataclass(frozen=True)
class MediaCost:
    """What the media sent with an evidence block cost in tokens: `fixed` whatever the block
    covers (an image, a scanned PDF), `per_second` for each second of a recording the block
    covers, of a recording `duration` seconds long."""

    fixed: int = 0
    per_second: float = 0.0
    duration: float | None = None

    def tokens(self, part: str) -> int:
        window = segment_of(part)
        seconds = window[1] - window[0] if window is not None else self.duration or 0.0
        return self.fixed + math.ceil(self.per_second * seconds)

    @property
    def timed(self) -> bool:
        return self.per_second > 0 and bool(self.duration)


NO_MEDIA = MediaCost()
MediaCosts = Callable[[str], MediaCost]


def _no_media(part: str) -> MediaCost:
    return NO_MEDIA


def segment_of(part: str) -> tuple[float, float] | None:
    """The seconds of its recording an evidence block covers (its header's "segment"), or None
    for the whole."""
    window = (evidence.evidence_header(part) or {}).get("segment")
    if isinstance(window, list) and len(window) == 2:
        return float(window[0]), float(window[1])
    return None


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
    media: MediaCosts = _no_media,
) -> list[Unit]:
    """Files' evidence blocks in units of at most `budget` tokens, media included, in order. A
    group (related files) starts a new unit rather than be cut across two when it fits in one;
    a file over the budget is cut into ranges (a recording with media into time ranges), each
    in the next unit with room."""
    calibration = calibration or Calibration()
    units: list[Unit] = []
    current = Unit()

    def size(file_id: str, part: str) -> int:
        return calibration.tokens(file_id, part) + media(part).tokens(part)

    def place(file_id: str, part: str, tokens: int) -> None:
        nonlocal current
        if current.parts and current.tokens + tokens > budget:
            units.append(current)
            current = Unit()
        current.add(file_id, part, tokens)

    for group in groups:
        sizes = {f: size(f, blocks[f]) for f in group}
        total = sum(sizes.values())
        if current.parts and total <= budget and current.tokens + total > budget:
            units.append(current)
            current = Unit()
        for file_id in group:
            if sizes[file_id] <= budget:
                place(file_id, blocks[file_id], sizes[file_id])
                continue
            ratio = calibration.ratios.get(file_id, 1.0)
            cost = media(blocks[file_id])
            if cost.timed:
                pieces = split_recording(blocks[file_id], budget, cost, ratio)
            else:
                pieces = split_block(blocks[file_id], int((budget - cost.fixed) / ratio))
            for piece in pieces:
                place(file_id, piece, size(file_id, piece))
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


def split_recording(part: str, max_tokens: int, cost: MediaCost, ratio: float = 1.0) -> list[str]:
    """A recording's evidence block as blocks of consecutive time ranges, each at most
    `max_tokens` with the media of its range (`cost`): the fewest equal ranges that fit, each
    header saying which seconds it covers ("segment": [start, end], "range": "seconds a-b") and
    holding the transcript lines (chunks) that start in its range."""
    duration = float(cost.duration or 0.0)
    header_line, entries = _header_and_entries(part)
    header = json.loads(header_line[len(evidence.EVIDENCE_OPEN) : -len(">>>")])
    starts = [_location(e).get("cue_start") for e in entries]
    whole = math.ceil(estimate_tokens(part) * ratio) + cost.tokens(part)
    count = max(2, math.ceil(whole / max(1, max_tokens)))
    # At least a second a range: a budget that holds less is left to the request's own check.
    while count < duration:
        length = duration / count
        pieces: list[list[str]] = [[] for _ in range(count)]
        for entry, start in zip(entries, starts, strict=True):
            at = float(start) if isinstance(start, int | float) else 0.0
            pieces[min(count - 1, max(0, int(at // length)))].append(entry)
        rendered = [
            _render_piece(
                header,
                kept,
                index,
                count,
                {
                    "segment": [round(index * length, 3), round((index + 1) * length, 3)],
                    "range": f"seconds {index * length:g}-{(index + 1) * length:g}",
                },
            )
            for index, kept in enumerate(pieces)
        ]
        sizes = [math.ceil(estimate_tokens(r) * ratio) + cost.tokens(r) for r in rendered]
        if max(sizes) <= max_tokens:
            return rendered
        count = max(count + 1, math.ceil(count * max(sizes) / max_tokens))
    return [part]


def _header_and_entries(part: str) -> tuple[str, list[str]]:
    header_line, _, rest = part.partition("\n")
    body = rest[: -len(evidence.EVIDENCE_CLOSE)].rstrip("\n")
    return header_line, _entries(body)


def _render_piece(
    header: dict[str, Any], entries: list[str], index: int, count: int, extra: dict[str, Any]
) -> str:
    piece_header = {**header, **extra, "piece": f"{index + 1}/{count}"}
    return "\n".join(
        [
            evidence.EVIDENCE_OPEN + json.dumps(piece_header, ensure_ascii=False) + ">>>",
            *entries,
            evidence.EVIDENCE_CLOSE,
        ]
    )


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
    if len(parts) == 1 and (window := segment_of(parts[0])) is not None:
        halves = _halve_segment(parts[0], window)
        if halves is not None:
            return [halves[0]], [halves[1]]
    if len(parts) == 1 and estimate_tokens(parts[0]) >= MIN_HALVED_TOKENS:
        header = estimate_tokens(parts[0].partition("\n")[0])
        pieces = split_block(parts[0], (estimate_tokens(parts[0]) + header) // 2 + 48)
        if len(pieces) >= 2:
            middle = (len(pieces) + 1) // 2
            return pieces[:middle], pieces[middle:]
    return None


def _halve_segment(part: str, window: tuple[float, float]) -> tuple[str, str] | None:
    """A recording's time-range block as its two halves in time (None under two seconds)."""
    start, end = window
    if end - start < 2:
        return None
    middle = round((start + end) / 2, 3)
    header_line, entries = _header_and_entries(part)
    header = json.loads(header_line[len(evidence.EVIDENCE_OPEN) : -len(">>>")])
    first = [e for e in entries if float(_location(e).get("cue_start") or start) < middle]
    second = [e for e in entries if e not in first]
    piece = str(header.get("piece", "1/1"))
    return (
        _render_piece(
            header,
            first,
            0,
            2,
            {"segment": [start, middle], "range": f"seconds {start:g}-{middle:g}", "of": piece},
        ),
        _render_piece(
            header,
            second,
            1,
            2,
            {"segment": [middle, end], "range": f"seconds {middle:g}-{end:g}", "of": piece},
        ),
    )


M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

_SEVERITY_RANK = {"HIGH": 0, "MEDIUM": 1, "LOW": 2}
# Of the case's evidence tokens, what the findings a later phase reads (strategy, synthesis,
# the graph) may take, and at least DIGEST_FLOOR_TOKENS: a digest of the evidence, not a
# second copy of it. On the bench's 50-file case the domains' findings, each transaction and
# dated event with its excerpt, filled 85% of synthesis's budget: 97k tokens against 73k of
# evidence, sent to synthesis and the graph, most of them records rather than findings.
DIGEST_SHARE = 0.5
# Strategy's summaries of the other domains' findings take half that: strategy reads them beside
# its evidence, which is its request's one context cache, so they are sent fresh (37k tokens,
# half an evidence token per evidence token, on the bench's case); it plans from the strongest.
SUMMARY_SHARE = 0.25
DIGEST_FLOOR_TOKENS = 16_000


def digest_tokens(evidence_tokens: int, share: float = DIGEST_SHARE) -> int:
    """The most tokens the findings a later phase reads may take, for a case's evidence."""
    return max(DIGEST_FLOOR_TOKENS, int(share * evidence_tokens))


def strongest(items: list[T], k: int) -> list[T]:
    """The k strongest of `items` in their order: by severity (HIGH first), then confidence;
    items with neither (records: transactions, dated events) after those that have them."""

    def rank(index: int) -> tuple[int, float, int]:
        item = items[index]
        severity = getattr(item, "severity", None)
        confidence = getattr(item, "confidence", None)
        return (
            _SEVERITY_RANK.get(str(getattr(severity, "value", severity)), 3),
            -float(confidence) if isinstance(confidence, (int, float)) else 0.0,
            index,
        )

    kept = sorted(sorted(range(len(items)), key=rank)[:k])
    return [items[i] for i in kept]


def fit_outputs(
    outputs: Mapping[str, M], render: Callable[[str, M], str], room: int
) -> tuple[dict[str, M], int]:
    """Earlier stages' outputs kept to `room` tokens as `render` writes them: every list field
    of each output cut to its k strongest items (`strongest`), k the largest that fits (the same
    for all, so no domain is dropped for another's length). Returns the outputs and how many
    items were left out (0: they fit whole, and are returned as they are)."""

    def cut(output: M, k: int | None) -> M:
        if k is None:
            return output
        lists = {
            name: strongest(value, k)
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


def preview(part: str, tokens: int, cost: MediaCost = NO_MEDIA) -> str:
    """A file's evidence kept to about `tokens`: its header and first chunks (triage's read).
    A recording's media are kept to its first seconds, as many as `tokens` pay for (at least
    ten): its header's "segment" says which."""
    cut = evidence.cut_evidence(part, int(tokens * CHARS_PER_TOKEN))
    if not cost.timed or evidence.evidence_header(part) is None:
        return cut
    seconds = min(float(cost.duration or 0.0), max(10.0, tokens / cost.per_second))
    header_line, _, rest = cut.partition("\n")
    header = json.loads(header_line[len(evidence.EVIDENCE_OPEN) : -len(">>>")])
    header |= {"segment": [0.0, round(seconds, 3)], "range": f"seconds 0-{seconds:g}"}
    return f"{evidence.EVIDENCE_OPEN}{json.dumps(header, ensure_ascii=False)}>>>\n{rest}"


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
    "NO_MEDIA",
    "Calibration",
    "MediaCost",
    "MediaCosts",
    "Unit",
    "count_tokens",
    "digest_tokens",
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
    "segment_of",
    "split_block",
    "split_recording",
    "strongest",
]
