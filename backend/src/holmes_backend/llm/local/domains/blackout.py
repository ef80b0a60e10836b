"""Dealing while the trading window was closed: a general counsel's memo "The quarterly trading
window will close on March 1, 2025 and reopen on April 15, 2025" against a broker's row of a
sale in the company's shares on March 12, 2025.

- Legal: a sentence closing a trading window (or opening a closed or blackout period) between
  two days it gives is a finding (BLACKOUT_PERIOD) of that period, its title giving both days.
- Synthesis: a dealing (a filing's coded transaction, a broker's row with its side) dated within
  a closed period contradicts the memo's rule (HIGH), one contradiction per memo, citing the
  dealings; only dealings in the securities the memo names, when it names its company.
"""

import re
from datetime import date

from holmes_backend.agents.schemas import Contradiction, Finding, Transaction
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.ledger import tx_date
from holmes_backend.llm.local.domains.trades import coded_dealings
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments
from holmes_backend.llm.local.facts.names import find_names, org_core
from holmes_backend.llm.local.facts.text import units

BLACKOUT_PERIOD = "blackout_period"

_CLOSES = re.compile(
    r"\b(?:trading|dealing)\s+window\s+(?:will\s+)?(?:close|closes|closed|shut)\b"
    r"|\b(?:closed|close|blackout|black-out|prohibited)\s+period\b",
    re.IGNORECASE,
)
_TITLE = re.compile(r"^Trading closed from (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})")
_KINDS = {"S": "sale", "P": "purchase", "M": "option exercise"}


def blackout_periods(doc: EvidenceDoc) -> list[Finding]:
    found: list[Finding] = []
    doc_units = units(doc)
    companies = [
        n.text for u in doc_units[:6] for n in find_names(u.text) if n.kind == "organization"
    ]
    for unit in doc_units:
        if unit.kind == "row" or not _CLOSES.search(unit.text):
            continue
        days = sorted({m.day for m in find_moments(unit.text)})
        if len(days) < 2:
            continue
        found.append(
            Finding(
                finding_type=BLACKOUT_PERIOD,
                title=f"Trading closed from {days[0].isoformat()} to {days[-1].isoformat()}",
                summary=unit.text[:300],
                confidence=0.8,
                severity="MEDIUM",
                entities=companies[:1],
                sources=[unit.ref],
            )
        )
    return found


def blackout_contradictions(
    findings: list[Finding], transactions: list[Transaction]
) -> list[Contradiction]:
    periods = [f for f in findings if f.finding_type == BLACKOUT_PERIOD]
    dealings = coded_dealings(transactions) if periods else []
    found: list[Contradiction] = []
    seen: set[str] = set()
    for period in periods:
        title = _TITLE.match(period.title)
        if title is None or period.title in seen:
            continue
        seen.add(period.title)
        start, end = date.fromisoformat(title[1]), date.fromisoformat(title[2])
        company = org_core(period.entities[0]).split()[0] if period.entities else None
        dealt = [
            (tx, code, holder)
            for tx, code, holder in dealings
            if (day := tx_date(tx)) is not None
            and start <= day < end
            and (company is None or company in (tx.source.excerpt or tx.description).lower())
        ]
        if not dealt:
            continue
        listed = "; ".join(
            f"{tx_date(tx)} {_KINDS.get(code, 'dealing')} by {holder or 'the filer'}"
            for tx, code, holder in dealt[:3]
        )
        found.append(
            Contradiction(
                claim=period.summary,
                claim_source=period.sources[0],
                evidence_against=unique_refs([tx.source for tx, _, _ in dealt], 6),
                explanation=(
                    f"The trading window was closed from {start.isoformat()} to "
                    f"{end.isoformat()}, yet {len(dealt)} dealing(s) fall within it: {listed}."
                ),
                severity="HIGH",
            )
        )
    return found
