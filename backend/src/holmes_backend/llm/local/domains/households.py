"""Who lives at an address, as records give it, against a claimant's word that no one else
does: a benefit claim's "No [asked: Does anyone else aged 18 or over live in your home?]" or an
interview's "No. It's just me and the kids. [asked: Does anyone else live at 14 Birch Close
apart from you and the children?]" against the electoral register listing another adult there
and a vehicle keeper record at that address.

- Evidence: each record (not testimony) placing a person at an address is a finding
  (RESIDENT_ON_RECORD, "Gary Thorne at 14 Birch Close Hexley HX4 2PL"): a table's row with a
  column of people (an elector, resident, occupant, tenant, keeper, account holder) and one of
  addresses, or a record whose one person field ("Registered keeper: Gary Thorne") goes with its
  one address field ("Keeper address: …").
- Synthesis: the claim's address is the one its question names, else the claimant's home on
  record (their form's address field, a register's row naming them). Records placing another
  person there contradict it: HIGH when two records or more do, MEDIUM for one.
"""

import re
from collections import defaultdict

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import RESIDENCE, is_testimony, witness
from holmes_backend.llm.local.domains.interests import HOME_ADDRESS, person_in
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of, asked
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import Unit, units

RESIDENT_ON_RECORD = "resident_on_record"
_RESIDENT = (
    r"(?:registered\s+)?(?:elector|voter|resident|occupant|occupier|tenant|lessee|householder|"
    r"keeper|owner|account\s*holder|policy\s*holder|subscriber|customer|member|person|full)"
)
_PERSON_COLUMN = re.compile(rf"^(?:{_RESIDENT}[\s_]*(?:name)?|name)$", re.IGNORECASE)
_ADDRESS_COLUMN = re.compile(r"\b(?:address|property|premises|dwelling)\b", re.IGNORECASE)
_SURNAME_COLUMN = re.compile(r"\b(?:surname|last\s*name|family\s*name)\b", re.IGNORECASE)
_FORENAME_COLUMN = re.compile(r"\b(?:fore\s*names?|first\s*names?|given\s*names?)\b", re.I)
_FIELD = re.compile(r"^\s*(?P<label>[A-Za-z][\w ()'/-]{1,40}?)\s*:\s*(?P<value>\S.*)$")
_PERSON_FIELD = re.compile(rf"^(?:{_RESIDENT}|name)$", re.IGNORECASE)
_HEAD = 15
# A register's column for when someone left: a value in it ends their time at the address.
_GONE = re.compile(
    r"\b(?:removed|deleted|left|moved\s+out|end(?:ed)?|departed|departure|vacated|until|to\s+date|"
    r"closed)\b",
    re.IGNORECASE,
)
# An address's house and street ("14 Birch Close"), and a UK postcode or a US ZIP at its end.
_HOUSE_STREET = re.compile(r"\b(\d{1,5}[a-z]?)\s+([A-Z][A-Za-z'-]+)")
_POSTCODE = re.compile(
    r"\b([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})\b|\b(\d{5})(?:-\d{4})?\s*$", re.IGNORECASE
)
_MAX = 200

# "Does anyone else live at …?", "Do you have a partner who lives with you?", "I live alone".
_LIVES_WITH = re.compile(
    r"\b(?:any\s?one|any\s?body|some\s?one|some\s?body|partner|other\s+adults?|else|"
    r"other\s+(?:person|people))\b[^?\]]{0,60}\bliv(?:e|es|ing)\b",
    re.IGNORECASE,
)
_ALONE = re.compile(
    r"\bliv(?:e|es|ed|ing)\s+(?:there\s+|here\s+)?(?:alone|on\s+(?:my|her|his)\s+own|"
    r"by\s+(?:my|her|him)self)\b|\b(?:no\s?one|nobody)\s+else\s+lives?\b",
    re.IGNORECASE,
)
_JUST_US = re.compile(r"^\s*just\s+(?:me|us|myself)\b", re.I)
# "Are you the only adult living at the property? Yes", "Do you live alone? Yes".
_SOLE = re.compile(
    r"\b(?:only\s+(?:adult|person|occupant|occupier|resident)|liv(?:e|ing)\s+alone|"
    r"liv(?:e|ing)\s+on\s+your\s+own|sole\s+(?:occupant|occupier|adult|resident))\b",
    re.IGNORECASE,
)
_YES = re.compile(r"^\s*yes\b", re.IGNORECASE)  # a form's answer on a line of its own
# A form read as running text: the last answer opens the next question ("Yes Do you live …?").
_LAST_ANSWER = re.compile(r"^\s*(?:yes|no)\b\W*", re.IGNORECASE)
_AFFIRMED = re.compile(r"^(?P<question>[^?]{8,200}\?)\s*(?P<answer>yes)\b", re.IGNORECASE)
# Who besides the claimant a record may place at their home without contradicting them.
_CHILD = re.compile(
    r"\b(?:son|daughter|child|children|grandson|granddaughter|pupil|minor|"
    r"aged\s+(?:[1-9]|1[0-7])\b|under\s+18)\b",
    re.IGNORECASE,
)


