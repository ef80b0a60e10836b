"""Reported statement figures: period-over-period moves, narrative text checked against tables,
and one finding per document listing its figures (they are amounts, not transfers: no timeline
entry or transaction of their own).

A press release or report often states a headline figure in words ("net income was $44.2
million") that its table gives exactly ("44,172" in thousands). A stated figure that matches no
table figure of the same line and date, within its rounding, is flagged.

Another document's account of a filing's figure (meeting notes' "He said that net income for the
quarter was $51.8 million") is held against the filing's table (FIGURE_MISSTATED, a
contradiction at synthesis): the same line (its key words, and any qualifier the
sentence gives it, "online sales", in the table's label), of the period the sentence names ("the
quarter": the table's thirteen weeks or three months; "the nine months", "year to date"), at its
latest date. A figure that is the line's earlier period is the prior period's told as the
current one; one that is neither, a misstatement. So is "we have no outstanding debt" against
the filing's loans, borrowings or overdraft of the year it speaks of.
"""

import re
from collections import defaultdict

from holmes_backend.agents.schemas import Anomaly, Finding, Transaction
from holmes_backend.analysis.domains.statements import REPORTED
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.dates import find_moments
from holmes_backend.analysis.facts.lexicon import STOPWORDS
from holmes_backend.analysis.facts.money import Money, find_money, format_money
from holmes_backend.analysis.facts.text import Unit, units, words
from holmes_backend.llm.evidence import EvidenceDoc

