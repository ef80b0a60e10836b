"""The citable items of a domain output, and the text summaries the Strategy agent reads of them.

Every item of a domain output that states a fact (its findings, transactions, anomalies, clauses,
dated items, events, sworn claims, custody records) is a finding: stored as a finding row
(`persist`) and summarised for Strategy under one headline: its kind, title, text and confidence.

Strategy receives the other domains' findings as text summaries (seed 000
`build_strategy_context`), not their outputs: one section per domain, one line per finding,

    --- Financial Agent Findings (2 findings) ---
    Counterparties: ["Marram Coast Ltd", "Ottoline Brisk"]
    Anomalies:
    [anomaly:structuring] structuring (confidence: 90): Three transfers under … | {"severity": …}
    Transactions:
    [transaction] USD 9,600.00 to Marram Coast Ltd (confidence: 80): wire | {"date": …, "amount": …}

— category, title, confidence and the first sentence of its text, then the item's remaining facts
(times, places, amounts, parties) and its citations with their excerpts, so that the reader can
compare them and cite them verbatim (grounding checks every excerpt). The local analyst reads the
lines back (`parse_summaries`) into partial domain outputs whose texts are those first sentences.
"""

import json
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from pydantic import BaseModel

from holmes_backend.analysis.facts.text import first_sentence as sentence_of
from holmes_backend.contracts.agents import SourceRef, Transaction

SEVERITY_CONFIDENCE = {"LOW": 0.5, "MEDIUM": 0.7, "HIGH": 0.9}
_FACT_CONFIDENCE = 0.8  # an extracted fact (a transaction, a clause …) as read
# The output lists whose items are findings, in the order they are stored, and each one's text.
_TEXT_FIELD = {
    "findings": "summary",
    "transactions": "description",
    "anomalies": "description",
    "clauses": "text",
    "dates": "description",
    "events": "description",
    "sworn_claims": "claim",
    "custody": "summary",
}
# The item fields a line's head carries (kind, title or confidence), left out of its facts.
_HEAD_FIELDS: dict[str, dict[str, str]] = {
    "findings": {"finding_type": "kind", "title": "title", "confidence": "confidence"},
    "custody": {"title": "title", "confidence": "confidence"},
    "anomalies": {"kind": "title"},
    "clauses": {"kind": "title"},
    "dates": {"date": "title"},
    "events": {"timestamp": "title"},
}
_SKIPPED = {"hypotheses"}  # the domain's own assessments: each agent weighs the hypotheses itself
_MAX_TEXT = 240
_HEADER = re.compile(r"^--- (?P<domain>\w+) Agent Findings \(\d+ findings?\) ---$")
_LINE = re.compile(
    r"^\[(?P<kind>[^\]]*)\] (?P<title>.*?) \(confidence: (?P<confidence>\d+)\): (?P<text>.*)$"
)
_FACTS = " | {"


def citable(output: BaseModel) -> Iterator[tuple[str, BaseModel]]:
    """(list name, item) for every item of the output that states a fact."""
    for name in _TEXT_FIELD:
        for item in getattr(output, name, None) or []:
            yield name, item


def headline(name: str, item: Any) -> tuple[str, str, str, float]:
    """(kind, title, text, confidence) of an item of the output's list `name`."""
    kind, title, confidence = _HEADLINES[name](item)
    return kind, title, getattr(item, _TEXT_FIELD[name]), confidence


def _transaction_title(t: Transaction) -> str:
    money = f"{t.currency or ''} {t.amount:,.2f}".lstrip()
    return money + (f" to {t.to_party}" if t.to_party else "")


# Each list's (kind, title, confidence) of an item.
_HEADLINES: dict[str, Callable[[Any], tuple[str, str, float]]] = {
    "findings": lambda f: (f.finding_type, f.title, f.confidence),
    "transactions": lambda t: ("transaction", _transaction_title(t), _FACT_CONFIDENCE),
    "anomalies": lambda a: (f"anomaly:{a.kind}", a.kind, SEVERITY_CONFIDENCE[a.severity]),
    "clauses": lambda c: (f"clause:{c.kind}", c.kind, _FACT_CONFIDENCE),
    "dates": lambda d: ("dated_item", d.date, _FACT_CONFIDENCE),
    "events": lambda e: ("event", e.timestamp, _FACT_CONFIDENCE),
    "sworn_claims": lambda c: ("sworn_claim", c.speaker or "statement", _FACT_CONFIDENCE),
    "custody": lambda f: ("custody", f.title, f.confidence),
}


