"""Finished by the date, and working after it: a contractor's "All works were completed by 30
June 2025" and "No work was carried out on site after that date" against the site diary's rows
of his firm's work on 14 and 29 July and the certificate of practical completion on 22 August.

- Synthesis: a claim that the works (the job, the installation, the repairs) were completed by
  or on a day, or that no work was done after it, against records dated after that day: a log's
  rows naming a firm the speaker's own statement names (the contractor), and a certificate or
  report that completion was achieved later. HIGH from two such records, MEDIUM from one; a year
  on is another job.
"""

import re
from datetime import timedelta

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.local.domains.deadlines import ACT_RECORDED, recorded_act
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import parse_span
from holmes_backend.llm.local.facts.names import find_names, org_core

_WORKS = r"(?:works?|job|project|installation|refurbishment|repairs?|build|contract\s+works)"
_COMPLETED = re.compile(
    rf"\b{_WORKS}\s+(?:was|were|had\s+been|had)\s+(?:all\s+|fully\s+|substantially\s+)?"
    r"(?:completed|finished|done)\s+(?:by|on|before)\b",
    re.IGNORECASE,
)
_NO_WORK_AFTER = re.compile(
    r"\bno\s+(?:further\s+|more\s+)?(?:work|works|activity)\s+(?:was|were)\s+(?:carried\s+out|done|"
    r"undertaken|performed)\b[^.;]{0,40}\bafter\b",
    re.IGNORECASE,
)
_ACHIEVED = re.compile(
    r"\bcompletion\b[^.;]{0,80}\b(?:was\s+)?(?:achieved|reached|certified|took\s+place)\b", re.I
)
_WITHIN = timedelta(days=366)
_LISTED = 4


def _firms(claim: SwornClaim, claims: list[SwornClaim]) -> set[str]:
    """The firms the speaker's statement names (the contractor among them)."""
    texts = [
        c.claim
        for c in claims
        if c.source.file_id == claim.source.file_id and c.speaker == claim.speaker
    ]
    return {
        core
        for text in texts
        for n in find_names(text)
        if n.kind == "organization" and len((core := org_core(n.text)).split()) >= 2
    }


def completion_contradictions(
    claims: list[SwornClaim], items: list[Item], findings: list[Finding]
) -> list[Contradiction]:
    """`findings`: the evidence domain's, whose acts recorded include completions."""
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        span = parse_span(claim.claimed_time)
        if span is None or not claim.speaker:
            continue
        if not (_COMPLETED.search(said) or _NO_WORK_AFTER.search(said)):
            continue
        done = span[1].date()
        firms = _firms(claim, claims)
        later = [
            i
            for i in items
            if i.file_id != claim.source.file_id
            and done < i.when.date() <= done + _WITHIN
            and (
                (
                    i.kind not in ("claim", "transaction")
                    and any(f in " ".join(i.description.lower().split()) for f in firms)
                )
                or _ACHIEVED.search(i.description)
            )
        ]
        records = [(i.when.date(), i.description, i.source) for i in later]
        # A certifier's "I certify that practical completion … was achieved on 22 August".
        records += [
            (day, c.claim, c.source)
            for c in claims
            if c.source.file_id != claim.source.file_id
            and _ACHIEVED.search(c.claim)
            and (certified := parse_span(c.claimed_time)) is not None
            and done < (day := certified[0].date()) <= done + _WITHIN
        ]
        # A record's "completion of commissioning was achieved on 9 April 2026".
        records += [
            (day, f.summary, f.sources[0])
            for f in findings
            if f.finding_type == ACT_RECORDED
            and f.sources
            and f.sources[0].file_id != claim.source.file_id
            and (act := recorded_act(f)) is not None
            and act[0].startswith("complet")
            and done < (day := act[1]) <= done + _WITHIN
        ]
        if not records:
            continue
        records.sort(key=lambda r: r[0])
        listed = "; ".join(f"{day.isoformat()} {text[:80]}" for day, text, _ in records[:_LISTED])
        found.append(
            refuted(
                claim,
                unique_refs([source for _, _, source in records], 6),
                (
                    f"{claim.speaker} says the work was done by {done.isoformat()}; "
                    f"{len(records)} record(s) dated after it show work or completion later: "
                    f"{listed}."
                ),
                "HIGH" if len(records) >= 2 else "MEDIUM",
            )
        )
    return found


__all__ = ["completion_contradictions"]
