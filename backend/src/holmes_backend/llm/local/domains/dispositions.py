"""What a debtor (or anyone asked) denies giving away, against the records of it.

- Financial: a register or transfer record that names a property's previous owner and its new
  one ("Previous proprietor: GRAHAM PETTIFER-HOLT", "PROPRIETOR: SANDRA PETTIFER-HOLT", a
  registered keeper, a transferor and a transferee, a seller and a buyer) is an ownership change:
  a finding naming both, the day the new owner's line gives (else the record's first date), the
  property and any price it states ("The price stated to have been paid … was GBP 1").
- Synthesis: "Have you sold, transferred or given away any property …? No." against an ownership
  change whose previous owner is the speaker (HIGH); "Have you made any
  payments to relatives …? No." against payments to the speaker's relatives: those a relation
  finding ties to them, or people of their own surname with another given name (HIGH when the
  speaker's own account paid them, MEDIUM from an account the records do not name).
"""

import re

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim, Transaction
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.interests import RELATION
from holmes_backend.llm.local.domains.ledger import is_payment
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments
from holmes_backend.llm.local.facts.money import find_money, format_money
from holmes_backend.llm.local.facts.names import (
    leading_person,
    person_parts,
    same_party,
)
from holmes_backend.llm.local.facts.text import units

OWNERSHIP_CHANGE = "ownership_change"

_PREVIOUS = re.compile(
    r"\b(?:previous|former|prior|old)\s+(?:registered\s+)?(?:proprietor|owner|keeper|holder)s?"
    r"|\btransferors?\b|\bsellers?\b|\bvendors?\b|\bdonors?\b",
    re.IGNORECASE,
)
_NEW = re.compile(
    r"\b(?:new\s+)?(?:registered\s+)?(?:proprietor|owner|keeper)s?\b|\btransferees?\b|"
    r"\bbuyers?\b|\bpurchasers?\b|\bdonees?\b",
    re.IGNORECASE,
)
_LABELLED = re.compile(r"(?P<label>[A-Za-z][A-Za-z ]{2,40}?)\s*:\s*(?P<rest>.+)$")
_PROPERTY = re.compile(
    r"^\s*(?:property|address|premises|land|vehicle|asset)\s*:\s*(?P<v>.+)$", re.IGNORECASE
)
_PRICE = re.compile(r"\b(?:price|consideration|paid|value)\b", re.IGNORECASE)
_HEAD = 15

_DENIED = re.compile(r"^\s*(?:no|none|never|not\s+once|nothing)\b|\b(?:not|never|no)\b", re.I)
_DISPOSAL = re.compile(
    r"\b(?:sold|sell|transferred|transfer|given\s+away|gave\s+away|give\s+away|disposed|"
    r"dispose|gifted|conveyed)\b",
    re.IGNORECASE,
)
_ASSET = re.compile(
    r"\b(?:property|properties|assets?|house|home|land|flat|real\s+estate|vehicles?|shares)\b",
    re.IGNORECASE,
)
_KIN = re.compile(
    r"\b(?:relatives?|family|kin|spouse|wife|husband|partner|brothers?|sisters?|sons?|"
    r"daughters?|children|parents?|siblings?)\b",
    re.IGNORECASE,
)
_PAYING = re.compile(r"\b(?:pay|paid|payments?|transfers?|transferred|money|gifts?|loans?)\b", re.I)


def ownership_changes(doc: EvidenceDoc) -> list[Finding]:
    doc_units = units(doc)
    previous = new = None
    for unit in doc_units:
        for part in re.split(r"\)\s*|(?<=\d)\.\s+", unit.text):
            field = _LABELLED.search(part)
            if field is None:
                continue
            label = field["label"].strip()
            person = leading_person(field["rest"])
            if person is None:
                continue
            if previous is None and _PREVIOUS.search(label):
                previous = (person, unit)
            elif new is None and _NEW.search(label) and not _PREVIOUS.search(label):
                new = (person, unit)
    if previous is None or new is None or same_party(previous[0], new[0]):
        return []
    head = [u.text for u in doc_units[:_HEAD]]
    moments = find_moments(new[1].text) or [m for t in head for m in find_moments(t)]
    if not moments:
        return []
    prop = next((m["v"].strip() for t in head if (m := _PROPERTY.match(t))), None)
    price = next(
        (money[-1] for u in doc_units if _PRICE.search(u.text) and (money := find_money(u.text))),
        None,
    )
    what = f"{prop[:80]} " if prop else ""
    priced = f" for {format_money(price.value, price.currency)}" if price else ""
    return [
        Finding(
            finding_type=OWNERSHIP_CHANGE,
            title=(
                f"Ownership of {what or 'the property '}passed from {previous[0]} to {new[0]} "
                f"on {moments[0].day.isoformat()}{priced}"
            ),
            summary=f"{previous[1].text[:140]} / {new[1].text[:140]}",
            confidence=0.8,
            severity="MEDIUM",
            entities=[previous[0], new[0]],
            sources=unique_refs([new[1].ref, previous[1].ref], 2),
        )
    ]