def first_source(item: BaseModel) -> SourceRef | None:
    """The place an item is cited from first (an item cites one source or a list)."""
    sources: list[SourceRef] = getattr(item, "sources", None) or [getattr(item, "source", None)]
    return sources[0]


def _one_line(text: str) -> str:
    return " ".join(text.split()) if "\n" in text or "  " in text or "\t" in text else text


def first_sentence(text: str) -> str:
    """The text's first sentence on one line, cut to _MAX_TEXT characters."""
    text = _one_line(text)
    if "." in text or "!" in text or "?" in text:  # else it is one sentence (most facts' texts)
        text = sentence_of(text)
    return text if len(text) <= _MAX_TEXT else text[: _MAX_TEXT - 1].rstrip() + "\u2026"


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _facts_excluded(name: str, item: BaseModel) -> dict[str, Any]:
    """The item's fields left out of its facts: its text (in the line) and whether its
    citations were verified (the reader cites the source, not Holmes's check of it)."""
    excluded: dict[str, Any] = {_TEXT_FIELD[name]: True}
    excluded.update(dict.fromkeys(_HEAD_FIELDS.get(name, {}), True))
    if "source" in type(item).model_fields:
        excluded["source"] = {"verified"}
    if "sources" in type(item).model_fields:
        excluded["sources"] = {"__all__": {"verified"}}
    return excluded


def render_summary(domain: str, output: BaseModel) -> str:
    """One domain's findings as a text summary (see the module's docstring)."""
    items = list(citable(output))
    lines = [f"--- {domain.capitalize()} Agent Findings ({len(items)} findings) ---"]
    for name, value in output:
        if name not in _TEXT_FIELD and name not in _SKIPPED and value:
            lines.append(f"{_label(name)}: {json.dumps(value, ensure_ascii=False)}")
    section = None
    excluded: dict[str, Any] = {}
    for name, item in items:
        if name != section:
            section = name
            lines.append(f"{_label(name)}:")
            excluded = _facts_excluded(name, item)
        kind, title, text, confidence = headline(name, item)
        # The serializer itself: model_dump_json's wrapper was a third of a summary's cost, on
        # the path from the domains' answers to strategy's request (~1,800 items at 50 files).
        facts = (
            type(item)
            .__pydantic_serializer__.to_json(item, exclude=excluded, exclude_none=True)
            .decode()
        )
        lines.append(
            f"[{kind}] {_one_line(title)} (confidence: {round(confidence * 100)}): "
            f"{first_sentence(text)}{_FACTS}{facts[1:]}"
        )
    return "\n".join(lines)


def render_summaries(outputs: dict[str, BaseModel]) -> str:
    return "\n\n".join(render_summary(domain, output) for domain, output in outputs.items())


def parse_summaries(lines: Iterable[str]) -> dict[str, dict[str, Any]]:
    """The summaries in a text, read back: domain -> its output's fields (items' texts are their
    first sentences). Lines that are not a summary's are ignored."""
    labels = {_label(name): name for name in _TEXT_FIELD}
    domains: dict[str, dict[str, Any]] = {}
    current: dict[str, Any] | None = None
    section: str | None = None
    for line in lines:
        header = _HEADER.match(line)
        if header:
            current, section = domains.setdefault(header["domain"].lower(), {}), None
            continue
        if current is None:
            continue
        if line.startswith("[") and section:
            head, found, facts = line.rpartition(_FACTS)
            match = _LINE.match(head) if found else None
            item = _json("{" + facts) if match else None
            if match and isinstance(item, dict):
                item[_TEXT_FIELD[section]] = match["text"]
                for field, part in _HEAD_FIELDS.get(section, {}).items():
                    item[field] = int(match[part]) / 100 if part == "confidence" else match[part]
                current.setdefault(section, []).append(item)
            continue
        label, colon, value = line.partition(":")
        if colon and not value:
            section = labels.get(label)
            continue
        scalar = _json(value) if colon and label not in labels else None
        if scalar is None:
            current = None  # the summaries are over
        else:
            current[label.lower().replace(" ", "_")] = scalar
    return domains


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None
