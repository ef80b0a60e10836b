"""Insurance losses against purchases: an item claimed as stolen, lost or destroyed on the date of
loss, and bought after it (a receipt naming it, or a payment of its claimed value). The classic
padded claim: the receipt that supports the item was made after the item was gone.

- Financial: a claim form (a "Date of loss" field, or "Date of incident", "Date stolen") lists
  its items with their values, one line each ("Canon EOS R6 camera body - GBP 2,099.00"): a
  finding per item, naming the form's policyholder. So does a witness's statement that lists
  what was taken ("The following items were taken: a Samsung 65-inch television, which I bought
  in February 2026 for £1,899; a MacBook Pro laptop; …"), lost on the last day it told before
  the list, each item valued at the one amount it gives (or none). A receipt (a document headed
  as one, or an order confirmation) lists what was bought on its date: a finding per item line.
  A sale listing ("Seller: …", "Status: Sold on 1 May 2026") records its seller parting with
  the item its title names. Any other line naming a serial number ("serial 5173309", "IMEI …",
  "S/N …") is recorded with its date (its own, else its document's): where that item turns up.
- Synthesis: an item whose receipt is dated after the loss (two distinctive words in common: the
  make and model), or a payment of the same value after it, contradicts the claim (HIGH). It is
  also a pattern the policyholder's "I have not bought a replacement" is held against
  (conduct). An item whose serial number a record dated after the loss names (a sale listing, a
  repair ticket) was not lost (HIGH); an item claimed at well above what its receipt from before
  the loss says it cost is a padded value (MEDIUM)."""

import re
from datetime import date

from holmes_backend.agents.schemas import (
    Anomaly,
    Contradiction,
    Finding,
    SwornClaim,
    Transaction,
)
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony, witness
from holmes_backend.llm.local.domains.interests import person_in
from holmes_backend.llm.local.domains.ledger import is_payment, tx_date
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import Moment, find_moments, parse_iso
from holmes_backend.llm.local.facts.lexicon import wordset
from holmes_backend.llm.local.facts.money import Money, find_money, format_money
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import Unit, units

CLAIMED_LOSS = "claimed_loss"
PURCHASED = "purchased_item"
BOUGHT_AFTER_LOSS = "bought_after_loss"
SERIAL_RECORDED = "serial_recorded"
SERIAL_SOLD = "serial_sold"  # a sale's record naming the serial (a marketplace, a trade-in)
# An item a dealer's record shows its customer parting with, no serial given: a pawnbroker's
# "18ct gold bracelet" pledged by the policyholder.
ITEM_DEALT = "item_dealt"
_SOLD = re.compile(
    r"\b(?:you\s+(?:have\s+)?sold|(?:item|it)\s+(?:has\s+)?sold|sold\s+(?:on|to|for)|"
    r"sale\s+(?:price|confirmation|completed)|bill\s+of\s+sale|trade[- ]in|traded\s+in|"
    r"pawn(?:ed|\s+ticket)|bought\s+from\s+you)\b",
    re.IGNORECASE,
)
# A dealer's own register, by its name or its file's: a pawnbroker's pledges, a second-hand
# dealer's purchases from the public.
_DEALER = re.compile(
    r"(?:\b|_)(?:pawn\s?brok\w*|pawn\s?shop|pawn|pledges?|second[\s_-]?hand\s+dealer|"
    r"cash\s+converters|bought\s+from\s+(?:the\s+)?public)(?:\b|_)",
    re.IGNORECASE,
)
# A pledge its owner took back: not parted with.
_REDEEMED = re.compile(r"\b(?:redeemed|bought\s+back|returned\s+to\s+(?:the\s+)?customer)\b", re.I)

