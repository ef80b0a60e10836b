"""What a debtor (or anyone asked) denies giving away, against the records of it.

- Financial: a register or transfer record that names a property's previous owner and its new
  one ("Previous proprietor: GRAHAM PETTIFER-HOLT", "PROPRIETOR: SANDRA PETTIFER-HOLT", a
  registered keeper, a transferor and a transferee, a seller and a buyer) is an ownership change:
  a finding naming both, the day the new owner's line gives (else the record's first date), the
  property and any price it states ("The price stated to have been paid … was GBP 1").
- Financial: a record naming one owner of a thing and no previous one ("Registered keeper:
  Daniel Mercer" beside "Make/Model: Ford Focus Zetec", "Colour: Grey") is an ownership held:
  a finding naming the owner, what the record describes and from when ("Keeper since: …").
- Synthesis: "I do not own a grey Ford Focus" against an ownership held by the speaker of a
  thing the record describes in the denial's own words (HIGH), unless it began after the time
  the denial is about.
- Synthesis: "Have you sold, transferred or given away any property …? No." against an ownership
  change whose previous owner is the speaker (HIGH); "Have you made any
  payments to relatives …? No." against payments to the speaker's relatives: those a relation
  finding ties to them, or people of their own surname with another given name (HIGH when the
  speaker's own account paid them, MEDIUM from an account the records do not name).
"""

import re
from datetime import date

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim, Transaction
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.interests import RELATION
from holmes_backend.llm.local.domains.ledger import is_payment
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, parse_span
from holmes_backend.llm.local.facts.lexicon import wordset
from holmes_backend.llm.local.facts.money import find_money, format_money
from holmes_backend.llm.local.facts.names import (
    leading_person,
    person_parts,
    same_party,
)
from holmes_backend.llm.local.facts.text import units

OWNERSHIP_CHANGE = "ownership_change"
OWNERSHIP_HELD = "ownership_held"

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


# A record's owner field: "Registered keeper", "Owner", "Proprietor", "Registered owner".
_OWNER = re.compile(
    r"^\s*(?:registered\s+)?(?:keeper|owner|proprietor|title\s+holder)s?\s*$", re.IGNORECASE
)
_SINCE_LABEL = re.compile(r"\b(?:since|from|acquired|purchased|registered\s+on)\b", re.I)
# The fields that say what the record is of ("Make/Model", "Colour", "Registration", "VIN").
_DESCRIBING = re.compile(
    r"^\s*(?:make|model|make\s*/\s*model|colou?r|registration(?:\s+(?:no|number|mark))?|"
    r"reg(?:\.|istration)?\s*(?:no\.?|mark)?|vin|chassis\s+no|vehicle|property|title\s+no|"
    r"description|type|hull|vessel|serial\s+(?:no|number))\.?\s*$",
    re.IGNORECASE,
)


def ownership_held(doc: EvidenceDoc) -> list[Finding]:
    """A record's one owner of the thing it describes, when it names no previous owner."""
    owner = since = None
    described: list[str] = []
    refs = []
    for unit in units(doc)[: _HEAD * 2]:
        field = _LABELLED.search(unit.text)
        if field is None:
            continue
        label, value = field["label"].strip(), field["rest"].strip()
        if _PREVIOUS.search(label):
            return []  # a change of owner (ownership_changes)
        if _OWNER.match(label) and (person := leading_person(value)):
            if owner is not None and not same_party(owner[0], person):
                return []  # two owners: whose it is is not one field's
            owner = (person, label.lower())
            refs.append(unit.ref)
        elif _DESCRIBING.match(label):
            described.append(value)
            refs.append(unit.ref)
        elif _SINCE_LABEL.search(label) and (moments := find_moments(value)):
            since = moments[0].day
    if owner is None or not described:
        return []
    what = ", ".join(described)[:160]
    dated = f" since {since.isoformat()}" if since else ""
    return [
        Finding(
            finding_type=OWNERSHIP_HELD,
            title=f"{owner[0]} is recorded as {owner[1]} of {what}{dated}",
            summary=f"{doc.filename}: {owner[1]} {owner[0]}; {what}{dated}",
            confidence=0.8,
            severity="LOW",
            entities=[owner[0]],
            sources=unique_refs(refs, 4),
        )
    ]


# "I do not own", "I have never owned", "I don't have", "I was never the owner of".
_OWNING_DENIED = re.compile(
    r"\b(?:(?:do|did|have|had)\s+not|don't|didn't|haven't|hadn't|never)\s+"
    r"(?:(?:been\s+)?(?:the\s+)?(?:registered\s+)?(?:owner|keeper)\s+of|own(?:ed)?|possess(?:ed)?|"
    r"kept|had|have)\s+(?P<thing>[^.;]{3,80})",
    re.IGNORECASE,
)
_GENERIC_THING = wordset(
    "a an any the one such this that my own car vehicle motor property house thing anything "
    "ever and or of in"
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")
_ONE_THING = re.compile(r"[,(]|\s+(?:and|but|or|nor|which|that|because|when|since)\s+", re.I)


def _thing_words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)} - _GENERIC_THING


def owning_contradictions(claims: list[SwornClaim], findings: list[Finding]) -> list[Contradiction]:
    """A denial of owning a thing against the speaker's ownership of one the record describes
    in the denial's words ("a grey Ford Focus": the keeper's record of a grey Ford Focus)."""
    held = [f for f in findings if f.finding_type == OWNERSHIP_HELD and f.entities]
    found: list[Contradiction] = []
    for claim in claims if held else []:
        speaker = claim.speaker
        denied = _OWNING_DENIED.search(answer_of(claim).said)
        if not speaker or denied is None:
            continue
        thing = _ONE_THING.split(denied["thing"])[0]  # "a grey Ford Focus and I have never …"
        words = _thing_words(thing)
        end = parse_span(claim.claimed_time)
        against = [
            f
            for f in held
            if same_party(f.entities[0], speaker)
            and f.sources[0].file_id != claim.source.file_id
            and words
            and words <= _with_spellings(_thing_words(f.title))
            and not _since_after(f.title, end[1].date() if end else None)
        ]
        if against:
            found.append(
                Contradiction(
                    claim=claim.claim,
                    claim_source=claim.source,
                    evidence_against=unique_refs([s for f in against for s in f.sources], 6),
                    explanation=(
                        f"{speaker} denies owning {thing.strip()}, yet "
                        + "; ".join(f.title for f in against[:3])
                        + "."
                    ),
                    severity="HIGH",
                )
            )
    return found


def _with_spellings(words: set[str]) -> set[str]:
    """The words, a colour in its British and American spelling alike ("grey", "gray")."""
    return words | {"grey", "gray"} if words & {"grey", "gray"} else words


def _since_after(title: str, day: date | None) -> bool:
    """Whether the ownership began after the day the denial is about."""
    since = re.search(r" since (\d{4}-\d{2}-\d{2})$", title)
    return bool(day and since and date.fromisoformat(since[1]) > day)


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
