"""Cash taken against cash banked: a till's or a shop's record of each day's cash (a "Cash
takings", "Cash sales" or "Cash collected" column beside a date) against the cash deposits the
bank records in the days after ("Cash deposit", "Counter credit", "Lodgement").

- Financial: each row of such a record is a finding (the day, the cash, whoever closed or
  counted it); a day's sales are not a payment to anyone. With the bank's deposits in the same
  evidence, days whose cash was banked short, or not at all, within a few days are an anomaly.
- Synthesis: a witness's word that the cash was banked in full, or that none was kept back,
  against those days (HIGH when the days short were ones they closed, MEDIUM otherwise).
Nothing is read as short when the evidence holds no cash deposit at all: the bank's record is
then missing, not the cash.
"""

import re
from dataclasses import dataclass
from datetime import date, timedelta

from holmes_backend.agents.schemas import (
    Anomaly,
    Contradiction,
    Finding,
    SourceRef,
    SwornClaim,
    Transaction,
)
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.ledger import tx_date
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cells import roles, row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments
from holmes_backend.llm.local.facts.money import format_money, header_currency, parse_cell
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import units

CASH_TAKEN = "cash_taken"
CASH_NOT_BANKED = "cash_not_banked"

_CASH_COLUMN = re.compile(
    r"\bcash\b.*\b(?:takings|sales|receipts|collected|taken|counted|total|banked\s+due)\b"
    r"|\b(?:takings|sales)\b.*\bcash\b",
    re.IGNORECASE,
)
_CLOSER_COLUMN = re.compile(
    r"\b(?:closed|counted|cashed\s+up|signed|manager|cashier|operator|staff|by)\b", re.I
)
_DEPOSIT = re.compile(
    r"\b(?:cash\s+(?:deposit|lodgement|paid\s+in|in)|counter\s+credit|lodgement|"
    r"deposit(?:ed)?\s+(?:of\s+)?cash|banked\s+cash|night\s+safe)\b",
    re.IGNORECASE,
)
_WITHIN = timedelta(days=4)  # cash is banked the next working day or so
_TOLERANCE = 0.5
_TITLE = re.compile(r"^Cash takings of (?P<money>.+?) recorded for (?P<day>\d{4}-\d{2}-\d{2})")
_CLAIM = re.compile(
    r"\bcash\b[^.;]{0,80}\b(?:bank(?:ed|s)?|lodged|deposited|kept|keep|took|taken|pocket(?:ed)?)"
    r"\b|\b(?:bank(?:ed)?|lodged|deposited|kept|keep|took|taken)\b[^.;]{0,60}\bcash\b"
    # "Every collection was … banked in full": the record of the cash it is about says cash.
    r"|\b(?:collections?|takings|proceeds|donations|money)\b[^.;]{0,80}"
    r"\b(?:bank(?:ed)?|lodged|deposited)\b",
    re.IGNORECASE,
)
_BANKING = re.compile(r"\b(?:bank(?:ed|s|ing)?|lodged|deposited)\b", re.IGNORECASE)
_VOUCHES = re.compile(r"\b(?:no|never|not|none|nothing|every|all|always|full|in\s+full)\b", re.I)


def cash_takings(doc: EvidenceDoc) -> list[Finding]:
    found: list[Finding] = []
    for unit in units(doc):
        if unit.kind != "row" or not (fields := row_fields(unit.text)):
            continue
        column = next((h for h in fields if _CASH_COLUMN.search(h)), None)
        parsed = parse_cell(fields[column]) if column else None
        # The day's column ("Date"), else a cell that is a day ("Night: 2026-02-13").
        dated = next(
            (m for h, v in fields.items() if roles([h]).get(h) == "date" for m in find_moments(v)),
            None,
        ) or next((m for h, v in fields.items() if h != column for m in find_moments(v)), None)
        if column is None or parsed is None or dated is None or parsed[0] <= 0:
            continue
        closer = next(
            (
                n.text
                for h, v in fields.items()
                if _CLOSER_COLUMN.search(h)
                for n in find_names(v)
                if n.kind == "person"
            ),
            None,
        )
        currency = parsed[1] or header_currency(column) or ""
        by = f" (closed by {closer})" if closer else ""
        found.append(
            Finding(
                finding_type=CASH_TAKEN,
                title=(
                    f"Cash takings of {format_money(parsed[0], currency)} recorded for "
                    f"{dated.day.isoformat()}{by}"
                ),
                summary=unit.text[:300],
                confidence=0.8,
                severity="LOW",
                entities=[closer] if closer else [],
                sources=[unit.ref],
            )
        )
    return found


@dataclass
class Short:
    taken: Finding
    day: date
    amount: float
    banked: Transaction | None

    @property
    def missing(self) -> float:
        return self.amount - (self.banked.amount if self.banked else 0.0)