# A serial number by its label: "serial C02FQ3ZJMD6T", "S/N: 5173309", "IMEI 35-209900-176148-1".
_SERIAL = re.compile(
    r"\b(?:serial(?:\s+(?:no\.?|number|#))?|s/n|imei|vin)\s*[:#.]?\s*(?P<id>[A-Z0-9][A-Z0-9-]{4,})",
    re.IGNORECASE,
)
# A label between an item and its value: "Sony A7 IV body - claimed value EUR 2,600".
_VALUE_LABEL = re.compile(
    r"[\s,;:\u2013\u2014-]*\b(?:(?:claimed|estimated|replacement|insured)\s+)?(?:value|cost|price)"
    r"\s*(?:claimed)?\s*$",
    re.IGNORECASE,
)
# The policyholder's word that the items stayed lost: "I have not recovered, sold or disposed
# of any of them".
_NOT_DISPOSED = re.compile(
    r"\b(?:not|never|nor)\b[^.;]{0,40}?\b(?:sold|disposed|recovered|retrieved|found|pawned|"
    r"traded)\b",
    re.IGNORECASE,
)
# Their word that nothing was parted with before the loss, or a question asking whether it was.
_NOT_PARTED = re.compile(
    r"\b(?:not|never|nor)\b[^.;]{0,40}?\b(?:sold|disposed|pawned|traded|pledged|gave\s+away|"
    r"given\s+away)\b",
    re.IGNORECASE,
)
_PARTING = re.compile(r"\b(?:sold|disposed|pawned|traded|pledged|given\s+away)\b", re.I)
# Claimed at more than this share above the price its receipt from before the loss shows.
_PADDED = 1.25

_LOSS_DATE = re.compile(
    r"^\s*(?:date\s+of\s+(?:the\s+)?(?:loss|incident|theft|burglary|damage|event)|loss\s+date|"
    r"incident\s+date|date\s+(?:stolen|lost|damaged))\s*:\s*(?P<v>.+)$",
    re.IGNORECASE,
)
_HOLDER = re.compile(
    r"^\s*(?:policy\s*holder|insured|claimant|name\s+of\s+insured)\s*:\s*(?P<v>.+)$", re.I
)
_RECEIPT = re.compile(
    r"\b(?:receipt|order\s+confirmation|tax\s+invoice|sales\s+invoice|invoice)\b", re.IGNORECASE
)
_NOT_ITEM = re.compile(
    r"\b(?:total|subtotal|sub-total|vat|tax|balance|change|paid|payment|card|visa|mastercard|"
    r"amex|cash|excess|deductible|discount|delivery|shipping|tendered)\b",
    re.IGNORECASE,
)
_GENERIC = wordset(
    "a an the and of with for body unit set pair item items new used gbp eur usd aud cad nzd chf "
    "x qty pcs pc each"
)
_FIELD = re.compile(r"^\s*[\w ]{1,30}:\s")
_HEAD = 12
_FORM_UNITS = 40
_SAME_VALUE = 0.005
_MIN_SHARED = 2


def claimed_losses(doc: EvidenceDoc) -> list[Finding]:
    doc_units = units(doc)
    head = [u.text for u in doc_units[:_HEAD]]
    lost = next((m for t in head if (d := _LOSS_DATE.match(t)) for m in find_moments(d["v"])), None)
    if lost is None:
        return []
    holder = next(
        (
            n.text
            for t in head
            if (h := _HOLDER.match(t))
            for n in find_names(h["v"])
            if n.kind == "person"
        ),
        None,
    )
    whose = f" by {holder}" if holder else ""
    heading = f"Claimed{whose} as lost on {lost.day.isoformat()}"
    return _items(doc_units, CLAIMED_LOSS, heading, holder) or _field_item(
        doc_units, heading, holder
    )


# A statement's list of what was taken: "The following items were taken: a …; a …; and …".
_TAKEN_LIST = re.compile(
    r"\b(?:were|was|have\s+been|had\s+been|got)\s+(?:taken|stolen|lost|destroyed|damaged)\b"
    r"[^:.;]{0,40}:\s*(?P<list>.+)$|\b(?:took|stole)\s*:\s*(?P<list2>.+)$",
    re.IGNORECASE,
)
_LIST_SPLIT = re.compile(r"\s*;\s*(?:and\s+)?|,\s+and\s+|\s+and\s+(?=(?:a|an|my|our|the)\s)")
_ARTICLE = re.compile(r"^(?:a|an|the|one|my|our|his|her|their)\s+", re.IGNORECASE)
# Where an item's name ends: ", which I bought …", " bought in …", " worth …".
_ITEM_END = re.compile(
    r",|\s+(?:which|that|bought|purchased|worth|valued|costing|for\s+(?=[£$€\d]))", re.I
)


