"""Reported statement figures: period-over-period moves, narrative text checked against tables,
and one finding per document listing its figures (they are amounts, not transfers: no timeline
entry or transaction of their own).

A press release or report often states a headline figure in words ("net income was $44.2
million") that its table gives exactly ("44,172" in thousands). A stated figure that matches no
table figure of the same line and date, within its rounding, is flagged.
"""

import re
from collections import defaultdict

from holmes_backend.agents.schemas import Anomaly, Finding, Transaction
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.statements import REPORTED
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments
from holmes_backend.llm.local.facts.lexicon import STOPWORDS
from holmes_backend.llm.local.facts.money import find_money, format_money
from holmes_backend.llm.local.facts.text import units, words

_KEY_LINES = re.compile(
    r"\b(revenue|revenues|sales|net income|net loss|net earnings|gross profit|operating income|"
    r"income from operations|total assets|total liabilities|cash and cash equivalents)\b",
    re.IGNORECASE,
)
_DESCRIPTION = re.compile(
    rf"^{REPORTED}: (?P<label>.+?) \u2014 (?P<period>.*?)(?P<date>[\d-]+)(?: \(|$)"
)
_MATERIAL_CHANGE = 0.05
_MAX_FINDINGS = 6
_LISTED = 8


def _parts(tx: Transaction) -> tuple[str, str, str] | None:
    match = _DESCRIPTION.match(tx.description)
    if not match:
        return None
    return match["label"].strip(), match["period"].strip(), match["date"]


def period_changes(figures: list[Transaction]) -> list[Finding]:
    """Key lines that moved by more than 5 % between two periods of the same length."""
    series: dict[tuple[str, str, str], list[Transaction]] = defaultdict(list)
    for tx in figures:
        parts = _parts(tx)
        if parts and _KEY_LINES.search(parts[0]):
            series[(tx.source.file_id, parts[0], parts[1])].append(tx)
    found: list[Finding] = []
    for (_, label, period), items in series.items():
        if len(items) < 2:
            continue
        ordered = sorted(items, key=lambda t: t.date or "", reverse=True)
        latest, prior = ordered[0], ordered[1]
        if not prior.amount:
            continue
        change = (latest.amount - prior.amount) / abs(prior.amount)
        if abs(change) < _MATERIAL_CHANGE:
            continue
        verb = "rose" if change > 0 else "fell"
        span = f"{period} " if period else ""
        found.append(
            Finding(
                finding_type="period_change",
                title=f"{label} {verb} {abs(change):.1%} ({span}{latest.date} vs {prior.date})",
                summary=(
                    f"{label}: {format_money(latest.amount, latest.currency)} for {span}"
                    f"{latest.date} against {format_money(prior.amount, prior.currency)} for "
                    f"{prior.date}."
                ),
                confidence=0.9,
                severity="MEDIUM" if abs(change) >= 0.2 else "LOW",
                sources=[latest.source, prior.source],
            )
        )
    return found[:_MAX_FINDINGS]


def _label_words(label: str) -> set[str]:
    return {w for w in words(label) if w not in STOPWORDS and len(w) > 2}


def narrative_check(doc: EvidenceDoc, figures: list[Transaction]) -> tuple[int, list[Anomaly]]:
    """Stated figures compared with the table: (how many agree, anomalies for those that don't)."""
    table = [(t, p) for t in figures if (p := _parts(t)) and t.source.file_id == doc.file_id]
    if not table:
        return 0, []
    agreed = 0
    found: list[Anomaly] = []
    for unit in units(doc):
        if unit.kind != "prose":
            continue
        days = {m.day.isoformat() for m in find_moments(unit.text)}
        stated = [m for m in find_money(unit.text) if abs(m.value) >= 1000]
        if not days or not stated:
            continue
        sentence = set(words(unit.text))
        candidates = [
            tx
            for tx, (label, _, day) in table
            if day in days and _label_words(label) <= sentence and _KEY_LINES.search(label)
        ]
        if not candidates:
            continue
        figure = stated[0]
        tolerance = _rounding(unit.text[figure.start : figure.end], figure.value)
        if any(abs(abs(tx.amount) - abs(figure.value)) <= tolerance for tx in candidates):
            agreed += 1
            continue
        closest = min(candidates, key=lambda tx: abs(tx.amount - figure.value))
        found.append(
            Anomaly(
                kind="narrative_mismatch",
                description=(
                    f"The text states {format_money(figure.value, figure.currency)} where the "
                    f"table reports {format_money(closest.amount, closest.currency)} "
                    f"({closest.description.removeprefix(REPORTED + ': ')})"
                ),
                severity="MEDIUM",
                total_amount=round(abs(figure.value - closest.amount), 2),
                sources=[unit.ref, closest.source],
            )
        )
    return agreed, found


def _rounding(written: str, value: float) -> float:
    """Half a unit of the last digit written ("$44.2 million" → 50,000)."""
    digits = re.search(r"\d[\d,]*(?:\.(\d+))?", written)
    decimals = len(digits.group(1)) if digits and digits.group(1) else 0
    scale = 1.0
    lowered = written.lower()
    for word, factor in (("thousand", 1e3), ("million", 1e6), ("billion", 1e9)):
        if word in lowered:
            scale = factor
    return float(max(0.5 * scale / (10**decimals), abs(value) * 0.0005))


def figures_reported(figures: list[Transaction], filenames: dict[str, str]) -> list[Finding]:
    """Per document, the figures its financial tables report: each line once at its latest
    period, the key lines (revenue, net income, total assets…) first, each cited."""
    by_file: dict[str, list[tuple[Transaction, tuple[str, str, str]]]] = defaultdict(list)
    for tx in figures:
        if parts := _parts(tx):
            by_file[tx.source.file_id].append((tx, parts))
    found: list[Finding] = []
    for file_id, items in by_file.items():
        ranked = sorted(items, key=lambda item: item[1][2], reverse=True)
        ranked = sorted(ranked, key=lambda item: not _KEY_LINES.search(item[1][0]))
        firsts: dict[str, tuple[Transaction, tuple[str, str, str]]] = {}
        for item in ranked:  # each line once, at its latest period
            firsts.setdefault(item[1][0].lower(), item)
        listed = list(firsts.values())[:_LISTED]
        name = filenames.get(file_id, "the document")
        found.append(
            Finding(
                finding_type="reported_figures",
                title=f"{len(items)} figure(s) reported in {name}",
                summary="; ".join(
                    f"{label} ({(period + ' ' + day).strip() if period else day}): "
                    f"{format_money(tx.amount, tx.currency)}"
                    for tx, (label, period, day) in listed
                ),
                confidence=0.9,
                severity="LOW",
                sources=unique_refs([tx.source for tx, _ in listed], 6),
            )
        )
    return found
