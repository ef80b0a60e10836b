"""Sentences of records that make findings of their own (a defect reported, words that hide, a
decision recorded as not taken): found once per document, cited, with the people the record
concerns (an e-mail's sender and recipients, the people it names) and the day it was written."""

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from holmes_backend.analysis.domains.claims import is_testimony
from holmes_backend.analysis.domains.timeline import doc_people, sender_name
from holmes_backend.analysis.facts.dates import find_moments, parse_iso
from holmes_backend.analysis.facts.memo import memo
from holmes_backend.analysis.facts.names import kind_of
from holmes_backend.analysis.facts.text import Unit, units
from holmes_backend.contracts.agents import Finding, Severity, TimedEvent
from holmes_backend.llm.evidence import EvidenceDoc

T = TypeVar("T")
_HEADING_UNITS = 4
_PEOPLE = 6


@dataclass
class Said(Generic[T]):
    doc: EvidenceDoc
    unit: Unit
    found: T  # what the test found in the sentence
    people: list[str]
    written: str | None  # ISO day

    def finding(
        self,
        finding_type: str,
        title: str,
        severity: Severity,
        confidence: float,
        *,
        concerns_people: bool = True,
    ) -> Finding:
        """The sentence as a finding; a title ending " on <day>" carries its day (written_on).
        Its entities are the record's people when the finding concerns them (the graph draws
        them as named together)."""
        return Finding(
            finding_type=finding_type,
            title=title,
            summary=self.unit.text[:300],
            confidence=confidence,
            severity=severity,
            entities=self.people[:_PEOPLE] if concerns_people else [],
            sources=[self.unit.ref],
        )


def sentences(
    docs: list[EvidenceDoc],
    test: Callable[[str], T | None],
    per_file: int,
    *,
    testimony: bool = False,
    longest: int | None = None,
) -> Iterator[Said[T]]:
    """The sentences (not table rows) the test finds something in, `per_file` at most per
    document; testimony is left out unless asked for (a witness asserts, records report)."""
    for doc in docs:
        if not testimony and is_testimony(doc):
            continue
        hits = [
            (position, unit, found)
            for position, unit in enumerate(units(doc))
            if unit.kind != "row"
            and (longest is None or len(unit.text) < longest)
            and (found := test(unit.text)) is not None
        ][:per_file]
        if not hits:
            continue
        people = list(dict.fromkeys(p for p in doc_people(doc) if kind_of(p) == "person"))
        written = written_day(doc)
        quoted = quoted_messages(doc)
        for position, unit, found in hits:
            inner = next((q for q in reversed(quoted) if q.start <= position), None)
            if inner is None:
                yield Said(doc, unit, found, people, written)
            else:
                # A forwarded or quoted message's words are its sender's, of its own day.
                yield Said(doc, unit, found, inner.people, inner.written or written)


def written_day(doc: EvidenceDoc) -> str | None:
    """The day a record was written: its e-mail date, else the first date in its heading."""
    sent = parse_iso(str(doc.metadata.get("date") or ""))
    if sent is not None:
        return sent.date().isoformat()
    for unit in units(doc)[:_HEADING_UNITS]:
        if moments := find_moments(unit.text):
            return moments[0].day.isoformat()
    return None


@dataclass(frozen=True)
class Quoted:
    """A message forwarded or quoted inside an e-mail: where its header starts (the position of
    its unit among the e-mail's units), its sender first among its people, and the day it was
    written."""

    start: int
    people: list[str]
    written: str | None
    at: str | None  # its date and time as ISO, when the header gives them
    subject: str = ""


_FORWARD_MARKER = re.compile(
    r"-{2,}\s*(?:forwarded\s+message|original\s+message)\s*-{2,}|\bbegin\s+forwarded\s+message\s*:",
    re.IGNORECASE,
)
_HEADER_FIELD = re.compile(r"^\s*(?P<key>from|sent|date|to|cc|subject)\s*:\s*(?P<value>.+)$", re.I)
_WROTE = re.compile(
    r"^\s*On\s+(?P<when>.{4,80}?),?\s+(?P<who>[^,<]{2,60}?)\s*(?:<[^>]*>)?\s+wrote:"
)


def quoted_messages(doc: EvidenceDoc) -> list[Quoted]:
    """The messages an e-mail forwards or quotes, in order (none for other documents)."""
    if doc.mime_type != "message/rfc822":
        return []
    return memo(doc, "quoted", lambda: _quoted(doc))


def _quoted(doc: EvidenceDoc) -> list[Quoted]:
    found: list[Quoted] = []
    doc_units = units(doc)
    for number, unit in enumerate(doc_units):
        if wrote := _WROTE.match(unit.text):
            moments = find_moments(wrote["when"])
            found.append(
                Quoted(
                    number,
                    [name] if (name := sender_name(wrote["who"])) else [],
                    moments[0].day.isoformat() if moments else None,
                    moments[0].iso() if moments else None,
                )
            )
            continue
        marker = _FORWARD_MARKER.search(unit.text)
        if marker is None:
            continue
        fields: dict[str, str] = {}
        lines = [unit.text[marker.end() :], *(u.text for u in doc_units[number + 1 : number + 8])]
        for line in lines:
            field = _HEADER_FIELD.match(line)
            if field is None:
                if line.strip():
                    break
                continue
            fields.setdefault(field["key"].lower(), field["value"].strip())
        sender = sender_name(fields.get("from", ""))
        moments = find_moments(fields.get("date") or fields.get("sent") or "")
        to = [sender_name(a) for a in re.split(r"[,;]", fields.get("to", ""))]
        found.append(
            Quoted(
                number,
                [p for p in [sender, *to] if p],
                moments[0].day.isoformat() if moments else None,
                moments[0].iso() if moments else None,
                fields.get("subject", ""),
            )
        )
    return found


def quoted_events(doc: EvidenceDoc) -> list[TimedEvent]:
    """Each message an e-mail forwards or quotes, dated, on the timeline in its own right."""
    found: list[TimedEvent] = []
    doc_units = units(doc)
    for quoted in quoted_messages(doc):
        if quoted.at is None or not quoted.people:
            continue
        sender, *to = quoted.people
        found.append(
            TimedEvent(
                timestamp=quoted.at,
                description=(
                    f"E-mail from {sender}"
                    + (f" to {', '.join(to)}" if to else "")
                    + f" (quoted in {doc.filename})"
                    + (f": {quoted.subject[:120]}" if quoted.subject else "")
                ),
                people=quoted.people,
                source=doc_units[quoted.start].ref,
            )
        )
    return found