def stated_losses(doc: EvidenceDoc) -> list[Finding]:
    """The items a witness's statement lists as taken, lost on the last day it told before."""
    if not is_testimony(doc):
        return []
    doc_units = units(doc)
    if any(_LOSS_DATE.match(u.text) for u in doc_units[:_HEAD]):
        return []  # a claim form: its items are read as such
    holder = witness(doc)
    last: Moment | None = None
    found: list[Finding] = []
    for unit in doc_units:
        taken = _TAKEN_LIST.search(unit.text)
        if taken is None or last is None:
            last = next(iter(find_moments(unit.text)[-1:]), last)
            continue
        whose = f" by {holder}" if holder else ""
        heading = f"Claimed{whose} as lost on {last.day.isoformat()}"
        for listed in _LIST_SPLIT.split(taken["list"] or taken["list2"]):
            part = listed.strip(" .")
            name = _ARTICLE.sub("", _ITEM_END.split(part, maxsplit=1)[0]).strip()
            if not _words(name):
                continue
            money = find_money(part)
            value = money[0] if len(money) == 1 else None
            worth = format_money(abs(value.value), value.currency) if value else ""
            summary = f"{name} - {worth}" if worth else name
            found.append(_item_finding(CLAIMED_LOSS, heading, name, value, summary, holder, unit))
    return found


# A form's item and its value in fields of their own: "Item: Apple MacBook Pro 16-inch, serial
# C02FK3XYQ6L4" and "Value claimed: GBP 2,499.00".
_ITEM_FIELD = re.compile(
    r"^\s*(?:item(?:s)?(?:\s+(?:claimed|stolen|lost|description))?|description\s+of\s+(?:the\s+)?"
    r"(?:item|property)|property|article)\s*:\s*(?P<v>.+)$",
    re.IGNORECASE,
)
_VALUE_FIELD = re.compile(
    r"^\s*(?:(?:value|amount)(?:\s+claimed)?|(?:claimed|replacement|estimated|insured)\s+value|"
    r"sum\s+claimed)\s*:\s*(?P<v>.+)$",
    re.IGNORECASE,
)


def _field_item(doc_units: list[Unit], heading: str, holder: str | None) -> list[Finding]:
    item = next((u for u in doc_units[:_FORM_UNITS] if _ITEM_FIELD.match(u.text)), None)
    value = next(
        (
            m[0]
            for u in doc_units[:_FORM_UNITS]
            if (v := _VALUE_FIELD.match(u.text))
            for m in [find_money(v["v"])]
            if m
        ),
        None,
    )
    if item is None or value is None:
        return []
    field = _ITEM_FIELD.match(item.text)
    name = _SERIAL.sub("", field["v"] if field else item.text).strip(" ,;-")
    worth = format_money(abs(value.value), value.currency)
    return [
        Finding(
            finding_type=CLAIMED_LOSS,
            title=f"{heading}: {name} ({worth})",
            # The item line, valued as the form values it: what the receipts are read against.
            summary=f"{' '.join(item.text.split())} - {worth}"[:300],
            confidence=0.8,
            severity="LOW",
            entities=[holder] if holder else [],
            sources=[item.ref],
        )
    ]


def purchases(doc: EvidenceDoc) -> list[Finding]:
    doc_units = units(doc)
    head = [u.text for u in doc_units[:_HEAD]]
    if not any(_RECEIPT.search(t) for t in [doc.filename.replace("_", " "), *head]):
        return []
    if any(_LOSS_DATE.match(t) for t in head):
        return []  # a claim form, not a receipt
    bought = next((m for t in head for m in find_moments(t)), None)
    if bought is None:
        return []
    return _items(doc_units, PURCHASED, f"Bought on {bought.day.isoformat()}", None)


