"""Submissions received after their deadline, and the word that all came in on time.

- Evidence and legal: an invitation's deadline ("Tenders must be received … no later than 12:00
  on Friday 14 March 2025", "Closing date: 31 May 2024") is a finding with its moment (the end
  of the day when no time is given); a sentence saying every submission came in on time ("All
  tenders were received before the deadline", "no late bids were received") is a finding; so is
  an award line naming whom a contract went to.
- Financial and evidence: a log of submissions received (rows with a "received" or "submitted"
  date, and a time when there is one, and who submitted) is a finding citing its rows.
- Evidence: an e-mail whose body gives a figure as someone's price ("lowest so far is 198,750")
  is a finding of what it sent whom, and when.
- Synthesis: rows received after the deadline of the same day contradict the statement that
  all came in on time (HIGH); with no such statement, the deadline itself is held against them
  (HIGH when the late submitter was awarded the contract, MEDIUM otherwise). An e-mail to a
  submitter (by name, or an address at its own domain) that gives another's logged figure before
  the recipient's own submission was logged contradicts that submission's independence (HIGH)."""

import re
from dataclasses import dataclass
from datetime import datetime, time

from holmes_backend.agents.schemas import Contradiction, Finding, SourceRef
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.tenders import AWARD, FIGURE
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, find_times, parse_iso
from holmes_backend.llm.local.facts.lexicon import fold
from holmes_backend.llm.local.facts.money import find_money, to_number
from holmes_backend.llm.local.facts.names import distinctive_words, find_names, same_party
from holmes_backend.llm.local.facts.text import units

SUBMISSION_DEADLINE = "submission_deadline"
SUBMISSIONS_IN_TIME = "submissions_in_time"
SUBMISSIONS_LOGGED = "submissions_logged"
SUBMISSION_AWARDED = "submission_awarded"
FIGURES_SENT = "figures_sent"

_KIND = r"tenders?|bids?|quotes?|quotations?|applications?|proposals?|submissions?|offers?|entries"
_DUE = re.compile(
    r"\b(?:must|shall|should|are\s+to|is\s+to|to)\s+be\s+(?:received|submitted|returned|lodged|"
    r"delivered|uploaded)\b[^.]{0,80}?\b(?:no\s+later\s+than|not\s+later\s+than|by|before|"
    r"prior\s+to)\b|\b(?:deadline|closing\s+(?:date|time)|return\s+date|latest\s+time)"
    r"(?:\s+for\s+(?:\w+\s+){0,2}?(?:" + _KIND + r"))?(?:\s+(?:is|was|will\s+be)\s+|\s*[:\-]\s*)",
    re.IGNORECASE,
)
_ABOUT = re.compile(rf"\b(?:{_KIND})\b", re.IGNORECASE)
_IN_TIME = re.compile(
    rf"\b(?:all|every|each)\s+(?:\w+\s+){{0,2}}?(?:{_KIND})\b[^.]{{0,60}}\b(?:received|submitted|"
    r"lodged|arrived|came\s+in)\b[^.]{0,30}\b(?:before|by|within|in\s+time\s+for|ahead\s+of)\s+"
    r"(?:the\s+)?(?:deadline|closing\s+(?:date|time))|"
    rf"\bno\s+late\s+(?:{_KIND})\b|\b(?:{_KIND})\s+(?:were|was)\s+(?:all\s+)?received\s+on\s+time\b",
    re.IGNORECASE,
)
_RECEIVED_COLUMN = re.compile(
    r"\b(?:received|submitted|lodged|arrived|arrival|time\s+in|date\s+in|opened)\b", re.I
)
_PARTY_COLUMN = re.compile(
    r"\b(?:tenderer|bidder|supplier|contractor|company|applicant|firm|organi[sz]ation|"
    r"submitted\s+by|from|name)\b(?!\s*(?:id|no|number|ref)\b)",
    re.IGNORECASE,
)
_MIN_ROWS = 2
_CUE = re.compile(
    r"deadline|closing|received|submitted|lodged|returned|delivered|uploaded|no later|awarded|"
    r"award|late\b|on time|appointed|selected|preferred|successful|recommended",
    re.IGNORECASE,
)
_MAX_FIGURES = 6  # a price list or a statement sent by e-mail is no tip-off
# A figure given as someone's price: "Lowest so far is 198,750 from Pennine", "came in at".
_PRICED_WORDS = re.compile(
    r"\b(?:lowest|highest|cheapest|best|price[ds]?|bids?|tenders?|quot(?:e|ed|es|ation)|offers?|"
    r"beat|under|below|undercut|so\s+far|came\s+in|come\s+in|rival|competitor)\b",
    re.IGNORECASE,
)
_SENT_TO = re.compile(r" to (?P<to>.+?) on (?P<at>\S+)$")
_ADDRESSEE = re.compile(r"[^,<]*<[^>]*>|[^,\s]+@[^,\s]+")


