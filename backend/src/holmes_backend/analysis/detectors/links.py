"""Cross-modal links: records of different files close in time, payments on an event's day."""

from collections.abc import Iterable

from holmes_backend.analysis.domains.links import same_day_links, temporal_links
from holmes_backend.analysis.engine import CaseFacts, detector
from holmes_backend.analysis.facts.identifiers import file_marks
from holmes_backend.contracts.agents import CrossModalLink


@detector(
    "links",
    phase="links",
    requires={"view", "timed", "dated", "window_minutes"},
    produces=CrossModalLink,
)
def links(facts: CaseFacts) -> Iterable[CrossModalLink]:
    files = {doc.file_id: file_marks(doc) for doc in facts.view.documents}
    yield from temporal_links(facts.timed, facts.window_minutes, files)
    yield from same_day_links(facts.dated, facts.view.holders)
