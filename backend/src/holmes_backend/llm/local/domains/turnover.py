"""Takings stated against takings recorded: what a trader says the business takes a week, and
what they declared for a month or a quarter, against the till's own record of each day.

- Financial: each row of a daily record of takings (a till's Z-readings, a daily takings book: a
  date and a gross or total takings, sales or turnover column, each date once) is a finding. A
  declaration or return of takings for a period ("Gross takings for the period: £8,450.00" on a
  form whose head gives "Period: 1 March 2025 to 31 March 2025", signed or declared true) is a
  finding; when the daily records cover that period and total a quarter or more above the
  figure declared, it is an anomaly.
- Synthesis: a witness's figure for a week's, a day's or a month's takings ("About £2,000 a
  week. Never more than £2,500.", "We take around £400 a day") against the whole weeks, days or
  months the records cover in the period the claim speaks of: a ceiling exceeded, a floor not
  reached, or an "about" half or double what was taken; the declaration against the records.
Nothing is read when the records do not cover the period: a missing day is a day closed only
between the first and last days recorded.
"""

import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from statistics import mean

from holmes_backend.agents.schemas import (
    Anomaly,
    Contradiction,
    Finding,
    Severity,
    SourceRef,
    SwornClaim,
)
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony, witness
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cells import roles, row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, find_period, month_end, parse_span
from holmes_backend.llm.local.facts.money import (
    find_money,
    format_money,
    header_currency,
    implicit_currency,
    parse_cell,
)
from holmes_backend.llm.local.facts.names import same_party
from holmes_backend.llm.local.facts.text import Unit, units

TAKINGS_RECORDED = "takings_recorded"
TAKINGS_DECLARED = "takings_declared"
TAKINGS_UNDER_DECLARED = "takings_under_declared"

# A column or a field of what the business took: "Gross takings", "Total sales", "Turnover".
_TAKINGS = re.compile(r"\b(?:takings|sales|turnover|revenue)\b", re.IGNORECASE)
# Not the whole of it: a part (cash, card), what is taken off it, or a count.
_PART = re.compile(
    r"\b(?:cash|card|cards|cheques?|account|vat|tax|refunds?|returns?|voids?|discounts?|count|"
    r"number|no|qty|quantity|transactions?|customers?|items?|budget|target|forecast|costs?|"
    r"average|avg|cumulative|ytd|to\s+date|commission|fees?)\b",
    re.IGNORECASE,
)
# "excluding VAT", "inc. VAT": what a figure is of, not a part of it.
_VAT_BASIS = re.compile(
    r"\b(?:excluding|exclusive\s+of|ex\.?|net\s+of|before|including|inclusive\s+of|incl?\.?)\s+"
    r"(?:VAT|GST|sales\s+tax)\b",
    re.IGNORECASE,
)
# A till's printed report: "Z REPORT", "Z-read", "End of day report", "Daily takings summary".
_TILL_REPORT = re.compile(
    r"\bz[\s-]?(?:report|read(?:ing)?)s?\b|\bend[\s-]of[\s-]day\b|\bdaily\s+(?:takings|sales)\s+"
    r"(?:report|summary|sheet)\b|\btill\s+(?:report|summary|reading)\b",
    re.IGNORECASE,
)
# Its whole day's line: "GROSS SALES  £790.67", "Total takings: £1,204.50".
_PRINTED_TOTAL = re.compile(
    r"^\s*(?:gross|total)\s+(?:takings|sales|turnover|revenue)\b(?P<rest>.*)$", re.IGNORECASE
)
_WHOLE = re.compile(r"\b(?:gross|total)\b", re.IGNORECASE)
_RECORDED_TITLE = re.compile(r"^Takings of (?P<money>.+?) recorded for (?P<day>\d{4}-\d{2}-\d{2})")
_DECLARED_TITLE = re.compile(
    r"^Takings declared: (?P<money>.+?) for (?P<first>\d{4}-\d{2}-\d{2}) to "
    r"(?P<last>\d{4}-\d{2}-\d{2})"
)
# A form's words that make its figures its maker's: "I declare …", "Signed".
_DECLARED = re.compile(
    r"\b(?:i\s+(?:confirm|declare|certify)|signed|signature|declaration|return)\b", re.I
)
_HEAD = 20

