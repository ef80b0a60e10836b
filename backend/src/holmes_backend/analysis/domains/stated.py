"""One figure stated differently in two documents: the income an application gives against the
salary the employer's letter confirms; the purchase price a loan application gives against the
price the sale contract records.

- Financial: a labelled figure ("Annual income: GBP 118,000", "Purchase price: GBP 512,000",
  "His gross annual salary is GBP 46,500", "Customs value declared: USD 18,400") is a finding of
  its concept (income, price, value, loan, the value of goods), its amount, and what it is
  about: the people, the street address and the container or registration code ("MSKU 4410287")
  its document names in its head.
- Synthesis: two figures of one concept, about a person or an address both name, in different
  files, more than 10 % apart: a contradiction. The claim is the figure its maker declared
  ("I confirm the information … is true", "Signed …") or told (a statement, an interview),
  against the other; HIGH."""

import re
from collections import defaultdict

from holmes_backend.agents.schemas import Contradiction, Finding
from holmes_backend.analysis.domains.claims import is_testimony
from holmes_backend.analysis.facts.dates import find_moments
from holmes_backend.analysis.facts.money import find_money, format_money
from holmes_backend.analysis.facts.names import find_names, same_party
from holmes_backend.analysis.facts.text import Unit, units
from holmes_backend.llm.evidence import EvidenceDoc

STATED_FIGURE = "stated_figure"

_CONCEPTS: dict[str, re.Pattern[str]] = {
    "income": re.compile(
        r"\b(?:(?:gross|net|basic|base|total)\s+)?(?:annual\s+|yearly\s+)?(?:income|salary|"
        r"earnings|remuneration|wages?)\b(?!\s+tax)",
        re.IGNORECASE,
    ),
    "purchase price": re.compile(
        r"\b(?:purchase|sale|selling|agreed|contract|cash)\s+price\b|\bconsideration\b|\bprice\s+paid\b",
        re.IGNORECASE,
    ),
    "valuation": re.compile(
        r"\b(?:valuation|market\s+value|appraised\s+value|property\s+value|value\s+of\s+the\s+"
        r"property)\b",
        re.IGNORECASE,
    ),
    # What goods or a shipment are worth, as declared and as invoiced.
    "value of the goods": re.compile(
        r"\b(?:customs|declared|invoice|invoiced|goods|shipment|consignment|transaction)\s+"
        r"(?:value|total|amount)\b|\bvalue\s+(?:declared|of\s+(?:the\s+)?(?:goods|shipment|"
        r"consignment))\b|\btotal\s+(?:invoice\s+)?(?:value|amount)\b",
        re.IGNORECASE,
    ),
    "loan amount": re.compile(
        r"\b(?:loan|mortgage)\s+(?:amount|requested|sought|advance)\b|\bamount\s+of\s+the\s+loan\b",
        re.IGNORECASE,
    ),
}
_PERIOD = re.compile(
    r"\b(?:per|a|each)\s+(?:month|week|day|hour)\b|\bmonthly\b|\bweekly\b|\bhourly\b", re.I
)
_DECLARED = re.compile(
    r"\b(?:i\s+(?:confirm|declare|certify)|signed|signature|declaration)\b", re.IGNORECASE
)
_STREET = re.compile(r"\b\d{1,5}[a-z]?\s+(?:[A-Z][\w'-]+\s+){1,3}(?:[A-Z][\w'-]+)\b")
_CODE = re.compile(r"\b[A-Z]{3,5}[\s-]?\d{6,8}\b")
_HEAD = 15
_APART = 0.10


