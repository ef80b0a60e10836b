"""Who a login, a device, a plate or a badge stands for, as the case's own registers say ("Assigned
to: Annika Lindqvist; Username: a.lindqvist"): an identifier maps to a person only when every
record giving it names the same one. Keys are "id:" and the identifier in lower case."""

import re
from collections import defaultdict
from collections.abc import Mapping

from holmes_backend.analysis.facts.cells import row_fields
from holmes_backend.analysis.facts.lexicon import fold
from holmes_backend.analysis.facts.money import SYM
from holmes_backend.analysis.facts.names import find_names, same_party
from holmes_backend.analysis.facts.text import units
from holmes_backend.analysis.facts.vocabulary import common_words
from holmes_backend.llm.evidence import EvidenceDoc

_ID_COLUMN = re.compile(
    r"\b(?:user(?:\s*name|\s*id)?|login|logon|account\s+name|sam\s*account|device|asset|"
    r"host(?:\s*name)?|computer|laptop|machine|badge|card|fob|e-?mail|employee\s+id|staff\s+id|"
    r"vehicle|registration|reg(?:\s*no)?|plate|number\s+plate|licen[cs]e\s+plate|fleet\s+no|vrm|vrn|"
    r"unit|truck|van|tractor|trailer|tag(?:\s*id)?|tracker|imei)\b",
    re.IGNORECASE,
)
_PLATE = re.compile(r"(?=.*\d)[A-Z0-9]{1,4}[ -][A-Z0-9]{2,4}(?:[ -][A-Z0-9]{1,4})?")
_PERSON_COLUMN = re.compile(
    r"\b(?:assigned\s+to|issued\s+to|allocated\s+to|name|employee|(?:policy\s*)?holder|owner|keeper|"
    r"insured|proposer|claimant|customer|purchaser|buyer|hirer|lessee|"
    r"user\s+name\s+\(full\)|full\s+name|staff(?:\s+member)?|custodian|driver|operator|rider|"
    r"subject|wearer|offender|defendant)\b",
    re.IGNORECASE,
)
_TOKEN = re.compile(r"[\w.@-]+")
# A sum ("£18,500", "USD 9,600"), not a badge's "0417".
_AMOUNT = re.compile(rf"^(?:{SYM}|[A-Z]{{3}}\s)\s?\d|^\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?$")
_FIELD = re.compile(r"^\s*(?P<label>[A-Za-z][\w /()-]{1,40}?)\s*:\s*(?P<value>\S.*)$")
_RECORD_HEAD = 20
_MAX_UNITS = 4000


def _identifier(value: str) -> str | None:
    value = value.strip().rsplit("\\", 1)[-1]  # "CORP\\rokonjo": the user after the domain
    # A plate first: "JHP 118 MP" is no sum in rands, though it opens as "USD 9" does.
    if _PLATE.fullmatch(value):
        return value.lower()
    if _AMOUNT.match(value):
        return None
    if not value or " " in value or len(value) < 3:
        return None
    if re.search(r"[\d._@]", value) or value.lower() not in common_words():
        return value.lower()  # "ksato01", "a.lindqvist", "dmurphy"; not "Sales" nor "Laptop"
    return None


# "my own car, a grey VW Golf (reg. YH19 TWC)": a vehicle its teller says is theirs.
_MY_VEHICLE = re.compile(
    r"\bmy\s+(?:own\s+|company\s+|work\s+)?(?:[a-z-]+\s+){0,2}?(?:car|van|vehicle|motorbike|"
    r"motorcycle|lorry|truck)\b[^.]{0,60}?\b(?:reg(?:istration)?(?:\s+(?:no|number|mark))?\.?|"
    r"plate)\s*:?\s*(?P<plate>[A-Z0-9]{2,4}[ -]?[A-Z0-9]{3,4})\b",
    re.IGNORECASE,
)