# What a witness says the business takes: the takings, sales or turnover, or what it "takes".
_SPOKEN = re.compile(
    r"\b(?:takings|turnover|sales|revenue|tak(?:e|es|ing)|took|bring(?:s|ing)?\s+in|brought\s+in|"
    r"through\s+the\s+tills?)\b",
    re.IGNORECASE,
)
# What the trader takes out of the business, not what it takes: "I take home £400 a week".
_DRAWN = re.compile(
    r"\btak(?:e|es|ing)[\s-]home\b|\btook\s+home\b|\bdrawings?\b|\bwages?\b|\bsalary\b|\bpay\s+"
    r"(?:myself|himself|herself|ourselves)\b|\bout\s+of\s+the\s+(?:business|shop|till|company)\b",
    re.IGNORECASE,
)
# The time a figure is for: "a week", "per day", "weekly", "in a typical week".
_PER = re.compile(
    r"\b(?:a|an|per|each|every|one|typical|normal|average|usual|good|busy)\s+"
    r"(?P<unit>day|week|month)\b|\b(?P<ly>daily|weekly|monthly)\b|\bday\s+to\s+day\b",
    re.IGNORECASE,
)
_LY = {"daily": "day", "weekly": "week", "monthly": "month"}
# "never more than", "it never goes over", "not even": a ceiling; "never less than", "at
# least": a floor. A negated comparison is read before a plain one ("never took less than").
_NEVER = r"\b(?:never|not|no|n['\u2019]t)\s+(?:\w+\s+){0,2}"
_NEGATED = re.compile(
    rf"{_NEVER}(?:(?P<most>more|over|above|higher|past|exceed(?:s|ed)?)|(?P<least>less|under|"
    r"lower|below))(?:\s+than)?\s*$",
    re.IGNORECASE,
)
_AT_MOST = re.compile(
    r"\b(?:at\s+(?:the\s+)?most|up\s+to|under|below|less\s+than|maximum(?:\s+of)?|max|tops|"
    r"not\s+even)\s*$",
    re.IGNORECASE,
)
_AT_LEAST = re.compile(
    r"\b(?:at\s+least|minimum(?:\s+of)?|over|above|more\s+than|upwards\s+of)\s*$", re.I
)
# Beyond what VAT, a day's timing or rounding explain: a quarter apart at least.
_APART = 1.25
_HIGH_APART = 1.5
# "About £2,000": half or double what was taken.
_ABOUT_APART = 1.5
_ABOUT_HIGH = 2.0
_LISTED = 4


def takings_recorded(doc: EvidenceDoc) -> list[Finding]:
    """A daily record's rows: the day and what was taken. A record whose dates repeat is a list
    of sales, not of days, and is not read."""
    read: list[tuple[date, Finding]] = []
    for unit in units(doc):
        if unit.kind != "row" or not (fields := row_fields(unit.text)):
            continue
        column = _whole_column(list(fields))
        parsed = parse_cell(fields[column]) if column else None
        day = next(
            (
                m.day
                for h, v in fields.items()
                if roles([h]).get(h) == "date"
                for m in find_moments(v)
            ),
            None,
        )
        if column is None or parsed is None or day is None or parsed[0] <= 0:
            continue
        currency = parsed[1] or header_currency(column) or implicit_currency.get()
        read.append((day, _taken(day, parsed[0], currency, unit)))
    days = [day for day, _ in read]
    if len(set(days)) != len(days):
        return []
    return [finding for _, finding in read] or _printed_reports(doc)


def _taken(day: date, amount: float, currency: str, unit: Unit) -> Finding:
    return Finding(
        finding_type=TAKINGS_RECORDED,
        title=f"Takings of {_money(amount, currency)} recorded for {day.isoformat()}",
        summary=unit.text[:300],
        confidence=0.8,
        severity="LOW",
        sources=[unit.ref],
    )


def _printed_reports(doc: EvidenceDoc) -> list[Finding]:
    """Printed till reports (a Z-report a page, or one after another): each report's gross or
    total takings, on the day it was printed for (the last date before the total)."""
    doc_units = units(doc)
    if not any(_TILL_REPORT.search(u.text) for u in doc_units[:_HEAD]):
        return []
    found: dict[date, Finding] = {}
    day: date | None = None
    for unit in doc_units:
        if moments := find_moments(unit.text):
            day = moments[0].day
        total = _PRINTED_TOTAL.match(unit.text)
        money = find_money(total["rest"]) if total else []
        if day is None or not money or money[0].value <= 0 or day in found:
            continue
        found[day] = _taken(day, money[0].value, money[0].currency, unit)
    return list(found.values())


