"""The deterministic path of numeric validation: extract → one verifier per statement → review.

`extract` reads every financial document's tables and names the verifiers to run (one per
statement or line-item table, one per document's narrative); `verify` finds one statement's
relations and evaluates each; `review` re-evaluates every mismatch and names the figure that
several mismatches share. The model path (agents.numeric) runs the same steps as agents and
hands every expression it proposes to `evaluate` here.
"""

import re
from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction

from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.numeric.expr import ExpressionError, evaluate, evaluate_interval, parse
from holmes_backend.numeric.figures import Figure, FigureBook, Table, read_tables
from holmes_backend.numeric.narrative import NARRATIVE, narrative_relations
from holmes_backend.numeric.relations import (
    Relation,
    across_relations,
    interval,
    statement_relations,
)
from holmes_backend.numeric.schemas import CheckedFigure, NumericCheck, NumericFinding

_ID = re.compile(r"\b[A-Za-z][A-Za-z0-9_]*\b")


ACROSS = "Across statements"


@dataclass
class Plan:
    """One verifier to run: a statement (or line-item table), a document's narrative, or the
    lines that several statements share (`doc` None)."""

    name: str  # the statement's title
    file_id: str  # "" across statements: each check is its stated figure's file's
    table: Table | None
    doc: EvidenceDoc | None


@dataclass
class Extracted:
    book: FigureBook
    plans: list[Plan]

    @property
    def fsli_names(self) -> list[str]:
        names: list[str] = []
        for table in self.book.tables:
            names += [r.label for r in table.rows if r.label not in names]
        return names


# Rows read per document: a statement, an invoice, a ledger's first five thousand rows (about a
# second of checks, measured: 20,000 ledger rows took 3.7 s on one core). A
# million-row export is the financial analyst's to read; footing it line by line here would
# only slow its case's processing down.
MAX_CHUNKS = 5_000


def extract(docs: list[EvidenceDoc]) -> Extracted:
    book = FigureBook()
    plans: list[Plan] = []
    for whole in docs:
        doc = replace(whole, chunks=whole.chunks[:MAX_CHUNKS])
        tables = read_tables(doc, book)
        plans += [Plan(t.title, doc.file_id, t, doc) for t in tables]
        plans.append(Plan(f"{doc.filename} {NARRATIVE}", doc.file_id, None, doc))
    if across_relations(book.tables):
        plans.append(Plan(ACROSS, "", None, None))
    return Extracted(book, plans)


def relations_of(plan: Plan, extracted: Extracted) -> list[Relation]:
    if plan.table is not None:
        return statement_relations(plan.table, extracted.book)
    if plan.doc is None:
        return across_relations(extracted.book.tables)
    tables = [t for t in extracted.book.tables if t.file_id == plan.file_id]
    return narrative_relations(plan.doc, tables, extracted.book)


def file_of(relation: Relation, plan: Plan, book: FigureBook) -> str:
    """The file a check belongs to: its plan's, or across statements its stated figure's."""
    return plan.file_id or book.figures[relation.target].file_id


def verify(plan: Plan, extracted: Extracted) -> list[NumericCheck]:
    book = extracted.book
    return [
        evaluate_relation(r, book, file_of(r, plan, book)) for r in relations_of(plan, extracted)
    ]


def checked(figure: Figure) -> CheckedFigure:
    return CheckedFigure(
        id=figure.id,
        label=figure.label,
        period=figure.period,
        value=float(figure.value),
        written=figure.written,
        unit=figure.unit,
        source=figure.source,
    )


def evaluate_relation(relation: Relation, book: FigureBook, file_id: str) -> NumericCheck:
    """The relation's check: both sides evaluated over the figures' precision intervals;
    verified when they can be equal, a mismatch when they cannot, unverifiable when a figure
    is missing or a divisor may be zero."""
    ids = [relation.target, *parse(relation.formula).names()]
    figures = [book.figures[i] for i in ids if i in book.figures]
    base = {
        "check_id": f"{file_id}:{relation.check_type}:{relation.expression}",
        "file_id": file_id,
        "statement": relation.statement,
        "subject": relation.subject,
        "period": relation.period,
        "check_type": relation.check_type,
        "expression": relation.expression,
        "computation": render(relation.expression, book),
        "figures": [checked(f) for f in figures],
    }
    if len(figures) != len(ids):
        return NumericCheck(
            **base, stated=None, computed=None, tolerance=0.0, status="unverifiable"
        )
    try:
        stated, computed, tolerance, agrees = compare(relation.expression, book.figures)
    except (ExpressionError, ZeroDivisionError):
        return NumericCheck(
            **base, stated=None, computed=None, tolerance=0.0, status="unverifiable"
        )
    return NumericCheck(
        **base,
        stated=float(stated),
        computed=float(computed),
        difference=float(stated - computed),
        tolerance=float(tolerance),
        status="verified" if agrees else "mismatch",
    )


