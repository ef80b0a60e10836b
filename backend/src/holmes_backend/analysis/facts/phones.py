"""Telephone numbers in text (compared by their last ten digits), and who holds each: the one
person or organisation a sentence or row names beside the number and an ownership word."""

import re
from collections import defaultdict

from holmes_backend.analysis.facts.names import find_names
from holmes_backend.analysis.facts.text import units
from holmes_backend.llm.evidence import EvidenceDoc

PHONE = re.compile(
    r"(?<![\w+])(?:\+?\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)\s?|\d{2,4}[\s.-])\d{3,4}[\s.-]\d{3,4}(?!\w)"
    # A trunk-prefixed national number ("07700 900123"), an international one ("+44 7700 900123").
    r"|(?<![\w+])0\d{4}[\s.-]?\d{6}(?!\w)"
    r"|(?<![\w+])\+\d{1,3}[\s.-]?\d{3,5}[\s.-]?\d{5,7}(?!\w)"
    # A bare international number, only in a number's own field ("MSISDN: 447700900845").
    r"|(?i:(?<=party: )|(?<=msisdn: )|(?<=number: )|(?<=caller: )|(?<=called: )"
    r"|(?<=calling: ))\+?\d{10,13}(?!\w)"
)
OWNERSHIP = re.compile(
    r"\b(?:subscriber|subscribed|registered\s+to|account\s+holder|holder|belongs?\s+to|"
    r"owner|owned\s+by|user|mobile|cell(?:phone)?(?!\s*(?:id|site|tower|ref))|phone|telephone|"
    r"tel)\b",
    re.IGNORECASE,
)
_MINE = re.compile(r"\bmy\s+(?:own\s+)?(?:mobile|phone|telephone|cell|number)\b", re.I)
_HOLDER_FIELD = re.compile(
    r"^\s*(?:registered\s+)?(?:subscriber|account\s+holder|holder|registered\s+to|owner|user)"
    r"(?:\s+name)?\s*:",
    re.IGNORECASE,
)
_FIELD_LINES = 3
_TRIAGE_UNITS = 400
_MIN_DIGITS = 7
_KEY_DIGITS = 10
_MAX_UNITS = 2000


def phone_key(text: str) -> str | None:
    """A number's key (its last ten digits), or None when the text is no phone number."""
    digits = re.sub(r"\D", "", text)
    return digits[-_KEY_DIGITS:] if len(digits) >= _MIN_DIGITS else None


def phones_in(text: str) -> list[str]:
    return [m.group() for m in PHONE.finditer(text)]


def holds_numbers(doc: EvidenceDoc) -> bool:
    """Whether a document says whose a telephone number is."""
    head = units(doc)[:_TRIAGE_UNITS]
    if any(PHONE.search(u.text) and OWNERSHIP.search(u.text) for u in head):
        return True
    return any(_HOLDER_FIELD.match(u.text) for u in head) and bool(phone_holders([doc]))


def phone_holders(
    docs: list[EvidenceDoc], witnesses: dict[str, str] | None = None
) -> dict[str, str]:
    """Number key -> the one holder every record of the number names. `witnesses`: whose
    statement each file is ("07700 900412 is my phone number")."""
    holders: dict[str, set[str]] = defaultdict(set)
    for doc in docs:
        witness = (witnesses or {}).get(doc.file_id)
        alone: tuple[str, int] | None = None  # a number on a line of its own, and where
        for index, unit in enumerate(units(doc)[:_MAX_UNITS]):
            numbers = phones_in(unit.text)
            if not numbers and not (alone and _HOLDER_FIELD.match(unit.text)):
                continue
            named = {n.text for n in find_names(unit.text) if n.kind in ("person", "organization")}
            if len(numbers) == 1 and not named:
                alone = (numbers[0], index)
            elif not numbers and alone is not None and index - alone[1] <= _FIELD_LINES:
                # A record set out a field to a line: "Number: …" / "Registered subscriber: …".
                numbers = [alone[0]]
                alone = None
            if len(numbers) != 1 or not OWNERSHIP.search(unit.text):
                continue
            if not named and witness and _MINE.search(unit.text):
                named = {witness}
            key = phone_key(numbers[0])
            if key and len(named) == 1:
                holders[key] |= named
    return {key: next(iter(names)) for key, names in holders.items() if len(names) == 1}
