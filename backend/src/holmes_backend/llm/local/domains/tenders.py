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
from collections.abc import Iterator
from dataclasses import dataclass

from holmes_backend.agents.schemas import Finding, SourceRef
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.money import (
    find_money,
    format_money,
    implicit_currency,
    to_number,
)
from holmes_backend.llm.local.facts.names import find_names, name_key
from holmes_backend.llm.local.facts.text import Unit, units

_ABOUT_BIDS = re.compile(
    r"\b(?:bids?|bidders?|tenders?|tenderers?|quotes?|quotations?|offers?|proposals?)\b", re.I
)
AWARD = re.compile(
    r"\b(?:awarded\s+to|award(?:ed)?\s+(?:the\s+)?contract\s+to|(?:was|is|be|been)\s+awarded|"
    r"recommended\s+for\s+(?:award|appointment)|preferred\s+(?:bidder|tenderer|supplier)|"
    r"successful\s+(?:bidder|tenderer)|selected\s+as|appointed\s+as)\b",
    re.IGNORECASE,
)
FIGURE = re.compile(
    r"(?<![\w.])\d{1,3}(?:[,.\u2009 ]\d{3})+(?:[.,]\d{2})?(?!\w)|(?<![\w.])\d{4,}(?:\.\d{2})?(?!\w)"
)
_HEAD_UNITS = 80
AWARD_ABOVE_LOWEST = "award_above_lowest_bid"
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


def award_findings(doc: EvidenceDoc) -> list[Finding]:
    doc_units = units(doc)
    if not any(_ABOUT_BIDS.search(u.text) for u in doc_units[:_HEAD_UNITS]):
        return []
    bids: dict[str, _Bid] = {}
    awards: list[tuple[str, SourceRef, _Bid | None]] = []
    for unit in doc_units:
        orgs = [n for n in find_names(unit.text) if n.kind == "organization"]
        if len(orgs) != 1:
            continue
        org = orgs[0]
        bid = _amount(unit.text[org.end :], org.text, unit.ref)
        if AWARD.search(unit.text):
            awards.append((org.text, unit.ref, bid))
        elif bid is not None:
            bids.setdefault(name_key(org.text), bid)
    found: list[Finding] = []
    for awardee, ref, priced in awards:
        chosen = bids.get(name_key(awardee)) or priced
        if chosen is None:
            continue
        lower = [
            b
            for key, b in bids.items()
            if key != name_key(awardee)
            and b.currency == chosen.currency
            and b.amount < chosen.amount
        ]
        if not lower:
            continue
        lowest = min(lower, key=lambda b: b.amount)
        found.append(
            Finding(
                finding_type=AWARD_ABOVE_LOWEST,
                title=f"Award to {awardee} at {format_money(chosen.amount, chosen.currency)}, "
                f"above the lowest bid ({lowest.bidder}, "
                f"{format_money(lowest.amount, lowest.currency)})",
                summary=f"{len(lower)} lower bid(s) were passed over; the file should record why "
                f"{awardee} was preferred (a quality score, a disqualification).",
                confidence=0.7,
                severity="MEDIUM",
                entities=[awardee, lowest.bidder],
                sources=[ref, chosen.source, lowest.source],
            )
        )
    return found


def lists_bids(doc: EvidenceDoc) -> bool:
    """A table of bids (triage: the legal domain reads its offers)."""
    return any(
        unit.ref.row is not None and any(OFFEROR_HEADER.match(k) for k in row_fields(unit.text))
        for unit in units(doc)[:_HEAD_UNITS]
    )


def _bid_rows(doc: EvidenceDoc) -> Iterator[tuple[Unit, dict[str, str], str]]:
    """The rows of a table of bids: each unit, its fields and its bidder."""
    for unit in units(doc):
        if unit.ref.row is None:
            continue
        fields = row_fields(unit.text)
        bidder = next((v for k, v in fields.items() if OFFEROR_HEADER.match(k) and v), None)
        if bidder is not None:
            yield unit, fields, bidder


def bid_findings(doc: EvidenceDoc) -> list[Finding]:
    """A finding per row of a table of bids: its bidder and, when a column gives it, its price."""
    found: list[Finding] = []
    for unit, fields, bidder in _bid_rows(doc):
        price = next(
            (
                bid
                for k, v in fields.items()
                if _PRICE_HEADER.search(k) and (bid := _amount(f"{k} {v}", bidder, unit.ref))
            ),
            None,
        )
        offered = f": {format_money(price.amount, price.currency)}" if price else ""
        found.append(
            Finding(
                finding_type=BID_RECORDED,
                title=f"Bid by {bidder}{offered}",
                summary=unit.text[:300],
                confidence=0.8,
                severity="LOW",
                entities=[bidder],
                sources=[unit.ref],
            )
        )
    return found


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


def linked_bids(doc: EvidenceDoc) -> list[Finding]:
    """Bidders of one table giving the same address, telephone number or e-mail domain: bids
    that may not be independent (a cover bid's tell)."""
    seen: dict[tuple[str, str], list[tuple[str, SourceRef]]] = {}
    for unit, fields, bidder in _bid_rows(doc):
        for what, column in _CONTACT_COLUMNS.items():
            value = next((v for k, v in fields.items() if column.search(k) and v.strip()), None)
            if value:
                key = _contact_key(what, value)
                if key and all(
                    name_key(b) != name_key(bidder) for b, _ in seen.get((what, key), [])
                ):
                    seen.setdefault((what, key), []).append((bidder, unit.ref))
    return [
        _linked([b for b, _ in rows], f"the same {what} ({key})", [r for _, r in rows])
        for (what, key), rows in seen.items()
        if len(rows) >= 2
    ]


def _contact_key(what: str, value: str) -> str | None:
    if what == "telephone number":
        digits = re.sub(r"\D", "", value)
        return value.strip() if len(digits) >= 7 else None
    if what == "e-mail domain":
        domain = value.rpartition("@")[2].strip().lower()
        return domain if "." in domain and value.count("@") == 1 else None
    return " ".join(value.split()) if len(value.split()) >= 2 else None


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
