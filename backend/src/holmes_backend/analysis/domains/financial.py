"""Financial analysis of documents: transactions, counterparties, anomalies and findings."""

from collections import defaultdict

from holmes_backend.analysis.domains.addresses import (
    registered_addresses,
    shared_addresses,
    shared_pairs,
)
from holmes_backend.analysis.domains.anomalies import (
    REPORTING_THRESHOLD,
    STRUCTURING_BAND,
    find_anomalies,
)
from holmes_backend.analysis.domains.hypotheses import Analysis, Signal, finding_signals
from holmes_backend.analysis.domains.ledger import ledger
from holmes_backend.analysis.domains.payees import shared_accounts
from holmes_backend.analysis.domains.references import referenced_figures
from holmes_backend.analysis.domains.xmlrecords import xml_parties
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.money import find_money, format_money
from holmes_backend.analysis.facts.names import find_names, name_key
from holmes_backend.analysis.facts.text import units
from holmes_backend.contracts.agents import Anomaly, FinancialOutput, Finding, Transaction
from holmes_backend.llm.evidence import EvidenceDoc

_MAX_TRANSACTIONS = 2000
RECORD_PARTIES = "record_parties"


def stated_thresholds(docs: list[EvidenceDoc], transactions: list[Transaction]) -> list[float]:
    """The round amounts stated outside the ledgers (approval limits, bands) that payments
    may be split under."""
    ledgers = {t.source.file_id for t in transactions}
    return sorted(
        {
            money.value
            for doc in docs
            if doc.file_id not in ledgers
            for unit in units(doc)
            for money in find_money(unit.text)
            if money.value >= _LEAST_THRESHOLD and money.value % 1000 == 0
        }
    )


_LEAST_THRESHOLD = 1000.0


def analyse_financial(
    docs: list[EvidenceDoc], threshold: float = REPORTING_THRESHOLD
) -> Analysis[FinancialOutput]:
    transfers: list[Transaction] = []
    for doc in docs:
        transfers += ledger(doc).transactions
    anomalies = find_anomalies(
        transfers,
        threshold,
        {d.file_id: d.filename for d in docs},
        stated_thresholds(docs, transfers),
    )
    anomalies += shared_accounts(transfers)
    addressed = [f for doc in docs for f in registered_addresses(doc)]
    anomalies += shared_addresses(addressed, transfers)
    counterparties = _counterparties(transfers)
    findings = _overview(transfers, counterparties) + [_anomaly_finding(a) for a in anomalies]
    findings += [f for doc in docs if (f := _record_parties(doc)) is not None]
    findings += [figure for doc in docs for figure in referenced_figures(doc)]
    # Who is on record at an address another party shares: what a denial is read against.
    findings += list({id(f): f for p in shared_pairs(addressed) for f in p.rows}.values())
    output = FinancialOutput(
        transactions=transfers[:_MAX_TRANSACTIONS],
        counterparties=counterparties,
        anomalies=anomalies,
        findings=findings,
    )
    return Analysis(output, _thoughts(docs, transfers, anomalies, threshold))


def _counterparties(transfers: list[Transaction]) -> list[str]:
    totals: dict[str, float] = defaultdict(float)
    display: dict[str, str] = {}
    for tx in transfers:
        for party in (tx.from_party, tx.to_party):
            if party:
                key = name_key(party)
                totals[key] += tx.amount
                if len(party) > len(display.get(key, "")):
                    display[key] = party
    return [display[k] for k in sorted(totals, key=lambda k: -totals[k])]


def _overview(transfers: list[Transaction], counterparties: list[str]) -> list[Finding]:
    if not transfers:
        return []
    by_currency: dict[str | None, float] = defaultdict(float)
    for tx in transfers:
        by_currency[tx.currency] += tx.amount
    totals = ", ".join(
        format_money(v, c) for c, v in sorted(by_currency.items(), key=lambda cv: cv[0] or "")
    )
    largest = max(transfers, key=lambda t: t.amount)
    dated = sorted(t.date for t in transfers if t.date)
    span = f" between {dated[0][:10]} and {dated[-1][:10]}" if dated else ""
    return [
        Finding(
            finding_type="transactions_overview",
            title=f"{len(transfers)} transfers totalling {totals}{span}",
            summary=(
                f"Counterparties: {', '.join(counterparties[:6]) or 'none named'}. Largest: "
                f"{format_money(largest.amount, largest.currency)} "
                f"({largest.from_party or '?'} → {largest.to_party or '?'}, "
                f"{largest.date or 'undated'})."
            ),
            confidence=0.85,
            severity="LOW",
            entities=counterparties[:10],
            sources=unique_refs([largest.source] + [t.source for t in transfers], limit=4),
        )
    ]


def _record_parties(doc: EvidenceDoc) -> Finding | None:
    """The parties an export's records are about, named outside the records."""
    parties = xml_parties(doc)
    if not parties:
        return None
    named = ", ".join(f"{p.name} ({p.role})" for p in parties)
    return Finding(
        finding_type=RECORD_PARTIES,
        title=f"Named in {doc.filename}: {named}",
        summary=f"The records of {doc.filename} are about {named}.",
        confidence=0.85,
        severity="LOW",
        entities=[p.name for p in parties],
        sources=[p.source for p in parties],
    )


def _anomaly_finding(anomaly: Anomaly) -> Finding:
    names = sorted({n.text for n in find_names(anomaly.description) if n.kind != "place"})
    return Finding(
        finding_type=f"anomaly:{anomaly.kind}",
        title=anomaly.kind.replace("_", " ").capitalize(),
        summary=anomaly.description,
        confidence=0.8 if anomaly.severity == "HIGH" else 0.65,
        severity=anomaly.severity,
        entities=names,
        sources=anomaly.sources,
    )


def signals(output: FinancialOutput) -> list[Signal]:
    found = [
        Signal(f"{a.kind.replace('_', ' ')}: {a.description}", True, a.sources)
        for a in output.anomalies
    ]
    found += finding_signals(output.findings)
    found += [
        Signal(
            f"payment {t.from_party or ''} paid {t.to_party or ''} {t.amount} {t.description}",
            False,
            [t.source],
            [p for p in (t.from_party, t.to_party) if p],
        )
        for t in output.transactions[:300]
    ]
    return found


def _thoughts(
    docs: list[EvidenceDoc],
    transfers: list[Transaction],
    anomalies: list[Anomaly],
    threshold: float,
) -> list[str]:
    thoughts = [f"Read {len(docs)} document(s) for money: {len(transfers)} transfer(s)."]
    if anomalies:
        strongest = max(anomalies, key=lambda a: (a.severity == "HIGH", a.total_amount or 0))
        kinds = ", ".join(sorted({a.kind for a in anomalies}))
        thoughts.append(f"Anomaly rules fired: {kinds}. Strongest: {strongest.description[:220]}")
    else:
        thoughts.append(
            f"No structuring (≥3 transfers within {100 * STRUCTURING_BAND:.0f}% under "
            f"{format_money(threshold, '')} in two weeks), round trips or cross-document amount "
            "mismatches were found."
        )
    return thoughts
