"""A party's word that no work was done, or could be, in a period, against the case's own dated
records of work in it: a contractor's "We had no access to the site between 4 and 13 May 2026
and no work could be carried out in that period" against its site diary's rows of those days
with operatives on site and work done.

- Evidence: each such sentence of a record (a letter, an e-mail, a notice; not testimony) that
  gives its period is a finding (STATED_STOPPAGE) naming the period and its author.
- Synthesis: dated rows in the period, from other files, recording work (a count of people or
  hours above nought, or a description of work done that is not itself a stoppage) contradict
  it: HIGH when they fall on two days or more, MEDIUM on one. Rows recording the stoppage
  ("Operatives on site: 0; Work done: No work - access road closed") bear it out."""

import re
from datetime import date

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim, TimedEvent
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.records import record_author, sentences
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_period, parse_iso
from holmes_backend.llm.local.facts.money import to_number

STATED_STOPPAGE = "stated_stoppage"
_STOPPAGE = re.compile(
    r"\bno\s+(?:access|work|works|activity|operations?|production|progress)\b"
    r"|\b(?:could|can)\s*not\s+(?:access|work|proceed|be\s+(?:carried\s+out|accessed|done))\b"
    r"|\b(?:works?|site|operations?|production)\s+(?:was|were|had\s+been|remained)\s+"
    r"(?:suspended|stopped|halted|closed|shut(?:\s+down)?|inaccessible)\b",
    re.IGNORECASE,
)
_PERIOD = re.compile(r"from (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})")
# Row fields counting who worked ("Operatives on site: 6", "Hours: 7.5") and saying what was
# done ("Work done: Formwork bay 1").
_HEADCOUNT = re.compile(
    r"\b(?:operatives|workers|labou?r(?:ers)?|staff|crew|men|hands|headcount|hours|hrs|"
    r"attendance|on\s+site)\b",
    re.IGNORECASE,
)
_WORK = re.compile(r"\b(?:work(?:\s+done)?|activit(?:y|ies)|tasks?|progress|operations)\b", re.I)
_IDLE = re.compile(
    r"\b(?:no|none|nil|not|closed|suspended|idle|stood\s+down|cancelled|abandoned)\b", re.I
)
_PER_FILE = 3
_LONGEST = 600
_MAX_DAYS = 62  # a stoppage said of a longer period is no period a diary can be read against
_LISTED = 4


def _stoppage(text: str) -> tuple[date, date] | None:
    if not _STOPPAGE.search(text):
        return None
    period = find_period(text, None)
    if period is None or not 0 <= (period[1] - period[0]).days <= _MAX_DAYS:
        return None
    return period


def stated_stoppages(docs: list[EvidenceDoc]) -> list[Finding]:
    found: list[Finding] = []
    for said in sentences(docs, _stoppage, _PER_FILE, longest=_LONGEST):
        start, end = said.found
        author = record_author(said.doc)
        title = f"Stated that no work was possible from {start.isoformat()} to {end.isoformat()}"
        title += f" ({author})" if author else ""
        found.append(said.finding(STATED_STOPPAGE, title, "MEDIUM", 0.7))
    return found


def stated_as_claims(findings: list[Finding]) -> list[SwornClaim]:
    """A record's statement of a stoppage as its author's claim over its period, for the rules
    that test what it gives as the cause ("stopped by heavy rain on 14, 15 and 16 October")."""
    found: list[SwornClaim] = []
    for stated in findings:
        period = _PERIOD.search(stated.title) if stated.finding_type == STATED_STOPPAGE else None
        if period is None or not stated.sources or not stated.title.endswith(")"):
            continue
        found.append(
            SwornClaim(
                speaker=stated.title.rsplit(" (", 1)[1].rstrip(")"),
                claim=stated.summary,
                claimed_time=f"{period[1]}T00:00:00/{period[2]}T23:59:59",
                source=stated.sources[0],
            )
        )
    return found


def _worked(description: str) -> str | None:
    """What a dated row records as done, when it records work at all."""
    fields = row_fields(description)
    counts = [v for k, v in fields.items() if _HEADCOUNT.search(k)]
    done = [v for k, v in fields.items() if _WORK.search(k) and not _HEADCOUNT.search(k)]
    if any(_IDLE.search(v) for v in done) or any(to_number(v) == 0 for v in counts):
        return None  # the row records the stoppage
    if any((n := to_number(v)) is not None and n > 0 for v in counts):
        return done[0] if done else "work recorded"
    return done[0] if done else None


def stoppage_contradictions(
    findings: list[Finding], events: list[TimedEvent]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for stated in findings:
        if stated.finding_type != STATED_STOPPAGE or not stated.sources:
            continue
        period = _PERIOD.search(stated.title)
        if period is None:
            continue
        start, end = date.fromisoformat(period[1]), date.fromisoformat(period[2])
        worked = [
            (day, event, done)
            for event in events
            if event.source.file_id != stated.sources[0].file_id
            and (moment := parse_iso(event.timestamp)) is not None
            and start <= (day := moment.date()) <= end
            and (done := _worked(event.description)) is not None
        ]
        if not worked:
            continue
        days = sorted({day for day, _, _ in worked})
        listed = "; ".join(f"{day.isoformat()}: {done}" for day, _, done in worked[:_LISTED])
        who = stated.title.rsplit(" (", 1)[1].rstrip(")") if stated.title.endswith(")") else ""
        found.append(
            Contradiction(
                claim=stated.summary,
                claim_source=stated.sources[0],
                evidence_against=unique_refs([e.source for _, e, _ in worked], 50),
                explanation=(
                    f"{who or 'The record'} says no work was possible from {start.isoformat()} "
                    f"to {end.isoformat()}, yet dated records show work on {len(days)} day(s) "
                    f"of that period: {listed}."
                ),
                severity="HIGH" if len(days) >= 2 else "MEDIUM",
            )
        )
    return found