def disposal_contradictions(
    claims: list[SwornClaim], findings: list[Finding], transactions: list[Transaction]
) -> list[Contradiction]:
    changes = [f for f in findings if f.finding_type == OWNERSHIP_CHANGE and len(f.entities) == 2]
    relations = [f for f in findings if f.finding_type == RELATION and len(f.entities) == 2]
    found: list[Contradiction] = []
    for claim in claims:
        answer = answer_of(claim)
        body, asked = answer.said, answer.question
        speaker = claim.speaker
        if not speaker or not _DENIED.search(body):
            continue
        text = f"{body} {asked}"
        if _DISPOSAL.search(text) and _ASSET.search(text):
            given = [f for f in changes if same_party(f.entities[0], speaker)]
            if given:
                found.append(_contradiction(claim, given, "records show them giving up"))
        kin = _KIN.search(text) and _PAYING.search(text)
        if kin and (paid := _paid_to_kin(speaker, relations, transactions)):
            found.append(_kin_contradiction(claim, paid))
    return found


def _contradiction(claim: SwornClaim, given: list[Finding], lead: str) -> Contradiction:
    return Contradiction(
        claim=claim.claim,
        claim_source=claim.source,
        evidence_against=unique_refs([s for f in given for s in f.sources], 6),
        explanation=f"{claim.speaker} denies it, yet the {lead}: "
        + "; ".join(f.title for f in given[:3])
        + ".",
        severity="HIGH",
    )


def _relatives(speaker: str, relations: list[Finding], people: set[str]) -> set[str]:
    """The speaker's relatives: tied to them by a relation finding, or of their surname with
    another given name ("N Pettifer-Holt" beside "Graham Pettifer-Holt")."""
    kin = {f.entities[1] for f in relations if same_party(f.entities[0], speaker)}
    kin |= {f.entities[0] for f in relations if same_party(f.entities[1], speaker)}
    mine = person_parts(speaker)
    for person in people:
        theirs = person_parts(person)
        if (
            mine
            and theirs
            and mine[2] == theirs[2]
            and theirs[0][:1] != mine[0][:1]
            and not same_party(person, speaker)
        ):
            kin.add(person)
    return kin


def _paid_to_kin(
    speaker: str, relations: list[Finding], transactions: list[Transaction]
) -> list[Transaction]:
    payments = [t for t in transactions if is_payment(t) and t.to_party]
    kin = _relatives(speaker, relations, {t.to_party for t in payments if t.to_party})
    return [
        t
        for t in payments
        if any(same_party(t.to_party or "", k) for k in kin)
        and (t.from_party is None or same_party(t.from_party, speaker))
    ]


def _kin_contradiction(claim: SwornClaim, paid: list[Transaction]) -> Contradiction:
    own = any(t.from_party for t in paid)
    listed = "; ".join(
        f"{t.date or 'undated'} {format_money(t.amount, t.currency)} to {t.to_party}"
        + (f" ({t.reference})" if t.reference else "")
        for t in paid[:4]
    )
    whose = "their account" if own else "an account the records do not name"
    return Contradiction(
        claim=claim.claim,
        claim_source=claim.source,
        evidence_against=unique_refs([t.source for t in paid], 6),
        explanation=(
            f"{claim.speaker} denies paying relatives, yet {whose} paid people the records tie to "
            f"them as family or who share their surname: {listed}."
        ),
        severity="HIGH" if own else "MEDIUM",
    )
