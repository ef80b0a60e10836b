"""Holdings left out of a sworn disclosure: "I have no other bank accounts", "I have no other
income of any kind", "I do not own any property other than the former matrimonial home",
against records that show the deponent holding another account, receiving another income or
owning another property.

- Evidence: a statement that denies any other account, income or property is a finding of what
  it does disclose: the accounts it gives (their last four digits), the house numbers and
  streets and the payers it names.
- Financial: records tying a person to an account, an income or a property: transfers to a
  named person's account ("TFR TO N SHAH REVOLUT 8812"); a statement addressed to a landlord,
  an account holder or a payee (its head's "Landlord: Mr N. Shah" and "Property: 14 Ash Grove",
  the account it pays into, the payments it lists).
- Synthesis: each holding of the deponent's the statement does not disclose, against its
  denial (HIGH: their sworn word against records that name them).
"""

import re
from collections import defaultdict
from dataclasses import dataclass

from holmes_backend.agents.schemas import Contradiction, Finding, SourceRef, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony, sworn_claims, witness
from holmes_backend.llm.local.domains.interests import person_in, street_of
from holmes_backend.llm.local.domains.ledger import ledger, tx_date
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, find_period
from holmes_backend.llm.local.facts.lexicon import fold
from holmes_backend.llm.local.facts.money import find_money
from holmes_backend.llm.local.facts.names import UPPER, find_names, same_party
from holmes_backend.llm.local.facts.text import units

DISCLOSURE = "disclosure_made"
HOLDING = "holding_recorded"

# "no other", "not … any other", "only", "other than", "apart from": nothing beyond.
_OTHERS = (
    r"(?:\bno\s+other|\bnot?\s+(?:\w+\s+){0,3}any\s+other|\bnone\s+other|\bonly|\bno)\s+"
    r"(?:\w+\s+){0,3}"
)
_DENIALS: dict[str, re.Pattern[str]] = {
    "account": re.compile(
        rf"{_OTHERS}(?:bank\s+|savings\s+|building\s+society\s+)?accounts?\b", re.IGNORECASE
    ),
    "income": re.compile(
        rf"{_OTHERS}(?:income|earnings|sources?\s+of\s+(?:income|money))\b", re.IGNORECASE
    ),
    "property": re.compile(
        rf"{_OTHERS}(?:propert(?:y|ies)|real\s+estate|houses?|flats?)\b|\bnot\s+own\s+any\s+"
        r"(?:\w+\s+)?(?:propert(?:y|ies)|real\s+estate|houses?|flats?)\b",
        re.IGNORECASE,
    ),
}
_HAS = re.compile(r"\b(?:have|hold|own|receive|get|earn|there\s+(?:is|are)|only)\b|\bno\b", re.I)
# An account as records write it: "****8812", "ending 4471", "account no. 12-34-56 41108812".
_ACCOUNT = re.compile(
    r"(?:\*{2,}|x{3,}|\bending\s+(?:in\s+)?|\baccount\s+(?:no\.?|number)?\s*:?\s*(?:\d+[\s-])*\d*)"
    r"(?P<n>\d{4})\b(?!\d)",
    re.IGNORECASE,
)
# A transfer to someone's account: "TFR TO N SHAH REVOLUT 8812", "Transfer to J Moss 44019921".
_TRANSFER_TO = re.compile(
    r"\b(?:tfr|trf|transfer|bank\s+transfer|fpo|faster\s+payment|sto|standing\s+order|bacs)\s+"
    r"(?:to\s+)?(?P<to>[a-z][a-z .'-]{2,40}?)\s+(?:a/?c\s*|acc\w*\s*)?(?:\*+|x+)?(?P<n>\d{4,})\b",
    re.IGNORECASE,
)
# Whom a statement is addressed to, as its head gives them.
_HOLDER = re.compile(
    r"^\s*(?P<role>landlord|account\s+(?:holder|name)|payee|beneficiary|(?:registered\s+)?"
    r"(?:proprietor|owner)s?|shareholder|member)\s*:\s*(?P<who>.+)$",
    re.IGNORECASE,
)
_OWNING = re.compile(r"landlord|proprietor|owner", re.IGNORECASE)
_PROPERTY = re.compile(
    r"^\s*(?:property(?:\s+address)?|title\s+address|address\s+of\s+(?:the\s+)?property|"
    r"let\s+property|premises)\s*:\s*(?P<address>.+)$",
    re.IGNORECASE,
)
_RENT = re.compile(r"\b(?:rent|rental|landlord|tenan(?:t|cy))\b", re.IGNORECASE)
_HEAD = 15
_TITLE = re.compile(
    r"^(?P<kind>Account|Property|Income) of (?P<holder>.+?): (?P<item>.+?)"
    r"(?: \((?P<note>[^()]*)\))?$"
)
_DISCLOSED_TITLE = re.compile(
    r"^Disclosure by (?P<who>.+?): accounts \[(?P<accounts>[^\]]*)\]; streets "
    r"\[(?P<streets>[^\]]*)\]; payers \[(?P<payers>[^\]]*)\]$"
)