def _whole_column(headers: list[str]) -> str | None:
    """The column of the whole day's takings: gross or total before any other."""
    candidates = [h for h in headers if _TAKINGS.search(h) and not _PART.search(h)]
    return next((h for h in candidates if _WHOLE.search(h)), candidates[0] if candidates else None)


def takings_declared(doc: EvidenceDoc) -> list[Finding]:
    """A declaration's figure of the takings for the period its head gives, and who made it."""
    doc_units = units(doc)
    if not (is_testimony(doc) or any(_DECLARED.search(u.text) for u in doc_units)):
        return []
    period = next(
        (p for u in doc_units[:_HEAD] if (p := find_period(u.text, None)) and p[0] < p[1]), None
    )
    if period is None:
        return []
    maker = witness(doc)
    found: list[Finding] = []
    for unit in doc_units:
        money = find_money(unit.text)
        label = _VAT_BASIS.sub("", unit.text[: money[0].start]) if len(money) == 1 else ""
        if not label or not _TAKINGS.search(label) or _PART.search(label) or _PER.search(label):
            continue
        by = f" (declared by {maker})" if maker else ""
        found.append(
            Finding(
                finding_type=TAKINGS_DECLARED,
                title=(
                    f"Takings declared: {format_money(abs(money[0].value), money[0].currency)} "
                    f"for {period[0].isoformat()} to {period[1].isoformat()}{by}"
                ),
                summary=unit.text[:300],
                confidence=0.8,
                severity="LOW",
                entities=[maker] if maker else [],
                sources=[unit.ref],
            )
        )
        break  # the form's figure for the whole; its parts follow it
    return found


@dataclass(frozen=True)
class Day:
    day: date
    amount: float
    ref: SourceRef


def _titled(
    findings: list[Finding], finding_type: str, title: re.Pattern[str]
) -> Iterator[tuple[re.Match[str], Finding, tuple[float, str | None]]]:
    """The findings of a type read back from their titles, with the sum each gives."""
    for finding in findings:
        match = title.match(finding.title) if finding.finding_type == finding_type else None
        parsed = parse_cell(match["money"]) if match else None
        if match is not None and parsed is not None:
            yield match, finding, parsed


def _recorded(findings: list[Finding]) -> dict[date, list[Day]]:
    """Each day's takings (several tills' records of one day add up; one record read twice
    does not)."""
    by_day: dict[date, list[Day]] = defaultdict(list)
    for match, finding, (amount, _) in _titled(findings, TAKINGS_RECORDED, _RECORDED_TITLE):
        day = Day(date.fromisoformat(match["day"]), amount, finding.sources[0])
        if all(abs(d.amount - day.amount) > 0.005 for d in by_day[day.day]):
            by_day[day.day].append(day)
    return by_day


@dataclass(frozen=True)
class Span:
    """Whole weeks, days or months the records cover, and what was taken in each."""

    first: date
    last: date
    total: float
    days: tuple[Day, ...]


def _spans(by_day: dict[date, list[Day]], per: str, within: tuple[date, date] | None) -> list[Span]:
    """The whole weeks (Monday to Sunday), months or days between the first and the last day
    recorded, inside the period the claim speaks of."""
    start, end = min(by_day), max(by_day)
    if within is not None:
        start, end = max(start, within[0]), min(end, within[1])
    if per == "week":
        first = start + timedelta(days=(7 - start.weekday()) % 7)
    elif per == "month":
        first = start if start.day == 1 else month_end(start.year, start.month) + timedelta(1)
    else:
        first = start
    spans: list[Span] = []
    while True:
        if per == "week":
            last = first + timedelta(days=6)
        else:
            last = month_end(first.year, first.month) if per == "month" else first
        if last > end:
            return spans
        days = tuple(
            d for n in range((last - first).days + 1) for d in by_day.get(first + timedelta(n), [])
        )
        if days:
            spans.append(Span(first, last, sum(d.amount for d in days), days))
        first = last + timedelta(days=1)


@dataclass(frozen=True)
class Stated:
    amount: float
    currency: str
    per: str
    bound: str  # "at most", "at least" or "about"