_PAYSLIP = re.compile(
    r"\b(?:pay\s*slip|pay\s+advice|wage\s+slip|salary\s+slip|earnings\s+statement|pay\s+"
    r"statement|pay\s+date|pay\s+period|date\s+paid)\b",
    re.IGNORECASE,
)
_PAY_PERIODS = (
    (re.compile(r"\b(?:four|4)[- ]weekly\b|\blunar\s+month", re.I), "four weeks", 13),
    (re.compile(r"\bfortnight\w*|\bbi-?weekly\b|\b(?:two|2)[- ]weekly\b", re.I), "fortnight", 26),
    (
        re.compile(r"\bweekly\b|\bweek\s+(?:no\.?\s*)?\d{1,2}\b|\bwk\.?\s*\d{1,2}\b", re.I),
        "week",
        52,
    ),
)


# A payslip's "Annual salary: £34,500": a year's already, not the period's.
_YEARLY = re.compile(r"\b(?:annual|yearly|per\s+annum|p\.?a\.?|a\s+year)\b", re.IGNORECASE)


def _pay_periods(head: str) -> tuple[str, int] | None:
    """A payslip's pay period and how many there are in a year (monthly unless it says)."""
    if not _PAYSLIP.search(head):
        return None
    return next(
        ((each, n) for pattern, each, n in _PAY_PERIODS if pattern.search(head)), ("month", 12)
    )


def stated_figures(doc: EvidenceDoc) -> list[Finding]:
    doc_units = units(doc)
    text = " ".join(u.text for u in doc_units[:_HEAD])
    about = sorted(
        {n.text for u in doc_units[:_HEAD] for n in find_names(u.text) if n.kind == "person"}
    )
    streets = sorted({" ".join(m.group().lower().split()) for m in _STREET.finditer(text)})
    # A shipment's container, a vehicle's registration, a bill of lading: "MSKU 4410287".
    codes = sorted({re.sub(r"[\s-]", "", m.group()).upper() for m in _CODE.finditer(text)})
    declared = is_testimony(doc) or any(_DECLARED.search(u.text) for u in doc_units)
    # A payslip's pay is of its pay period: a year's is that times the periods in a year.
    periods = _pay_periods(f"{doc.filename.replace('_', ' ')} {text}")
    found: list[Finding] = []
    for unit in doc_units:
        if unit.kind == "row":
            continue
        money = find_money(unit.text)
        if len(money) != 1 or _PERIOD.search(unit.text):
            continue
        before = unit.text[: money[0].start]
        concept = next(
            (name for name, pattern in _CONCEPTS.items() if pattern.search(before[-60:])), None
        )
        if concept is None:
            continue
        value = abs(money[0].value)
        figure = format_money(value, money[0].currency)
        if concept == "income" and periods and not _YEARLY.search(before[-60:]):
            # "Basic salary £2,708.33" on a monthly payslip: GBP 32,500 a year.
            each, count = periods
            yearly = format_money(round(value * count, 2), money[0].currency)
            figure = f"{yearly} a year ({figure} a {each} on a payslip)"
        found.append(
            _stated(STATED_FIGURE, concept, figure, declared, unit, [*about, *streets, *codes])
        )
    return found


STATED_DETAIL = "stated_detail"
# A person's details a form and a record both give: "Job title: Operations Manager" on the
# application, "Job title: Warehouse Supervisor" on the payslip.
_DETAILS = {
    "job title": re.compile(
        r"^\s*(?:job\s+title|position(?:\s+held)?|occupation|job\s+role)\s*:\s*(?P<v>[^;|]{2,60})$",
        re.IGNORECASE,
    ),
    "date of birth": re.compile(
        r"^\s*(?:date\s+of\s+birth|d\.?o\.?b\.?)\s*:\s*(?P<v>[^;|]{6,30})$", re.IGNORECASE
    ),
}
_DETAIL_SEVERITY = {"job title": "MEDIUM", "date of birth": "HIGH"}


