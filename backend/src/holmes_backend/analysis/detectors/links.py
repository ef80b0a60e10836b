"""Cross-modal links: records of different files close in time (a receipt minutes before a
camera sighting), the same amount or account on both sides, payments on one day."""

from collections.abc import Iterable

from holmes_backend.analysis.domains.links import (
    amount_links,
    same_day_links,
    share_links,
    temporal_links,
)
from holmes_backend.analysis.engine import CaseFacts, detector
from holmes_backend.analysis.facts.identifiers import file_marks
from holmes_backend.contracts.agents import CrossModalLink


@detector(
    "links",
    phase="links",
    requires={"view", "timed", "dated", "held", "zone", "window_minutes"},
    produces=CrossModalLink,
)
def links(facts: CaseFacts) -> Iterable[CrossModalLink]:
    transactions = facts.held  # each payment with its statement's holder, built once
    files = {doc.file_id: file_marks(doc) for doc in facts.view.documents}
    yield from temporal_links(facts.timed, facts.window_minutes, files)
    yield from amount_links(transactions)
    yield from same_day_links(facts.dated, facts.view.holders)
    yield from share_links(transactions)
