"""The dated rows of the other files than a claim's, in a period: what a claim that something
stopped, stayed put or could not be done is held against (halts, parked, unable)."""

from datetime import datetime

from holmes_backend.agents.schemas import SwornClaim, TimedEvent
from holmes_backend.llm.local.facts.dates import naive, parse_iso


def rows_between(
    events: list[TimedEvent], claim: SwornClaim, start: datetime, end: datetime | None = None
) -> list[tuple[datetime, TimedEvent]]:
    """(when, row) for the table rows of files other than the claim's, after `start` and up
    to `end` (none: any time after), in time order."""
    found: list[tuple[datetime, TimedEvent]] = []
    for event in events:
        if event.source.row is None or event.source.file_id == claim.source.file_id:
            continue
        when = parse_iso(event.timestamp)
        if when is not None and naive(when) > start and (end is None or naive(when) <= end):
            found.append((naive(when), event))
    return sorted(found, key=lambda pair: pair[0])


def file_words(filenames: dict[str, str], file_id: str) -> str:
    """A file's name as words ("haulier_deliveries.csv" → "haulier deliveries csv")."""
    return " ".join(filenames.get(file_id, "").replace("_", " ").replace("-", " ").split())


__all__ = ["file_words", "rows_between"]
