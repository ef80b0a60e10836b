"""Cheques that cleared the bank but are missing from the cheque register: the register runs
100231, 100232, 100233, 100235 …; the statement pays "CHQ 100234" for 1,850.00. A cheque written
outside the register is the classic way a keeper of the cheque book pays themselves.

Read at synthesis from the financial domain's rows: a register is a file of three or more rows
numbering their cheques in a column of their own ("Cheque no"); the bank's rows name a cheque
by its number in their narrative ("CHQ 100234", "Cheque 100234"). A number within the
register's run (or just after it) that the register lacks is an anomaly (HIGH) citing the bank's
rows and the register's rows either side of the gap; whoever says every cheque written is in the
register is contradicted by it (HIGH)."""

import re
from bisect import bisect_left

from holmes_backend.agents.schemas import Anomaly, Transaction
from holmes_backend.analysis.domains.ledger import total_of
from holmes_backend.analysis.facts.cells import row_fields
from holmes_backend.analysis.facts.cite import unique_refs

UNRECORDED_CHEQUE = "unrecorded_cheque"

_NUMBER_COLUMN = re.compile(r"\b(?:cheque|chq|check|chk)\b", re.IGNORECASE)
_NARRATIVE = re.compile(
    r"\b(?:chq|cheque|check|chk)\s*(?:no\.?|number|#)?\s*:?\s*(?P<n>\d{4,8})\b", re.IGNORECASE
)
_MIN_REGISTER = 3
_AFTER_RUN = 5  # numbers just after the register's last are the book's next leaves
# "Every cheque I write is entered in the cheque register", "No cheque has been written that is
# not in the register".
_REGISTER_WORDS = re.compile(r"\b(?:register|book|ledger|record(?:ed|s)?|stub)\b", re.I)
_ALL = re.compile(r"\b(?:every|all|each|no|none|any)\b", re.IGNORECASE)
_CHEQUE_WORD = re.compile(r"\b(?:cheques?|checks?|chqs?)\b", re.IGNORECASE)


def _register_number(tx: Transaction) -> int | None:
    excerpt = tx.source.excerpt or ""
    if not _NUMBER_COLUMN.search(excerpt):
        return None
    for key, value in row_fields(excerpt).items():
        if _NUMBER_COLUMN.search(key) and value.strip().isdigit():
            return int(value.strip())
    return None


def unrecorded_cheques(transactions: list[Transaction], filenames: dict[str, str]) -> list[Anomaly]:
    registers: dict[str, dict[int, Transaction]] = {}
    for tx in transactions:
        if (number := _register_number(tx)) is not None:
            registers.setdefault(tx.source.file_id, {})[number] = tx
    found: list[Anomaly] = []
    for file_id, rows in registers.items():
        if len(rows) < _MIN_REGISTER:
            continue
        numbers = sorted(rows)
        low, high = numbers[0], numbers[-1] + _AFTER_RUN
        cleared: dict[int, Transaction] = {}
        for tx in transactions:
            if tx.source.file_id == file_id:
                continue
            match = _NARRATIVE.search(f"{tx.description} {tx.source.excerpt or ''}")
            if match and low <= (n := int(match["n"])) <= high and n not in rows:
                cleared.setdefault(n, tx)
        if not cleared:
            continue
        missing = sorted(cleared)
        paid = [cleared[n] for n in missing]
        neighbours = []
        for n in missing[:3]:
            at = bisect_left(numbers, n)
            neighbours += [rows[numbers[i]] for i in (at - 1, at) if 0 <= i < len(numbers)]
        register = filenames.get(file_id, "the cheque register")
        found.append(
            Anomaly(
                kind=UNRECORDED_CHEQUE,
                description=(
                    f"{len(missing)} cheque(s) cleared the bank ({total_of(paid)}) that "
                    f"{register} does not record: "
                    + ", ".join(f"{n} ({cleared[n].date or 'undated'})" for n in missing[:6])
                    + f"; the register runs {numbers[0]}\u2013{numbers[-1]}."
                ),
                severity="HIGH",
                total_amount=sum(t.amount for t in paid),
                sources=unique_refs(
                    [*(t.source for t in paid[:4]), *(t.source for t in neighbours)], 8
                ),
            )
        )
    return found
