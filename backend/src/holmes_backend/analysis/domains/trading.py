"""Trading ahead of news: trades in a company's securities in the weeks before the case's own
announcement of news about that company (a press release, an 8-K), and the sales that followed.

An announcement is a record that says it is one ("FOR IMMEDIATE RELEASE", "today announced", a
Form 8-K) with its day (its heading's date) and the securities it is about (its tickers, "NASDAQ:
HLVX"). A trade is a row naming a side (buy, sell) and a security (its symbol or name). Trades in
an announced security within TRADING_DAYS before the announcement make one finding per holder,
with the sales after it."""

import re
from dataclasses import dataclass
from datetime import date

from holmes_backend.agents.schemas import Transaction
from holmes_backend.analysis.domains.ledger import total_of

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
class _Trade:
    tx: Transaction
    day: date
    security: str
    bought: bool
    holder: str


def _days(trades: list[_Trade]) -> str:
    first, last = min(t.day for t in trades), max(t.day for t in trades)
    return first.isoformat() if first == last else f"{first.isoformat()} to {last.isoformat()}"


def _total(trades: list[_Trade]) -> str:
    return total_of([t.tx for t in trades])
