"""Hospitality on record: an expense or card row that names its guests ("Employee: Derek Holm;
Merchant: Le Mousse Restaurant; Guests: Cllr. Joan Mabry") is the payer's hospitality to them,
and puts payer and guests together that day.

- A guest's "I have never accepted hospitality from Holm Paving or anyone connected with it"
  is contradicted by rows where they are the guest and the payer is that party or tied to it
  (the same person; a name that carries the firm's distinctive word, "Derek Holm" of "Holm
  Paving"; or a register's record of the payer as its officer or owner).
- "I had no contact with Derek Holm" is contradicted by rows of the two together (see
  contradictions.denial_contradictions, which reads `together`).
- "I declared every gift I received in the register" is contradicted by rows naming them as
  the guest that the gifts register (a file named as one) has no entry of theirs near.
"""

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim, Transaction
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.interests import INTEREST
from holmes_backend.llm.local.domains.ledger import tx_date
from holmes_backend.llm.local.domains.tenders import BID_RECORDED
from holmes_backend.llm.local.domains.timeline import sender_name
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import parse_iso, parse_span
from holmes_backend.llm.local.facts.money import format_money
from holmes_backend.llm.local.facts.names import distinctive_words, find_names, same_party
from holmes_backend.llm.local.facts.text import units

_GUESTS = re.compile(
    r"\b(?:guests?(?:\s+names?)?|attendees?|entertained|beneficiar(?:y|ies)|hosted|"
    r"recipients?|in\s+attendance)\s*:\s*(?P<v>[^;]+)",
    re.IGNORECASE,
)
_PAYER = re.compile(
    r"\b(?:employee|cardholder|card\s+holder|claimant|paid\s+by|submitted\s+by|host)\s*:\s*"
    r"(?P<v>[^;]+)",
    re.IGNORECASE,
)
_DENIES = re.compile(
    r"\b(?:never|not|no|n['\u2019]t)\b[^.;]{0,40}?\b(?:accept(?:ed|ing)?|receiv(?:e|ed|ing)|took|"
    r"taken|take|got|enjoyed|had)\b[^.;]{0,30}?\b(?:hospitality|gifts?|meals?|dinners?|"
    r"lunch(?:es)?|trips?|travel|hotels?|stays?|entertainment|tickets?|favou?rs?|benefits?|"
    r"inducements?)\b[^.;]{0,20}?\bfrom\b",
    re.IGNORECASE,
)

# A register's columns: who gave it, and the officer who received it.
_GIVER = re.compile(
    r"\b(?:(?:provided|given|offered|paid|donated|hosted)\s+by|donor|provider|giver|"
    r"offered\s+from|source)\s*:\s*(?P<v>[^;]+)",
    re.IGNORECASE,
)
_TAKER = re.compile(
    r";\s*(?:officer|recipient|received\s+by|member|councillor|staff\s+member|official|"
    r"name\s+of\s+(?:officer|recipient))\s*:\s*(?P<v>[^;]+)",
    re.IGNORECASE,
)
_HEAD_ROWS = 20
_WHAT = re.compile(r"\b(?:description|details|item|nature)\s*:\s*(?P<v>[^;]+)", re.IGNORECASE)
# "from any bidder": the case's bidders (tenders.bid_findings).
_ANY_BIDDER = re.compile(r"^\s*any\s+(?:of\s+the\s+)?(?:bidders?|tenderers?)\b", re.IGNORECASE)

_DECLARED_ALL = re.compile(
    r"\b(?:declared|registered|recorded|disclosed|reported|listed|entered)\s+(?:every|all|each|"
    r"any)\s+(?:single\s+|of\s+the\s+)?(?:gifts?|hospitality|benefits?|meals?|invitations?)\b",
    re.IGNORECASE,
)
_REGISTER_FILE = re.compile(r"gift|hospitality|register|declaration|interest", re.IGNORECASE)
_DECLARED_DAYS = 3


@dataclass
class Hosted:
    payer: str
    guests: list[str]
    tx: Transaction
    what: str | None = None  # a register's description of it ("Dinner at The Old Mill")


def hosted(transactions: list[Transaction]) -> list[Hosted]:
    found: list[Hosted] = []
    for tx in transactions:
        guests = _GUESTS.search(tx.description)
        if guests is None:
            if (given := _registered(tx)) is not None:
                found.append(given)
            continue
        names = [n.text for n in find_names(guests["v"]) if n.kind == "person"]
        payer_field = _PAYER.search(tx.description)
        payer = (
            next((n.text for n in find_names(payer_field["v"]) if n.kind == "person"), None)
            if payer_field
            else tx.from_party
        )
        if names and payer:
            found.append(Hosted(payer, names, tx))
    return found


