"""How many things were done, told differently: a glazier's invoice confirming "all 24 windows
were replaced" against the surveyor's "9 windows have been replaced … The remaining 15 windows
… have not been replaced".

- Evidence and financial: a sentence of a record or a statement counting things done ("24
  windows were replaced", "the remaining 15 windows have not been replaced", "all 12 radiators
  have been fitted", "We delivered all 12 pallets") is a finding, COUNT_STATED: the count, the
  things, the act, whether it says they were not done, and who says so. So is a receiving
  record's table of one recipient (a goods-received note, a delivery note) with a column of
  things counted ("Pallets": 6, 3): its rows' sum, delivered. Delivering, supplying, shipping
  and receiving are one act, told from either end.
- Synthesis: two files counting the same things done by the same act differently (by two and
  by a tenth at least) contradict each other: the larger count against the smaller and the
  count of those not done (HIGH).
"""

import re
from dataclasses import dataclass

from holmes_backend.agents.schemas import Contradiction, Finding
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import witness
from holmes_backend.llm.local.domains.records import record_author
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.lexicon import NUMBER_WORDS
from holmes_backend.llm.local.facts.money import to_number
from holmes_backend.llm.local.facts.text import Unit, units

COUNT_STATED = "count_stated"

_WORDS = NUMBER_WORDS
# "12", "1,200" (whole, not the "200" of it).
_FIGURE = r"\d{1,3}(?:,\d{3})+|\d{1,5}|"
_COUNTED = re.compile(
    r"\b(?:all\s+(?:of\s+the\s+|the\s+)?)?(?<![\d,.])(?P<n>" + _FIGURE + "|".join(_WORDS) + r")\s+"
    r"(?:[a-z-]+\s+){0,2}?(?P<things>[a-z]{3,}s)\b[^.;]{0,50}?\b"
    r"(?:(?:were|was|are)(?P<not>\s+not(?:\s+yet)?)?|(?:have|has|had)(?P<not2>\s+not(?:\s+yet)?)?"
    r"\s+been)\s+(?P<act>[a-z]{3,}ed|fitted|fixed|installed|replaced)\b",
    re.IGNORECASE,
)
# "We delivered all 12 pallets", "they supplied 40 chairs": the act first.
_DID_COUNT = re.compile(
    r"\b(?:we|I|they|he|she|it)\s+(?:have\s+|had\s+|then\s+)?(?P<act>delivered|supplied|shipped|"
    r"sent|returned|installed|fitted|replaced)\s+(?:all\s+(?:of\s+)?(?:the\s+)?|the\s+|a\s+total\s+"
    r"of\s+)?(?<![\d,.])(?P<n>"
    + _FIGURE
    + "|".join(_WORDS)
    + r")\s+(?:[a-z-]+\s+){0,2}?(?P<things>[a-z]{3,}s)\b",
    re.IGNORECASE,
)
# A record's field counting what was done: "Keys returned: 2 sets", "Pallets delivered: 9".
_COUNT_FIELD = re.compile(
    r"^\s*(?P<field>[A-Za-z][A-Za-z -]{2,30}?)\s+(?P<act>returned|delivered|received|supplied|"
    r"fitted|replaced|installed|collected|handed\s+(?:back|over))\s*:\s*(?<![\d,.])(?P<n>"
    + _FIGURE
    + "|".join(_WORDS)
    + r")\b(?:\s+(?P<unit>[a-z]{3,}s)\b)?",
    re.IGNORECASE,
)
# Things a table's column counts ("Pallets", "Qty (cases)"), and acts told from either end.
_COUNTED_COLUMN = re.compile(
    r"\b(?P<things>pallets|cases|boxes|cartons|crates|bags|sacks|parcels|packages|drums|units)\b",
    re.IGNORECASE,
)
_RECEIVING = re.compile(
    r"\b(?:goods\s+received|goods\s+in|received|delivery\s+note|signed\s+for|delivered)\b", re.I
)
_RECIPIENT_COLUMN = re.compile(
    r"\b(?:customer|consignee|recipient|deliver(?:ed)?\s+to|drop|client|site)\b", re.IGNORECASE
)
_SAME_ACT = {"suppl": "deliv", "shipp": "deliv", "sent": "deliv", "recei": "deliv"}
_TITLE = re.compile(
    r"^Count stated: (?P<n>\d+) (?P<things>\S+) (?P<not>not )?(?P<act>\S+) \((?P<who>.+)\)$"
)
_SLACK = 0.1
_APART = 2
_FEW = 12


def _count(raw: str) -> int:
    return int(raw.replace(",", "")) if raw[0].isdigit() else _WORDS[raw]


