"""Tenders: an award to a bidder whose price was not the lowest.

Minutes and evaluation reports list the bids ("Kilbrin Contractors Ltd | 1,185,500", "Brennock
Civil Works Ltd - EUR 1,240,000") and state the award ("contract awarded to Brennock Civil Works
Ltd"). When another bid was lower, that is a finding: the award may rest on quality, but the file
should say why. A bid is an organisation named with one amount on a line of a document about
bids; the award is a line with an award word and one organisation.

A table of bids ("Bidder: Pennine Landscapes; Price (GBP): 365000; Total: 84") records an offer a
row: each is a finding naming its bidder (ledger reads no payment in it), so that a declaration's
"any of the bidders" names them (interests)."""

import re
from dataclasses import dataclass

from holmes_backend.agents.schemas import Finding, SourceRef
from holmes_backend.analysis.facts.money import (
    find_money,
    implicit_currency,
    to_number,
)
from holmes_backend.analysis.facts.names import name_key

_ABOUT_BIDS = re.compile(
    r"\b(?:bids?|bidders?|tenders?|tenderers?|quotes?|quotations?|offers?|proposals?)\b", re.I
)
FIGURE = re.compile(
    r"(?<![\w.])\d{1,3}(?:[,.\u2009 ]\d{3})+(?:[.,]\d{2})?(?!\w)|(?<![\w.])\d{4,}(?:\.\d{2})?(?!\w)"
)
_HEAD_UNITS = 80
BID_RECORDED = "bid_recorded"
BIDDERS_LINKED = "bidders_linked"
# The column of who offered the price: a tender evaluation's rows are bids, not payments.
OFFEROR_HEADER = re.compile(r"^\s*(?:bidders?|tenderers?|bidding\s+\w+|quoting\s+\w+)\b", re.I)
_PRICE_HEADER = re.compile(r"\b(?:price|bid|tender|sum|amount|value|cost|offer)", re.I)


@dataclass
class _Bid:
    bidder: str
    amount: float
    currency: str
    source: SourceRef


def _amount(text: str, bidder: str, ref: SourceRef) -> _Bid | None:
    money = [m for m in find_money(text) if m.value >= 100]
    if money:
        return _Bid(bidder, money[0].value, money[0].currency, ref)
    numbers = [v for n in FIGURE.findall(text) if (v := to_number(n)) and v >= 100]
    if len(numbers) == 1:
        return _Bid(bidder, numbers[0], implicit_currency.get(), ref)
    return None


# What a bid table gives of each bidder that independent firms do not share.
_CONTACT_COLUMNS = {
    "address": re.compile(r"\baddress\b", re.IGNORECASE),
    "telephone number": re.compile(r"\b(?:phone|telephone|tel|mobile|contact\s+number)\b", re.I),
    "e-mail domain": re.compile(r"\be-?mail\b", re.IGNORECASE),
}


def shared_officers(findings: list[Finding], interest: str) -> list[Finding]:
    """Bidders whose registers list one officer or owner for both (`interest`: the register
    findings' type)."""
    bidders = [f.entities[0] for f in findings if f.finding_type == BID_RECORDED and f.entities]
    keys = {name_key(b): b for b in bidders}
    held: dict[str, dict[str, Finding]] = {}
    for f in findings:
        if f.finding_type == interest and len(f.entities) == 2 and name_key(f.entities[1]) in keys:
            held.setdefault(name_key(f.entities[0]), {}).setdefault(name_key(f.entities[1]), f)
    found: list[Finding] = []
    for offices in held.values():
        if len(offices) < 2:
            continue
        first = next(iter(offices.values()))
        found.append(
            _linked(
                [keys[k] for k in offices],
                f"an officer or owner: {first.entities[0]}",
                [o.sources[0] for o in offices.values()],
            )
        )
    return found


def _linked(bidders: list[str], how: str, sources: list[SourceRef]) -> Finding:
    return Finding(
        finding_type=BIDDERS_LINKED,
        title=f"{' and '.join(bidders[:3])} share {how}",
        summary=(
            f"Bids from {', '.join(bidders[:3])} share {how}: they may not have been made "
            "independently of one another."
        ),
        confidence=0.8,
        severity="HIGH",
        entities=bidders[:3],
        sources=sources[:6],
    )
