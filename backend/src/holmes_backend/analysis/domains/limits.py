"""Measured values against the limits set for them, and statements that all was within them.

- Limits (legal): a permit, a specification or a policy sets a measured quantity's bounds
  ("Ammonia (as N): maximum 5 mg/l", "The temperature of chilled food must not exceed 8 °C",
  "pH: between 6 and 9"): a clause of kind `upper_limit` or `lower_limit` whose party is the
  quantity and whose amount is the bound. Money is not a measured quantity: "shall not exceed
  $50,000" is a cap (clauses.py).
- Compliance (legal): a statement that the values kept within their limits ("All samples were
  within the permitted limits", "No exceedances occurred", "the limit was never exceeded").
- Synthesis: each limit against the dated rows of a table whose column is headed by the same
  quantity ("Ammonia mg/l": 7.9): the rows outside it contradict the limit being kept, and the
  statements of compliance made about that quantity, or about every limit, are contradicted by
  them.
"""

import re
from dataclasses import dataclass
from datetime import date

from holmes_backend.agents.schemas import Clause, Finding, SourceRef, TimedEvent
from holmes_backend.analysis.facts.dates import find_period
from holmes_backend.analysis.facts.lexicon import wordset
from holmes_backend.analysis.facts.money import find_money
from holmes_backend.analysis.facts.text import Unit

_MONTHS = wordset("jan feb mar apr may jun jul aug sep oct nov dec")
UPPER_LIMIT = "upper_limit"
LOWER_LIMIT = "lower_limit"
COMPLIANCE = "compliance_statement"

_NUMBER = r"(?P<{name}>\d{{1,7}}(?:[.,]\d+)?)"
_UNIT = r"(?:\s*(?P<unit>%|°\s?[CF]|[a-zµμ]{1,4}(?:/[a-z0-9]{1,4})?|ppm|ppb|db\(?a?\)?))?"
_MAXIMUM = re.compile(
    r"\b(?:maximum(?:\s+of)?|max\.?|(?:must|shall|should|may)\s+not\s+(?:exceed|be\s+(?:more|"
    r"greater|higher)\s+than|rise\s+above)|not\s+(?:to\s+)?exceed(?:ing)?|no\s+(?:more|greater|"
    r"higher)\s+than|not\s+more\s+than|(?:upper\s+)?limit\s+(?:of|is)|at\s+most|"
    r"(?:kept|be|remain)\s+(?:below|under)|less\s+than|below)\s*:?\s*"
    + _NUMBER.format(name="value")
    + _UNIT,
    re.IGNORECASE,
)
_MINIMUM = re.compile(
    r"\b(?:minimum(?:\s+of)?|min\.?|(?:must|shall|should|may)\s+not\s+(?:fall|drop|be)\s+"
    r"(?:below|under|less\s+than)|at\s+least|no\s+(?:less|lower|fewer)\s+than|not\s+less\s+than|"
    r"(?:kept|be|remain)\s+above)\s*:?\s*" + _NUMBER.format(name="value") + _UNIT,
    re.IGNORECASE,
)
_RANGE = re.compile(
    r"\b(?:between|from|range(?:\s+of)?|within)\s+"
    + _NUMBER.format(name="low")
    + r"\s*(?:[a-zµμ°/%]{0,6}\s*)?(?:and|to|-|\u2013)\s*"
    + _NUMBER.format(name="high")
    + _UNIT,
    re.IGNORECASE,
)
# The quantity: a field's label ("Ammonia (as N): maximum 5 mg/l"), else the words before the
# bound's verb ("The temperature of chilled food must not exceed 8 °C").
_LABEL = re.compile(r"^\s*(?:[-•*]\s*)?(?P<label>[A-Za-z][\w ()/.,'-]{0,50}?)\s*[:|]\s")
_SUBJECT = re.compile(
    r"(?:^|[.;]\s+)(?:the\s+|any\s+|each\s+|all\s+)?(?P<subject>[A-Za-z][\w ()/'-]{1,60}?)\s+"
    r"(?:must|shall|should|may|is|are|will)\b",
    re.IGNORECASE,
)
_PAST_SUBJECT = re.compile(
    r"^(?:the\s+|any\s+|each\s+|all\s+)?(?P<subject>[A-Za-z][\w ()/'-]{1,60}?)\s+"
    r"(?:never|did|has|have|had|was|were|remained|stayed|kept)\b",
    re.IGNORECASE,
)
# The quantity a bound's unit is of, written after it: "30 mg/l suspended solids at any time".
_AFTER_BOUND = re.compile(
    r"\s+(?:of\s+|for\s+)?(?P<q>[A-Za-z][A-Za-z-]*(?:\s+(?!(?:at|in|on|during|throughout|"
    r"for|from|and|or|was|were|is|are|has|have|had|to|by|the|any|all|each|every)\b)"
    r"[A-Za-z][A-Za-z-]*){0,3})"
)
_NOT_QUANTITY = re.compile(
    r"\b(?:days?|weeks?|months?|years?|hours?|minutes?|times?|copies|persons?|people|members?|"
    r"employees?|items?|quotes?|quotations?|signatures?|trustees?|directors?)\b",
    re.IGNORECASE,
)
_STOP = wordset(
    "the a an of in on at to for and or as by any each all its their per sample samples "
    "spot value values level levels concentration reading readings measured recorded limit "
    "limits maximum minimum max min total daily mean average"
)
_COMPLIANT = re.compile(
    r"\b(?:within\s+(?:the\s+|all\s+|its\s+|their\s+)?(?:\w+\s+){0,2}?(?:limits?|range|"
    r"tolerances?|thresholds?|specifications?)|no\s+(?:\w+\s+){0,3}?(?:exceedances?|excursions?)|"
    r"no\s+breach(?:es)?\s+of\s+(?:the\s+|its\s+|any\s+)?(?:\w+\s+)?(?:limits?|permit|consent|"
    r"licen[cs]e|conditions?)|(?:did|does|do|has|have|had)\s+not\s+(?:been\s+)?exceed(?:ed)?|"
    r"never\s+(?:been\s+)?exceeded|(?:complied|compliant|in\s+compliance)\s+with\s+(?:\w+\s+){0,3}?"
    r"(?:limits?|permit|consent|licence|license|conditions?|specifications?|standards?)|"
    r"below\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:limits?|thresholds?))\b",
    re.IGNORECASE,
)
_MAX_ROWS_CITED = 6


