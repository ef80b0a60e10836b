"""No earnings since: "I do not have a job and I have not earned any money since August 2025"
against payslips about the speaker paid after it, and payroll payments to them.

- Synthesis: a denial of earning, of being paid or employed, or of having any income or job,
  since a day or a month ("since August 2025", "since 3 March"), against the pay the case
  records for the speaker from then on: a payslip (a record about them, by its head's
  "Employee:" field, with its pay date) or a payment of pay to them (salary, wages, payroll).
  HIGH from two, MEDIUM from one.
"""

import re
from datetime import date

from holmes_backend.agents.schemas import Contradiction, Finding, SourceRef, SwornClaim
from holmes_backend.llm.local.domains.deadlines import ACT_RECORDED, recorded_act
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.people import subjects_by_file
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.domains.timeline import people_in
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import since_day
from holmes_backend.llm.local.facts.names import same_party

_NO_EARNINGS = re.compile(
    r"\b(?:(?:have|has)\s*(?:not|n['\u2019]t)|never|not)\s+(?:been\s+)?(?:earned|received|been\s+"
    r"paid|had|worked\s+(?:for|in))\b[^.;]{0,30}?\b(?:money|income|wages?|pay|salary|earnings|"
    r"job|employment|anything|a\s+penny|a\s+cent)\b|"
    r"\b(?:do|does)\s*(?:not|n['\u2019]t)\s+have\s+(?:a|any)\s+(?:job|income|employment|work)\b|"
    r"\bno\s+(?:income|earnings|job|employment|wages)\b|\b(?:unemployed|out\s+of\s+work)\b",
    re.IGNORECASE,
)
_PAY = re.compile(r"\b(?:salary|salaries|wages?|payroll|net\s+pay|pay\s+slip|payslip)\b", re.I)
_LISTED = 4


def earnings_contradictions(
    claims: list[SwornClaim], findings: list[Finding], items: list[Item]
) -> list[Contradiction]:
    subjects = subjects_by_file(findings)
    paid_days = [
        (day, f.sources[0])
        for f in findings
        if f.finding_type == ACT_RECORDED
        and f.sources
        and (act := recorded_act(f)) is not None
        and act[0] == "payment"
        for day in [act[1]]
    ]
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        start = since_day(said)
        if not claim.speaker or start is None or not _NO_EARNINGS.search(said):
            continue
        speaker = claim.speaker
        pay: list[tuple[date, SourceRef, str]] = [
            (day, ref, f"payslip paid {day.isoformat()}")
            for day, ref in paid_days
            if day >= start
            and ref.file_id != claim.source.file_id
            and any(same_party(speaker, p) for p in subjects.get(ref.file_id, []))
        ]
        pay += [
            (i.when.date(), i.source, f"{i.description[:80]} on {i.when.date().isoformat()}")
            for i in items
            if i.kind == "transaction"
            and i.file_id != claim.source.file_id
            and i.when.date() >= start
            and _PAY.search(f"{i.description} {i.source.excerpt or ''}")
            and any(same_party(speaker, p) for p in [*i.people, *_named(i)])
        ]
        # A payslip read by both domains (its pay date, its net pay) is one payment.
        pay = list({(ref.file_id, day): (day, ref, what) for day, ref, what in pay}.values())
        if not pay:
            continue
        pay.sort(key=lambda p: p[0])
        listed = "; ".join(what for _, _, what in pay[:_LISTED])
        found.append(
            refuted(
                claim,
                unique_refs([ref for _, ref, _ in pay], 6),
                f"{speaker} says they have earned nothing since {start.isoformat()}, yet the "
                f"case records {len(pay)} payment(s) of pay to them since: {listed}.",
                "HIGH" if len(pay) >= 2 else "MEDIUM",
            )
        )
    return found


def _named(item: Item) -> list[str]:
    """The people a payment's row names ("SALARY T RINALDI" in a bank's capitals)."""
    values = row_fields(item.source.excerpt or "").values() or [item.description]
    return [p for v in values for p in people_in(v.title() if v.isupper() else v)]


__all__ = ["earnings_contradictions"]
