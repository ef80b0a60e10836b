"""The per-domain merge of PRD §4.7: a domain read as several work units (its workers) has their
outputs combined into the domain's one output ("<domain>_synthesis"), which drops what several
workers found twice, reconciles what they saw differently and keeps every citation.

The model judges, code copies. The model is sent compact rows (an id, the item's kind, one line
of what it says, the places it cites), never the workers' whole JSON: that was larger than the
evidence the workers had read (the bench's 50-file case: 222k tokens of merges against 73k of
evidence), and a model asked to copy every citation back could drop or alter one. It answers
with a plan (which rows state the same thing, which disagree), and code applies it: the first
item of a group kept with the sources of all, a disagreement noted on each item.

Only rows that can overlap are sent: items of the same kind from different workers that cite
the same file, name the same entity or assess the same hypothesis. A domain whose units share
none (different files about different people) is combined by code with no model call: there is
nothing for a model to decide. Offline every merge is code (agents.pipeline's union).

Bounded by the request budget: the outputs' rows go to one merge request when they fit beside
its instruction; otherwise they are merged in groups of at most half the room each (so two
groups' answers fit one request), and the groups' outputs merged again, until no two outputs
with overlapping rows are left or no two fit one request together.
A merge that fails leaves its outputs combined by code (nothing is lost).
"""

import asyncio
import logging
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel

from holmes_backend.agents.runner import AgentFailedError, AgentSpec, PipelineContext, run_agent
from holmes_backend.contracts.agents import DomainMergePlan, SourceRef
from holmes_backend.llm import budget
from holmes_backend.llm.evidence import render_findings

logger = logging.getLogger(__name__)

# The lists a merge may combine: the items that state something (with the places they rest on).
# Records (transactions, events, clauses, dates, claims) are one per place in the evidence, and
# names (parties, people) are strings: code's union, which drops exact repeats, is their merge.
MERGED_LISTS = ("findings", "custody", "anomalies", "hypotheses", "next_steps")
_SEVERITY = {"LOW": 0, "MEDIUM": 1, "HIGH": 2}
_SAYS = 160  # characters of an item shown in its row


Union = Callable[[list[BaseModel], type[BaseModel]], BaseModel]


def groups(sizes: list[int], room: int) -> list[list[int]]:
    """The outputs' indices in consecutive groups of at most `room` tokens each (an output over
    `room` alone in its group)."""
    grouped: list[list[int]] = []
    used = 0
    for index, size in enumerate(sizes):
        if grouped and used + size <= room:
            grouped[-1].append(index)
            used += size
        else:
            grouped.append([index])
            used = size
    return grouped


def tokens(block: str) -> int:
    return budget.estimate_tokens(block)


# --- rows: what the model reads of an item ---------------------------------------------------


@dataclass(frozen=True)
class Row:
    worker: int  # 1-based, the output's place in the request
    field: str
    index: int
    kind: str
    says: str
    cites: tuple[str, ...]
    files: frozenset[str]
    keys: frozenset[str]  # what it is about (entities, a hypothesis): shared ones may overlap

    @property
    def id(self) -> str:
        return f"{self.worker}.{self.field}.{self.index}"


def rows_of(worker: int, output: BaseModel, files: dict[str, str]) -> list[Row]:
    """The output's mergeable items as rows; `files` numbers the cited files (F1, F2, ...) in
    the order they first appear, shared by every row of one request."""
    rows: list[Row] = []
    for field in MERGED_LISTS:
        for index, item in enumerate(getattr(output, field, None) or []):
            kind, says, keys = _described(field, item)
            sources: list[SourceRef] = list(getattr(item, "sources", None) or [])
            rows.append(
                Row(
                    worker,
                    field,
                    index,
                    kind,
                    " ".join(says.split())[:_SAYS],
                    tuple(_cite(s, files) for s in sources),
                    frozenset(s.file_id for s in sources),
                    frozenset(k.strip().lower() for k in keys if k.strip()),
                )
            )
    return rows


def _described(field: str, item: Any) -> tuple[str, str, list[str]]:
    """The item's kind, one line of what it says, and what it is about."""
    if field == "anomalies":
        return f"anomaly:{item.kind}", item.description, []
    if field == "hypotheses":
        return (
            f"hypothesis:{item.stance}",
            f"{item.hypothesis}: {item.rationale}",
            [f"hypothesis:{item.hypothesis}"],
        )
    if field == "next_steps":
        return f"next_step:{item.priority}", item.action, []
    return f"{field}:{item.finding_type}", item.title, list(item.entities)


