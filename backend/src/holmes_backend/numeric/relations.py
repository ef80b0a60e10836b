"""The relations a table's figures take part in, found from the figures themselves.

A result line (a total, a blank-labelled subtotal, "Gross profit", "Net income") is the signed
sum of the lines just above it that no earlier result has taken: the shortest run, and plain
additions before any subtraction, that holds in every period column, or in all columns but one
when there are three or more (so one wrong figure is found as a mismatch, not hidden by it).
Subtractions are only tried where two columns confirm them. A line labelled as a total that fits
no run is checked against the lines of its section, which then fails visibly. Earnings per share
follow from net income and weighted shares; total assets equal total liabilities and equity;
an invoice line is its quantity times its price; a ledger's balance follows the row before.
"""

import itertools
import re
from dataclasses import dataclass

from holmes_backend.numeric.expr import Interval, evaluate_interval, parse
from holmes_backend.numeric.figures import Figure, FigureBook, Row, Table
from holmes_backend.numeric.schemas import CheckType

_RESULT = re.compile(
    r"^(?:total|subtotal|net|gross)\b|\b(?:income|earnings|profit|loss)\s+(?:from|before)\b|"
    r"\b(?:operating|gross|net)\s+(?:income|profit|loss|earnings)\b|\bebitda?\b|"
    r"\b(?:amount|balance)\s+due\b",
    re.IGNORECASE,
)
_TOTAL = re.compile(r"^(?:sub)?total\b|\b(?:grand total|amount due|balance due)\b", re.IGNORECASE)
_NET_INCOME = re.compile(
    r"^net\s+(?:\(loss\)\s+)?(?:income|earnings|loss|profit)\b(?!\s+per)", re.IGNORECASE
)
_TOTAL_ASSETS = re.compile(r"^total\s+assets$", re.IGNORECASE)
_TOTAL_CLAIMS = re.compile(
    r"^total\s+liabilities\s+and\s+(?:\w+\W?\s+)?(?:equity|capital|deficit)", re.IGNORECASE
)
_MAX_RUN = 8
_KEY_DROP = frozenset({"and", "of", "the", "total"})
# Line names too general to be the same line when two tables share them.
_GENERIC = frozenset({"", "subtotal", "basic", "diluted", "other", "net"})


@dataclass(frozen=True)
class Relation:
    check_type: CheckType
    target: str  # the stated figure's id
    formula: str  # what it should equal, over figure ids
    statement: str
    subject: str
    period: str

    @property
    def expression(self) -> str:
        return f"{self.target} = {self.formula}"


def holds(target: Figure, formula: str, figures: dict[str, Figure]) -> bool:
    node = parse(formula)
    try:
        computed = evaluate_interval(node, {n: interval(figures[n]) for n in node.names()})
    except ZeroDivisionError:
        return False
    stated = interval(target)
    return stated.low <= computed.high and computed.low <= stated.high


def interval(figure: Figure) -> Interval:
    return Interval.around(figure.value, figure.half_unit)


def statement_relations(table: Table, book: FigureBook) -> list[Relation]:
    """Every relation of one table (a verifier's work for one statement)."""
    relations = _result_lines(table, book)
    relations += _per_share(table)
    relations += _balance_identity(table)
    relations += _line_amounts(table)
    relations += _running_balances(table)
    return relations


def _formula(terms: list[Figure], signs: tuple[int, ...]) -> str:
    text = terms[0].id
    for figure, sign in zip(terms[1:], signs[1:], strict=True):
        text += f" {'+' if sign > 0 else '-'} {figure.id}"
    return text


