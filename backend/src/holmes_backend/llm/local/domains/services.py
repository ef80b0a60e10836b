"""Services billed that the case's own records do not show delivered: a billing row for a person
on a day their appointment record (sessions, visits, shifts, lessons) shows as cancelled or
missed, or on which that record, covering that person on other days, has no entry at all.

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
    TimedEvent,
    Transaction,
)
from holmes_backend.llm.local.domains.ledger import is_payment, total_of, tx_date
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import parse_iso
from holmes_backend.llm.local.facts.names import name_key

BILLED_NOT_HELD = "billed_not_delivered"
_WHO = re.compile(
    r"\b(?:patient|client|member|student|resident|customer|employee|person|pupil|visitor|"
    r"tenant|participant|attendee|learner|service user)\b",
    re.IGNORECASE,
)
_STATUS = re.compile(r"\b(?:status|outcome|attendance|attended|result|state)\b", re.IGNORECASE)
_NOT_HELD = re.compile(
    r"\b(?:cancel+ed|cancel+ation|no[- ]show|did not attend|dna|missed|absent|rescheduled|"
    r"not attended|declined|void)\b",
    re.IGNORECASE,
)
_MIN_ROWS = 3


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


def _billed(tx: Transaction) -> tuple[str, str, date] | None:
    fields = row_fields(tx.source.excerpt or "")
    who, day = _who(fields), tx_date(tx)
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
