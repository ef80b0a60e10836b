"""Performance on record against performance as later told: a dismissal "because of her poor
performance over the previous year, which I had discussed with her many times" against that
year's review rating her "Exceeds expectations … No performance concerns".

- Evidence: a review or appraisal (a document with an "Employee:" or "Name:" field, or a person
  in its heading) whose rating or comments are favourable is a finding naming the employee,
  its reviewer ("Reviewer:", "Manager:", "Appraiser:") and its date.
- Synthesis: a sworn claim of poor performance, performance concerns or underperformance about
  a person, against such a review of them from the 18 months before the claim (or any, when the
  claim has no date). HIGH when the speaker wrote the review themselves."""

import re
from datetime import date, timedelta

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.facts.dates import find_moments, parse_span
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import units

PERFORMANCE_ON_RECORD = "performance_on_record"

_FAVOURABLE = re.compile(
    r"\b(?:exceeds?|exceeded|exceeding)\s+(?:all\s+)?expectations|\bmeets?\s+(?:all\s+)?"
    r"expectations|\b(?:outstanding|excellent|exemplary|strong|high|top)\s+(?:performer|"
    r"performance|contributor|rating)|\bno\s+(?:performance\s+)?(?:concerns|issues|problems)\b|"
    r"\brated\s+(?:as\s+)?(?:good|very\s+good|excellent|outstanding|strong)\b|"
    r"\boverall\s+rating\s*:\s*(?:[45](?:\s*/\s*5)?|a|good|very\s+good|excellent|outstanding|"
    r"strong|exceeds)\b",
    re.IGNORECASE,
)
_REVIEW = re.compile(
    r"\b(?:performance\s+(?:review|appraisal|evaluation|assessment)|appraisal|annual\s+review|"
    r"mid-?year\s+review|end-?of-?year\s+review)\b",
    re.IGNORECASE,
)
_EMPLOYEE = re.compile(
    r"^\s*(?:employee|name|staff\s+member|appraisee|reviewee)\s*:\s*(?P<v>.+)$", re.I
)
_REVIEWER = re.compile(
    r"^\s*(?:reviewer|reviewed\s+by|manager|line\s+manager|appraiser|assessor|signed)\s*:\s*(?P<v>.+)$",
    re.IGNORECASE,
)
_DATE = re.compile(r"^\s*(?:date|review\s+date|dated)\s*:\s*(?P<v>.+)$", re.IGNORECASE)
_POOR = re.compile(
    r"\b(?:poor|unsatisfactory|inadequate|weak|declining)\s+(?:work\s+)?performance|"
    r"\bperformance\s+(?:concerns|issues|problems|failings|shortcomings)|\bunder-?perform\w*|"
    r"\bbelow\s+expectations|\bfailed\s+to\s+meet\s+(?:her|his|their|the)?\s*(?:targets|"
    r"objectives|expectations|standards)",
    re.IGNORECASE,
)
_HEAD = 15
_RECENT = timedelta(days=548)  # 18 months


def performance_on_record(doc: EvidenceDoc) -> list[Finding]:
    doc_units = units(doc)
    head = [u.text for u in doc_units[:_HEAD]]
    if not any(_REVIEW.search(text) for text in [doc.filename.replace("_", " "), *head]):
        return []
    employee = _field(head, _EMPLOYEE)
    if employee is None:
        return []
    reviewer = _field(head, _REVIEWER)
    dated = next((m for t in head if (d := _DATE.match(t)) for m in find_moments(d["v"])), None)
    for unit in doc_units:
        if _FAVOURABLE.search(unit.text):
            people = [employee, *([reviewer] if reviewer else [])]
            when = f" on {dated.day.isoformat()}" if dated else ""
            by = f" by {reviewer}" if reviewer else ""
            return [
                Finding(
                    finding_type=PERFORMANCE_ON_RECORD,
                    title=f"Review of {employee}{by}{when}: {unit.text[:100]}",
                    summary=unit.text[:400],
                    confidence=0.8,
                    severity="LOW",
                    entities=people,
                    sources=[unit.ref],
                )
            ]
    return []


def _field(head: list[str], pattern: re.Pattern[str]) -> str | None:
    for text in head:
        if (match := pattern.match(text)) and (
            people := [n.text for n in find_names(match["v"]) if n.kind == "person"]
        ):
            return people[0]
    return None


def review_contradictions(claims: list[SwornClaim], findings: list[Finding]) -> list[Contradiction]:
    reviews = [f for f in findings if f.finding_type == PERFORMANCE_ON_RECORD and f.entities]
    found: list[Contradiction] = []
    for claim in claims:
        if not claim.speaker or not _POOR.search(claim.claim):
            continue
        named = [n.text for n in find_names(claim.claim) if n.kind == "person"]
        span = parse_span(claim.claimed_time)
        told = span[1].date() if span else None
        against = [
            review
            for review in reviews
            if any(same_party(review.entities[0], person) for person in named)
            and not same_party(review.entities[0], claim.speaker)
            and _recent(review, told)
        ]
        if not against:
            continue
        own = [r for r in against if any(same_party(claim.speaker, p) for p in r.entities[1:])]
        first = (own or against)[0]
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=[s for r in against for s in r.sources][:6],
                explanation=(
                    f"{claim.speaker} gives poor performance as the reason, yet the "
                    + ("review they wrote" if own else "review on record")
                    + f" says: {first.summary[:200].rstrip('.')}."
                ),
                severity="HIGH" if own else "MEDIUM",
            )
        )
    return found


def _recent(review: Finding, told: date | None) -> bool:
    if told is None:
        return True
    dated = re.search(r" on (\d{4}-\d{2}-\d{2}):", review.title)
    if dated is None:
        return True
    day = date.fromisoformat(dated.group(1))
    return told - _RECENT <= day <= told