def _cite(source: SourceRef, files: dict[str, str]) -> str:
    label = files.setdefault(source.file_id, f"F{len(files) + 1}")
    place = [
        f"{letter}{value:g}" if isinstance(value, float) else f"{letter}{value}"
        for letter, value in (("p", source.page), ("l", source.line), ("r", source.row))
        if value is not None
    ]
    if source.cue_start is not None:
        end = f"-{source.cue_end:g}" if source.cue_end is not None else ""
        place.append(f"t{source.cue_start:g}{end}")
    return " ".join([label, *place])


def overlapping(rows: Iterable[Row]) -> list[Row]:
    """The rows that may state the same thing as a row of another worker: the same list, and a
    cited file, an entity or a hypothesis in common. Only these are worth a model's reading."""
    by_key: dict[tuple[str, str], set[int]] = {}
    listed = list(rows)
    for row in listed:
        for key in (*(f"file:{f}" for f in row.files), *row.keys):
            by_key.setdefault((_family(row.field), key), set()).add(row.worker)
    return [
        row
        for row in listed
        if any(
            len(by_key[(_family(row.field), key)]) > 1
            for key in (*(f"file:{f}" for f in row.files), *row.keys)
        )
    ]


def _family(field: str) -> str:
    # Custody findings and findings are both Findings: one may restate the other.
    return "findings" if field == "custody" else field


def render_rows(domain: str, rows: list[Row]) -> str:
    return render_findings(
        {"domain": domain, "rows": "merge"},
        [{"id": r.id, "kind": r.kind, "says": r.says, "cites": list(r.cites)} for r in rows],
    )


# --- the plan, applied by code -----------------------------------------------------------------


def apply(
    plan: DomainMergePlan, outputs: list[BaseModel], schema: type[BaseModel], union: Union
) -> BaseModel:
    """The outputs as one: each group of the same items kept once (the first, with the sources,
    entities, highest severity and confidence of all), each disagreement noted on its items,
    then everything combined by `union`. Ids that name no item, or items of another list than
    the group's first, are ignored: the plan can only merge what the workers found."""
    copies = [o.model_copy(deep=True) for o in outputs]
    dropped: set[tuple[int, str, int]] = set()

    def item(ref: str) -> tuple[tuple[int, str, int], Any] | None:
        worker, _, rest = ref.strip().partition(".")
        field, _, index = rest.partition(".")
        if not (worker.isdigit() and index.isdigit()) or field not in MERGED_LISTS:
            return None
        w, i = int(worker) - 1, int(index)
        items = getattr(copies[w], field, None) if 0 <= w < len(copies) else None
        if not items or i >= len(items) or (w, field, i) in dropped:
            return None
        return (w, field, i), items[i]

    for group in plan.same:
        found = [f for f in (item(ref) for ref in dict.fromkeys(group.ids)) if f is not None]
        if len(found) < 2:
            continue
        (_, field, _), kept = found[0]
        for key, other in found[1:]:
            if key[1] == field and key[0] != found[0][0][0] and _absorb(kept, other):
                dropped.add(key)
    for disagreement in plan.disagreements:
        for noted in (item(ref) for ref in dict.fromkeys(disagreement.ids)):
            if noted is not None:
                _note(noted[1], disagreement.note)
    for w, copy in enumerate(copies):
        for field in MERGED_LISTS:
            items = getattr(copy, field, None)
            if items:
                setattr(
                    copy, field, [x for i, x in enumerate(items) if (w, field, i) not in dropped]
                )
    return union(copies, schema)


def _absorb(kept: Any, other: Any) -> bool:
    """`other`'s sources (and entities, severity, confidence) into `kept`; False when they
    cannot be one item (hypothesis assessments of opposite stances)."""
    if hasattr(kept, "stance") and (kept.stance, kept.hypothesis) != (
        other.stance,
        other.hypothesis,
    ):
        return False
    kept.sources = [*kept.sources, *(s for s in other.sources if s not in kept.sources)]
    if hasattr(kept, "entities"):
        kept.entities = list(dict.fromkeys([*kept.entities, *other.entities]))
    for name in ("severity", "priority"):
        if hasattr(kept, name) and _SEVERITY[getattr(other, name)] > _SEVERITY[getattr(kept, name)]:
            setattr(kept, name, getattr(other, name))
    if hasattr(kept, "confidence"):
        kept.confidence = max(kept.confidence, other.confidence)
    return True