def disclosures(doc: EvidenceDoc) -> list[Finding]:
    """A statement denying any other account, income or property, and what it discloses."""
    if not is_testimony(doc):
        return []
    denials = [c for c in sworn_claims(doc) if c.speaker and _denied(c)]
    if not denials:
        return []
    doc_units = units(doc)
    accounts = sorted({m["n"] for u in doc_units for m in _ACCOUNT.finditer(u.text)})
    streets = sorted({s for u in doc_units for s in _streets(u.text)})
    payers = sorted(
        {n.text for u in doc_units for n in find_names(u.text) if n.kind == "organization"}
    )
    who = witness(doc) or denials[0].speaker
    return [
        Finding(
            finding_type=DISCLOSURE,
            title=(
                f"Disclosure by {who}: accounts [{', '.join(accounts)}]; streets "
                f"[{', '.join(streets)}]; payers [{', '.join(payers)}]"
            ),
            summary="; ".join(c.claim for c in denials)[:300],
            confidence=0.8,
            severity="LOW",
            entities=[who] if who else [],
            sources=[c.source for c in denials][:4],
        )
    ]


# A house number and the capitalised words of its street: "22 Ogrodowa Street", "7 Birch Close".
_NUMBERED_STREET = re.compile(
    r"(?<![\d,.])\b(?!(?:19|20)\d\d\b)\d{1,4}[a-z]?\s+"
    r"(?!(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)"
    rf"(?:[{UPPER}][\w'-]+\s?){{1,4}}"
)


def _streets(text: str) -> list[str]:
    """The house numbers and streets a text gives, folded ("22 ogrodowa street")."""
    return [s for m in _NUMBERED_STREET.finditer(text) if (s := street_of(m.group()))]


def _denied(claim: SwornClaim) -> list[str]:
    said = answer_of(claim).said
    if not _HAS.search(said):
        return []
    return [kind for kind, pattern in _DENIALS.items() if pattern.search(said)]


@dataclass
class _Held:
    kind: str
    holder: str
    item: str
    note: str
    refs: list[SourceRef]


def holdings(doc: EvidenceDoc) -> list[Finding]:
    """Accounts, properties and incomes the records tie to a named person."""
    held = _transferred_to(doc) + _addressed_to(doc)
    return [
        Finding(
            finding_type=HOLDING,
            title=f"{h.kind.capitalize()} of {h.holder}: {h.item}"
            + (f" ({h.note})" if h.note else ""),
            summary=(h.refs[0].excerpt or "")[:300],
            confidence=0.75,
            severity="LOW",
            entities=[h.holder],
            sources=unique_refs(h.refs, 6),
        )
        for h in held
    ]


def _transferred_to(doc: EvidenceDoc) -> list[_Held]:
    grouped: dict[tuple[str, str], list[SourceRef]] = defaultdict(list)
    dates: dict[tuple[str, str], list[str]] = defaultdict(list)
    for tx in ledger(doc).transactions:
        text = f"{tx.description} {tx.reference or ''}"
        match = _TRANSFER_TO.search(text)
        holder = _person(match["to"]) if match else None
        if match is None or holder is None:
            continue
        key = (holder, match["n"][-4:])
        grouped[key].append(tx.source)
        if day := tx_date(tx):
            dates[key].append(day.isoformat())
    return [
        _Held(
            "account",
            holder,
            f"ending {number}",
            _counted(len(refs), "transfer")
            + " to it"
            + (f", {min(dates[key])} to {max(dates[key])}" if dates[key] else ""),
            refs,
        )
        for key, refs in grouped.items()
        for holder, number in [key]
    ]


# Where a payee's words end: "V. Hale - Ridgeway CU acct ending" is V. Hale's.
_PAYEE_END = re.compile(
    r"\s+[-\u2013/|]\s+|,|\s+(?:acct|account|a/c|ending|sort\s+code|iban)\b", re.IGNORECASE
)


def _person(raw: str) -> str | None:
    """The payee words of a transfer, when they read as a person's ("N Shah Revolut": the
    bank's name after it is read with it, and `names` finds the person in them)."""
    raw = _PAYEE_END.split(raw, maxsplit=1)[0]
    words = " ".join(w.title() if w.isupper() else w for w in raw.split())
    return words if person_in(words) else None