def address_key(text: str) -> tuple[str, str, str] | None:
    """(house number, street's first word, postcode) of an address in one spelling."""
    house = _HOUSE_STREET.search(text)
    if house is None:
        return None
    postcode = _POSTCODE.search(text[house.end() :])
    code = re.sub(r"\s+", "", (postcode[1] or postcode[2]).upper()) if postcode else ""
    return house[1].lower(), house[2].lower(), code


def _same_address(a: tuple[str, str, str], b: tuple[str, str, str]) -> bool:
    return a[:2] == b[:2] and (not a[2] or not b[2] or a[2] == b[2])


def residents_on_record(doc: EvidenceDoc) -> list[Finding]:
    if is_testimony(doc):
        return []
    doc_units = units(doc)
    found = [_finding(person, address, unit) for person, address, unit in _rows(doc_units)]
    found += [_finding(person, address, unit) for person, address, unit in _fields(doc_units)]
    return found[:_MAX]


def _finding(person: str, address: str, unit: Unit) -> Finding:
    return Finding(
        finding_type=RESIDENT_ON_RECORD,
        title=f"{person} at {address}"[:200],
        summary=unit.text[:300],
        confidence=0.8,
        severity="LOW",
        entities=[person],
        sources=[unit.ref],
    )


def _rows(doc_units: list[Unit]) -> list[tuple[str, str, Unit]]:
    found: list[tuple[str, str, Unit]] = []
    for unit in doc_units:
        fields = row_fields(unit.text) if unit.kind == "row" else {}
        people = [fields[k] for k in fields if _PERSON_COLUMN.match(k.strip())]
        # "Elector surname: Lindqvist", "Elector forenames: Maja": one name in two columns.
        surname = [v for k, v in fields.items() if _SURNAME_COLUMN.search(k)]
        forenames = [v for k, v in fields.items() if _FORENAME_COLUMN.search(k)]
        if not people and len(surname) == 1 and len(forenames) == 1:
            people = [f"{forenames[0].strip()} {surname[0].strip()}"]
        places = [k for k in fields if _ADDRESS_COLUMN.search(k)]
        if len(people) != 1 or len(places) != 1:
            continue
        if any(_GONE.search(k) and v.strip() for k, v in fields.items()):
            continue  # "Date removed: 2023-04-01": who lived there once
        person, address = person_in(people[0]), fields[places[0]].strip()
        if person and address_key(address):
            found.append((person, address, unit))
    return found


def _fields(doc_units: list[Unit]) -> list[tuple[str, str, Unit]]:
    """A record's one person field with its one address field ("Registered keeper: …",
    "Keeper address: …")."""
    people: list[tuple[str, Unit]] = []
    places: list[str] = []
    for unit in doc_units[:_HEAD]:
        field = _FIELD.match(unit.text) if unit.kind != "row" else None
        if field is None:
            continue
        label, value = " ".join(field["label"].split()), field["value"].strip()
        if _ADDRESS_COLUMN.search(label) and address_key(value):
            places.append(value)
        elif _PERSON_FIELD.match(label) and (person := person_in(value)):
            people.append((person, unit))
    if len(people) != 1 or len(places) != 1:
        return []
    return [(people[0][0], places[0], people[0][1])]


def sole_occupancy_claims(doc: EvidenceDoc) -> list[SwornClaim]:
    """A signed form's "Yes" to "Are you the only adult living at the property?": its maker's
    word that no one else lives there (a bare "No" to "Does anyone else live …?" is read as a
    sworn claim already)."""
    speaker = witness(doc) if is_testimony(doc) else None
    found: list[SwornClaim] = []
    doc_units = units(doc) if speaker else []
    for index, unit in enumerate(doc_units):
        after = doc_units[index + 1] if index + 1 < len(doc_units) else None
        text = _LAST_ANSWER.sub("", unit.text.strip())
        if text.endswith("?") and after is not None and _YES.match(after.text):
            text = f"{text} Yes"  # the answer on a line, or in a sentence, of its own
        affirmed = _AFFIRMED.match(text)
        if affirmed and _SOLE.search(affirmed["question"]):
            question = " ".join(affirmed["question"].split())
            found.append(SwornClaim(speaker=speaker, claim=asked("Yes", question), source=unit.ref))
    return found


