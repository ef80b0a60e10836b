"""Running balances that do not follow their rows: a statement or register printing a balance
after every row ("Debit | Credit | Balance"), where one row's balance is not the one before it
plus that row's money. A line altered after the fact (an amount made smaller, a payee
changed with its amount) or a line taken out leaves that mark; so does a stock register whose
count jumps.

Read per table (a sheet, a CSV, a Word table) and per printed statement (its dated lines, the
last figure of each its balance): the rows' order is the one most of them fit
(oldest first, or newest first as many bank exports print them); a table is read only when at
least three pairs of rows and three in five fit it, so the table is understood before a break
is called one. Each break is an anomaly citing the row and the one before it (HIGH), and at
synthesis a contradiction: the document against itself (document_contradictions)."""

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

from holmes_backend.agents.schemas import Anomaly, SourceRef
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.ledger import printed_balances
from holmes_backend.llm.local.facts.cells import roles, row_fields
from holmes_backend.llm.local.facts.money import parse_cell
from holmes_backend.llm.local.facts.text import units

BALANCE_BREAK = "balance_break"
_CENT = 0.011
_MIN_FITS = 3
_FIT_SHARE = 0.6


@dataclass
class _Line:
    ref: SourceRef
    moves: list[float]  # what the row's money does to the balance (either way when unsigned)
    balance: float


def balance_breaks(doc: EvidenceDoc) -> list[Anomaly]:
    tables: dict[str | None, list[dict[str, str]]] = defaultdict(list)
    refs: dict[str | None, list[SourceRef]] = defaultdict(list)
    for unit in units(doc):
        if unit.kind == "row":
            tables[unit.ref.sheet].append(row_fields(unit.text))
            refs[unit.ref.sheet].append(unit.ref)
    found: list[Anomaly] = []
    for sheet, rows in tables.items():
        if not any("balance" in key.lower() for key in rows[0]):
            continue  # no balance column: nothing to follow
        lines = _lines(rows, refs[sheet])
        if len(lines) > _MIN_FITS:
            found += _breaks(doc, lines)
    read = printed_balances(doc)
    # A statement printing the balance only at each day's end is left alone: which way each of
    # the day's earlier lines went, the print does not say.
    if all(balance is not None for _, _, balance in read):
        printed = [
            _Line(ref, [0.0] if amount is None else [amount, -amount], balance)
            for ref, amount, balance in read
            if balance is not None
        ]
        if len(printed) > _MIN_FITS:
            found += _breaks(doc, printed)
    return found


def _lines(rows: list[dict[str, str]], refs: list[SourceRef]) -> list[_Line]:
    headers = list(dict.fromkeys(k for fields in rows for k in fields))
    assigned = roles(headers)
    if "balance" not in assigned.values():
        return []
    if not {"debit", "credit", "amount"} & set(assigned.values()):
        # A stock register: its quantity column moves the count ("Quantity (ampoules): +20").
        assigned = {h: "amount" if role == "quantity" else role for h, role in assigned.items()}
    lines: list[_Line] = []
    pending = 0.0  # the known money of rows since the last balance printed
    for fields, ref in zip(rows, refs, strict=True):
        values = {
            assigned.get(k): parse_cell(v.strip().removeprefix("+"))
            for k, v in fields.items()
            if v.strip()
        }
        debit, credit, amount = values.get("debit"), values.get("credit"), values.get("amount")
        if debit or credit:
            moves = [(credit[0] if credit else 0.0) - (abs(debit[0]) if debit else 0.0)]
        elif amount:
            moves = [amount[0]] if amount[0] < 0 else [amount[0], -amount[0]]
        else:
            moves = [0.0]  # an opening balance: where it stands
        balance = values.get("balance")
        if balance is None:
            if len(moves) > 1:
                return []  # a day's rows before its balance, which way unknown: not readable
            pending += moves[0]
            continue
        lines.append(_Line(ref, [move + pending for move in moves], balance[0]))
        pending = 0.0
    return lines


def _fits(before: _Line, after: _Line) -> bool:
    return any(abs(before.balance + move - after.balance) <= _CENT for move in after.moves)


def _breaks(doc: EvidenceDoc, lines: list[_Line]) -> list[Anomaly]:
    pairs = list(pairwise(lines))
    forward = sum(_fits(a, b) for a, b in pairs)
    backward = sum(_fits(b, a) for a, b in pairs)
    fits = max(forward, backward)
    if fits < _MIN_FITS or fits < _FIT_SHARE * len(pairs) or fits == len(pairs):
        return []
    ordered = pairs if forward >= backward else [(b, a) for a, b in pairs]
    shown = _shown(lines)
    found: list[Anomaly] = []
    for before, after in ordered:
        if _fits(before, after):
            continue
        expected = min(
            (before.balance + move for move in after.moves),
            key=lambda value: abs(value - after.balance),
        )
        gap = after.balance - expected
        found.append(
            Anomaly(
                kind=BALANCE_BREAK,
                description=(
                    f"{doc.filename}: the balance {shown(after.balance)} does not follow from "
                    f"{shown(before.balance)} and the row's {_move(after, shown)}; it should be "
                    f"{shown(expected)} ({'+' if gap >= 0 else '-'}{shown(abs(gap))}). A line "
                    "altered or taken out leaves this."
                ),
                severity="HIGH",
                total_amount=round(abs(gap), 2),
                sources=[after.ref, before.ref],
            )
        )
    return found


def _move(line: _Line, shown: Callable[[float], str]) -> str:
    if len(line.moves) > 1:
        return f"amount of {shown(abs(line.moves[0]))}"
    move = line.moves[0]
    return f"{'credit' if move >= 0 else 'debit'} of {shown(abs(move))}"


def _shown(lines: list[_Line]) -> Callable[[float], str]:
    """How the table's figures are written: counts whole ("15"), money to the cent."""
    whole = all(x.is_integer() for line in lines for x in (line.balance, *line.moves))
    return (lambda x: f"{x:,.0f}") if whole else (lambda x: f"{x:,.2f}")
