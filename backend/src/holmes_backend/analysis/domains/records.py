"""Sentences of records a test finds something in, and the messages an e-mail forwards or
quotes."""

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from email.parser import HeaderParser
from typing import Generic, TypeVar

from holmes_backend.analysis.domains.claims import is_testimony
from holmes_backend.analysis.domains.timeline import sender_name
from holmes_backend.analysis.facts.dates import find_moments
from holmes_backend.analysis.facts.memo import memo
from holmes_backend.analysis.facts.text import Unit, units
from holmes_backend.contracts.agents import TimedEvent
from holmes_backend.llm.evidence import EvidenceDoc

T = TypeVar("T")


@dataclass
class Said(Generic[T]):
    doc: EvidenceDoc
    unit: Unit
    found: T


def sentences(
    docs: list[EvidenceDoc],
    test: Callable[[str], T | None],
    per_file: int,
    *,
    testimony: bool = False,
) -> Iterator[Said[T]]:
    """The sentences the test finds something in, `per_file` at most per document; testimony is
    left out unless asked for."""
    for doc in docs:
        if not testimony and is_testimony(doc):
            continue
        hits = [
            Said(doc, unit, found)
            for unit in units(doc)
            if unit.kind != "row" and (found := test(unit.text)) is not None
        ]
        yield from hits[:per_file]


_FORWARD_MARKER = re.compile(
    r"-{2,}\s*(?:forwarded\s+message|original\s+message)\s*-{2,}|\bbegin\s+forwarded\s+message\s*:",
    re.IGNORECASE,
)
_WROTE = re.compile(
    r"^\s*On\s+(?P<when>.{4,80}?),?\s+(?P<who>[^,<]{2,60}?)\s*(?:<[^>]*>)?\s+wrote:"
)


def quoted_events(doc: EvidenceDoc) -> list[TimedEvent]:
    """Each message an e-mail forwards or quotes, dated, on the timeline in its own right."""
    if doc.mime_type != "message/rfc822":
        return []
    return memo(doc, "quoted", lambda: _quoted(doc))


def _quoted(doc: EvidenceDoc) -> list[TimedEvent]:
    found: list[TimedEvent] = []
    doc_units = units(doc)
    for number, unit in enumerate(doc_units):
        if wrote := _WROTE.match(unit.text):
            people = [name] if (name := sender_name(wrote["who"])) else []
            when, subject = wrote["when"], ""
        elif marker := _FORWARD_MARKER.search(unit.text):
            lines = [
                unit.text[marker.end() :],
                *(u.text for u in doc_units[number + 1 : number + 8]),
            ]
            # The forwarded message's header block, as the mail parser reads headers.
            block = "\n".join(line.strip() for line in lines if line.strip())
            fields = HeaderParser().parsestr(block)
            named = [fields.get("from", ""), *re.split(r"[,;]", fields.get("to", ""))]
            people = [p for p in map(sender_name, named) if p]
            when = fields.get("date") or fields.get("sent") or ""
            subject = fields.get("subject", "")
        else:
            continue
        moments = find_moments(when)
        if not moments or not people:
            continue
        sender, *to = people
        found.append(
            TimedEvent(
                timestamp=moments[0].iso(),
                description=(
                    f"E-mail from {sender}"
                    + (f" to {', '.join(to)}" if to else "")
                    + f" (quoted in {doc.filename})"
                    + (f": {subject[:120]}" if subject else "")
                ),
                people=people,
                source=unit.ref,
            )
        )
    return found