def _result_lines(table: Table, book: FigureBook) -> list[Relation]:
    columns = len(table.rows[0].figures) if table.rows else 0
    relations: list[Relation] = []
    open_rows: list[Row] = []
    section_start = 0  # where the open rows after the last total begin
    for row in table.rows:
        if row.unit != "money":
            continue
        total = bool(_TOTAL.search(row.label)) or row.blank_label
        if not (total or _RESULT.search(row.label)):
            open_rows.append(row)
            continue
        terms: list[Row] = []
        signs: tuple[int, ...] = ()
        found = _search(open_rows, row, columns, book)
        if found is not None:
            terms, signs = open_rows[-found[0] :], found[1]
        elif total:
            # A total no short run fits: its section, with or without the total before it
            # (a subtotal of the section, or a balance carried into it); checked against the
            # one that holds, else against the longer, where it fails.
            sections = [open_rows[max(0, section_start - 1) :], open_rows[section_start:]]
            candidates = [[r for r in s if r.heading == row.heading] or s for s in sections]
            terms = next(
                (
                    t
                    for t in reversed(candidates)
                    if t and _fitting_columns(t, (1,) * len(t), row, columns, book) > 0
                ),
                candidates[0],
            )
            signs = (1,) * len(terms)
        if terms:
            relations += _per_column(table, row, terms, signs, columns)
            taken = {id(t) for t in terms}
            open_rows = [r for r in open_rows if id(r) not in taken]
        open_rows.append(row)
        if total:
            section_start = len(open_rows)
    return relations


def _search(
    open_rows: list[Row], row: Row, columns: int, book: FigureBook
) -> tuple[int, tuple[int, ...]] | None:
    """The shortest run of open rows, and its signs, whose sum is `row` in enough columns."""
    needed = columns if columns < 3 else columns - 1
    for length in range(2, min(_MAX_RUN, len(open_rows)) + 1):
        terms = open_rows[-length:]
        plus = (1,) * length
        combos = [plus]
        if columns >= 2:
            combos += [
                (1, *rest) for rest in itertools.product((1, -1), repeat=length - 1) if -1 in rest
            ]
        for signs in combos:
            fitting = _fitting_columns(terms, signs, row, columns, book)
            if fitting >= needed and (signs == plus or fitting >= 2):
                return length, signs
    return None


def _fitting_columns(
    terms: list[Row], signs: tuple[int, ...], row: Row, columns: int, book: FigureBook
) -> int:
    fitting = 0
    for column in range(columns):
        target = row.figures[column]
        parts = [t.figures[column] for t in terms]
        if target is None or any(p is None for p in parts):
            continue
        present = [p for p in parts if p is not None]
        if holds(target, _formula(present, signs), book.figures):
            fitting += 1
    return fitting


def _per_column(
    table: Table, row: Row, terms: list[Row], signs: tuple[int, ...], columns: int
) -> list[Relation]:
    kind: CheckType = "footing" if all(s > 0 for s in signs) else "difference"
    found: list[Relation] = []
    for column in range(columns):
        target = row.figures[column]
        parts = [t.figures[column] for t in terms]
        present = [p for p in parts if p is not None]
        if target is None or len(present) != len(parts):
            continue
        found.append(
            Relation(
                kind, target.id, _formula(present, signs), table.title, row.label, target.period
            )
        )
    return found


def _first(table: Table, unit: str, pattern: re.Pattern[str]) -> Row | None:
    return next((r for r in table.rows if r.unit == unit and pattern.search(r.label)), None)


def _per_share(table: Table) -> list[Relation]:
    income = _first(table, "money", _NET_INCOME)
    if income is None:
        return []
    found: list[Relation] = []
    for kind in ("basic", "diluted"):
        word = re.compile(rf"\b{kind}\b", re.IGNORECASE)
        per_share = next(
            (r for r in table.rows if r.unit == "per_share" and word.search(r.label)), None
        )
        shares = _first(table, "shares", word)
        if per_share is None or shares is None:
            continue
        for eps, net, count in zip(per_share.figures, income.figures, shares.figures, strict=True):
            if eps is None or net is None or count is None:
                continue
            subject = f"{kind.capitalize()} earnings per share"
            found.append(
                Relation(
                    "per_share", eps.id, f"{net.id} / {count.id}", table.title, subject, eps.period
                )
            )
    return found