def recorded_serials(doc: EvidenceDoc) -> list[Finding]:
    """Each line of a document (not a claim form) naming a serial number, with its date."""
    doc_units = units(doc)
    head = [u.text for u in doc_units[:_HEAD]]
    if any(_LOSS_DATE.match(t) for t in head):
        return []
    dated = next(((m, t) for t in head for m in find_moments(t)), None)
    # A line in a document dated further down ("Sold on: 21 April 2026"), or only by its
    # sending (an e-mail): of that date.
    dated = dated or next(((m, u.text) for u in doc_units for m in find_moments(u.text)), None)
    sent = parse_iso(str(doc.metadata.get("date") or "")) if dated is None else None
    if sent is not None:
        dated = (Moment(sent.date()), f"Sent {sent.date().isoformat()}")
    opening = " ".join(u.text for u in doc_units[:_FORM_UNITS])
    dealer = bool(_DEALER.search(f"{doc.filename} {opening}"))
    sold = dealer or bool(_SOLD.search(opening))
    found: list[Finding] = _listed(doc_units)
    for unit in doc_units:
        numbers = serials(unit.text)
        own = next(iter(find_moments(unit.text)), None)
        when = own or (dated[0] if dated else None)
        if when is None:
            continue
        # A dealer's row: its customer parted with the item, unless they took it back.
        row = unit.kind == "row" and own is not None
        customer = person_in(unit.text) if dealer and row else None
        if not numbers and customer is None:
            continue
        parted = sold and not _REDEEMED.search(unit.text)
        text = " ".join(unit.text.split())
        if own is None and dated:
            text = f"{' '.join(dated[1].split())} - {text}"  # the line that dates it
        kind = SERIAL_SOLD if parted else SERIAL_RECORDED
        if not numbers:
            if not parted:
                continue
            kind = ITEM_DEALT
        found.append(
            Finding(
                finding_type=kind,
                title=(
                    f"Serial {', '.join(sorted(numbers))} {'sold' if parted else 'recorded'}"
                    if numbers
                    else f"Dealt by {customer}"
                )
                + f" on {when.day.isoformat()}",
                summary=text[:300],
                confidence=0.8,
                severity="LOW",
                entities=[customer] if customer else [],
                sources=[unit.ref],
            )
        )
    return found


_SELLER = re.compile(r"^\s*(?:seller|sold\s+by|listed\s+by|vendor)\s*:\s*(?P<v>.+)$", re.I)
_LISTED_ITEM = re.compile(r"^\s*(?:title|item|listing\s+title|product)\s*:\s*(?P<v>.+)$", re.I)
_LISTED_ON = re.compile(
    r"^\s*(?:status\s*:\s*)?(?:sold|listed|posted|date\s+listed|date\s+sold)\b[^:\d]{0,12}:?\s*"
    r"(?:on\s+)?(?P<v>.+)$",
    re.IGNORECASE,
)


def _listed(doc_units: list[Unit]) -> list[Finding]:
    """A sale listing's item, parted with by its seller on the day it sold (or was listed)."""
    seller = next(
        (
            p
            for u in doc_units[:_FORM_UNITS]
            if (f := _SELLER.match(u.text)) and (p := person_in(f["v"]))
        ),
        None,
    )
    item = next((u for u in doc_units[:_FORM_UNITS] if _LISTED_ITEM.match(u.text)), None)
    if seller is None or item is None:
        return []
    days = [
        m.day
        for u in doc_units[:_FORM_UNITS]
        if (f := _LISTED_ON.match(u.text))
        for m in find_moments(f["v"])[:1]
    ]
    if not days:
        return []
    return [
        Finding(
            finding_type=ITEM_DEALT,
            title=f"Dealt by {seller} on {max(days).isoformat()}",
            summary=" ".join(item.text.split())[:300],
            confidence=0.75,
            severity="LOW",
            entities=[seller],
            sources=[item.ref],
        )
    ]


def serials(text: str) -> set[str]:
    return {m["id"].upper() for m in _SERIAL.finditer(text) if any(c.isdigit() for c in m["id"])}


