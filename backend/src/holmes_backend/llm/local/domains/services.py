"""Services billed that the case's own records do not show delivered: a billing row for a person
on a day their appointment record (sessions, visits, shifts, lessons) shows as cancelled or
missed, or on which that record, covering that person on other days, has no entry at all."""

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import date

from holmes_backend.agents.schemas import Anomaly, SourceRef, Transaction
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.ledger import is_payment, tx_date
from holmes_backend.llm.local.facts.cells import roles, row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments
from holmes_backend.llm.local.facts.money import format_money
from holmes_backend.llm.local.facts.names import name_key
from holmes_backend.llm.local.facts.text import units

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
_MONEY_ROLES = ("amount", "debit", "credit")
_MIN_ROWS = 3


@dataclass
class _Entry:
    day: date
    status: str
    ref: SourceRef


@dataclass
class _Log:
    doc: EvidenceDoc
    entries: dict[tuple[str, date], list[_Entry]]
    people: set[str]  # the people it records
    span: tuple[date, date]  # its first and last day


def _who(fields: dict[str, str]) -> str | None:
    return next((v for k, v in fields.items() if _WHO.search(k) and v.strip()), None)


def _logs(docs: list[EvidenceDoc]) -> list[_Log]:
    """Dated tables of people's appointments without amounts."""
    found: list[_Log] = []
    for doc in docs:
        rows = [(u, row_fields(u.text)) for u in units(doc) if u.kind == "row"]
        rows = [(u, f) for u, f in rows if f]
        if len(rows) < _MIN_ROWS:
            continue
        assigned = roles(list(rows[0][1]))
        if any(role in _MONEY_ROLES for role in assigned.values()):
            continue
        dates = [k for k, role in assigned.items() if role == "date"]
        entries: dict[tuple[str, date], list[_Entry]] = defaultdict(list)
        for unit, fields in rows:
            who = _who(fields)
            moments = [m for k in dates for m in find_moments(fields.get(k, ""))]
            if not who or not moments:
                continue
            status = next((v for k, v in fields.items() if _STATUS.search(k)), "")
            entries[(name_key(who), moments[0].day)].append(
                _Entry(moments[0].day, status, unit.ref)
            )
        if len(entries) < _MIN_ROWS:
            continue
        days = [day for _, day in entries]
        people = {key for key, _ in entries}
        found.append(_Log(doc, dict(entries), people, (min(days), max(days))))
    return found


def _billed(tx: Transaction) -> tuple[str, str, date] | None:
    fields = row_fields(tx.source.excerpt or "")
    who, day = _who(fields), tx_date(tx)
    return (name_key(who), who, day) if who and day else None


def billed_not_delivered(docs: list[EvidenceDoc], transfers: list[Transaction]) -> list[Anomaly]:
    logs = _logs(docs)
    billed = [(tx, b) for tx in transfers if is_payment(tx) and (b := _billed(tx))] if logs else []
    found: list[Anomaly] = []
    for log in logs:
        cancelled: dict[str, list[tuple[Transaction, list[_Entry]]]] = defaultdict(list)
        unrecorded: dict[str, list[Transaction]] = defaultdict(list)
        names: dict[str, str] = {}
        for tx, (key, who, day) in billed:
            if tx.source.file_id == log.doc.file_id or key not in log.people:
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
                        f"({_total(txs)}) on {_days(txs)}, days {log.doc.filename} records as "
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
                        f"{names[key]}: {len(txs)} service(s) billed ({_total(txs)}) on "
                        f"{_days(txs)}, with no entry that day in {log.doc.filename}, which "
                        f"records {names[key]} on other days."
                    ),
                    severity="MEDIUM",
                    total_amount=sum(t.amount for t in txs),
                    sources=unique_refs([tx.source for tx in txs], 6),
                )
            )
    return found


def _total(txs: list[Transaction]) -> str:
    return format_money(sum(t.amount for t in txs), txs[0].currency)


def _days(txs: list[Transaction]) -> str:
    return ", ".join(sorted({d.isoformat() for t in txs if (d := tx_date(t))}))