def short_days(findings: list[Finding], transactions: list[Transaction]) -> list[Short]:
    """Days whose recorded cash no deposit within a few days matches in full: exact matches
    first, then each remaining day takes the first deposit on or after it."""
    days: list[tuple[date, float, Finding]] = []
    for finding in findings:
        match = _TITLE.match(finding.title) if finding.finding_type == CASH_TAKEN else None
        parsed = parse_cell(match["money"]) if match else None
        if match and parsed:
            days.append((date.fromisoformat(match["day"]), parsed[0], finding))
    deposits = sorted(
        (
            (day, t)
            for t in transactions
            if _DEPOSIT.search(f"{t.description} {t.reference or ''}")
            and (day := tx_date(t)) is not None
        ),
        key=lambda pair: pair[0],
    )
    if not days or not deposits:
        return []
    used: set[int] = set()
    banked: dict[int, Transaction] = {}

    def take(index: int, day: date, exact: float | None) -> None:
        """The first unused deposit on or after the day, within reach (of the exact amount,
        when given)."""
        for number, (when, tx) in enumerate(deposits):
            fits = exact is None or abs(tx.amount - exact) <= _TOLERANCE
            if number not in used and day <= when <= day + _WITHIN and fits:
                used.add(number)
                banked[index] = tx
                return

    days.sort(key=lambda d: d[0])
    for index, (day, amount, _) in enumerate(days):
        take(index, day, amount)
    # A weekend's cash banked in one deposit on the Monday: a run of days summing to it.
    for number, (when, tx) in enumerate(deposits):
        if number in used:
            continue
        for run in _runs([i for i in range(len(days)) if i not in banked]):
            if (
                days[run[-1]][0] <= when <= days[run[0]][0] + _WITHIN
                and abs(sum(days[i][1] for i in run) - tx.amount) <= _TOLERANCE
            ):
                used.add(number)
                banked.update(dict.fromkeys(run, tx))
                break
    for index, (day, _, _) in enumerate(days):
        if index not in banked:
            take(index, day, None)
    found: list[Short] = []
    for index, (day, amount, finding) in enumerate(days):
        short = Short(finding, day, amount, banked.get(index))
        if short.missing > _TOLERANCE:
            found.append(short)
    return found


def _runs(unbanked: list[int]) -> list[list[int]]:
    """Runs of two to four days, next to each other among those not yet banked."""
    return [
        unbanked[start : start + size]
        for size in range(2, 5)
        for start in range(len(unbanked) - size + 1)
    ]


def _listed(shorts: list[Short]) -> str:
    parts = []
    for s in shorts[:5]:
        taken = f"{s.amount:,.2f}"
        if s.banked is None:
            parts.append(f"{s.day.isoformat()}: {taken} taken, none banked")
        else:
            parts.append(
                f"{s.day.isoformat()}: {taken} taken, {s.banked.amount:,.2f} banked on "
                f"{(s.banked.date or '')[:10]}"
            )
    return "; ".join(parts)


def _refs(shorts: list[Short], limit: int) -> list[SourceRef]:
    """Each short day's record of its cash, and the deposit it was banked short in."""
    refs = [
        r for s in shorts for r in [s.taken.sources[0], *([s.banked.source] if s.banked else [])]
    ]
    return unique_refs(refs, limit)


def _closers(shorts: list[Short]) -> list[str]:
    return sorted({e for s in shorts for e in s.taken.entities})


def unbanked_anomalies(findings: list[Finding], transactions: list[Transaction]) -> list[Anomaly]:
    shorts = short_days(findings, transactions)
    if not shorts:
        return []
    total = sum(s.missing for s in shorts)
    closers = _closers(shorts)
    by = f"; closed by {', '.join(closers)}" if closers else ""
    return [
        Anomaly(
            kind=CASH_NOT_BANKED,
            description=(
                f"Cash takings of {len(shorts)} day(s) not banked in full, {total:,.2f} short "
                f"({_listed(shorts)}){by}"
            ),
            severity="HIGH" if len(shorts) > 1 else "MEDIUM",
            total_amount=round(total, 2),
            sources=_refs(shorts, 8),
        )
    ]


def unbanked_contradictions(
    claims: list[SwornClaim], findings: list[Finding], transactions: list[Transaction]
) -> list[Contradiction]:
    shorts = short_days(findings, transactions)
    if not shorts:
        return []
    found: list[Contradiction] = []
    total = sum(s.missing for s in shorts)
    for claim in claims:
        answer = answer_of(claim)
        body, asked = answer.said, answer.question
        if not claim.speaker or not _VOUCHES.search(body):
            continue
        if not _CLAIM.search(f"{body} {asked}"):
            continue
        theirs = any(same_party(claim.speaker, c) for c in _closers(shorts))
        banking = _BANKING.search(f"{body} {asked}")
        says = "says the cash was banked in full" if banking else "denies keeping cash back"
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=_refs(shorts, 6),
                explanation=(
                    f"{claim.speaker} {says}, yet {len(shorts)} "
                    f"day(s) of recorded cash takings were banked short by {total:,.2f} in all: "
                    f"{_listed(shorts)}" + (" - days they closed." if theirs else ".")
                ),
                severity="HIGH" if theirs else "MEDIUM",
            )
        )
    return found