_KEY_LINES = re.compile(
    r"\b(revenue|revenues|turnover|sales|net income|net loss|net earnings|gross profit|"
    r"operating income|income from operations|total assets|total liabilities|"
    r"cash and cash equivalents)\b",
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


FIGURE_MISSTATED = "figure_misstated"
_TOLD_LINE = re.compile(
    r"(?P<qualifier>(?:\b[a-z][a-z-]+\s+)?)(?P<line>revenue|revenues|turnover|sales|net income|"
    r"net loss|net earnings|gross profit|operating income|income from operations)\b",
    re.IGNORECASE,
)
_PERIOD_WORDS = (
    (re.compile(r"\b(?:quarter|three months|13[- ]weeks?|thirteen[- ]weeks?)\b", re.I), "quarter"),
    (
        re.compile(
            r"\b(?:year[- ]to[- ]date|nine months|six months|half[- ]year|39[- ]weeks?|"
            r"thirty-nine[- ]weeks?|26[- ]weeks?|twenty-six[- ]weeks?)\b",
            re.I,
        ),
        "to date",
    ),
)
_PERIOD_LABEL = {
    "quarter": re.compile(r"\b(?:thirteen|13|three months|quarter)\b", re.I),
    "to date": re.compile(r"\b(?:thirty-nine|39|nine months|twenty-six|26|six months)\b", re.I),
}
# Words before a line that say nothing of which line it is.
_PLAIN = frozenset(
    {"net", "total", "the", "our", "its", "their", "his", "her", "company", "group", "that", "for"}
    | {"said", "says", "stated", "reported", "was", "were", "is", "are", "and", "of", "in", "with"}
)


def figures_misstated(docs: list[EvidenceDoc], figures: list[Transaction]) -> list[Finding]:
    """Sentences of a document without a table of its own telling a key line's figure that
    another document's table reports otherwise (see the module's docstring)."""
    table = [(t, p) for t in figures if (p := _parts(t)) and _KEY_LINES.search(p[0])]
    debts = [(t, p) for t in figures if (p := _parts(t)) and _DEBT_LINE.search(p[0]) and t.amount]
    # A document's own text is checked against its own table (narrative_check).
    tabled = {t.source.file_id for t, _ in table}
    in_debt = {t.source.file_id for t, _ in debts}
    found: list[Finding] = []
    for doc in docs if table or debts else []:
        told, denied = doc.file_id not in tabled, doc.file_id not in in_debt and debts
        for unit in units(doc) if told or denied else []:
            if unit.kind != "prose":
                continue
            money = [m for m in find_money(unit.text) if abs(m.value) >= 1000]
            if len(money) == 1 and told:
                found += _misstated(unit, money[0], table)
            elif not money and denied and _NO_DEBT.search(unit.text):
                found += _debt_denied(unit, debts)
    return found


# "We have no outstanding debt", "the company carries no bank borrowings", "debt-free": said
# against a filing's loans, borrowings or overdraft of that period (not what is owed to it).
# Someone must be said to have none: "no loan was made to the director" denies no debt.
_NO_DEBT = re.compile(
    r"\b(?:(?:ha(?:s|ve|d)|carr(?:y|ies|ied)|owe[sd]?|with)\s+(?:no|zero|nil)|(?:not|never)\s+"
    r"(?:have|had|carr(?:y|ied)|held|hold)\s+any|no(?=\s+outstanding))\s+"
    r"(?:outstanding\s+|bank\s+|external\s+|long[- ]term\s+|other\s+)*"
    r"(?:debts?|loans?|borrowings?|overdrafts?|liabilities\s+to\s+lenders)\b|\bdebt[- ]free\b",
    re.IGNORECASE,
)
_YEARS = re.compile(r"\b(?:19|20)\d{2}\b")
_DEBT_LINE = re.compile(
    r"^(?!.*\b(?:receivables?|debtors|to\s+(?:customers|directors|related))\b)"
    r".*\b(?:loans?|borrowings?|debt|overdrafts?|notes\s+payable|mortgages?|lease\s+liabilit)",
    re.IGNORECASE,
)


def _debt_denied(
    unit: Unit, debts: list[tuple[Transaction, tuple[str, str, str]]]
) -> list[Finding]:
    latest = max(parts[2] for _, parts in debts)
    years = _YEARS.findall(unit.text)
    if years and max(years) < latest[:4]:
        return []  # told of an earlier year than the filing's
    reported, (label, _, _) = max(
        ((tx, parts) for tx, parts in debts if parts[2] == latest), key=lambda d: abs(d[0].amount)
    )
    amount = format_money(abs(reported.amount), reported.currency)
    what = reported.description.removeprefix(REPORTED + ": ")
    return [
        Finding(
            finding_type=FIGURE_MISSTATED,
            title=f"No debt told against {amount} of {label.lower()}",
            summary=f"It says there is no debt; the filing reports {amount} ({what}).",
            confidence=0.75,
            severity="HIGH",
            sources=unique_refs([unit.ref, reported.source], 6),
        )
    ]


def _misstated(
    unit: Unit, figure: Money, table: list[tuple[Transaction, tuple[str, str, str]]]
) -> list[Finding]:
    told = _TOLD_LINE.search(unit.text)
    if told is None:
        return []
    wanted = {w for w in words(told["qualifier"]) if w not in _PLAIN and w not in STOPWORDS}
    wanted |= {w for w in words(told["line"]) if w != "net"}
    period = next((name for pattern, name in _PERIOD_WORDS if pattern.search(unit.text)), None)
    line = _key(told["line"])
    same = [
        (tx, parts)
        for tx, parts in table
        if _key(parts[0]) == line
        and wanted <= _label_words(parts[0])
        and (period is None or _PERIOD_LABEL[period].search(parts[1]))
    ]
    if not same:
        return []
    latest = max(parts[2] for _, parts in same)
    current = [tx for tx, parts in same if parts[2] == latest]
    tolerance = _rounding(unit.text[figure.start : figure.end], figure.value)
    if any(abs(abs(tx.amount) - abs(figure.value)) <= tolerance for tx in current):
        return []
    prior = next(
        (
            tx
            for tx, parts in same
            if parts[2] < latest and abs(abs(tx.amount) - abs(figure.value)) <= tolerance
        ),
        None,
    )
    reported = current[0]
    what = reported.description.removeprefix(REPORTED + ": ")
    earlier = (
        f", and {format_money(prior.amount, prior.currency)} for the earlier period "
        f"({prior.description.removeprefix(REPORTED + ': ')}): the prior period's figure given "
        "as the current one"
        if prior
        else ""
    )
    return [
        Finding(
            finding_type=FIGURE_MISSTATED,
            title=f"{told['line'].capitalize()} told as "
            f"{format_money(figure.value, figure.currency)}",
            summary=(
                f"It gives {format_money(figure.value, figure.currency)}; the filing reports "
                f"{format_money(reported.amount, reported.currency)} ({what}){earlier}."
            ),
            confidence=0.8,
            severity="HIGH" if prior else "MEDIUM",
            sources=unique_refs([unit.ref, reported.source, *([prior.source] if prior else [])], 6),
        )
    ]


def _key(label: str) -> str:
    """A line's key words, as the table and the telling both write them ("SALES, Net of
    returns" and "net sales": sales; "Revenues": revenue)."""
    match = _KEY_LINES.search(label)
    key = match.group().lower().removesuffix("s") if match else ""
    return "revenue" if key == "turnover" else key  # the British accounts' word for it


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