@dataclass
class _Row:
    party: str
    at: datetime
    ref: SourceRef
    amounts: list[float]


def submission_terms(doc: EvidenceDoc) -> list[Finding]:
    """A document's deadlines for submissions, its statements that all came in on time, and
    its award lines (evidence and legal)."""
    found: list[Finding] = []
    for unit in units(doc):
        text = unit.text
        if not _CUE.search(text):
            continue  # one cheap pattern before the three that read the sentence
        due = None if _IN_TIME.search(text) else _DUE.search(text)
        if due and (_ABOUT.search(text) or _ABOUT.search(doc.filename)):
            after = [m for m in find_moments(text) if due.start() <= m.start <= due.end() + 60]
            if after:
                moment = after[0]
                at = datetime.combine(moment.day, moment.at or time(23, 59, 59))
                found.append(
                    Finding(
                        finding_type=SUBMISSION_DEADLINE,
                        title=f"Submissions due by {at.isoformat()}",
                        summary=text[:200],
                        confidence=0.85,
                        severity="LOW",
                        sources=[unit.ref],
                    )
                )
                continue
        if _IN_TIME.search(text):
            found.append(
                Finding(
                    finding_type=SUBMISSIONS_IN_TIME,
                    title="Stated: every submission was received in time",
                    summary=text[:200],
                    confidence=0.8,
                    severity="LOW",
                    sources=[unit.ref],
                )
            )
        elif AWARD.search(text) and (
            orgs := [n.text for n in find_names(text) if n.kind == "organization"]
        ):
            found.append(
                Finding(
                    finding_type=SUBMISSION_AWARDED,
                    title=f"Awarded to {orgs[0]}",
                    summary=text[:200],
                    confidence=0.8,
                    severity="LOW",
                    entities=orgs[:1],
                    sources=[unit.ref],
                )
            )
    return found


def figures_sent(doc: EvidenceDoc) -> list[Finding]:
    """An e-mail's figures, with whom it went to and when (evidence)."""
    meta = doc.metadata
    sent, to = meta.get("date"), meta.get("to")
    if doc.mime_type != "message/rfc822" or not isinstance(sent, str) or not to:
        return []
    lines = [u for u in units(doc) if _PRICED_WORDS.search(u.text) and _figures(u.text)]
    figures = [f for u in lines for f in _figures(u.text)]
    if not lines or len(figures) > _MAX_FIGURES:
        return []
    recipients = ", ".join(str(r) for r in to)
    return [
        Finding(
            finding_type=FIGURES_SENT,
            title=f"{meta.get('from') or 'An e-mail'} sent figures to {recipients} on {sent}",
            summary=" ".join(u.text for u in lines)[:300],
            confidence=0.8,
            severity="LOW",
            sources=unique_refs([u.ref for u in lines], 3),
        )
    ]


def submissions_logged(doc: EvidenceDoc) -> list[Finding]:
    """A log of submissions received, as one finding citing its rows (financial, evidence)."""
    table = [unit for unit in units(doc) if unit.kind == "row"]
    columns = " ".join(row_fields(table[0].text)) if table else ""
    if not (_RECEIVED_COLUMN.search(columns) and _PARTY_COLUMN.search(columns)):
        return []  # no column of when each came in, and from whom
    rows = [ref for unit in table if (ref := _row_ref(unit.ref))]
    if len(rows) < _MIN_ROWS:
        return []
    return [
        Finding(
            finding_type=SUBMISSIONS_LOGGED,
            title=f"{len(rows)} submissions logged as received in {doc.filename}",
            summary="; ".join(r.excerpt or "" for r in rows[:3])[:300],
            confidence=0.8,
            severity="LOW",
            sources=rows,
        )
    ]


def _row_ref(ref: SourceRef) -> SourceRef | None:
    return ref if _row(ref) is not None else None


def _row(ref: SourceRef) -> _Row | None:
    fields = row_fields(ref.excerpt or "")
    received = [v for k, v in fields.items() if _RECEIVED_COLUMN.search(k)]
    party = next(
        (
            v
            for k, v in fields.items()
            if _PARTY_COLUMN.search(k) and not _RECEIVED_COLUMN.search(k)
        ),
        None,
    )
    if not received or not party:
        return None
    moments = [m for v in received for m in find_moments(v)]
    if not moments:
        return None
    at = moments[0].at
    if at is None:
        times = [t for v in received for t, _ in find_times(v)]
        at = times[0] if times else None
    if at is None:
        return None  # a day alone cannot be late on the deadline's own day
    amounts = [a for v in fields.values() if FIGURE.fullmatch(v.strip()) for a in _figures(v)]
    return _Row(party, datetime.combine(moments[0].day, at), ref, amounts)