def _items(doc_units: list[Unit], kind: str, heading: str, holder: str | None) -> list[Finding]:
    """A finding per item line: "<heading>: <item> (<value>)"."""
    found: list[Finding] = []
    for unit in doc_units:
        item = _item(unit.text)
        if item is None:
            continue
        name, value = item
        summary = " ".join(unit.text.split())
        found.append(_item_finding(kind, heading, name, value, summary, holder, unit))
    return found


def _item_finding(
    kind: str,
    heading: str,
    name: str,
    value: Money | None,
    summary: str,
    holder: str | None,
    unit: Unit,
) -> Finding:
    """An item of a claim or a receipt: "<heading>: <item> (<value>)", valued when it is."""
    worth = f" ({format_money(abs(value.value), value.currency)})" if value else ""
    return Finding(
        finding_type=kind,
        title=f"{heading}: {name}{worth}",
        summary=summary[:300],
        confidence=0.8,
        severity="LOW",
        entities=[holder] if holder else [],
        sources=[unit.ref],
    )


def _item(text: str) -> tuple[str, Money] | None:
    """(name, value) of an item line: its words, then its one amount; not a field ("Total
    claimed: …", "Date: …") nor a total, a tax or a payment line."""
    money = find_money(text)
    if _FIELD.match(text) or len(money) != 1 or _NOT_ITEM.search(text):
        return None
    name = " ".join(text[: money[0].start].split()).strip(" -\u2013\u2014.:")
    name = _VALUE_LABEL.sub("", name).strip(" -\u2013\u2014.:,")
    return (name, money[0]) if _words(name) else None


def _words(text: str) -> set[str]:
    """Distinctive words of an item: its make, model and kind, not prices nor filler."""
    return {
        w
        for w in re.findall(r"[a-z0-9]+", text.lower())
        if w not in _GENERIC and not (w.isdigit() and len(w) >= 3)
    }


def _day(title: str) -> date | None:
    match = re.search(r"on (\d{4}-\d{2}-\d{2})", title)
    return date.fromisoformat(match.group(1)) if match else None


def _value(title: str) -> float | None:
    money = find_money(title.rsplit("(", 1)[-1])
    return abs(money[0].value) if money else None


def bought_after_loss(
    findings: list[Finding], transactions: list[Transaction]
) -> list[tuple[Finding, list[Finding], list[Transaction], Anomaly]]:
    losses = [f for f in findings if f.finding_type == CLAIMED_LOSS]
    receipts = [f for f in findings if f.finding_type == PURCHASED]
    found: list[tuple[Finding, list[Finding], list[Transaction], Anomaly]] = []
    for loss in losses:
        lost_on, value = _day(loss.title), _value(loss.title)
        if lost_on is None:
            continue
        item = _item(loss.summary)
        words = _words(item[0]) if item else set()
        bought = [
            r
            for r in receipts
            if (day := _day(r.title)) is not None
            and day > lost_on
            and len(words & _words(r.summary)) >= _MIN_SHARED
        ]
        paid = [
            t
            for t in transactions
            if value
            and is_payment(t)
            and (day := tx_date(t)) is not None
            and day > lost_on
            and abs(t.amount - value) <= _SAME_VALUE * value
        ]
        if not bought and not paid:
            continue
        named = loss.title.split(": ", 1)[1]
        dates = sorted(
            {d.isoformat() for r in bought if (d := _day(r.title))}
            | {t.date[:10] for t in paid if t.date}
        )
        holder = f" of {loss.entities[0]}" if loss.entities else ""
        anomaly = Anomaly(
            kind=BOUGHT_AFTER_LOSS,
            description=(
                f"{named}, claimed{holder} as lost on {lost_on.isoformat()}, was bought on "
                f"{', '.join(dates)}: "
                + "; ".join(
                    [*(r.summary[:80] for r in bought[:2]), *(t.description[:80] for t in paid[:2])]
                )
            ),
            severity="HIGH",
            total_amount=value,
            sources=unique_refs([*(r.sources[0] for r in bought), *(t.source for t in paid)], 6),
        )
        found.append((loss, bought, paid, anomaly))
    return found