def _note(item: Any, note: str) -> None:
    note = " ".join(note.split())
    if not note:
        return
    name = next(n for n in ("summary", "description", "rationale") if hasattr(item, n))
    text = getattr(item, name)
    if note not in text:
        setattr(item, name, f"{text} Disagreement: {note}".strip())


# --- the merge, in rounds under the budget -----------------------------------------------------


async def merged(
    ctx: PipelineContext,
    spec: AgentSpec,
    domain: str,
    schema: type[BaseModel],
    context: list[str],
    outputs: list[BaseModel],
    *,
    parent: uuid.UUID,
    union: Union,
) -> BaseModel:
    """The domain's units' outputs as one: merged on the model (`spec`, answering a DomainMergePlan,
    in rounds of requests under the budget) where several workers' items may overlap, by
    `union` otherwise and offline."""
    if len(outputs) <= 1 or ctx.settings.resolved_llm_provider == "local":
        return union(outputs, schema)
    whole = budget.request_budget_tokens(ctx.settings)
    room = max(whole // 4, whole - budget.fixed_tokens(spec.instruction, spec.schema, context))
    carried: list[BaseModel] = []  # outputs nothing else overlaps: combined by code at the end
    rounds = 0
    while len(outputs) > 1:
        files: dict[str, str] = {}
        rows = [rows_of(w + 1, o, files) for w, o in enumerate(outputs)]
        shared = {(r.worker, r.field, r.index) for r in overlapping(r for rs in rows for r in rs)}
        keep = [
            w
            for w in range(len(outputs))
            if any((r.worker, r.field, r.index) in shared for r in rows[w])
        ]
        carried += [o for w, o in enumerate(outputs) if w not in keep]
        outputs = [outputs[w] for w in keep]
        if len(outputs) <= 1:
            break
        sizes = [
            tokens(
                render_rows(domain, [r for r in rows[w] if (r.worker, r.field, r.index) in shared])
            )
            for w in keep
        ]
        grouped = groups(sizes, room)
        if len(grouped) > 1:
            # Several requests: each filled to half the room, so that two of their answers
            # (no larger than their rows, a merge only drops) fit one request of the next round.
            grouped = groups(sizes, room // 2)
        if len(grouped) == len(outputs):
            break  # no two fit one request together
        rounds += 1
        named = [
            spec
            if len(grouped) == 1 and rounds == 1
            else replace(spec, name=f"{spec.name}_{rounds}_{index + 1}")
            for index in range(len(grouped))
        ]
        outputs = list(
            await asyncio.gather(
                *(
                    _merge_group(
                        ctx,
                        named[index],
                        context,
                        [outputs[i] for i in group],
                        domain,
                        parent,
                        union,
                    )
                    for index, group in enumerate(grouped)
                )
            )
        )
    return union([*outputs, *carried], schema)


async def _merge_group(
    ctx: PipelineContext,
    spec: AgentSpec,
    context: list[str],
    outputs: list[BaseModel],
    domain: str,
    parent: uuid.UUID,
    union: Union,
) -> BaseModel:
    """One merge request's plan applied to its outputs; their union when nothing in them
    overlaps or the model fails (nothing is lost)."""
    schema = type(outputs[0])
    if len(outputs) == 1:
        return outputs[0]
    files: dict[str, str] = {}
    rows = overlapping(r for w, o in enumerate(outputs) for r in rows_of(w + 1, o, files))
    if not rows:
        return union(outputs, schema)
    try:
        plan, _ = await run_agent(
            ctx,
            spec,
            [*context, render_rows(domain, rows)],
            parent_execution_id=parent,
            input_summary={"workers": len(outputs), "rows": len(rows)},
        )
    except AgentFailedError as exc:
        logger.warning("%s failed, its outputs are combined as they are: %s", spec.name, exc)
        return union(outputs, schema)
    assert isinstance(plan, DomainMergePlan)
    return apply(plan, outputs, schema, union)


__all__ = [
    "MERGED_LISTS",
    "Row",
    "apply",
    "groups",
    "merged",
    "overlapping",
    "render_rows",
    "rows_of",
    "tokens",
]
