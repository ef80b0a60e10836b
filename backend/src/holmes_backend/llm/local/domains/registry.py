"""Dealings with a company outside its life: payments to a firm dated before the registry says
it was incorporated, or after it was dissolved; a witness's "they have supplied us since 2019"
about a company formed in 2023.

- Legal and evidence: a registry record (its fields: "Company name: …", "Incorporated on: …",
  "Date of dissolution: …", "Status: Dissolved on …") is a finding naming the company and the
  days it was formed and, when it was, dissolved.
- Synthesis: payments to the company (or invoices from it) dated before it was formed or after
  it was dissolved contradict the registry (HIGH); so does a claim naming the company with a
  time before it was formed."""

import re
from datetime import date

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim, Transaction
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.ledger import total_of, tx_date
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, parse_span
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import Unit, units

COMPANY_LIFETIME = "company_lifetime"

_NAME_FIELD = re.compile(
    r"^\s*(?:company|entity|business|registered|corporate|legal)?\s*name\s*[:|]\s*(?P<v>.+)$",
    re.IGNORECASE,
)
_FORMED = re.compile(
    r"\b(?:incorporat(?:ed|ion)|formation|formed|registration|registered\s+on|date\s+of\s+"
    r"(?:incorporation|formation|registration)|organi[sz]ed)\b",
    re.IGNORECASE,
)
_ENDED = re.compile(
    r"\b(?:dissol(?:ved|ution)|struck\s+off|removed\s+from\s+the\s+register|liquidated|"
    r"ceased|wound\s+up|deregistered)\b",
    re.IGNORECASE,
)
_HEAD = 40


def company_lifetimes(doc: EvidenceDoc) -> list[Finding]:
    head = units(doc)[:_HEAD]
    company = next((c for u in head if (c := _company(u.text))), None)
    if company is None:
        return []
    formed = _day(head, _FORMED)
    ended = _day(head, _ENDED)
    if formed is None and ended is None:
        return []
    life = f" incorporated on {formed[0].isoformat()}" if formed else ""
    life += f"{',' if formed else ''} dissolved on {ended[0].isoformat()}" if ended else ""
    return [
        Finding(
            finding_type=COMPANY_LIFETIME,
            title=f"{company}{life}",
            summary=" / ".join(x[1].text[:120] for x in (formed, ended) if x is not None),
            confidence=0.85,
            severity="LOW",
            entities=[company],
            sources=unique_refs([x[1].ref for x in (formed, ended) if x is not None], 2),
        )
    ]


def _company(text: str) -> str | None:
    field = _NAME_FIELD.match(text)
    if field is None:
        return None
    named = [n.text for n in find_names(field["v"]) if n.kind == "organization"]
    return named[0] if named else None


def _day(head: list[Unit], pattern: re.Pattern[str]) -> tuple[date, Unit] | None:
    for unit in head:
        match = pattern.search(unit.text)
        if match is None:
            continue
        after = [m for m in find_moments(unit.text) if m.start >= match.start()]
        if after:
            return after[0].day, unit
    return None


def _lifetime(title: str) -> tuple[date | None, date | None]:
    formed = re.search(r" incorporated on (\d{4}-\d{2}-\d{2})", title)
    ended = re.search(r" dissolved on (\d{4}-\d{2}-\d{2})", title)
    return (
        date.fromisoformat(formed.group(1)) if formed else None,
        date.fromisoformat(ended.group(1)) if ended else None,
    )


def lifetime_contradictions(
    findings: list[Finding], transactions: list[Transaction], claims: list[SwornClaim]
) -> list[Contradiction]:
    records = {f.title: f for f in findings if f.finding_type == COMPANY_LIFETIME and f.entities}
    found: list[Contradiction] = []
    for record in records.values():
        company = record.entities[0]
        formed, ended = _lifetime(record.title)
        outside = [
            tx
            for tx in transactions
            if (tx.to_party and same_party(tx.to_party, company))
            or (tx.from_party and same_party(tx.from_party, company))
            if (day := tx_date(tx)) and ((formed and day < formed) or (ended and day > ended))
        ]
        if outside:
            days = sorted({d.isoformat() for tx in outside if (d := tx_date(tx))})
            found.append(
                Contradiction(
                    claim=(outside[0].source.excerpt or outside[0].description)[:300],
                    claim_source=outside[0].source,
                    evidence_against=unique_refs(
                        [*record.sources, *(t.source for t in outside[1:4])], 6
                    ),
                    explanation=(
                        f"{len(outside)} payment(s) or invoice(s) with {company} "
                        f"({total_of(outside)}) dated {', '.join(days[:5])}, when the registry "
                        f"has it {_alive(formed, ended)}."
                    ),
                    severity="HIGH",
                )
            )
        for claim in claims if formed else []:
            span = parse_span(claim.claimed_time)
            named = any(
                n.kind == "organization" and same_party(n.text, company)
                for n in find_names(claim.claim)
            )
            if named and span and formed and span[0].date() < formed:
                found.append(
                    refuted(
                        claim,
                        record.sources,
                        (
                            f"{claim.speaker or 'The witness'} speaks of {company} from "
                            f"{span[0].date().isoformat()}, yet the registry has it "
                            f"{_alive(formed, ended)}."
                        ),
                        "HIGH",
                    )
                )
    return found


def _alive(formed: date | None, ended: date | None) -> str:
    parts = [f"incorporated on {formed.isoformat()}" if formed else ""]
    parts += [f"dissolved on {ended.isoformat()}" if ended else ""]
    return " and ".join(p for p in parts if p)