def _balance_identity(table: Table) -> list[Relation]:
    assets = _first(table, "money", _TOTAL_ASSETS)
    claims = _first(table, "money", _TOTAL_CLAIMS)
    if assets is None or claims is None:
        return []
    return [
        Relation("balance_identity", a.id, c.id, table.title, "Total assets", a.period)
        for a, c in zip(assets.figures, claims.figures, strict=True)
        if a is not None and c is not None
    ]


def _line_amounts(table: Table) -> list[Relation]:
    found: list[Relation] = []
    for item in table.items:
        amount, quantity, price = item.get("amount"), item.get("quantity"), item.get("unit_price")
        if amount is None or quantity is None or price is None:
            continue
        found.append(
            Relation(
                "line_amount",
                amount.id,
                f"{quantity.id} * {price.id}",
                table.title,
                amount.label,
                "",
            )
        )
    return found


_FIT_SHARE = 0.6


def _running_balances(table: Table) -> list[Relation]:
    """Each row's balance from the one before and the row's money, the way most rows fit."""
    rows = [item for item in table.items if "balance" in item]
    pairs = list(itertools.pairwise(rows))
    if len(pairs) < 2:
        return []
    best: list[Relation] = []
    best_fits = -1
    for direction in (1, -1):
        made = [(r, b, a) for b, a in pairs if (r := _moved(table, b, a, direction))]
        fits = sum(holds(a["balance"], r.formula, _figures_of(b, a)) for r, b, a in made)
        if made and fits > best_fits:
            best, best_fits = [r for r, _, _ in made], fits
    if best_fits < _FIT_SHARE * len(pairs):
        return []  # the table is not understood well enough to call a row broken
    return best


def _figures_of(*items: dict[str, Figure]) -> dict[str, Figure]:
    return {f.id: f for item in items for f in item.values()}


def _moved(
    table: Table, before: dict[str, Figure], after: dict[str, Figure], direction: int
) -> Relation | None:
    """`after`'s balance as `before`'s plus its credit less its debit (or, direction -1, the
    other way round, as a liability or a card account counts), or plus its signed amount."""
    plus, minus = ("credit", "debit") if direction > 0 else ("debit", "credit")
    formula = before["balance"].id
    if plus in after or minus in after:
        if plus in after:
            formula += f" + {after[plus].id}"
        if minus in after:
            formula += f" - {after[minus].id}"
    elif "amount" in after:
        formula += f" {'+' if direction > 0 else '-'} {after['amount'].id}"
    else:
        return None
    balance = after["balance"]
    return Relation(
        "running_balance", balance.id, formula, table.title, balance.label, f"row {balance.row}"
    )


def label_key(label: str) -> str:
    """A line's name as another table or a sentence would write it: its head before any comma
    or bracket, lower case, without "and", "of", "the", "total"."""
    head = re.split(r"[,(]", label)[0].lower()
    return " ".join(w for w in re.findall(r"[a-z]+", head) if w not in _KEY_DROP)


def across_relations(tables: list[Table]) -> list[Relation]:
    """The same line in the same period in two statements (of one document or two): each later
    one against the first."""
    first: dict[tuple[str, str, str], tuple[Table, Figure]] = {}
    found: list[Relation] = []
    for table in tables:
        if table.items:
            continue
        for row in table.rows:
            key = label_key(row.label)
            if row.blank_label or key in _GENERIC:
                continue
            for figure in row.figures:
                if figure is None:
                    continue
                seen = first.setdefault((key, row.unit, figure.period), (table, figure))
                if seen[0] is table:
                    continue
                found.append(
                    Relation(
                        "same_figure",
                        figure.id,
                        seen[1].id,
                        f"{seen[0].title} / {table.title}",
                        row.label,
                        figure.period,
                    )
                )
    return found
