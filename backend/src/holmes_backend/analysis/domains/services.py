"""Services billed that the case's own records do not show delivered: a billing row for a person
on a day their appointment record (sessions, visits, shifts, lessons) shows as cancelled or
missed, or on which that record, covering that person on other days, has no entry at all; and
labour billed by the hour or the head for a day a site's day-by-day record (a site diary, a
works log) says nobody worked ("Labour on site: None", "Site closed; no trades attended").
Whoever affirms that the hours billed were worked is contradicted by that record.

Read at synthesis: the billing rows are the financial domain's payments, the appointment
records the evidence domain's timeline rows (the two are often read by different agents)."""

import re

from holmes_backend.agents.schemas import (
    Transaction,
)
from holmes_backend.analysis.domains.ledger import tx_date
from holmes_backend.analysis.facts.cells import row_fields

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


def _who(fields: dict[str, str]) -> str | None:
    return next((v for k, v in fields.items() if _WHO.search(k) and v.strip()), None)


def served(tx: Transaction) -> str | None:
    """Whom a billing row names as served: its patient, client, member … column."""
    return _who(row_fields(tx.source.excerpt or ""))


def _days(txs: list[Transaction]) -> str:
    return ", ".join(sorted({d.isoformat() for t in txs if (d := tx_date(t))}))
