"""A thing used on a day its own log has it out of use: an analyst's answer that they ran the
samples "On 12 March, on HPLC-2", or their notebook's "Ran all 24 samples on HPLC-2" under that
day, against the instrument log's row "12/03/2026, HPLC-2, Out of service"; a driver's "I drove
van KX-214 to the depot on 4 May" against the fleet log's "04/05, KX-214, Off road - gearbox".

- Evidence: a record's sentence (not testimony: a witness's are their claims) that uses a thing
  named by an identifier of letters and digits ("HPLC-2", "KX-214", "Press 3B") on the day the
  record gives it (its own, else the last day written above it) is a finding.
- Synthesis: a row of another file naming the same identifier, on that day, with a state of not
  working (out of service, out of order, off road, under repair, awaiting parts, broken down,
  offline, decommissioned, unavailable) against each claim or finding of its use then: HIGH, the
  thing's own log. A claim that denies the use ("I did not use HPLC-2") is no use.
"""

import re
from datetime import date

from holmes_backend.agents.schemas import (
    Contradiction,
    Finding,
    SourceRef,
    SwornClaim,
    TimedEvent,
)
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, parse_iso, parse_span
from holmes_backend.llm.local.facts.text import units

ASSET_USED = "asset_used"

# "HPLC-2", "KX-214", "Press 3B", "VY7821": letters then digits, one word or hyphened.
_IDENT = re.compile(
    r"\b(?P<letters>[A-Z][A-Za-z]{1,7})[- ]?(?P<digits>\d{1,5}[A-Z]?)\b"
    # Not a count ("Printed 5,000 leaflets", "Ran 24 samples"): a figure and what it counts.
    r"(?![,.]\d)(?!\s+(?!(?:was|has|does|goes|is|this|its|as|plus)\b)[a-z]{2,}s\b)"
)
# Not a day ("November 3", "Monday 4"), a page or a time of day.
_NOT_NAMES = re.compile(
    r"^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|"
    r"july|august|september|october|november|december|mon|tue|wed|thu|fri|sat|sun|monday|"
    r"tuesday|wednesday|thursday|friday|saturday|sunday|page|pages|para|no|number|at|on|in|"
    r"by|to|of|and|or|the|for|from|about|approx|total|[a-z]+ed)$",
    re.IGNORECASE,
)
_USE = re.compile(
    r"\b(?:ran|run|running|used|using|use|operated|operating|drove|driven|driving|tested|"
    r"testing|analy[sz]ed|measured|processed|printed|injected|calibrated|loaded|flew|flown|"
    r"performed|carried\s+out|worked\s+on|booked\s+out)\b",
    re.IGNORECASE,
)
_DENIED = re.compile(r"\b(?:not|never|no)\b|n['\u2019]t\b", re.IGNORECASE)
_DOWN = re.compile(
    r"\b(?:out\s+of\s+(?:service|order|use|action|commission)|off[- ]road|under\s+repair|"
    r"awaiting\s+(?:parts?|repair|spares)|broken\s+down|offline|off-line|decommissioned|"
    r"unavailable|not\s+available|locked\s+out|quarantined|withdrawn\s+from\s+service|"
    r"sorn|in\s+the\s+workshop)\b",
    re.IGNORECASE,
)
_TITLE = re.compile(r"^(?P<ident>\S+) used on (?P<day>\d{4}-\d{2}-\d{2})$")
_PER_FILE = 10
_LISTED = 4


def idents(text: str) -> set[str]:
    """The identifiers a text names, written alike ("HPLC-2", "HPLC 2" → "HPLC2")."""
    return {
        f"{m['letters']}{m['digits']}".upper()
        for m in _IDENT.finditer(text)
        if not _NOT_NAMES.match(m["letters"])
    }


def written(ident: str, text: str) -> str:
    """The identifier as the text writes it."""
    return next(
        (
            m.group()
            for m in _IDENT.finditer(text)
            if f"{m['letters']}{m['digits']}".upper() == ident
        ),
        ident,
    )


def assets_used(doc: EvidenceDoc) -> list[Finding]:
    """The record's sentences using a thing named by an identifier, each on its day."""
    if is_testimony(doc):
        return []
    found: list[Finding] = []
    day: date | None = None
    for unit in units(doc):
        moments = find_moments(unit.text)
        if moments:
            day = moments[0].day
        if unit.kind == "row" or day is None or len(found) >= _PER_FILE:
            continue
        for sentence in re.split(r"(?<=[.!?])\s+", unit.text):
            if not _USE.search(sentence) or _DENIED.search(sentence):
                continue
            for ident in sorted(idents(sentence)):
                found.append(
                    Finding(
                        finding_type=ASSET_USED,
                        title=f"{ident} used on {day.isoformat()}",
                        summary=sentence[:300],
                        confidence=0.7,
                        severity="LOW",
                        sources=[unit.ref],
                    )
                )
    return found


def _out_of_use(events: list[TimedEvent]) -> dict[tuple[str, date], list[TimedEvent]]:
    """(identifier, day) -> the log rows recording the thing out of use that day."""
    down: dict[tuple[str, date], list[TimedEvent]] = {}
    for event in events:
        if event.source.row is None or not _DOWN.search(event.description):
            continue
        when = parse_iso(event.timestamp)
        if when is None:
            continue
        for ident in idents(event.description):
            down.setdefault((ident, when.date()), []).append(event)
    return down


def _claimed_day(claim: SwornClaim) -> date | None:
    span = parse_span(claim.claimed_time)
    if span is None or span[0].date() != span[1].date():
        return None
    return span[0].date()


def unavailable_contradictions(
    claims: list[SwornClaim], findings: list[Finding], events: list[TimedEvent]
) -> list[Contradiction]:
    down = _out_of_use(events)
    if not down:
        return []
    # (identifier, day, who says it was used, their words, where they said it)
    uses: list[tuple[str, date, str, str, SourceRef]] = []
    for claim in claims:
        day = _claimed_day(claim)
        if day is None or not _USE.search(claim.claim) or _DENIED.search(claim.claim):
            continue
        who = claim.speaker or "The witness"
        uses += [(i, day, who, claim.claim, claim.source) for i in sorted(idents(claim.claim))]
    for finding in findings:
        title = _TITLE.match(finding.title) if finding.finding_type == ASSET_USED else None
        if title is not None and finding.sources:
            day = date.fromisoformat(title["day"])
            uses.append((title["ident"], day, "The record", finding.summary, finding.sources[0]))
    found: list[Contradiction] = []
    for ident, day, who, text, source in uses:
        logged = [e for e in down.get((ident, day), []) if e.source.file_id != source.file_id]
        if not logged:
            continue
        found.append(
            Contradiction(
                claim=text[:300],
                claim_source=source,
                evidence_against=unique_refs([e.source for e in logged], _LISTED),
                explanation=(
                    f"{who} has {written(ident, text)} in use on {day.isoformat()}; its log "
                    f"records it out of use that day: {logged[0].description[:200]}."
                ),
                severity="HIGH",
            )
        )
    return found


__all__ = ["ASSET_USED", "assets_used", "idents", "unavailable_contradictions", "written"]
