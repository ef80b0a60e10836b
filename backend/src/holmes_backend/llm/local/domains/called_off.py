"""A meeting said held that its guest called off: an expense claim's "Client dinner - Harcourt
Foods; Guests: Nadia Korhonen" of 12 May, and the claimant's "The dinner on 12 May was with
Nadia Korhonen", against her e-mail of 11 May: "I have to cancel dinner tomorrow - I'm in
Helsinki until Friday".

- Evidence: a message whose writer calls off a meeting (a dinner, lunch, meeting, visit,
  appointment, call …) of a day (written out, or "today" / "tomorrow" of the message's day) is
  a finding (CALLED_OFF) naming the writer.
- Synthesis: the records of another file dated that day that have that meeting with the writer
  by name (an expense line, a note, a witness's claim) are contradicted: MEDIUM (the meeting may
  have been set up again that day; the venue's receipt would show who dined).
"""

import re
from datetime import date, timedelta

from holmes_backend.agents.schemas import (
    Contradiction,
    Finding,
    SourceRef,
    SwornClaim,
    TimedEvent,
    Transaction,
)
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.ledger import tx_date
from holmes_backend.llm.local.domains.timeline import sender_name
from holmes_backend.llm.local.facts.dates import find_moments, find_period, parse_iso, parse_span
from holmes_backend.llm.local.facts.names import find_names, kind_of, same_party
from holmes_backend.llm.local.facts.text import units

CALLED_OFF = "called_off"

_MEETINGS = (
    r"dinner|lunch|breakfast|meeting|appointment|visit|call|drinks|session|interview|viewing|"
    r"inspection|site\s+visit|coffee"
)
_CANCELS = re.compile(
    r"\b(?:cancel(?:l?ing)?|call(?:ing)?\s+off|postpone|can['\u2019]?t\s+make|cannot\s+make|"
    r"won['\u2019]t\s+(?:be\s+able\s+to\s+)?make|unable\s+to\s+(?:make|attend)|pull\s+out\s+of)\b"
    rf"[^.;!?]{{0,40}}?\b(?P<meeting>{_MEETINGS})\b",
    re.IGNORECASE,
)
_RELATIVE = {"today": 0, "tonight": 0, "this evening": 0, "tomorrow": 1}
_WHEN_SAID = re.compile(r"\b(?:today|tonight|this\s+evening|tomorrow)\b", re.IGNORECASE)
_TITLE = re.compile(r"^(?P<who>.+?) called off the (?P<meeting>.+?) of (?P<day>\d{4}-\d{2}-\d{2})$")
_MESSAGE = re.compile(r"^(?:e-?mail|message|letter|text)\s+from\b", re.IGNORECASE)
_LISTED = 6


def called_off(doc: EvidenceDoc) -> list[Finding]:
    """The meetings a message's writer calls off, each of its day."""
    writer = sender_name(str(doc.metadata.get("from") or ""))
    sent = parse_iso(str(doc.metadata.get("date") or ""))
    if not writer or kind_of(writer) != "person" or sent is None:
        return []
    found: list[Finding] = []
    for unit in units(doc):
        match = _CANCELS.search(unit.text)
        if match is None:
            continue
        day = _day(unit.text, sent.date())
        if day is None:
            continue
        meeting = " ".join(match["meeting"].lower().split())
        found.append(
            Finding(
                finding_type=CALLED_OFF,
                title=f"{writer} called off the {meeting} of {day.isoformat()}",
                summary=unit.text[:300],
                confidence=0.75,
                severity="MEDIUM",
                entities=[writer],
                sources=[unit.ref],
            )
        )
    return found


def _day(text: str, sent: date) -> date | None:
    if said := _WHEN_SAID.search(text):
        return sent + timedelta(days=_RELATIVE[" ".join(said.group().lower().split())])
    moments = find_moments(text)
    if moments:
        return moments[0].day
    period = find_period(text, sent)
    return period[0] if period and period[0] == period[1] else None


def _names(text: str, who: str) -> bool:
    return any(n.kind == "person" and same_party(n.text, who) for n in find_names(text))


def called_off_contradictions(
    findings: list[Finding],
    events: list[TimedEvent],
    transactions: list[Transaction],
    claims: list[SwornClaim],
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for finding in findings:
        title = _TITLE.match(finding.title) if finding.finding_type == CALLED_OFF else None
        if title is None or not finding.sources:
            continue
        who, meeting, day = title["who"], title["meeting"], date.fromisoformat(title["day"])
        said = finding.summary[:160].rstrip(".")
        for text, source in _held(meeting, day, who, finding, events, transactions, claims):
            found.append(
                Contradiction(
                    claim=text[:300],
                    claim_source=source,
                    evidence_against=[finding.sources[0]],
                    explanation=(
                        f"It has the {meeting} of {day.isoformat()} with {who}, who called it off: "
                        f"\u201c{said}\u201d."
                    ),
                    severity="MEDIUM",
                )
            )
    return found


def _held(
    meeting: str,
    day: date,
    who: str,
    finding: Finding,
    events: list[TimedEvent],
    transactions: list[Transaction],
    claims: list[SwornClaim],
) -> list[tuple[str, SourceRef]]:
    """The records of other files that have the meeting of that day with `who`, once each."""
    home = finding.sources[0].file_id
    word = re.compile(rf"\b{re.escape(meeting)}", re.IGNORECASE)
    held: list[tuple[str, SourceRef]] = []
    for event in events:
        when = parse_iso(event.timestamp)
        text = event.description
        if when is not None and when.date() == day and not _MESSAGE.match(text):
            named = any(same_party(p, who) for p in event.people) or _names(text, who)
            held += [(text, event.source)] if named and word.search(text) else []
    held += [
        (tx.description, tx.source)
        for tx in transactions
        if tx_date(tx) == day and word.search(tx.description) and _names(tx.description, who)
    ]
    held += [
        (c.claim, c.source)
        for c in claims
        if (span := parse_span(c.claimed_time))
        and span[0].date() == day
        and word.search(c.claim)
        and _names(c.claim, who)
    ]
    distinct: dict[tuple[str, int | None, int | None, int | None], tuple[str, SourceRef]] = {}
    for text, source in held:
        if source.file_id != home:
            distinct.setdefault(
                (source.file_id, source.page, source.line, source.row), (text, source)
            )
    return list(distinct.values())[:_LISTED]


__all__ = ["CALLED_OFF", "called_off", "called_off_contradictions"]