def counts_stated(doc: EvidenceDoc) -> list[Finding]:
    who = witness(doc) or record_author(doc) or doc.filename
    found: list[Finding] = _received_sums(doc)
    for unit in units(doc):
        if unit.kind == "row":
            continue
        for match in _DID_COUNT.finditer(unit.text):
            raw = match["n"].lower()
            if match.start() > 0 and re.search(r"\b(?:not|never)\s*$", unit.text[: match.start()]):
                continue
            found.append(
                _count_finding(
                    unit,
                    _count(raw),
                    match["things"],
                    "",
                    match["act"],
                    who,
                )
            )
        if field := _COUNT_FIELD.match(unit.text):
            things = field["unit"] or field["field"].split()[-1]
            act = " ".join(field["act"].split()).split()[0]
            found.append(_count_finding(unit, _count(field["n"].lower()), things, "", act, who))
        for match in _COUNTED.finditer(unit.text):
            raw = match["n"].lower()
            count = _count(raw)
            denied = "not " if match["not"] or match["not2"] else ""
            found.append(_count_finding(unit, count, match["things"], denied, match["act"], who))
    return found


@dataclass
class _Count:
    count: int
    things: str
    done: bool
    act: str
    who: str
    finding: Finding


def _count_finding(unit: Unit, count: int, things: str, denied: str, act: str, who: str) -> Finding:
    return Finding(
        finding_type=COUNT_STATED,
        title=f"Count stated: {count} {things.lower()} {denied}{act.lower()} ({who})",
        summary=unit.text[:300],
        confidence=0.7,
        severity="LOW",
        sources=[unit.ref],
    )


def _received_sums(doc: EvidenceDoc) -> list[Finding]:
    """A receiving record's count of things delivered to its one recipient: the sum of its
    table's column of them."""
    doc_units = units(doc)
    rows = [(u, row_fields(u.text)) for u in doc_units if u.kind == "row"]
    heading = " ".join(u.text for u in doc_units[:6] if u.kind != "row")
    headers = " ".join(rows[0][1]) if rows else ""  # "Received on", "Date received"
    said = f"{heading} {doc.filename.replace('_', ' ')} {headers}"
    if not rows or not _RECEIVING.search(said):
        return []
    recipients = {
        v.strip().lower() for _, f in rows for k, v in f.items() if _RECIPIENT_COLUMN.search(k)
    }
    if len(recipients) > 1:
        return []  # a run's manifest of several drops: no one recipient's count
    sums: dict[str, tuple[float, list[Unit]]] = {}
    for unit, fields in rows:
        for header, value in fields.items():
            column = _COUNTED_COLUMN.search(header)
            amount = to_number(value) if column else None
            if column is None or amount is None:
                continue
            total, counted = sums.get(column["things"].lower(), (0.0, []))
            sums[column["things"].lower()] = (total + amount, [*counted, unit])
    return [
        _count_finding(counted[0], round(total), things, "", "delivered", doc.filename)
        for things, (total, counted) in sums.items()
        if total > 0 and total == round(total)
    ]


def _apart(high: _Count, low: _Count) -> float:
    """How far apart two counts must be to contradict: by a tenth and by two (counts told in
    prose are often loose); by one when the lower is a record's own tally of a few things
    ("Keys returned: 2 sets" against "all three sets of keys")."""
    if high.count <= _FEW and _COUNT_FIELD.match(low.finding.summary):
        return 1
    return max(_APART, high.count * _SLACK)


def count_contradictions(findings: list[Finding]) -> list[Contradiction]:
    counts = _read(findings)
    found: list[Contradiction] = []
    done = sorted((c for c in counts if c.done), key=lambda c: -c.count)
    seen: set[tuple[str, str]] = set()
    for high in done:
        key = (_stem(high.things), _stem(high.act))
        file_id = high.finding.sources[0].file_id
        if key in seen:
            continue
        lower = [
            c
            for c in done
            if (_stem(c.things), _stem(c.act)) == key
            and c.finding.sources[0].file_id != file_id
            and high.count - c.count >= _apart(high, c)
        ]
        if not lower:
            continue
        seen.add(key)
        other = lower[0].finding.sources[0].file_id
        undone = [
            c
            for c in counts
            if not c.done
            and (_stem(c.things), _stem(c.act)) == key
            and c.finding.sources[0].file_id == other
        ]
        told = f"{lower[0].count} {lower[0].act}" + (
            f" and {undone[0].count} not {undone[0].act}" if undone else ""
        )
        found.append(
            Contradiction(
                claim=high.finding.summary,
                claim_source=high.finding.sources[0],
                evidence_against=unique_refs([c.finding.sources[0] for c in (*lower, *undone)], 6),
                explanation=(
                    f"{high.who} counts {high.count} {high.things} {high.act}; "
                    f"{lower[0].who} counts {told}."
                ),
                severity="HIGH",
            )
        )
    return found


def _read(findings: list[Finding]) -> list[_Count]:
    found: dict[tuple[str, int | None, str], _Count] = {}
    for f in findings:
        match = _TITLE.match(f.title) if f.finding_type == COUNT_STATED and f.sources else None
        if match is None:
            continue
        key = (f.sources[0].file_id, f.sources[0].line, f.title)  # read by two domains: once
        found[key] = _Count(
            int(match["n"]), match["things"], not match["not"], match["act"], match["who"], f
        )
    return list(found.values())


def _stem(word: str) -> str:
    stem = word.lower()[:5]
    return _SAME_ACT.get(stem, stem)


__all__ = ["COUNT_STATED", "count_contradictions", "counts_stated"]