def _stated(claim: SwornClaim) -> list[Stated]:
    """The figures a claim gives for the takings of a day, a week or a month."""
    answer = answer_of(claim)
    said, question = answer.said, answer.question
    if not _SPOKEN.search(f"{said} {question}") or _DRAWN.search(said):
        return []
    per = _PER.search(said) or _PER.search(question)
    if per is None:
        return []
    unit = (per["unit"] or _LY.get((per["ly"] or "").lower()) or "day").lower()
    found: list[Stated] = []
    for money in find_money(said):
        found.append(Stated(abs(money.value), money.currency, unit, _bound(said[: money.start])))
    return found


def _bound(before: str) -> str:
    if negated := _NEGATED.search(before):
        return "at most" if negated["most"] else "at least"
    if _AT_MOST.search(before):
        return "at most"
    return "at least" if _AT_LEAST.search(before) else "about"


def _claim_period(claim: SwornClaim, per: str) -> tuple[date, date] | None:
    """The period a claim or its question speaks of ("in March this year"); none when it names
    none (the lines before it speak of other days: "premises closed from 9 September") or one
    shorter than the time its figure is for."""
    answer = answer_of(claim)
    if find_period(f"{answer.said} {answer.question}", date.max) is None:
        return None
    span = parse_span(claim.claimed_time)
    if span is None or (span[1] - span[0]).days + 1 < _DAYS[per]:
        return None
    return span[0].date(), span[1].date()


_DAYS = {"day": 1, "week": 7, "month": 28}


def _money(value: float, currency: str) -> str:
    return format_money(value, currency) if currency else f"{value:,.2f}"


def _listed(spans: list[Span], currency: str) -> str:
    return "; ".join(
        f"{s.first.isoformat()}"
        + (f" to {s.last.isoformat()}" if s.last != s.first else "")
        + f": {_money(s.total, currency)}"
        for s in spans[:_LISTED]
    )


def _refs(spans: list[Span], limit: int = 6) -> list[SourceRef]:
    """The biggest day of each span first, then the rest."""
    biggest = [max(s.days, key=lambda d: d.amount).ref for s in spans]
    return unique_refs([*biggest, *(d.ref for s in spans for d in s.days)], limit)


def stated_takings_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    """A witness's takings a week (a day, a month) against the records' whole weeks in the
    period the claim speaks of (all the records' weeks when it gives none)."""
    by_day = _recorded(findings)
    if not by_day:
        return []
    found: list[Contradiction] = []
    for claim in claims:
        if not claim.speaker:
            continue
        for stated in _stated(claim):
            spans = _spans(by_day, stated.per, _claim_period(claim, stated.per))
            if spans and (contradiction := _against(claim, stated, spans)):
                found.append(contradiction)
                break
    return found


def _against(claim: SwornClaim, stated: Stated, spans: list[Span]) -> Contradiction | None:
    figure = _money(stated.amount, stated.currency)
    each = f"a {stated.per}"
    if stated.bound == "at most":
        beyond = [s for s in spans if s.total > stated.amount * 1.02]
        says = f"puts the takings at no more than {figure} {each}"
        high = len(beyond) > 1 or any(s.total >= stated.amount * _APART for s in beyond)
    elif stated.bound == "at least":
        beyond = [s for s in spans if s.total < stated.amount * 0.98]
        says = f"puts the takings at no less than {figure} {each}"
        high = len(beyond) > 1 or any(s.total * _APART <= stated.amount for s in beyond)
    else:
        average = mean(s.total for s in spans)
        ratio = average / stated.amount if stated.amount else 0.0
        if 1 / _ABOUT_APART < ratio < _ABOUT_APART:
            return None
        beyond = sorted(
            (s for s in spans if (s.total / stated.amount > 1) == (ratio > 1)),
            key=lambda s: -s.total if ratio > 1 else s.total,
        )
        says = f"puts the takings at about {figure} {each}"
        high = ratio >= _ABOUT_HIGH or ratio <= 1 / _ABOUT_HIGH
    if not beyond:
        return None
    average = mean(s.total for s in spans)
    return Contradiction(
        claim=claim.claim,
        claim_source=claim.source,
        evidence_against=_refs(beyond),
        explanation=(
            f"{claim.speaker} {says}, yet the daily records of takings give "
            f"{_money(average, stated.currency)} {each} on average over the {len(spans)} whole "
            f"{stated.per}(s) they cover in that period, {len(beyond)} of them against it: "
            f"{_listed(beyond, stated.currency)}."
        ),
        severity="HIGH" if high else "MEDIUM",
    )