def _denied_address(claim: SwornClaim) -> str | None:
    """The address a claim says no one else lives at ("" for the claimant's own home), or None
    when it says nothing of the kind."""
    answer = answer_of(claim)
    question = answer.question
    denied = answer.no or (answer.question and _JUST_US.match(answer.said))
    if (denied and _LIVES_WITH.search(question)) or (answer.yes and _SOLE.search(question)):
        return question if address_key(question) else ""
    return "" if _ALONE.search(claim.claim) else None


_BRACKETED = re.compile(r"\[(?P<who>[^\]]+)\]")


def _resident(claim: SwornClaim, claims: list[SwornClaim]) -> str | None:
    """Whom a claim of where someone lives speaks of: named in it ("He [Lee Brannigan] …"),
    else the person the speaker's claim before it in the same answer or statement names."""
    mine = [
        c for c in claims if c.source.file_id == claim.source.file_id and c.speaker == claim.speaker
    ]
    before = mine[: mine.index(claim) + 1] if claim in mine else [claim]
    for earlier in reversed(before):
        text = earlier.claim
        if (bracket := _BRACKETED.search(text)) and (who := person_in(bracket["who"])):
            return who
        named = [n.text for n in find_names(text) if n.kind == "person"]
        if named and not (claim.speaker and same_party(named[0], claim.speaker)):
            return named[0]
    return None


def elsewhere_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    """ "He [Lee Brannigan] lives in Leeds with his mother", "He has not lived at Fern Grove
    since 2023", told by a claimant of another adult, against records placing that person at
    the claimant's home (their own address on record): HIGH from two files, MEDIUM from one."""
    residents = [f for f in findings if f.finding_type == RESIDENT_ON_RECORD and f.entities]
    homes = [f for f in findings if f.finding_type == HOME_ADDRESS and f.entities]
    found: list[Contradiction] = []
    for claim in claims if residents else []:
        said = answer_of(claim).said
        if not claim.speaker or not RESIDENCE.search(said):
            continue
        person = _resident(claim, claims)
        if person is None or same_party(person, claim.speaker):
            continue
        speaker = claim.speaker
        keys = [
            key
            for a in [f.summary for f in homes if same_party(speaker, f.entities[0])]
            + [f.title for f in residents if same_party(speaker, f.entities[0])]
            if (key := address_key(a))
        ]
        there = [
            f
            for f in residents
            if same_party(person, f.entities[0])
            and (key := address_key(f.title))
            and any(_same_address(key, k) for k in keys)
        ]
        if not there:
            continue
        where = there[0].title.split(" at ", 1)[1]
        files = {f.sources[0].file_id for f in there if f.sources}
        listed = "; ".join(f.summary[:140] for f in there[:3])
        found.append(
            refuted(
                claim,
                unique_refs([s for f in there for s in f.sources], 6),
                f"{speaker} says {person} lives elsewhere, yet records place {person} at "
                f"{speaker}'s home ({where}): {listed}.",
                "HIGH" if len(files) >= 2 else "MEDIUM",
            )
        )
    return found


def household_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    residents = [f for f in findings if f.finding_type == RESIDENT_ON_RECORD and f.entities]
    homes = [f for f in findings if f.finding_type == HOME_ADDRESS and f.entities]
    found: list[Contradiction] = []
    for claim in claims if residents else []:
        said = _denied_address(claim) if claim.speaker else None
        if said is None or claim.speaker is None:
            continue
        speaker = claim.speaker
        addresses = (
            [said]
            if said
            else [f.summary for f in homes if same_party(speaker, f.entities[0])]
            + [f.title for f in residents if same_party(speaker, f.entities[0])]
        )
        keys = [key for a in addresses if (key := address_key(a))]
        others: dict[str, list[Finding]] = defaultdict(list)
        for finding in residents:
            key = address_key(finding.title)
            person = finding.entities[0]
            if (
                key
                and any(_same_address(key, k) for k in keys)
                and not same_party(person, speaker)
                and not _CHILD.search(finding.summary)
            ):
                others[person].append(finding)
        against = [f for records in others.values() for f in records]
        if not against:
            continue
        where = against[0].title.split(" at ", 1)[1]
        listed = "; ".join(f"{f.summary[:140]}" for f in against[:3])
        files = {f.sources[0].file_id for f in against if f.sources}
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=unique_refs([s for f in against for s in f.sources], 20),
                explanation=(
                    f"{speaker} says no one else lives at their home ({where}), yet records "
                    f"place {', '.join(others)} there: {listed}."
                ),
                severity="HIGH" if len(files) >= 2 else "MEDIUM",
            )
        )
    return found