def limit_clauses(unit: Unit) -> list[Clause]:
    """The bounds a sentence or a field sets on a measured quantity."""
    text = unit.text.strip()
    if len(text) > 400 or find_money(text):
        return []
    quantity = _quantity(text) or _stated_quantity(text)
    if quantity is None:
        return []
    # A bound on a measured quantity carries its unit, or is a labelled field of a schedule
    # ("pH: between 6 and 9"); "the tenant may keep no more than 2 pets" is neither.
    labelled = _LABEL.match(text) is not None
    found: list[Clause] = []
    if (span := _RANGE.search(text)) and (labelled or span["unit"]) and not _dated(span):
        low, high = _float(span["low"]), _float(span["high"])
        if low is not None and high is not None and low < high:
            found.append(_clause(LOWER_LIMIT, text, quantity, low, unit))
            found.append(_clause(UPPER_LIMIT, text, quantity, high, unit))
            return found
    for kind, pattern in ((UPPER_LIMIT, _MAXIMUM), (LOWER_LIMIT, _MINIMUM)):
        bound = pattern.search(text)
        if bound is None or _dated(bound):
            continue
        if (labelled or bound["unit"]) and (value := _float(bound["value"])) is not None:
            found.append(_clause(kind, text, quantity, value, unit))
    return found


def _dated(bound: re.Match[str]) -> bool:
    """A bound whose "unit" is a month: days of a date ("between 4 and 13 May 2026")."""
    return bool(bound["unit"]) and bound["unit"].lower()[:3] in _MONTHS


def _clause(kind: str, text: str, quantity: str, value: float, unit: Unit) -> Clause:
    return Clause(kind=kind, text=text[:400], party=quantity, amount=value, source=unit.ref)


def _quantity(text: str) -> str | None:
    label = _LABEL.match(text)
    raw = label["label"] if label else None
    if raw is None and (subject := _SUBJECT.search(text)):
        raw = subject["subject"]
    if raw is None or _NOT_QUANTITY.search(raw) or not _words(raw):
        return None
    return " ".join(raw.split())


def _stated_quantity(text: str) -> str | None:
    """The quantity a statement of what was kept to names: after the bound ("never exceeded
    the permitted limit of 30 mg/l suspended solids"), else before its verb ("Noise at the
    boundary did not exceed 55 dB(A)")."""
    bound = _MAXIMUM.search(text) or _MINIMUM.search(text)
    after = _AFTER_BOUND.match(text, bound.end()) if bound and bound["unit"] else None
    raw = after["q"] if after and _words(after["q"]) else None
    if raw is None and (subject := _PAST_SUBJECT.search(text)):
        raw = subject["subject"]
    if raw is None or _NOT_QUANTITY.search(raw) or not _words(raw):
        return None
    return " ".join(raw.split())


def _words(text: str) -> set[str]:
    """A quantity's words, for matching a limit to a column: "Ammonia (as N)" and "Ammonia
    mg/l" share "ammonia"; "Temp (°C)" and "temperature" share "temp"."""
    words = set()
    for word in re.findall(r"[A-Za-z]+", text):
        low = word.lower()
        if low in _STOP or len(low) < 2 or (len(low) <= 3 and word == low):
            continue  # "mg", "l": units; "pH", "BOD", "Temp" stay
        words.add(low[:4])
    return words


def _float(raw: str) -> float | None:
    try:
        return float(raw.replace(",", "."))
    except ValueError:
        return None


def compliance_findings(doc_units: list[Unit], written: date | None = None) -> list[Finding]:
    """Statements that measured values kept within their limits; one that names its period
    ("at any time during July", in a letter written in August 2026) carries it in its title."""
    found: list[Finding] = []
    for unit in doc_units:
        text = unit.text.strip()
        if unit.kind == "row" or text.endswith("?") or not _COMPLIANT.search(text):
            continue
        period = find_period(text, written)
        # A month, a quarter, some days; one date is more often the statement's own.
        span = period if period and period[0] < period[1] else None
        during = f" ({span[0].isoformat()} to {span[1].isoformat()})" if span else ""
        found.append(
            Finding(
                finding_type=COMPLIANCE,
                title=f"Stated within limits{during}: {text[:120]}",
                summary=text[:400],
                confidence=0.7,
                severity="LOW",
                sources=[unit.ref],
            )
        )
    return found


# -- Synthesis ------------------------------------------------------------------------------


@dataclass
class _Breach:
    limit: Clause
    rows: list[tuple[TimedEvent, float]]  # the rows outside it, with their values


_PERIOD = re.compile(r"^Stated within limits \((\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})\)")


def _within(breach: _Breach, period: re.Match[str] | None) -> _Breach:
    """The breach's rows in the period a statement speaks of (all of them when it names none)."""
    if period is None:
        return breach
    rows = [(e, v) for e, v in breach.rows if period[1] <= e.timestamp[:10] <= period[2]]
    return _Breach(breach.limit, rows)


def _place(ref: SourceRef) -> tuple[str, int | None, int | None, int | None]:
    return (ref.file_id, ref.page, ref.line, ref.row)
