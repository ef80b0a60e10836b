"""Trading ahead of news: trades in a company's securities in the weeks before the case's own
announcement of news about that company (a press release, an 8-K), and the sales that followed.

An announcement is a record that says it is one ("FOR IMMEDIATE RELEASE", "today announced", a
Form 8-K) with its day (its heading's date) and the securities it is about (its tickers, "NASDAQ:
HLVX"). A trade is a row naming a side (buy, sell) and a security (its symbol or name). Trades in
an announced security within TRADING_DAYS before the announcement make one finding per holder,
with the sales after it."""

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import date

from holmes_backend.agents.schemas import Anomaly, SourceRef, Transaction
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.ledger import total_of, tx_date
from holmes_backend.llm.local.domains.records import written_day
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.text import units

TRADING_BEFORE_NEWS = "trading_before_announcement"
TRADING_DAYS = 30
_ANNOUNCES = re.compile(
    r"\bfor immediate release\b|\btoday announced\b|\bannounced today\b|\bnews release\b|"
    r"\bpress release\b|\bform 8-k\b",
    re.IGNORECASE,
)
_TICKER = re.compile(
    r"\((?:NASDAQ|Nasdaq|NYSE(?: American| Arca)?|AMEX|OTC\w*|LSE|AIM|TSX(?:-V)?|ASX|XETRA|"
    r"Euronext(?: \w+)?|SIX|HKEX|SGX|JSE|NZX)\s*:\s*(?P<ticker>[A-Z][A-Z0-9.]{0,6})\)"
)
_SIDE = re.compile(r"\b(?:side|action|buy/sell|b/s|transaction type|type|direction)\b", re.I)
_SECURITY = re.compile(r"\b(?:symbol|ticker|security|instrument|stock|isin|issue)\b", re.I)
_HOLDER = re.compile(
    r"\b(?:account holder|holder|owner|client|customer|account name|reporting (?:person|owner)|"
    r"trader|beneficial owner)\b",
    re.IGNORECASE,
)
_BUY = re.compile(r"^\s*(?:b|buy|bought|purchase[ds]?|bot|acquired|a)\s*$", re.IGNORECASE)
_SELL = re.compile(r"^\s*(?:s|sell|sold|sale|disposed|d)\s*$", re.IGNORECASE)
_HEADLINE_WORDS = 5
_READ = re.compile(
    r"^(?P<holder>.+?) (?:bought|sold) .*? before the announcement of (?P<day>\d{4}-\d{2}-\d{2})"
)


@dataclass
class _News:
    doc: EvidenceDoc
    day: date
    tickers: set[str]
    headline: str
    ref: SourceRef


@dataclass
class _Trade:
    tx: Transaction
    day: date
    security: str
    bought: bool
    holder: str


def _announcements(docs: list[EvidenceDoc]) -> list[_News]:
    found: list[_News] = []
    for doc in docs:
        doc_units = units(doc)[:200]
        text = " ".join(u.text for u in doc_units)
        day = written_day(doc)
        tickers = {m["ticker"] for m in _TICKER.finditer(text)}
        if not (day and tickers and _ANNOUNCES.search(text)):
            continue
        headline = next(
            (
                u
                for u in doc_units
                if len(u.text.split()) >= _HEADLINE_WORDS and not _ANNOUNCES.fullmatch(u.text)
            ),
            doc_units[0],
        )
        found.append(
            _News(doc, date.fromisoformat(day), tickers, headline.text[:160], headline.ref)
        )
    return found


def _trade(tx: Transaction) -> _Trade | None:
    fields = row_fields(tx.source.excerpt or "")
    side = next((v for k, v in fields.items() if _SIDE.search(k)), "")
    security = next((v for k, v in fields.items() if _SECURITY.search(k)), "")
    holder = next((v for k, v in fields.items() if _HOLDER.search(k)), "")
    day = tx_date(tx)
    bought, sold = bool(_BUY.match(side)), bool(_SELL.match(side))
    if day is None or not security or not (bought or sold):
        return None
    return _Trade(tx, day, security.strip().upper(), bought, holder or tx.from_party or "")


def _days(trades: list[_Trade]) -> str:
    first, last = min(t.day for t in trades), max(t.day for t in trades)
    return first.isoformat() if first == last else f"{first.isoformat()} to {last.isoformat()}"


def _total(trades: list[_Trade]) -> str:
    return total_of([t.tx for t in trades])


def trading_before_news(docs: list[EvidenceDoc], transfers: list[Transaction]) -> list[Anomaly]:
    news = _announcements(docs)
    trades = [t for tx in transfers if (t := _trade(tx))] if news else []
    found: list[Anomaly] = []
    for item in news:
        by_holder: dict[str, list[_Trade]] = defaultdict(list)
        for trade in trades:
            if trade.security in item.tickers:
                by_holder[trade.holder].append(trade)
        for holder, held in by_holder.items():
            before = [
                t for t in held if 0 < (item.day - t.day).days <= TRADING_DAYS and t.bought
            ] or [t for t in held if 0 < (item.day - t.day).days <= TRADING_DAYS]
            if not before:
                continue
            after = [
                t for t in held if 0 <= (t.day - item.day).days <= TRADING_DAYS and not t.bought
            ]
            side = "bought" if before[0].bought else "sold"
            lead = (item.day - max(t.day for t in before)).days
            sold = f"; sold after it: {_total(after)} on {_days(after)}" if after else ""
            found.append(
                Anomaly(
                    kind=TRADING_BEFORE_NEWS,
                    description=(
                        f"{holder or 'The account'} {side} {before[0].security} "
                        f"({len(before)} trade(s), {_total(before)}) on {_days(before)}, "
                        f"{lead} day(s) before the announcement of {item.day.isoformat()} in "
                        f"{item.doc.filename} (\u201c{item.headline}\u201d){sold}."
                    ),
                    severity="HIGH",
                    total_amount=sum(t.tx.amount for t in before),
                    sources=unique_refs([t.tx.source for t in before + after] + [item.ref], 8),
                )
            )
    return found


def traded_before(anomaly: Anomaly) -> tuple[str, date] | None:
    """Who traded ahead of news, and the day of the news, as an anomaly of this module says."""
    match = _READ.match(anomaly.description) if anomaly.kind == TRADING_BEFORE_NEWS else None
    return (match["holder"], date.fromisoformat(match["day"])) if match else None