def stated_details(doc: EvidenceDoc) -> list[Finding]:
    """A person's job title or date of birth as a document about them gives it."""
    doc_units = units(doc)
    about = sorted(
        {n.text for u in doc_units[:_HEAD] for n in find_names(u.text) if n.kind == "person"}
    )
    if not about:
        return []
    declared = is_testimony(doc) or any(_DECLARED.search(u.text) for u in doc_units)
    found: list[Finding] = []
    for unit in doc_units[: _HEAD * 2]:
        for concept, pattern in _DETAILS.items():
            field = pattern.match(unit.text.strip()) if unit.kind != "row" else None
            if field and (value := _detail(concept, field["v"])):
                found.append(_stated(STATED_DETAIL, concept, value, declared, unit, about))
    return found


def _stated(
    kind: str, concept: str, value: str, declared: bool, unit: Unit, about: list[str]
) -> Finding:
    """A figure or detail as one document states it, and whether its maker declared it."""
    return Finding(
        finding_type=kind,
        title=f"{concept.capitalize()} stated: {value}" + (" (declared)" if declared else ""),
        summary=unit.text[:300],
        confidence=0.75,
        severity="LOW",
        entities=about,
        sources=[unit.ref],
    )


def _detail(concept: str, raw: str) -> str | None:
    if concept == "date of birth":
        moments = find_moments(raw)
        return moments[0].day.isoformat() if moments else None
    return " ".join(raw.split()).strip(" .")


def _detail_key(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", value.lower()).strip()


def detail_contradictions(findings: list[Finding]) -> list[Contradiction]:
    """A detail its maker declared, against another document about them giving it otherwise."""
    found: list[Contradiction] = []
    stated = [f for f in findings if f.finding_type == STATED_DETAIL]
    for claim in (f for f in stated if f.title.endswith("(declared)")):
        concept = claim.title.partition(" stated: ")[0]
        against = [
            other
            for other in stated
            if other.sources[0].file_id != claim.sources[0].file_id
            and other.title.startswith(f"{concept} stated: ")
            and _same_subject(claim, other)
            and _detail_key(_stated_value(other)) != _detail_key(_stated_value(claim))
        ]
        if against:
            found.append(
                _told_otherwise(claim, against, concept, _DETAIL_SEVERITY[concept.lower()])
            )
    return found


def stated_contradictions(findings: list[Finding]) -> list[Contradiction]:
    by_concept: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        if finding.finding_type == STATED_FIGURE:
            by_concept[finding.title.split(" stated: ")[0]].append(finding)
    found: list[Contradiction] = []
    for concept, stated in by_concept.items():
        declared = [f for f in stated if f.title.endswith("(declared)")] or stated[:1]
        for claim in declared:
            value = _value(claim)
            against = [
                other
                for other in stated
                if other.sources[0].file_id != claim.sources[0].file_id
                and _same_subject(claim, other)
                and abs(_value(other) - value) > _APART * max(value, _value(other))
            ]
            if against:
                found.append(_told_otherwise(claim, against, concept, "HIGH"))
    return found


def _stated_value(finding: Finding) -> str:
    """What a stated finding's title gives: "GBP 18,500", "Operations Manager"."""
    return finding.title.partition(" stated: ")[2].removesuffix(" (declared)")


def _told_otherwise(
    claim: Finding, against: list[Finding], concept: str, severity: str
) -> Contradiction:
    """A figure or detail its maker stated, against the documents stating it otherwise."""
    told = "; ".join(f"{_stated_value(f)} (\u201c{f.summary[:80]}\u201d)" for f in against[:3])
    return Contradiction(
        claim=claim.summary,
        claim_source=claim.sources[0],
        evidence_against=[f.sources[0] for f in against][:6],
        explanation=(
            f"The {concept.lower()} is stated as {_stated_value(claim)} here; "
            f"{'another document states' if len(against) == 1 else 'others state'} {told}."
        ),
        severity=severity,
    )


def _value(finding: Finding) -> float:
    money = find_money(finding.title.split(" stated: ", 1)[1])
    return abs(money[0].value) if money else 0.0


def _same_subject(a: Finding, b: Finding) -> bool:
    return any(
        x == y or (not x[0].isdigit() and not y[0].isdigit() and same_party(x, y))
        for x in a.entities
        for y in b.entities
    )