def compare(
    expression: str, figures: dict[str, Figure]
) -> tuple[Fraction, Fraction, Fraction, bool]:
    """Stated and computed values of "left = right", the tolerance the written precision
    allows, and whether the two sides can be equal."""
    left_text, _, right_text = expression.partition("=")
    if not right_text.strip():
        raise ExpressionError(f"not a relation: {expression!r}")
    left, right = parse(left_text), parse(right_text)
    points = {n: figures[n].value for n in [*left.names(), *right.names()] if n in figures}
    ranges = {n: interval(figures[n]) for n in points}
    stated, computed = evaluate(left, points), evaluate(right, points)
    left_range, right_range = evaluate_interval(left, ranges), evaluate_interval(right, ranges)
    tolerance = (left_range.high - left_range.low + right_range.high - right_range.low) / 2
    agrees = left_range.low <= right_range.high and right_range.low <= left_range.high
    return stated, computed, tolerance, agrees


def render(expression: str, book: FigureBook) -> str:
    """The relation with each figure as the document writes it."""

    def written(match: re.Match[str]) -> str:
        figure = book.figures.get(match.group())
        return figure.written if figure else match.group()

    return _ID.sub(written, expression)


def review(checks: list[NumericCheck], book: FigureBook) -> list[NumericFinding]:
    """Every mismatch re-evaluated (one that holds after all is verified), and the mismatches
    grouped by the figures they share: a group's common figure is named as the one at fault;
    a mismatch on its own names its stated figure. One finding per group."""
    mismatches: list[NumericCheck] = []
    for check in checks:
        if check.status != "mismatch":
            continue
        _, _, _, agrees = compare(check.expression, book.figures)
        if agrees:
            check.status = "verified"
            continue
        mismatches.append(check)
    groups = _groups(mismatches)
    findings: list[NumericFinding] = []
    for group in groups:
        suspect = _suspect(group)
        for check in group:
            check.suspect_figure = suspect
            check.note = _note(group, suspect, book)
        findings.append(_finding(group, suspect, book))
    return findings


def _groups(mismatches: list[NumericCheck]) -> list[list[NumericCheck]]:
    """Mismatches joined when they share a figure (union-find over figure ids)."""
    parent = list(range(len(mismatches)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    holders: dict[str, int] = {}
    for index, check in enumerate(mismatches):
        for figure in check.figures:
            if figure.id in holders:
                parent[root(index)] = root(holders[figure.id])
            else:
                holders[figure.id] = index
    grouped: dict[int, list[NumericCheck]] = defaultdict(list)
    for index, check in enumerate(mismatches):
        grouped[root(index)].append(check)
    return list(grouped.values())


def _suspect(group: list[NumericCheck]) -> str:
    if len(group) == 1:
        return group[0].figures[0].id  # the stated figure
    counts: dict[str, int] = defaultdict(int)
    for check in group:
        for figure in {f.id for f in check.figures}:
            counts[figure] += 1
    return max(counts, key=lambda f: (counts[f], -int(f[1:]) if f[1:].isdigit() else 0))


def _describe(figure: Figure) -> str:
    period = f" ({figure.period})" if figure.period else ""
    return f"{figure.label}{period}, written {figure.written}"


def _note(group: list[NumericCheck], suspect: str, book: FigureBook) -> str:
    figure = book.figures[suspect]
    if len(group) == 1:
        return f"The stated figure does not follow from the others: {_describe(figure)}."
    return (
        f"{len(group)} relations fail and all read {_describe(figure)}: that figure is the "
        "likely error."
    )


def _finding(group: list[NumericCheck], suspect: str, book: FigureBook) -> NumericFinding:
    figure = book.figures[suspect]
    lines = [
        f"{c.subject} ({c.period or c.statement}): {c.computation} — computed "
        f"{c.computed:,.2f}, stated {c.stated:,.2f}, tolerance {c.tolerance:,.2f}"
        for c in group
        if c.computed is not None and c.stated is not None
    ]
    gap = max(abs(c.difference or 0) / max(abs(c.stated or 0), 1) for c in group)
    severity = "HIGH" if gap >= 0.01 else "MEDIUM" if gap >= 0.001 else "LOW"
    return NumericFinding(
        title=f"Figures do not reconcile: {figure.label or 'stated figure'}"
        + (f" ({figure.period})" if figure.period else ""),
        summary=" ".join([_note(group, suspect, book), *lines]),
        severity=severity,
        suspect_figure=checked(figure),
        check_ids=[c.check_id for c in group],
        sources=unique_refs([f.source for c in group for f in c.figures], limit=12),
    )


def validate(docs: list[EvidenceDoc]) -> tuple[list[NumericCheck], list[NumericFinding]]:
    """The whole deterministic path in one call (for tests and the offline provider)."""
    extracted = extract(docs)
    checks = [c for plan in extracted.plans for c in verify(plan, extracted)]
    return checks, review(checks, extracted.book)
