"""Services billed that the case's own records do not show delivered: a billing row for a person
on a day their appointment record (sessions, visits, shifts, lessons) shows as cancelled or
missed, or on which that record, covering that person on other days, has no entry at all; and
labour billed by the hour or the head for a day a site's day-by-day record (a site diary, a
works log) says nobody worked ("Labour on site: None", "Site closed; no trades attended").
Whoever affirms that the hours billed were worked is contradicted by that record.

Read at synthesis: the billing rows are the financial domain's payments, the appointment
records the evidence domain's timeline rows (the two are often read by different agents)."""

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import date

from holmes_backend.agents.schemas import (
    Anomaly,
    Contradiction,
    SourceRef,
    SwornClaim,
    TimedEvent,
    Transaction,
)
from holmes_backend.llm.local.domains.ledger import is_payment, total_of, tx_date
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import parse_iso
from holmes_backend.llm.local.facts.names import name_key

BILLED_NOT_HELD = "billed_not_delivered"
_WHO = re.compile(
    r"\b(?:patient|client|member|student|resident|customer|employee|person|pupil|visitor|"
    r"tenant|participant|attendee|learner|service user)\b"
    r"(?!\s*(?:id|no|number|code|ref(?:erence)?|#)\b)",  # "Member ID: M-40211" names no one
    re.IGNORECASE,
)
_STATUS = re.compile(r"\b(?:status|outcome|attendance|attended|result|state)\b", re.IGNORECASE)
_NOT_HELD = re.compile(
    r"\b(?:cancel+ed|cancel+ation|no[- ]show|did not attend|dna|missed|absent|rescheduled|"
    r"not attended|declined|void)\b",
    re.IGNORECASE,
)
_MIN_ROWS = 3
# A day record's column counting who worked, and its values for nobody.
_CREW_COLUMN = re.compile(
    r"\b(?:labou?r|workforce|operatives?|crews?|staff|trades|gangs?|workers?|headcount|"
    r"personnel|manpower|on\s+site)\b",
    re.IGNORECASE,
)
_NOBODY = re.compile(r"^(?:none|nil|0|no one|nobody|-+|\u2014)$", re.IGNORECASE)
# Any of a day record's values saying no work was done that day.
_IDLE = re.compile(
    r"\b(?:site\s+(?:was\s+)?(?:closed|shut)|no\s+(?:work|works|trades?|labou?r|operatives?|"
    r"crews?|workers?|staff)\b|(?:no\s+one|nobody)\s+(?:on\s+site|attended|worked|present)|"
    r"work\s+(?:was\s+)?(?:suspended|stopped|abandoned)|stood\s+down|rained\s+off|"
    r"non[- ]working\s+day)",
    re.IGNORECASE,
)
# A billing row counting labour: "Hours each: 8", "Operatives: 6", "Labour hours: 48".
_LABOUR_FIELD = re.compile(
    r"\b(?:hours?|hrs|labou?r|operatives?|crew|gang|man[- ]?(?:days?|hours?)|workers?|"
    r"shifts?|head\s*count)\b",
    re.IGNORECASE,
)
_LABOUR_TEXT = re.compile(
    r"\b\d+(?:[.,]\d+)?\s*(?:hours?|hrs|operatives|men|workers|man[- ]?(?:days?|hours?))\b",
    re.IGNORECASE,
)
# Someone saying the billed work was done: "every hour on the sheet was worked", "the gang kept
# working through the bad weather".
_WORKED = re.compile(r"\bwork(?:ed|ing|s)?\b|\battended\b|\bon\s+site\b", re.IGNORECASE)
_AFFIRMED = re.compile(
    r"\b(?:every|all|each)\s+(?:(?:of\s+the\s+)?(?:hour|day|shift)s?)\b|\bkept\s+working\b|"
    r"\bworked\s+(?:all|every|the|those|through)\b",
    re.IGNORECASE,
)
_DENIAL = re.compile(r"\b(?:not|never|no)\b", re.IGNORECASE)


@dataclass
class _Entry:
    day: date
    status: str
    ref: SourceRef


@dataclass
class _Log:
    file_id: str
    entries: dict[tuple[str, date], list[_Entry]]
    people: set[str]  # the people it records
    span: tuple[date, date]  # its first and last day


def _who(fields: dict[str, str]) -> str | None:
    return next((v for k, v in fields.items() if _WHO.search(k) and v.strip()), None)