def names(holder: str, person: str) -> bool:
    """Whether a holder's words name the person: the same party, or their surname after their
    first name or its initial ("N Shah Revolut" names Nikhil Shah)."""
    if same_party(holder, person):
        return True
    parts = [fold(p.strip(".").lower()) for p in person.split() if p.strip(".")]
    said = [fold(w.strip(".").lower()) for w in holder.split()]
    if len(parts) < 2:
        return False
    first, surname = parts[0], parts[-1]
    return any(said[i] == surname and said[i - 1] in (first, first[0]) for i in range(1, len(said)))


def _addressed_to(doc: EvidenceDoc) -> list[_Held]:
    doc_units = units(doc)
    head = doc_units[:_HEAD]
    holder_field = next((m for u in head if (m := _HOLDER.match(u.text))), None)
    holder = person_in(holder_field["who"]) if holder_field else None
    if holder_field is None or holder is None:
        return []
    ref = next(u.ref for u in head if _HOLDER.match(u.text))
    found: list[_Held] = []
    accounts: dict[str, list[SourceRef]] = defaultdict(list)
    for unit in doc_units:
        for match in _ACCOUNT.finditer(unit.text):
            accounts[match["n"]].append(unit.ref)
    found += [
        _Held("account", holder, f"ending {n}", "paid into it", [ref, *refs])
        for n, refs in accounts.items()
    ]
    address = next((m["address"].strip() for u in head if (m := _PROPERTY.match(u.text))), None)
    if address and _OWNING.search(holder_field["role"]):
        role = holder_field["role"].strip().lower()
        found.append(_Held("property", holder, address, role, [ref]))
        paid = [(u.ref, len(find_moments(u.text)) or 1) for u in doc_units if _payment(u.text)]
        if paid and any(_RENT.search(u.text) for u in head):
            count = sum(n for _, n in paid)
            refs = [ref, *(r for r, _ in paid)]
            found.append(
                _Held("income", holder, f"rent from {address}", _counted(count, "payment"), refs)
            )
    return found


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _payment(text: str) -> bool:
    """A line of a statement's payments: an amount and the day or the month it was for."""
    return bool(find_money(text)) and bool(find_moments(text) or find_period(f"in {text}", None))


@dataclass
class _Disclosed:
    who: str
    accounts: set[str]
    streets: set[str]
    payers: list[str]


def _disclosed(findings: list[Finding]) -> dict[str, _Disclosed]:
    by_file: dict[str, _Disclosed] = {}
    for finding in findings:
        match = (
            _DISCLOSED_TITLE.match(finding.title) if finding.finding_type == DISCLOSURE else None
        )
        if match is None:
            continue
        split = [x.strip() for x in match["accounts"].split(",") if x.strip()]
        for ref in finding.sources:
            by_file[ref.file_id] = _Disclosed(
                match["who"],
                set(split),
                {x.strip() for x in match["streets"].split(",") if x.strip()},
                [x.strip() for x in match["payers"].split(",") if x.strip()],
            )
    return by_file


def undisclosed_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    disclosed = _disclosed(findings)
    held = [
        (match, finding)
        for finding in findings
        if finding.finding_type == HOLDING and (match := _TITLE.match(finding.title))
    ]
    found: list[Contradiction] = []
    for claim in claims:
        given = disclosed.get(claim.source.file_id)
        if not claim.speaker or given is None:
            continue
        for kind in _denied(claim):
            against = [
                (match, finding)
                for match, finding in held
                if match["kind"].lower() == kind
                and names(match["holder"], claim.speaker)
                and not _given(kind, match["item"], given)
            ]
            if against:
                found.append(_contradiction(claim, kind, against))
    return found


def _given(kind: str, item: str, given: _Disclosed) -> bool:
    """Whether the statement discloses the holding: its account, its street, its payer."""
    if kind == "account":
        return item.removeprefix("ending ") in given.accounts
    street = street_of(item.removeprefix("rent from "))
    if street and street in given.streets:
        return True
    return any(same_party(payer, item) for payer in given.payers)


_KINDS = {
    "account": "any other account",
    "income": "any other income",
    "property": "any other property",
}


def _contradiction(
    claim: SwornClaim, kind: str, against: list[tuple[re.Match[str], Finding]]
) -> Contradiction:
    by_item: dict[str, list[str]] = defaultdict(list)
    for match, _ in against:
        by_item[match["item"]].append(
            f"{match['note']}, of {match['holder']}" if match["note"] else f"of {match['holder']}"
        )
    listed = "; ".join(f"{item} ({'; '.join(notes)})" for item, notes in list(by_item.items())[:4])
    return Contradiction(
        claim=claim.claim,
        claim_source=claim.source,
        evidence_against=unique_refs([r for _, f in against for r in f.sources], 6),
        explanation=(
            f"{claim.speaker} denies {_KINDS[kind]} beyond what the statement discloses, yet "
            f"the records give {len(by_item)} more: {listed}."
        ),
        severity="HIGH",
    )
