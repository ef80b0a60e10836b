"""Work claimed on days its claimant was recorded on leave.

- Absences: a row of a leave or absence register ("Employee: Niamh Gallagher; Leave type:
  Annual leave; From: 2026-03-09; To: 2026-03-13") is the person's absence over the days its
  dates span; a rota's day marked with a code of absence ("AL", "Sick") is one that day.
- Synthesis: a sum paid to that person in another file for a day of their absence (a mileage
  or expense claim, a per diem, overtime) contradicts the register, or the register it (HIGH);
  so does their own account of working that day ("On 14 August I hosted the client's buyers at
  The Ivy"): MEDIUM, as people do work on a day of leave, which the register would not show;
  a statement of theirs that every claim was for work done is contradicted by those claims.
"""

import re
from dataclasses import dataclass
from datetime import date

from holmes_backend.agents.schemas import (
    Contradiction,
    SourceRef,
    SwornClaim,
    TimedEvent,
    Transaction,
)
from holmes_backend.llm.local.domains.ledger import claimant_of, tx_date
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.domains.timeline import PEOPLE_COLUMNS
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, parse_iso, parse_span
from holmes_backend.llm.local.facts.names import find_names, same_party

_LEAVE = re.compile(
    r"\b(?:annual|sick|maternity|paternity|parental|unpaid|special|compassionate|study|"
    r"medical)\s+leave\b|\bon\s+leave\b|\bleave\s+type\b|\bholiday\b|\bvacation\b|"
    r"\babsence\b|\bpto\b",
    re.IGNORECASE,
)
_APPROVER = re.compile(r"\b(?:approv\w*|authori[sz]\w*|manager|supervisor)\b", re.IGNORECASE)
_EVERY_CLAIM = re.compile(
    r"\b(?:every|all|each)\b[^.]{0,40}\b(?:claim\w*|journey|expenses?|trip|mileage)\b",
    re.IGNORECASE,
)


@dataclass
class _Absence:
    person: str
    kind: str
    start: date
    end: date
    source: SourceRef


# A rota's code for a day of absence: "AL", "A/L", "SL", "Sick", "Hol", "Leave".
_ABSENCE_CODE = re.compile(
    r"^\s*(?:A/?L|S/?L|sick(?:\s+leave)?|hol(?:iday)?|leave|annual\s+leave|vacation|absent)\s*$",
    re.IGNORECASE,
)


def _rota_absence(event: TimedEvent) -> _Absence | None:
    """A rota's day cell ("Staff member: Tomasz Wrobel; Wed 04/03/2026: AL") giving a code of
    absence: its person's absence that day (timeline._by_day writes these events)."""
    fields = row_fields(event.description)
    cell = next(((k, v) for k, v in reversed(fields.items()) if _ABSENCE_CODE.match(v)), None)
    moment = parse_iso(event.timestamp)  # the day as the rota's own conventions read it
    if cell is None or moment is None or not event.people or not find_moments(cell[0]):
        return None
    day = moment.date()
    return _Absence(event.people[0], f"{cell[0]}: {cell[1]}", day, day, event.source)


def _absences(events: list[TimedEvent]) -> list[_Absence]:
    found: list[_Absence] = []
    for event in events:
        if event.source.row is None:
            continue
        if rota := _rota_absence(event):
            found.append(rota)
            continue
        fields = row_fields(event.source.excerpt or event.description)
        kind = next((f"{k}: {v}" for k, v in fields.items() if _LEAVE.search(f"{k} {v}")), None)
        if kind is None:
            continue
        days = [
            m.day
            for v in fields.values()
            for m in find_moments(v)[:1]
            if m.start == 0 and m.end >= len(v.strip())
        ]
        person = next(
            (
                n.text
                for k, v in fields.items()
                if PEOPLE_COLUMNS.search(k) and not _APPROVER.search(k)
                for n in find_names(v)[:1]
                if n.kind == "person"
            ),
            None,
        )
        if person and days:
            found.append(_Absence(person, kind, min(days), max(days), event.source))
    return found


def leave_contradictions(
    events: list[TimedEvent],
    transactions: list[Transaction],
    claims: list[SwornClaim],
    subjects: dict[str, list[str]],
) -> list[Contradiction]:
    """`subjects`: whom each file is about (people.subjects_by_file): a claim form's lines that
    name no party are its claimant's."""
    found: list[Contradiction] = []
    claimed: dict[str, list[Transaction]] = {}
    absences = _absences(events)
    for absence in absences:
        for tx in transactions:
            day = tx_date(tx)
            # Paid to them, or their own expense claim (they spent it, the firm repays it).
            payee = claimant_of(tx) or tx.to_party or _form_claimant(tx, subjects)
            if (
                day is None
                or tx.source.file_id == absence.source.file_id
                or not payee
                or not same_party(payee, absence.person)
                or not absence.start <= day <= absence.end
            ):
                continue
            claimed.setdefault(absence.person, []).append(tx)
            found.append(
                Contradiction(
                    claim=tx.source.excerpt or tx.description or f"{tx.amount:g} on {day}",
                    claim_source=tx.source,
                    evidence_against=[absence.source],
                    explanation=(
                        f"{'Claimed by' if claimant_of(tx) or not tx.to_party else 'Paid to'} "
                        f"{absence.person} "
                        f"for {day.isoformat()}, a day the leave record "
                        f"has them absent ({absence.kind}, {absence.start.isoformat()} to "
                        f"{absence.end.isoformat()})."
                    ),
                    severity="HIGH",
                )
            )
    found += _worked_while_absent(absences, claims) + _absent_while_rostered(events, claims)
    for claim in claims:
        if not claim.speaker or not _EVERY_CLAIM.search(claim.claim):
            continue
        mine = next((txs for p, txs in claimed.items() if same_party(p, claim.speaker)), [])
        if mine:
            found.append(
                Contradiction(
                    claim=claim.claim,
                    claim_source=claim.source,
                    evidence_against=unique_refs([t.source for t in mine], 6),
                    explanation=(
                        f"{claim.speaker} vouches for every claim, yet {len(mine)} of them are "
                        "for days the leave record has them absent."
                    ),
                    severity="HIGH",
                )
            )
    return found