def loss_contradictions(
    found: list[tuple[Finding, list[Finding], list[Transaction], Anomaly]],
) -> list[Contradiction]:
    return [
        Contradiction(
            claim=loss.summary,
            claim_source=loss.sources[0],
            evidence_against=anomaly.sources,
            explanation=(
                f"The claim puts this item among what was lost on "
                f"{loss.title.split(' on ', 1)[1].split(':', 1)[0]}; the records show it bought "
                f"after that: {anomaly.description.split(': ', 1)[-1]}."
            ),
            severity="HIGH",
        )
        for loss, _, _, anomaly in found
    ]


def _same_item(loss: Finding, other: Finding) -> bool:
    """The same item: the same serial number where both give one, else its make and model."""
    mine, theirs = serials(loss.summary), serials(other.summary)
    if mine and theirs:
        return bool(mine & theirs)
    item = _item(loss.summary)
    return len(_words(item[0] if item else loss.summary) & _words(other.summary)) >= _MIN_SHARED


def _lost(loss: Finding) -> tuple[str, str]:
    """(item, day of loss) of a claimed loss's title."""
    heading, named = loss.title.split(": ", 1)
    return named.rsplit(" (", 1)[0], heading.rsplit(" on ", 1)[-1]


def surviving_items(findings: list[Finding], claims: list[SwornClaim]) -> list[Contradiction]:
    """Claimed losses whose serial number a record dated after the loss names; and the
    policyholder's word that nothing claimed was recovered or sold, against those records."""
    sightings = [f for f in findings if f.finding_type in (SERIAL_RECORDED, SERIAL_SOLD)]
    found: list[Contradiction] = []
    survivors: list[tuple[Finding, list[Finding]]] = []
    parted: list[tuple[Finding, list[Finding]]] = []  # sold or pledged before the loss
    for loss in (f for f in findings if f.finding_type == CLAIMED_LOSS):
        lost_on, numbers = _day(loss.title), serials(loss.summary)
        dated = [
            (s, day)
            for s in sightings
            if numbers & serials(s.summary)
            and s.sources[0].file_id != loss.sources[0].file_id
            and lost_on is not None
            and (day := _day(s.title)) is not None
        ]
        later = [s for s, day in dated if lost_on is not None and day > lost_on]
        sold = [
            s for s, day in dated if s.finding_type == SERIAL_SOLD and lost_on and day < lost_on
        ] or _dealt_before(loss, findings)
        if sold:
            found.append(_sold_before(loss, sold))
            parted.append((loss, sold))
        if not later:
            continue
        survivors.append((loss, later))
        named, lost_day = _lost(loss)
        seen = "; ".join(f"{_seen(s)}: {s.summary[:120].rstrip('.')}" for s in later)
        found.append(
            Contradiction(
                claim=loss.summary,
                claim_source=loss.sources[0],
                evidence_against=unique_refs([s.sources[0] for s in later], 6),
                explanation=(
                    f"The claim puts {named} among what was lost on {lost_day}; its serial "
                    f"number is recorded after that, {seen}."
                ),
                severity="HIGH",
            )
        )
    return found + _not_disposed(survivors, parted, claims)


def _seen(sighting: Finding) -> str:
    """When a serial was seen: "on 2026-05-20", or "sold on 2026-04-21"."""
    when = sighting.title.rsplit(" on ", 1)[-1]
    if sighting.finding_type == ITEM_DEALT:
        return f"parted with on {when}"
    return f"on {when}" if sighting.finding_type == SERIAL_RECORDED else f"sold on {when}"


def _dealt_before(loss: Finding, findings: list[Finding]) -> list[Finding]:
    """A dealer's rows from before the loss in which the policyholder parted with an item of
    the claimed one's make and kind (no serial number to tell)."""
    lost_on = _day(loss.title)
    if lost_on is None or not loss.entities:
        return []
    return [
        f
        for f in findings
        if f.finding_type == ITEM_DEALT
        and f.entities
        and same_party(f.entities[0], loss.entities[0])
        and (day := _day(f.title)) is not None
        and day < lost_on
        and _same_item(loss, f)
    ]