def _logs(events: list[TimedEvent]) -> list[_Log]:
    """The timeline's table rows that record people's appointments, by file (without amounts:
    a ledger's rows are its transactions, not events)."""
    by_file: dict[str, dict[tuple[str, date], list[_Entry]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for event in events:
        if event.source.row is None or (moment := parse_iso(event.timestamp)) is None:
            continue
        fields = row_fields(event.source.excerpt or event.description)
        who = _who(fields)
        if who is None:
            continue
        status = next((v for k, v in fields.items() if _STATUS.search(k)), "")
        entry = _Entry(moment.date(), status, event.source)
        by_file[event.source.file_id][(name_key(who), moment.date())].append(entry)
    logs: list[_Log] = []
    for file_id, entries in by_file.items():
        if len(entries) >= _MIN_ROWS:
            days = [day for _, day in entries]
            people = {key for key, _ in entries}
            logs.append(_Log(file_id, dict(entries), people, (min(days), max(days))))
    return logs


def served(tx: Transaction) -> str | None:
    """Whom a billing row names as served: its patient, client, member … column."""
    return _who(row_fields(tx.source.excerpt or ""))


def _billed(tx: Transaction) -> tuple[str, str, date] | None:
    who, day = served(tx), tx_date(tx)
    return (name_key(who), who, day) if who and day else None


def billed_not_delivered(
    events: list[TimedEvent], transfers: list[Transaction], filenames: dict[str, str]
) -> list[Anomaly]:
    """The billed services each appointment log contradicts (`filenames`: to name the log)."""
    logs = _logs(events)
    billed = [(tx, b) for tx in transfers if is_payment(tx) and (b := _billed(tx))] if logs else []
    found: list[Anomaly] = []
    for log in logs:
        name = filenames.get(log.file_id, "the appointment record")
        cancelled: dict[str, list[tuple[Transaction, list[_Entry]]]] = defaultdict(list)
        unrecorded: dict[str, list[Transaction]] = defaultdict(list)
        names: dict[str, str] = {}
        for tx, (key, who, day) in billed:
            if tx.source.file_id == log.file_id or key not in log.people:
                continue
            names[key] = who
            entries = log.entries.get((key, day))
            if entries and all(_NOT_HELD.search(e.status) for e in entries):
                cancelled[key].append((tx, entries))
            elif not entries and log.span[0] <= day <= log.span[1]:
                unrecorded[key].append(tx)
        for key, pairs in cancelled.items():
            txs = [tx for tx, _ in pairs]
            found.append(
                Anomaly(
                    kind=BILLED_NOT_HELD,
                    description=(
                        f"{names[key]}: {len(txs)} service(s) billed "
                        f"({total_of(txs)}) on {_days(txs)}, days {name} records as "
                        f"\u201c{pairs[0][1][0].status}\u201d."
                    ),
                    severity="HIGH",
                    total_amount=sum(t.amount for t in txs),
                    sources=unique_refs(
                        [s for tx, entries in pairs for s in (tx.source, entries[0].ref)], 8
                    ),
                )
            )
        for key, txs in unrecorded.items():
            found.append(
                Anomaly(
                    kind=BILLED_NOT_HELD,
                    description=(
                        f"{names[key]}: {len(txs)} service(s) billed ({total_of(txs)}) on "
                        f"{_days(txs)}, with no entry that day in {name}, which records "
                        f"{names[key]} on other days."
                    ),
                    severity="MEDIUM",
                    total_amount=sum(t.amount for t in txs),
                    sources=unique_refs([tx.source for tx in txs], 6),
                )
            )
    return found


@dataclass
class _Idle:
    day: date
    says: str  # what the record says of the day
    ref: SourceRef


def idle_days_billed(
    events: list[TimedEvent], transfers: list[Transaction], filenames: dict[str, str]
) -> list[Anomaly]:
    """Labour billed for days a day-by-day work record says nobody worked, one per record."""
    found: list[Anomaly] = []
    for file_id, idle in _idle_days(events).items():
        billed = [
            tx
            for tx in transfers
            if tx.source.file_id != file_id
            and tx.amount > 0
            and tx_date(tx) in idle
            and _labour(tx.source.excerpt or tx.description)
        ]
        if not billed:
            continue
        days = sorted({d for tx in billed if (d := tx_date(tx))})
        name = filenames.get(file_id, "the site record")
        said = "; ".join(f"{d.isoformat()}: \u201c{idle[d].says}\u201d" for d in days[:4])
        found.append(
            Anomaly(
                kind=BILLED_NOT_HELD,
                description=(
                    f"{len(billed)} labour charge(s) ({total_of(billed)}) billed for "
                    f"{_days(billed)}, days {name} records no one working ({said})."
                ),
                severity="HIGH",
                total_amount=sum(t.amount for t in billed),
                sources=unique_refs(
                    [*(tx.source for tx in billed[:5]), *(idle[d].ref for d in days[:3])], 8
                ),
            )
        )
    return found


def _idle_days(events: list[TimedEvent]) -> dict[str, dict[date, _Idle]]:
    """By file, the days its dated rows say nobody worked, for files of three or more such
    rows, one a day (a record of days, not of people's visits)."""
    rows: dict[str, dict[date, list[dict[str, str]]]] = defaultdict(lambda: defaultdict(list))
    refs: dict[tuple[str, date], SourceRef] = {}
    for event in events:
        if event.source.row is None or (moment := parse_iso(event.timestamp)) is None:
            continue
        fields = row_fields(event.source.excerpt or event.description)
        rows[event.source.file_id][moment.date()].append(fields)
        refs.setdefault((event.source.file_id, moment.date()), event.source)
    found: dict[str, dict[date, _Idle]] = {}
    for file_id, days in rows.items():
        if len(days) < _MIN_ROWS or any(len(entries) > 1 for entries in days.values()):
            continue
        idle = {
            day: _Idle(day, says, refs[(file_id, day)])
            for day, [fields] in days.items()
            if (says := _nobody_worked(fields))
        }
        if idle and len(idle) < len(days):
            found[file_id] = idle
    return found


def _nobody_worked(fields: dict[str, str]) -> str | None:
    """What a day's row says to tell nobody worked, or None."""
    crew = [v for k, v in fields.items() if _CREW_COLUMN.search(k)]
    if any(v and not _NOBODY.match(v.strip()) and not _IDLE.search(v) for v in crew):
        return None  # someone was counted
    said = [v for v in fields.values() if _IDLE.search(v)]
    if said:
        return said[0][:120]
    if crew and all(_NOBODY.match(v.strip()) for v in crew if v):
        return next(f"{k}: {v}" for k, v in fields.items() if _CREW_COLUMN.search(k))
    return None


def _labour(excerpt: str) -> bool:
    fields = row_fields(excerpt)
    counted = any(
        _LABOUR_FIELD.search(k) and any(c.isdigit() for c in v) for k, v in fields.items()
    )
    return counted or bool(_LABOUR_TEXT.search(excerpt))


def affirmed_contradictions(
    anomalies: list[Anomaly], claims: list[SwornClaim]
) -> list[Contradiction]:
    """Claims that the billed work was done, against the record of days nobody worked."""
    found: list[Contradiction] = []
    idle = [a for a in anomalies if a.kind == BILLED_NOT_HELD and "records no one" in a.description]
    for anomaly in idle:
        for claim in claims:
            text = claim.claim
            if not (_AFFIRMED.search(text) and _WORKED.search(text)) or _DENIAL.search(text):
                continue
            found.append(
                refuted(
                    claim,
                    anomaly.sources[:6],
                    (
                        f"{claim.speaker or 'The claim'} says the work billed was done, yet "
                        f"{anomaly.description}"
                    ),
                    "HIGH",
                )
            )
    return found


def as_contradictions(anomalies: list[Anomaly]) -> list[Contradiction]:
    """Each billed service against the log's line for it (or its silence)."""
    found: list[Contradiction] = []
    for anomaly in anomalies:
        billed = [s for s in anomaly.sources if s.excerpt and _billing_file(s, anomaly)]
        logged = [s for s in anomaly.sources if s not in billed]
        if not billed:
            continue
        found.append(
            Contradiction(
                claim=billed[0].excerpt or anomaly.description,
                claim_source=billed[0],
                evidence_against=(logged or billed[1:])[:6],
                explanation=anomaly.description,
                severity=anomaly.severity,
            )
        )
    return found


def _billing_file(source: SourceRef, anomaly: Anomaly) -> bool:
    return source.file_id == anomaly.sources[0].file_id


def _days(txs: list[Transaction]) -> str:
    return ", ".join(sorted({d.isoformat() for t in txs if (d := tx_date(t))}))