def _form_claimant(tx: Transaction, subjects: dict[str, list[str]]) -> str | None:
    """The person a form's line is of when it names no party: the one its head names."""
    if tx.from_party is not None:
        return None
    people = subjects.get(tx.source.file_id, [])
    return people[0] if len(people) == 1 else None


_NEGATED = re.compile(r"\b(?:no|not|never|nor)\b|n['\u2019]t\b", re.IGNORECASE)
# Work, in a person's account of their day: its business, its people, its places.
_WORK = re.compile(
    r"\b(?:work(?:ed|ing)?|shift|duty|on\s+call|client|customer|buyers?|suppliers?|vendors?|"
    r"business|meeting|met\s+(?:with\s+)?the|account\s+review|site\s+visit|visited|hosted|"
    r"entertained|presented|inspected|audited|delivered|office|procurement|negotiat\w*|"
    r"conference|training|patients?|ward)\b",
    re.IGNORECASE,
)


def _worked_while_absent(absences: list[_Absence], claims: list[SwornClaim]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        span = parse_span(claim.claimed_time)
        if not claim.speaker or span is None or not _WORK.search(claim.claim):
            continue
        if _NEGATED.search(claim.claim):
            continue  # "I did not work that week" agrees with the register
        first, last = span[0].date(), span[1].date()
        for absence in absences:
            if (
                claim.source.file_id == absence.source.file_id
                or not same_party(claim.speaker, absence.person)
                or not (absence.start <= first and last <= absence.end)
            ):
                continue
            found.append(
                refuted(
                    claim,
                    [absence.source],
                    f"{claim.speaker} gives an account of working on {first.isoformat()}, a day "
                    f"the leave record has them absent ({absence.kind}, "
                    f"{absence.start.isoformat()} to {absence.end.isoformat()}).",
                    "MEDIUM",
                )
            )
            break
    return found


# A rota's code for a shift worked: "N", "D", "LD", "Night", "Early", "07:00-15:00".
_DUTY_CODE = re.compile(
    r"^\s*(?:N|D|E|L|LD|NS|DS|night|day|early|late|long\s+day|on|on\s+duty|"
    r"\d{1,2}(?::?\d{2})?\s*[-\u2013]\s*\d{1,2}(?::?\d{2})?)\s*$",
    re.IGNORECASE,
)
# "I was not on duty on the night of 4 March", "I was on annual leave from 4 March to 8 March".
_OFF_DUTY = re.compile(
    r"\b(?:not\s+(?:on\s+duty|working|at\s+work|rostered)|off\s+(?:duty|sick|work)|"
    r"on\s+(?:annual\s+|sick\s+)?leave|on\s+holiday|(?:a|my)\s+day\s+off)\b",
    re.IGNORECASE,
)


def _absent_while_rostered(
    events: list[TimedEvent], claims: list[SwornClaim]
) -> list[Contradiction]:
    """The speaker's own account of being off (on leave, not on duty) over days the rota has
    them on a shift: MEDIUM (a rota is the plan; the day's records would show who worked)."""
    found: list[Contradiction] = []
    for claim in claims:
        span = parse_span(claim.claimed_time)
        if not claim.speaker or span is None or not _OFF_DUTY.search(claim.claim):
            continue
        first, last = span[0].date(), span[1].date()
        rostered = [
            (duty, event.source)
            for event in events
            if event.source.file_id != claim.source.file_id
            and event.people
            and same_party(event.people[0], claim.speaker)
            and (duty := _rota_duty(event)) is not None
            and first <= duty[0] <= last
        ]
        if not rostered:
            continue
        days = ", ".join(f"{day.isoformat()} ({cell})" for (day, cell), _ in rostered[:4])
        found.append(
            refuted(
                claim,
                [source for _, source in rostered],
                f"{claim.speaker} says they were off, yet the rota has them on shift on {days}.",
                "MEDIUM",
            )
        )
    return found


def _rota_duty(event: TimedEvent) -> tuple[date, str] | None:
    """A rota's day cell giving a shift ("Staff member: James Whitcombe; Wed 04/03/2026: N"):
    the day and its cell."""
    if event.source.row is None:
        return None
    fields = row_fields(event.description)
    cell = next(((k, v) for k, v in reversed(fields.items()) if _DUTY_CODE.match(v)), None)
    moment = parse_iso(event.timestamp)
    if cell is None or moment is None or not find_moments(cell[0]):
        return None
    return moment.date(), f"{cell[0]}: {cell[1]}"
