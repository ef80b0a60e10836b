"""Figures a document states in its sentences ("net income ... was $44.2 million, or $0.89 per
share"; "decreased 3.2 percent to $293.6 million from net sales of $303.5 million"), matched to
the table line they restate and to the change they state.

A sentence's amount restates the line whose name is written last before it (since the amount
before it), in the column whose figure it is nearest; a per-share amount restates the basic or
the diluted line, as the words after it say. An amount that no line names, or that is far from
every figure of its line, is no restatement and is not checked.
"""

import re
from dataclasses import dataclass
from fractions import Fraction

from holmes_backend.analysis.facts.money import find_money
from holmes_backend.analysis.facts.text import units
from holmes_backend.contracts.agents import SourceRef
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.numeric.figures import Figure, FigureBook, Row, Table
from holmes_backend.numeric.relations import Relation, label_key

NARRATIVE = "narrative"
_PER_SHARE_AFTER = re.compile(r"^\s*per\s+(?:diluted\s+|basic\s+)?(?:common\s+)?share", re.I)
_DILUTED = re.compile(r"\bdiluted\b", re.IGNORECASE)
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
_SCALE_WORD = re.compile(r"\b(thousand|million|billion|mn|bn|k|m|b)\b", re.IGNORECASE)
_SCALES = {"thousand": 3, "k": 3, "million": 6, "mn": 6, "m": 6, "billion": 9, "bn": 9, "b": 9}
_CHANGE = re.compile(
    r"\b(?P<verb>increased|decreased|rose|fell|grew|declined|was up|was down)\s+(?:by\s+)?"
    r"(?P<pct>\d+(?:\.\d+)?)\s*(?:percent|per cent|%)",
    re.IGNORECASE,
)
_DOWN = ("decreased", "fell", "declined", "was down")
_FAR = Fraction(1, 10)  # an amount further than this share from a line's figures is another one


@dataclass
class _Mention:
    figure: Figure
    start: int
    end: int
    row: Row | None


def narrative_relations(doc: EvidenceDoc, tables: list[Table], book: FigureBook) -> list[Relation]:
    """The sentence figures of one document against its tables (a verifier's work for one
    document's narrative)."""
    rows = [r for t in tables if not t.items for r in t.rows]
    relations: list[Relation] = []
    for unit in units(doc):
        if unit.kind != "prose" or unit.heading:
            continue
        mentions = _mentions(doc, unit.text, unit.ref, rows, book)
        for mention in mentions:
            relation = _restated(mention)
            if relation is not None:
                relations.append(relation)
        relations += _changes(doc, unit.text, unit.ref, mentions, book)
    return relations


def _mentions(
    doc: EvidenceDoc, text: str, ref: SourceRef, rows: list[Row], book: FigureBook
) -> list[_Mention]:
    found: list[_Mention] = []
    window_start = 0
    subject: Row | None = None
    for money in find_money(text):
        written = text[money.start : money.end].strip()
        if written.startswith("(") and not written.endswith(")"):
            written = written[1:]  # the bracket opens an aside: "($0.88 per share diluted)"
        precision = _written(written)
        if precision is None:
            continue
        value, half = precision
        per_share = bool(_PER_SHARE_AFTER.match(text[money.end :]))
        if per_share:
            after = text[money.end : money.end + 40].split("$", maxsplit=1)[0]
            kind = "diluted" if _DILUTED.search(after) else "basic"
            row = next((r for r in rows if r.unit == "per_share" and kind in r.label.lower()), None)
        else:
            row = _named(text[window_start : money.start], rows) or subject
            subject = row
            window_start = money.end
        figure = book.new(
            file_id=doc.file_id,
            label=row.label if row else "",
            period="",
            value=-value if money.value < 0 else value,
            half_unit=half,
            written=written.strip(),
            unit="per_share" if per_share else "money",
            source=ref.model_copy(),
        )
        found.append(_Mention(figure, money.start, money.end, row))
    return found


def _written(text: str) -> tuple[Fraction, Fraction] | None:
    number = _NUMBER.search(text)
    if number is None:
        return None
    digits = number.group().replace(",", "")
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    scale_word = _SCALE_WORD.search(text[number.end() :])
    power = _SCALES[scale_word.group(1).lower()] if scale_word else 0
    scale = Fraction(10) ** power
    return Fraction(digits) * scale, Fraction(1, 2 * 10**decimals) * scale


def _named(window: str, rows: list[Row]) -> Row | None:
    """The line whose name is written last in the window."""
    lowered = window.lower()
    best: tuple[int, int, Row] | None = None
    for row in rows:
        key = label_key(row.label)
        if not key or row.unit != "money":
            continue
        for match in re.finditer(rf"\b{re.escape(key)}\b", lowered):
            candidate = (match.end(), len(key), row)
            if best is None or candidate[:2] > best[:2]:
                best = candidate
    return best[2] if best else None


def _restated(mention: _Mention) -> Relation | None:
    row = mention.row
    figure = mention.figure
    if row is None:
        return None
    options = [f for f in row.figures if f is not None and f.value]
    if not options:
        return None
    nearest = min(options, key=lambda f: abs(f.value - figure.value))
    if abs(nearest.value - figure.value) > _FAR * abs(nearest.value):
        return None
    figure.period = nearest.period
    return Relation("same_figure", figure.id, nearest.id, NARRATIVE, row.label, nearest.period)


def _changes(
    doc: EvidenceDoc, text: str, ref: SourceRef, mentions: list[_Mention], book: FigureBook
) -> list[Relation]:
    """ "decreased 3.2 percent to $293.6 million from $303.5 million": the stated change
    against the two amounts it compares."""
    found: list[Relation] = []
    for change in _CHANGE.finditer(text):
        after = [m for m in mentions if m.start > change.end() and m.figure.unit == "money"]
        if len(after) < 2:
            continue
        new, old = after[0], after[1]
        if not re.search(r"\bto\b", text[change.end() : new.start]):
            continue
        if not re.search(r"\bfrom\b", text[new.end : old.start]):
            continue
        pct = change["pct"]
        decimals = len(pct.split(".")[1]) if "." in pct else 0
        sign = -1 if change["verb"].lower() in _DOWN else 1
        subject = new.row.label if new.row else "Stated change"
        percent = book.new(
            file_id=doc.file_id,
            label=f"{subject} change",
            period=new.figure.period,
            value=sign * Fraction(pct),
            half_unit=Fraction(1, 2 * 10**decimals),
            written=change.group(),
            unit="percent",
            source=ref.model_copy(),
        )
        old_id, new_id = old.figure.id, new.figure.id
        found.append(
            Relation(
                "percent_change",
                percent.id,
                f"({new_id} - {old_id}) / {old_id} * 100",
                NARRATIVE,
                percent.label,
                new.figure.period,
            )
        )
    return found