def disclosure_contradictions(findings: list[Finding]) -> list[Contradiction]:
    """A rival's logged figure e-mailed to a submitter before their own submission was logged."""
    mails = [f for f in findings if f.finding_type == FIGURES_SENT]
    found: list[Contradiction] = []
    for log in (f for f in findings if f.finding_type == SUBMISSIONS_LOGGED) if mails else []:
        rows = [row for ref in log.sources if (row := _row(ref))]
        for mail in mails:
            sent = _SENT_TO.search(mail.title)
            at = parse_iso(sent["at"]) if sent else None
            if sent is None or at is None:
                continue
            recipients = [r.strip() for r in _ADDRESSEE.findall(sent["to"])]
            told = {round(a, 2) for a in _figures(mail.summary)}
            theirs = [r for r in rows if any(_addressed(r.party, to) for to in recipients)]
            own = next((r for r in theirs if r.at > at.replace(tzinfo=None)), None)
            rivals = [
                r
                for r in rows
                if r not in theirs
                and r.at <= at.replace(tzinfo=None)
                and told & {round(a, 2) for a in r.amounts}
            ]
            if own is None or not rivals:
                continue
            rival = rivals[0]
            figure = next(a for a in rival.amounts if round(a, 2) in told)
            found.append(
                Contradiction(
                    claim=own.ref.excerpt or own.party,
                    claim_source=own.ref,
                    evidence_against=unique_refs([*mail.sources, rival.ref], 4),
                    explanation=(
                        f"{rival.party}'s figure ({figure:,.2f}) was e-mailed to "
                        f"{recipients[0]} at {at:%H:%M} on {at.date().isoformat()}, before "
                        f"{own.party}'s own submission was logged at {own.at:%H:%M} on "
                        f"{own.at.date().isoformat()}."
                    ),
                    severity="HIGH",
                )
            )
    return found


def _figures(text: str) -> list[float]:
    """Amounts written in figures ("198,750", "GBP 196,900.00"), with or without a currency."""
    found = [m.value for m in find_money(text)]
    found += [v for n in FIGURE.findall(text) if (v := to_number(n)) and v >= 100]
    return list(dict.fromkeys(found))


def _addressed(party: str, recipient: str) -> bool:
    """Whether a recipient ("Darren Kestrel <darren@kestrelroofing.co.uk>") is the party: by
    name, or by an address at a domain carrying the party's distinctive words."""
    name, _, address = recipient.partition("<")
    if name.strip() and same_party(name.strip(), party):
        return True
    domain = address.partition("@")[2].lower()
    words = {fold(w) for w in distinctive_words([party])}
    return bool(domain) and bool(words) and all(w in domain for w in words)


def late_submission_contradictions(findings: list[Finding]) -> list[Contradiction]:
    """`findings`: every domain's (a document read by two agents is in both, counted once)."""
    findings = list(
        {(f.finding_type, f.title, f.summary): f for f in findings if f.sources}.values()
    )
    deadlines = [
        (at, f)
        for f in findings
        if f.finding_type == SUBMISSION_DEADLINE
        and (at := parse_iso(f.title.rpartition(" by ")[2])) is not None
    ]
    statements = [f for f in findings if f.finding_type == SUBMISSIONS_IN_TIME]
    awards = [f for f in findings if f.finding_type == SUBMISSION_AWARDED and f.entities]
    found: list[Contradiction] = []
    seen: set[tuple[str, int | None]] = set()
    for log in (f for f in findings if f.finding_type == SUBMISSIONS_LOGGED):
        rows = [row for ref in log.sources if (row := _row(ref))]
        for at, deadline in deadlines:
            late = [r for r in rows if r.at.date() == at.date() and r.at > at]
            late = [r for r in late if (r.ref.file_id, r.ref.row) not in seen]
            if not late:
                continue
            seen |= {(r.ref.file_id, r.ref.row) for r in late}
            listing = "; ".join(
                f"{r.party} at {r.at:%H:%M} on {r.at.date().isoformat()}" for r in late[:4]
            )
            lead = f"{len(late)} received after the deadline of {at:%H:%M} on {at.date()}"
            evidence = unique_refs([*(r.ref for r in late), *deadline.sources], 6)
            for statement in statements:
                found.append(
                    Contradiction(
                        claim=statement.summary,
                        claim_source=statement.sources[0],
                        evidence_against=evidence,
                        explanation=f"It says all came in on time, yet {lead}: {listing}.",
                        severity="HIGH",
                    )
                )
            if statements:
                continue
            won = [a for a in awards if any(same_party(a.entities[0], r.party) for r in late)]
            award = f"; the contract was awarded to {won[0].entities[0].rstrip('.')}" if won else ""
            found.append(
                Contradiction(
                    claim=deadline.summary,
                    claim_source=deadline.sources[0],
                    evidence_against=unique_refs(
                        [*(r.ref for r in late), *(s for a in won for s in a.sources)], 6
                    ),
                    explanation=f"{lead}: {listing}{award}.",
                    severity="HIGH" if won else "MEDIUM",
                )
            )
    return found