def gifts_register(doc: EvidenceDoc) -> bool:
    """A register of gifts and hospitality received, row by row (triage: the financial domain
    reads its rows as what was given)."""
    return any(
        unit.ref.row is not None and _GIVER.search(unit.text) and _TAKER.search(f"; {unit.text}")
        for unit in units(doc)[:_HEAD_ROWS]
    )


def _registered(tx: Transaction) -> Hosted | None:
    """A gifts and hospitality register's row: its officer received what its provider gave
    ("Officer: Ruth Farrant; Provided by: Greenway Grounds Ltd; Description: Dinner")."""
    giver = _GIVER.search(tx.description)
    taker = _TAKER.search(f"; {tx.description}")
    if giver is None or taker is None:
        return None
    taken = [n.text for n in find_names(taker["v"]) if n.kind == "person"]
    given = giver["v"].strip()
    what = _WHAT.search(tx.description)
    return (
        Hosted(given, taken[:1], tx, what["v"].strip() if what else None)
        if taken and given
        else None
    )


def together(rows: list[Hosted], one: str, other: str) -> list[Transaction]:
    """Rows of hospitality between the two (either the payer, the other a guest)."""
    return [
        row.tx
        for row in rows
        if any(
            same_party(row.payer, a) and any(same_party(g, b) for g in row.guests)
            for a, b in ((one, other), (other, one))
        )
    ]


HOSPITALITY_OFFERED = "hospitality_offered"
# An e-mail arranging something for its recipient that the sender's side pays for: "the box at
# Ashbrook Rovers is booked for Saturday, Greenline is paying as usual".
_TREAT = re.compile(
    r"\b(?:box|tickets?|table|dinner|lunch|hotel|suite|hospitality|golf|trip|flights?|weekend|"
    r"spa|cruise|concert)\b",
    re.IGNORECASE,
)
_ON_US = re.compile(
    r"\b(?:is|are|we['\u2019]re|we\s+are|I['\u2019]m|I\s+am)\s+paying\b|\bwill\s+pay\b|"
    r"\bpaid\s+for\b|\bon\s+us\b|\b(?:our|my)\s+treat\b|\bcomplimentary\b|"
    r"\bpicking\s+up\s+the\s+(?:bill|tab)\b",
    re.IGNORECASE,
)
_OFFER_TITLE = re.compile(r" on (?P<day>\d{4}-\d{2}-\d{2})$")


def hospitality_offered(doc: EvidenceDoc) -> list[Finding]:
    """An e-mail's arrangement of hospitality for its recipients at its sender's side's cost."""
    if doc.mime_type != "message/rfc822":
        return []
    sender = sender_name(str(doc.metadata.get("from") or ""))
    to = [sender_name(str(a)) for a in doc.metadata.get("to") or []]
    sent = parse_iso(str(doc.metadata.get("date") or ""))
    recipients = [r for r in to if r]
    if not sender or not recipients or sent is None:
        return []
    return [
        Finding(
            finding_type=HOSPITALITY_OFFERED,
            title=(
                f"Hospitality arranged by {sender} for {', '.join(recipients)} on "
                f"{sent.date().isoformat()}"
            ),
            summary=" ".join(unit.text.split())[:300],
            confidence=0.7,
            severity="MEDIUM",
            entities=[sender, *recipients],
            sources=[unit.ref],
        )
        for unit in units(doc)
        if not unit.text.lstrip().startswith(">")
        and _TREAT.search(unit.text)
        and _ON_US.search(unit.text)
    ][:3]


def hospitality_contradictions(
    claims: list[SwornClaim],
    rows: list[Hosted],
    interests: list[Finding],
    offers: list[Finding] | None = None,
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        denial = _DENIES.search(claim.claim)
        if denial is None or not claim.speaker:
            continue
        rest = claim.claim[denial.end() :]
        named = [n.text for n in find_names(rest) if n.kind != "place"]
        if _ANY_BIDDER.match(rest):
            named = [f.entities[0] for f in interests if f.finding_type == BID_RECORDED]
        # "in the last 12 months": its period (not the day a "never" was told).
        span = parse_span(claim.claimed_time) if claim.claimed_time else None
        span = span if span and span[1] - span[0] > timedelta(days=1) else None
        received = [
            row
            for row in rows
            if any(same_party(g, claim.speaker) for g in row.guests)
            and any(_tied(row.payer, source, interests) for source in named)
            and (span is None or _within(row.tx, span))
        ]
        if not received:
            found += _offered(claim, named, span, interests, offers or [])
            continue
        source = next(s for s in named if _tied(received[0].payer, s, interests))
        of = "" if same_party(received[0].payer, source) else f", of {source}"
        received.sort(key=lambda r: r.tx.date or "")
        listing = _listing(received)
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=unique_refs([r.tx.source for r in received], 6),
                explanation=(
                    f"{claim.speaker} denies it, yet {len(received)} record(s) name them as the "
                    f"guest of {received[0].payer}{of}: {listing}."
                ),
                severity="HIGH",
            )
        )
    return found


