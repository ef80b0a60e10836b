"""Grounding: every excerpt an agent cites is checked against its source at its location.

A citation holds when its excerpt's words are in the evidence at the place it names
(agents.sources), so "EUR 24.950,00" holds against "EUR 24.950,00" but not against
"EUR 24.590,00". A citation of a file the job did not read, or of a file with no text (a photo
Holmes has not described), cannot be checked: it is counted as unchecked, neither held nor
failed.

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
import uuid
from collections.abc import Iterator
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
from holmes_backend.agents.sources import Sources, refs_of
from holmes_backend.db import transaction
from holmes_backend.repositories import executions as execution_repo
from holmes_shared.events import EventType

GROUNDING_HEADING = "--- GROUNDING CHECK ---"


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