def _sold_before(loss: Finding, sold: list[Finding]) -> Contradiction:
    """A claimed loss of an item its owner sold or pledged before the loss: named by its serial
    number (HIGH), or by its make and kind in the policyholder's own dealing (MEDIUM)."""
    named, lost_day = _lost(loss)
    first = sold[0]
    by_serial = first.finding_type == SERIAL_SOLD
    what = (
        "a sale of the item with that serial number is recorded"
        if by_serial
        else f"a record shows {first.entities[0]} parting with an item of its kind"
    )
    return Contradiction(
        claim=loss.summary,
        claim_source=loss.sources[0],
        evidence_against=unique_refs([s.sources[0] for s in sold], 6),
        explanation=(
            f"The claim puts {named} among what was lost on {lost_day}; {what} on "
            f"{first.title.rsplit(' on ', 1)[-1]}, before it: {first.summary[:160].rstrip('.')}."
        ),
        severity="HIGH" if by_serial else "MEDIUM",
    )


def _not_disposed(
    survivors: list[tuple[Finding, list[Finding]]],
    parted: list[tuple[Finding, list[Finding]]],
    claims: list[SwornClaim],
) -> list[Contradiction]:
    """The policyholder's word that nothing claimed was recovered or disposed of, against the
    records after the loss of its serial numbers; their word that nothing was sold or pawned
    ("No" to "Was any item claimed sold, pawned or given away?"), against the dealings of it
    before the loss as well."""
    found: list[Contradiction] = []
    for claim in claims:
        answer = answer_of(claim)
        denies_parting = _NOT_PARTED.search(answer.said) or (
            answer.no and _PARTING.search(answer.question)
        )
        if not claim.speaker or not (_NOT_DISPOSED.search(answer.said) or denies_parting):
            continue
        for pairs, says, records in (
            (
                survivors if _NOT_DISPOSED.search(answer.said) else [],
                "recovered or disposed of",
                "after the loss carry the serial number of",
            ),
            (
                parted if denies_parting else [],
                "sold, pawned or given away",
                "before the loss show dealings in",
            ),
        ):
            theirs = [
                (loss, seen)
                for loss, seen in pairs
                if loss.entities and same_party(loss.entities[0], claim.speaker)
            ]
            if not theirs:
                continue
            listed = "; ".join(f"{_lost(loss)[0]} ({_seen(seen[0])})" for loss, seen in theirs)
            strong = any(s.finding_type != ITEM_DEALT for _, seen in theirs for s in seen)
            found.append(
                Contradiction(
                    claim=claim.claim,
                    claim_source=claim.source,
                    evidence_against=unique_refs([s.sources[0] for _, ls in theirs for s in ls], 6),
                    explanation=(
                        f"{claim.speaker} says nothing claimed was {says}, yet records "
                        f"{records}: {listed}."
                    ),
                    severity="HIGH" if strong else "MEDIUM",
                )
            )
    return found


def padded_values(findings: list[Finding]) -> list[Contradiction]:
    """Claimed losses valued well above what the item's receipt from before the loss shows."""
    receipts = [f for f in findings if f.finding_type == PURCHASED]
    found: list[Contradiction] = []
    for loss in (f for f in findings if f.finding_type == CLAIMED_LOSS):
        lost_on, value = _day(loss.title), _value(loss.title)
        if lost_on is None or not value:
            continue
        for receipt in receipts:
            bought_on, price = _day(receipt.title), _value(receipt.title)
            if bought_on is None or bought_on > lost_on or not price or value <= price * _PADDED:
                continue
            if not _same_item(loss, receipt):
                continue
            named, day = _lost(loss)
            claimed = loss.title.rsplit("(", 1)[-1].rstrip(")")
            paid = receipt.title.rsplit("(", 1)[-1].rstrip(")")
            found.append(
                Contradiction(
                    claim=loss.summary,
                    claim_source=loss.sources[0],
                    evidence_against=[receipt.sources[0]],
                    explanation=(
                        f"{named}, lost on {day}, is claimed at {claimed}, "
                        f"{round(100 * (value / price - 1))}% more than the {paid} its receipt "
                        f"shows paid for it on {bought_on.isoformat()}."
                    ),
                    severity="MEDIUM",
                )
            )
            break
    return found