def _offered(
    claim: SwornClaim,
    named: list[str],
    span: tuple[datetime, datetime, bool] | None,
    interests: list[Finding],
    offers: list[Finding],
) -> list[Contradiction]:
    """The denial against e-mails to the speaker arranging hospitality paid by a party it names
    (or someone tied to it): an arrangement, not a record of its acceptance: MEDIUM."""
    assert claim.speaker is not None
    speaker = claim.speaker
    made: list[tuple[Finding, str]] = []
    for offer in offers:
        day = _OFFER_TITLE.search(offer.title)
        if (
            offer.finding_type != HOSPITALITY_OFFERED
            or day is None
            or not any(same_party(r, speaker) for r in offer.entities[1:])
            or (
                span is not None
                and not span[0].date() <= date.fromisoformat(day["day"]) <= span[1].date()
            )
        ):
            continue
        source = next((s for s in named if _tied(offer.entities[0], s, interests)), None)
        if source is not None:
            made.append((offer, source))
    if not made:
        return []
    offer, source = made[0]
    sender = offer.entities[0]
    of = "" if same_party(sender, source) else f", of {source},"
    return [
        Contradiction(
            claim=claim.claim,
            claim_source=claim.source,
            evidence_against=unique_refs([o.sources[0] for o, _ in made], 6),
            explanation=(
                f"{speaker} denies it, yet {sender}{of} wrote to them arranging hospitality at "
                f"their side's cost (\u201c{offer.summary[:160]}\u201d)."
            ),
            severity="MEDIUM",
        )
    ]


def undeclared_contradictions(
    claims: list[SwornClaim],
    rows: list[Hosted],
    transactions: list[Transaction],
    filenames: dict[str, str],
) -> list[Contradiction]:
    """ "I declared every gift I received in the register" against hospitality rows naming the
    speaker as a guest that the case's gifts register (a file named as one) does not hold: no
    entry of theirs within a few days of it."""
    registers = {f for f, name in filenames.items() if _REGISTER_FILE.search(name)}
    found: list[Contradiction] = []
    for claim in claims:
        if not claim.speaker or not _DECLARED_ALL.search(claim.claim) or not registers:
            continue
        entries = [
            day
            for t in transactions
            if t.source.file_id in registers
            and _names(t.description, claim.speaker)
            and (day := tx_date(t)) is not None
        ]
        missing = [
            row
            for row in rows
            if row.tx.source.file_id not in registers
            and any(same_party(g, claim.speaker) for g in row.guests)
            and (day := tx_date(row.tx)) is not None
            and not any(abs((day - entry).days) <= _DECLARED_DAYS for entry in entries)
        ]
        if not missing:
            continue
        listing = _listing(missing)
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=unique_refs([r.tx.source for r in missing], 6),
                explanation=(
                    f"{claim.speaker} says every gift was declared, yet the register has no "
                    f"entry of theirs for {len(missing)} hospitality record(s) naming them as "
                    f"the guest: {listing}."
                ),
                severity="HIGH",
            )
        )
    return found


def _listing(rows: list[Hosted]) -> str:
    return "; ".join(
        (
            f"{r.what}, {format_money(r.tx.amount, r.tx.currency)}"
            if r.what
            else f"{format_money(r.tx.amount, r.tx.currency)} at {r.tx.to_party or 'a merchant'}"
        )
        + f" on {tx_date(r.tx) or r.tx.date or 'an unknown date'}, paid by {r.payer}"
        for r in rows[:5]
    )


def _names(text: str, person: str) -> bool:
    return any(same_party(n.text, person) for n in find_names(text) if n.kind == "person")


def _within(tx: Transaction, span: tuple[datetime, datetime, bool]) -> bool:
    day = tx_date(tx)
    return day is None or span[0].date() <= day <= span[1].date()


def _tied(payer: str, party: str, interests: list[Finding]) -> bool:
    if same_party(payer, party) or distinctive_words([payer]) & distinctive_words([party]):
        return True
    return any(
        same_party(f.entities[0], payer)
        and distinctive_words([f.entities[1]]) & distinctive_words([party])
        for f in interests
        if f.finding_type == INTEREST and len(f.entities) == 2
    )
