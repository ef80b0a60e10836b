"""Stated against recorded figures: one reference with different amounts or dates; caps."""

import re
from collections.abc import Iterable, Iterator

from holmes_backend.analysis.domains.ledger import is_payment, tx_date
from holmes_backend.analysis.domains.references import (
    Figure,
    figure_of,
    record_figure,
    same_reference,
)
from holmes_backend.analysis.engine import CaseFacts, detector
from holmes_backend.analysis.facts.lexicon import STOPWORDS
from holmes_backend.analysis.facts.money import format_money
from holmes_backend.analysis.facts.names import org_core, same_party
from holmes_backend.contracts.agents import Contradiction, SourceRef, Transaction

_TAX_RATES = [r / 100 for r in (5, 6, 7, 7.7, 8, 8.1, 9, 10, *range(12, 26), 27)]
_ROUNDING = 0.005
_APPROXIMATE = 0.05
_MIN_TOLD = 100.0  # smaller sums recur too often for one line of them to be the one told of
_DAYS = 7  # how far a told payment's day may be from its record's
_WORD = re.compile(r"[^\W\d_]{3,}")


@detector("figures", phase="contradictions", requires={"view", "caps"}, produces=Contradiction)
def figures(facts: CaseFacts) -> Iterable[Contradiction]:
    caps = [contradiction for _, contradiction in facts.caps]
    yield from caps
    found = [f for finding in facts.view.financial.findings if (f := figure_of(finding))]
    found += [f for tx in facts.view.financial.transactions if (f := record_figure(tx))]
    reported = [a.description for a in facts.view.financial.anomalies]
    said = " ".join([c.explanation for c in caps] + reported)
    yield from _disagreements(found, said)
    yield from _other_side(facts.view.financial.transactions)


def _other_side(transactions: list[Transaction]) -> Iterator[Contradiction]:
    """A told payment against the one record line of that amount naming another party."""
    lines = [t for t in transactions if t.source.row is not None and is_payment(t)]
    for told in transactions:
        if told.source.row is not None or told.amount < _MIN_TOLD or not is_payment(told):
            continue
        day = tx_date(told)
        same = [
            line
            for line in lines
            if line.source.file_id != told.source.file_id
            and abs(line.amount - told.amount) <= _ROUNDING * told.amount
            and told.currency == line.currency
            and (day is None or (d := tx_date(line)) is None or abs((d - day).days) <= _DAYS)
        ]
        if len(same) != 1:
            continue
        line = same[0]
        for side, way in (("to_party", "went to"), ("from_party", "came from")):
            party, other = getattr(told, side), getattr(line, side)
            if not party or not other or _names(party, line):
                continue
            yield Contradiction(
                claim=told.source.excerpt or told.description,
                claim_source=told.source,
                evidence_against=[line.source],
                explanation=(
                    f"{told.source.file_id} says {format_money(told.amount, told.currency)} "
                    f"{way} {party}; the record of that payment in {_where(line.source)} "
                    f"({line.date or 'undated'}) names {other}."
                ),
                severity="MEDIUM",
            )
            break


def _names(party: str, line: Transaction) -> bool:
    """Whether a record's line names the party."""
    if any(same_party(party, n) for n in (line.to_party, line.from_party) if n):
        return True
    words = {w.casefold() for w in _WORD.findall(org_core(party))} - STOPWORDS
    return bool(words & {w.casefold() for w in _WORD.findall(line.description)})


def _disagreements(found: list[Figure], said: str) -> Iterator[Contradiction]:
    """One item per reference."""
    groups: list[list[Figure]] = []
    for figure in found:
        group = next((g for g in groups if same_reference(g[0].reference, figure.reference)), None)
        if group is None:
            groups.append([figure])
        else:
            group.append(figure)
    for group in groups:
        if group[0].reference in said:
            continue  # the records' own mismatch of this reference is already reported
        claim = next((f for f in group if not f.record), group[0])
        against = [
            (f, why)
            for f in group
            if f.source.file_id != claim.source.file_id
            and (why := _amounts(claim, f) or _days(claim, f))
        ]
        if against:
            yield Contradiction(
                claim=claim.source.excerpt or claim.reference,
                claim_source=claim.source,
                evidence_against=[f.source for f, _ in against],
                explanation=" ".join(dict.fromkeys(why for _, why in against)),
                severity="MEDIUM",
            )


def _amounts(a: Figure, b: Figure) -> str | None:
    if (
        a.amount is None
        or b.amount is None
        or (a.currency and b.currency and a.currency != b.currency)
    ):
        return None
    low, high = sorted((a.amount, b.amount))
    if low <= 0:
        return None
    tolerance = _APPROXIMATE if a.approximate or b.approximate else _ROUNDING
    if high - low <= tolerance * high:
        return None
    taxed = a.taxed or b.taxed
    if taxed and any(abs(high - low * (1 + rate)) <= _ROUNDING * high for rate in _TAX_RATES):
        return None  # the one is the other with tax added: net and gross of one figure
    return (
        f"{a.reference} is given as {format_money(a.amount, a.currency)} in "
        f"{_where(a.source)} and as {format_money(b.amount, b.currency)} in {_where(b.source)}."
    )


def _days(a: Figure, b: Figure) -> str | None:
    if a.day is None or b.day is None or a.day == b.day or a.record or b.record:
        return None
    where = f"{_where(a.source)} and {b.day.isoformat()} in {_where(b.source)}"
    return f"{a.reference} is dated {a.day.isoformat()} in {where}."


def _where(source: SourceRef) -> str:
    if source.row is not None:
        return f"{source.file_id} (row {source.row})"
    return f"{source.file_id} (line {source.line})" if source.line is not None else source.file_id