def identity_holders(
    docs: list[EvidenceDoc], witnesses: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Identifier key -> the one person the case's records give it to. `witnesses`: whose
    statement each file is ("my own car … (reg. YH19 TWC)")."""
    holders: dict[str, set[str]] = defaultdict(set)
    for doc in docs:
        if (teller := (witnesses or {}).get(doc.file_id)) is not None:
            for unit in units(doc)[:_MAX_UNITS]:
                for mine in _MY_VEHICLE.finditer(unit.text):
                    holders[f"id:{' '.join(mine['plate'].lower().replace('-', ' ').split())}"].add(
                        teller
                    )
        doc_units = units(doc)[:_MAX_UNITS]
        records = [row_fields(u.text) for u in doc_units if u.kind == "row"]
        # A record set out as one field a line: its head read as one row.
        head = [
            m for u in doc_units[:_RECORD_HEAD] if u.kind != "row" and (m := _FIELD.match(u.text))
        ]
        if head:
            records.append({m["label"]: m["value"] for m in head})
        for fields in records:
            people = {
                n.text
                for key, value in fields.items()
                if _PERSON_COLUMN.search(key) and not _ID_COLUMN.search(key)
                for n in find_names(value)[:1]
                if n.kind == "person"
            }
            if len(people) != 1:
                continue
            for key, value in fields.items():
                if _ID_COLUMN.search(key) and (ident := _identifier(value)):
                    holders[f"id:{ident}"] |= people
    return {key: holder for key, names in holders.items() if (holder := _one_holder(names))}


def _one_holder(names: set[str]) -> str | None:
    """The one person the names are, by their fullest name; None when they are two people."""
    longest = max(names, key=len)
    return longest if all(same_party(name, longest) for name in names) else None


_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_USER_COLUMN = re.compile(
    r"\b(?:user(?:\s*name|\s*id)?|login|logon|account\s+name|sam\s*account)\b", re.IGNORECASE
)


def _spellings(person: str) -> set[str]:
    """The user names commonly made of a person's name: nfarrow, n.farrow, farrow.neil…"""
    words = re.findall(r"[a-z]+", fold(person).lower())
    if len(words) < 2 or len(words[0]) < 2:
        return set()
    first, last = words[0], words[-1]
    return {
        f"{first[0]}{last}",
        f"{first[0]}.{last}",
        f"{first}.{last}",
        f"{first}{last}",
        f"{first}_{last}",
        f"{last}{first[0]}",
        f"{last}.{first}",
    }


def spelled_users(
    docs: list[EvidenceDoc], people: list[str], holders: Mapping[str, str]
) -> dict[str, str]:
    """User names no record gives to anyone ("User: nfarrow"), tied to the one person the case
    names whose name they spell."""
    spelt: dict[str, set[str]] = defaultdict(set)
    for person in people:
        for spelling in _spellings(person):
            spelt[spelling].add(person)
    found: dict[str, str] = {}
    for doc in docs if spelt else []:
        for unit in units(doc)[:_MAX_UNITS]:
            if unit.kind != "row":
                continue
            cells = row_fields(unit.text).items()
            # A user column's value, and every e-mail address in any cell.
            idents = [_identifier(v) for k, v in cells if _USER_COLUMN.search(k)]
            idents += [a.lower() for _, v in cells for a in _ADDRESS.findall(v)]
            for ident in idents:
                if ident is None or f"id:{ident}" in holders or f"id:{ident}" in found:
                    continue
                named = spelt.get(re.sub(r"\d+$", "", ident.split("@")[0]))
                if named and (holder := _one_holder(named)):
                    found[f"id:{ident}"] = holder
    return found


def identified(text: str, holders: Mapping[str, str]) -> list[str]:
    """The people the identifiers in a text stand for (a plate spaced or run together)."""
    tokens = [token.lower().strip(".-") for token in _TOKEN.findall(text)]
    found = [holders.get(f"id:{token}") for token in tokens]
    lowered = text.lower()
    spaced = {
        key: person for key, person in holders.items() if key.startswith("id:") and " " in key
    }
    found += [
        person
        for key, person in spaced.items()
        if re.search(rf"\b{re.escape(key[3:])}\b", lowered) or key[3:].replace(" ", "") in tokens
    ]
    return list(dict.fromkeys(p for p in found if p))


# A vehicle's plate after its label ("VRM: KX21HVR"), a card's last digits ("****1009").
_LABELLED_PLATE = re.compile(
    r"\b(?:reg(?:istration)?(?:\s+(?:no|number|mark))?\.?(?:\s+given)?|vrm|vrn|"
    r"(?:number\s+|licen[cs]e\s+)?plate)\s*:?\s*(?P<mark>[A-Z0-9]{2,4}[ -]?[A-Z0-9]{3,4})\b",
    re.IGNORECASE,
)
_CARD_END = re.compile(r"(?:[*xX\u2022]{2,}\s?|\bending\s+(?:in\s+)?)(?P<mark>\d{4})\b")


def subject_marks(text: str) -> dict[str, set[str]]:
    """The plates and card endings a text gives, by kind, written one way ("KX21HVB")."""
    marks: dict[str, set[str]] = {}
    for kind, pattern in (("plate", _LABELLED_PLATE), ("card", _CARD_END)):
        found = {re.sub(r"[ -]", "", m["mark"]).upper() for m in pattern.finditer(text)}
        found = {f for f in found if any(c.isdigit() for c in f)}
        if found:
            marks[kind] = found
    return marks


def file_marks(doc: EvidenceDoc) -> dict[str, set[str]]:
    """The marks a whole file gives of each kind when it gives exactly one (one car, one card)."""
    marks = subject_marks(doc.text[:20000])
    return {kind: found for kind, found in marks.items() if len(found) == 1}
