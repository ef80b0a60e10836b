"""Applied corrections kept through later analyses: which corrections a case has applied, what
they put right, and fresh graph lists rewritten to keep them (a regeneration's, a merge's).

Moved from services/corrections.py so that agents (regeneration) read them without calling up
into services; the correction service and the re-apply after a full analysis use them too.
"""

import uuid
from collections.abc import Sequence
from typing import Any

from sqlalchemy import inspect
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.agents.verification.items import GRAPH_LISTS, Place, holds, places, rewrite
from holmes_backend.models import Correction, KnowledgeGraph
from holmes_backend.numeric.compare import Value, read_value
from holmes_backend.repositories import corrections as correction_repo


def graph_lists(graph: KnowledgeGraph) -> dict[str, list[Any]]:
    """Every list the graph version holds (nodes, edges, insights, timeline, and any other)."""
    values = {attr.key: getattr(graph, attr.key) for attr in inspect(KnowledgeGraph).column_attrs}
    return {key: value for key, value in values.items() if isinstance(value, list)}


async def applied_for_case(session: AsyncSession, case_id: uuid.UUID) -> list[Correction]:
    """The case's applied corrections, in the order they were applied."""
    rows = [c for c in await correction_repo.for_case(session, case_id) if c.applied_at]
    return sorted(rows, key=lambda c: (c.applied_at, c.created_at, str(c.id)))


def what_corrected(correction: Correction) -> tuple[set[Place], Value, Value]:
    """The places the correction put right, and its original and corrected values."""
    cited = (correction.verification_evidence or {}).get("cited") or []
    return (
        places(cited),
        read_value(str(correction.original_value)),
        read_value(str(correction.corrected_value)),
    )


def states_there(item: Any, cited: set[Place], where: set[Place], value: Value) -> bool:
    """An item resting only on the corrected places that states the value: the fact itself."""
    return bool(cited) and cited <= where and holds(item, value)


def keep_corrected(
    lists: dict[str, list[Any]], corrections: Sequence[Correction]
) -> list[dict[str, str]]:
    """Freshly derived graph lists keep the applied corrections: an item that states a
    correction's original value, resting only on the places it put right, is rewritten to the
    corrected value (in place; items need their ids already). Returns what was rewritten."""
    rewritten: list[dict[str, str]] = []
    for correction in corrections:
        where, original, proposed = what_corrected(correction)
        correction_id = str(correction.id)
        for name, items in lists.items():
            kind = GRAPH_LISTS.get(name) or name.removesuffix("s")
            for index, item in enumerate(items):
                if not isinstance(item, dict):
                    continue
                if not states_there(item, places(item), where, original):
                    continue
                fixed = rewrite(item, original, proposed)
                marks = [m for m in fixed.get("corrected_by", []) if m != correction_id]
                fixed["corrected_by"] = [*marks, correction_id]
                items[index] = fixed
                rewritten.append(
                    {"kind": kind, "id": str(item.get("id", "")), "correction_id": correction_id}
                )
    return rewritten