@dataclass(frozen=True)
class Declared:
    finding: Finding
    amount: float
    currency: str
    first: date
    last: date
    recorded: float
    days: tuple[Day, ...]

    @property
    def ratio(self) -> float:
        return self.recorded / self.amount if self.amount else 0.0


def under_declared(findings: list[Finding]) -> list[Declared]:
    """Declarations whose period the daily records cover (its first and last weeks recorded)
    and total a quarter or more above."""
    by_day = _recorded(findings)
    if not by_day:
        return []
    found: list[Declared] = []
    for match, finding, parsed in _titled(findings, TAKINGS_DECLARED, _DECLARED_TITLE):
        if parsed[0] <= 0:
            continue
        first, last = date.fromisoformat(match["first"]), date.fromisoformat(match["last"])
        reach = timedelta(days=6)
        if min(by_day) > first + reach or max(by_day) < last - reach:
            continue
        days = tuple(d for day, ds in sorted(by_day.items()) if first <= day <= last for d in ds)
        recorded = sum(d.amount for d in days)
        if recorded >= parsed[0] * _APART:
            found.append(Declared(finding, parsed[0], parsed[1] or "", first, last, recorded, days))
    return found


def _described(declared: Declared) -> str:
    return (
        f"takings of {_money(declared.amount, declared.currency)} declared for "
        f"{declared.first.isoformat()} to {declared.last.isoformat()}, against "
        f"{_money(declared.recorded, declared.currency)} in the {len(declared.days)} daily "
        f"record(s) of the same days ({declared.ratio:.1f} times the figure declared)"
    )


def _declared_refs(declared: Declared) -> list[SourceRef]:
    biggest = sorted(declared.days, key=lambda d: -d.amount)
    return unique_refs([declared.finding.sources[0], *(d.ref for d in biggest)], 8)


def under_declared_anomalies(findings: list[Finding]) -> list[Anomaly]:
    return [
        Anomaly(
            kind=TAKINGS_UNDER_DECLARED,
            description=f"Takings under-declared: {_described(declared)}",
            severity="HIGH" if declared.ratio >= _HIGH_APART else "MEDIUM",
            total_amount=round(declared.recorded - declared.amount, 2),
            sources=_declared_refs(declared),
        )
        for declared in under_declared(findings)
    ]


def declared_takings_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    """The declaration itself, its maker's word, against the days it declares; and its maker's
    word that it is right ("Everything that goes through the till is declared"; "Yes", asked
    whether the figure declared is accurate)."""
    found: list[Contradiction] = []
    for declared in under_declared(findings):
        maker = declared.finding.entities[0] if declared.finding.entities else None
        severity: Severity = "HIGH" if declared.ratio >= _HIGH_APART else "MEDIUM"
        found.append(
            Contradiction(
                claim=declared.finding.summary,
                claim_source=declared.finding.sources[0],
                evidence_against=_declared_refs(declared)[1:],
                explanation=(
                    f"{maker or 'The declarant'} signed a declaration of {_described(declared)}."
                ),
                severity=severity,
            )
        )
        found += [
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=_declared_refs(declared),
                explanation=(
                    f"{claim.speaker} vouches for what was declared, yet the daily records "
                    f"exceed it: {_described(declared)}."
                ),
                severity=severity,
            )
            for claim in claims
            if maker and claim.speaker and same_party(claim.speaker, maker) and _vouches(claim)
        ]
    return found


# "Everything that goes through the till is declared", "all our sales are declared".
_ALL_DECLARED = re.compile(
    r"\b(?:every(?:thing|\s+\w+)|all(?:\s+(?:of\s+)?(?:our|my|the)\s+\w+)?)\b[^.;]{0,60}\b"
    r"(?:declared|accounted\s+for|recorded|put\s+through)\b",
    re.IGNORECASE,
)
_DECLARATION = re.compile(r"\b(?:declar\w*|returns?)\b", re.IGNORECASE)
_RIGHT = re.compile(r"\b(?:accurate|correct|true|right|complete|full)\b", re.IGNORECASE)


def _vouches(claim: SwornClaim) -> bool:
    answer = answer_of(claim)
    if answer.yes and _DECLARATION.search(answer.question) and _RIGHT.search(answer.question):
        return True
    return bool(_ALL_DECLARED.search(answer.said)) and not _NEVER_SAID.search(answer.said)


_NEVER_SAID = re.compile(r"\b(?:not|never|n['\u2019]t)\b", re.IGNORECASE)
