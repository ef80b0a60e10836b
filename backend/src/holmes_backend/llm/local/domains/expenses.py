"""Expenses claimed somewhere the claimant was not: a client visit to Bristol on 14 May, 238
miles claimed, against the claimant's own access record at the London office from 08:52 to
17:41 that day.

An expense row (a payment to a person, its row giving a place: "Location", "Place", "City",
"Destination", "Venue", or a journey's far end: "Leeds - Manchester return") is the claimant's
word that they were there that day. An attendance record of theirs for that day (a row giving
their first in and last out, or clock in and out, and the site, or an access report of theirs
naming no other place than its door) covering most of the working day at another place
contradicts it (HIGH: the records are their own). One contradiction per claimant and day.
"""

import re
from datetime import date

from holmes_backend.agents.schemas import Contradiction, TimedEvent, Transaction
from holmes_backend.llm.local.domains.ledger import is_payment, tx_date
from holmes_backend.llm.local.facts.dates import parse_iso
from holmes_backend.llm.local.facts.names import kind_of, same_party

_PLACE_FIELD = re.compile(
    r"\b(?:location|place|city|town|destination|venue)\s*:\s*(?P<v>[^;]+)", re.IGNORECASE
)
_IN = re.compile(
    r"\b(?:first\s+in|time\s+in|clock(?:ed)?\s+in|sign(?:ed)?\s+in|arrived)\s*:\s*"
    r"(?P<h>\d{1,2}):(?P<m>\d{2})",
    re.IGNORECASE,
)
_OUT = re.compile(
    r"\b(?:last\s+out|time\s+out|clock(?:ed)?\s+out|sign(?:ed)?\s+out|left)\s*:\s*"
    r"(?P<h>\d{1,2}):(?P<m>\d{2})",
    re.IGNORECASE,
)
_SITE = re.compile(r"\b(?:site|location|office|building|place)\s*:\s*(?P<v>[^;]+)", re.I)
# A journey claimed, to its far end: "Leeds - Manchester return", "mileage Hull to York".
_PLACE_NAME = r"[A-Z][A-Za-z'-]+(?:\s+[A-Z][A-Za-z'-]+)?"
_JOURNEY = re.compile(
    rf"\b(?P<a>{_PLACE_NAME})\s*(?:-|\u2013|\u2014|\bto\b|->|\u2192)\s*(?P<b>{_PLACE_NAME})\b"
    r"(?=\s*(?:and\s+)?(?:return|rtn|\(|,|;|$))"
)
_TRAVEL = re.compile(
    r"\b(?:mileage|miles|mi|km|rail|train|taxi|travel|journey|fuel|petrol|flight|return)\b", re.I
)
_DOOR = re.compile(r"\b(?:door|entrance|gate|reader|turnstile|lobby|reception)\b", re.IGNORECASE)
_WORKING_DAY = 6 * 60  # minutes at the site that leave no day trip elsewhere


def _attendance(
    events: list[TimedEvent], filenames: dict[str, str]
) -> list[tuple[date, str, str, str, TimedEvent]]:
    """(day, site, first in, last out, event) of the attendance rows spanning a working day. A
    row naming no site is at the one its file is of ("access_report_leeds_carter.docx"), its
    door no place of its own."""
    found = []
    for event in events:
        arrived, left = _IN.search(event.description), _OUT.search(event.description)
        named = _SITE.search(event.description)
        site = named["v"].strip() if named else None
        if site is None and event.place and not _DOOR.search(event.place):
            site = event.place
        if site is None and event.people and (name := filenames.get(event.source.file_id)):
            site = f"the site of {name}"
        when = parse_iso(event.timestamp)
        if not (arrived and left and site and when):
            continue
        minutes = (int(left["h"]) * 60 + int(left["m"])) - (
            int(arrived["h"]) * 60 + int(arrived["m"])
        )
        if minutes >= _WORKING_DAY:
            clock = f"{arrived['h']}:{arrived['m']}", f"{left['h']}:{left['m']}"
            found.append((when.date(), site, *clock, event))
    return found


def _claimed_place(tx: Transaction) -> str | None:
    """Where an expense row says the claimant was: its place field, or a journey's far end."""
    text = f"{tx.description}; {tx.source.excerpt or ''}"
    if place := _PLACE_FIELD.search(text):
        return place["v"].strip()
    journey = _JOURNEY.search(text)
    if journey and _TRAVEL.search(text):
        return journey["b"]
    return None


def expense_presence_contradictions(
    transactions: list[Transaction], events: list[TimedEvent], filenames: dict[str, str]
) -> list[Contradiction]:
    days = _attendance(events, filenames)
    if not days:
        return []
    found: list[Contradiction] = []
    done: set[tuple[str, date]] = set()
    for tx in transactions:
        where = _claimed_place(tx)
        claimant = tx.to_party or ""
        day = tx_date(tx)
        if not (where and day and is_payment(tx) and kind_of(claimant) == "person"):
            continue
        for on, site, arrived, left, event in days:
            if on != day or not any(same_party(claimant, p) for p in event.people):
                continue
            if where.lower() in site.lower().replace("_", " ") or site.lower() in where.lower():
                continue
            if (claimant, day) in done:
                break
            done.add((claimant, day))
            found.append(
                Contradiction(
                    claim=tx.source.excerpt or tx.description,
                    claim_source=tx.source,
                    evidence_against=[event.source],
                    explanation=(
                        f"{claimant} claimed expenses at {where} on {day.isoformat()}, yet "
                        f"their own attendance record has them at {site} from {arrived} to "
                        f"{left} that day."
                    ),
                    severity="HIGH",
                )
            )
            break
    return found
