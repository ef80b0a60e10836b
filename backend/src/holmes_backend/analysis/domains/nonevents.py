"""What a record says did not happen: "We have no record of any stay by Ms Okafor in March 2025",
"no dinner was held with her in March", "Reservation 118 … was cancelled", "no invoice numbered
118 was issued". Each such sentence of a record (not testimony) is a finding naming the kind of
occasion, the record's author (its e-mail sender's domain, or the organisation of its letterhead)
and the day it was written.

Synthesis holds against it what in the case says the occasion took place
(nonevent_contradictions): a witness's "I was in Lyon meeting Vireaux SA" against Vireaux's own
"no meeting with anyone from Calder Group in March 2025", a dinner with that party claimed as an
expense, a hotel night whose receipt number the hotel says it never issued. A claim or payment
counts when it names the author (a distinctive word of its name), speaks of the same kind of
occasion and falls in the period the sentence gives; or when it carries the reference number the
sentence denies.
"""

import re
from dataclasses import dataclass
from datetime import date

from holmes_backend.agents.schemas import (
    Finding,
    SourceRef,
    Transaction,
)
from holmes_backend.analysis.domains.records import record_author, sentences, written_on
from holmes_backend.analysis.facts.dates import find_period
from holmes_backend.analysis.facts.lexicon import fold, wordset
from holmes_backend.analysis.facts.names import find_names
from holmes_backend.llm.evidence import EvidenceDoc

NONEVENT = "recorded_nonevent"

# The words of each kind of occasion; a noun of the first column may be what is denied.
_KINDS: dict[str, tuple[str, ...]] = {
    "meeting": ("meeting", "meetings", "appointment", "met", "meet"),
    "meal": ("dinner", "lunch", "breakfast", "meal", "dined", "restaurant"),
    "stay": ("stay", "night", "nights", "hotel", "accommodation", "room", "lodging", "stayed"),
    "booking": ("reservation", "booking", "booked", "reserved"),
    "delivery": ("delivery", "deliveries", "shipment", "delivered", "shipped"),
    "service": ("service", "services", "repair", "repairs", "installation", "inspection"),
    "visit": (
        "visit",
        "visits",
        "attendance",
        "session",
        "sessions",
        "treatment",
        "treatments",
        "consultation",
        "therapy",
        "lesson",
        "class",
        "visited",
        "attended",
    ),
    "invoice": ("invoice", "invoices", "receipt", "receipts", "bill", "facture"),
    "charge": ("charge", "charges", "payment", "payments", "charged", "paid", "billed"),
    "call": ("call", "calls", "called"),
    "order": ("order", "orders", "purchase", "ordered"),
    "qualification": (
        "degree",
        "degrees",
        "qualification",
        "qualifications",
        "diploma",
        "diplomas",
        "enrolment",
        "enrollment",
        "enrolled",
        "graduated",
        "studied",
        "msc",
        "mba",
        "bsc",
        "phd",
        "llb",
        "llm",
        "masters",
        "doctorate",
    ),
}
# A booking denied is a stay or a meal that did not take place.
_IMPLIES = {"booking": {"stay", "meal"}, "invoice": {"charge"}, "charge": {"invoice"}}
_KIND_OF = {word: kind for kind, words in _KINDS.items() for word in words}
_STEM = 6
_KIND_BY_STEM = {w[:_STEM]: k for w, k in _KIND_OF.items() if len(w) >= _STEM}
# The occasions a record may deny (nouns; the other words only recognise the kind).
_NOUNS = (
    r"meetings?|appointments?|dinners?|lunch(?:es)?|breakfasts?|meals?|stays?|reservations?|"
    r"bookings?|deliver(?:y|ies)|shipments?|services?|repairs?|installation|inspections?|visits?|"
    r"attendance|sessions?|treatments?|consultations?|therapy|lessons?|classes|"
    r"invoices?|receipts?|bills?|charges?|payments?|calls?|orders?|purchases?|degrees?|"
    r"qualifications?|diplomas?|enrol+ments?"
)
_DONE = (
    r"held|made|issued|delivered|performed|provided|booked|completed|carried\s+out|received|"
    r"placed|raised|sent|attended|taken|done|supplied|rendered"
)
_NONEVENT = re.compile(
    # "no record of Simon Ashworth-Lyle having registered for or been awarded any degree"
    rf"\bno\s+(?:record|trace)\s+of\s+[^.;]{{0,80}}?\b(?:any|a|an)\s+(?:[\w-]+\s+)?"
    rf"(?P<noun6>{_NOUNS})\b|"
    rf"(?<!\bat )\bno\s+(?:(?:record|trace|evidence|sign)\s+of\s+)?(?:(?:any|a|an|such)\s+)*"
    rf"(?:[\w-]+\s+)?(?P<noun>{_NOUNS})\b"
    r"(?!\s+(?:(?:to|for)\s+you|is|are|will|shall|would|should|may|must|can|due|needed|required))"
    rf"|\b(?P<noun2>{_NOUNS})\b[^;]{{0,120}}?\b(?:was|were|has\s+been|have\s+been|had\s+been)\s+"
    rf"(?:never|not)\s+(?:{_DONE})\b"
    rf"|\b(?P<noun3>{_NOUNS})\b[^;]{{0,120}}?\b(?:did\s+not|didn['\u2019]t|never)\s+"
    r"(?:take\s+place|happen|occur|go\s+ahead|proceed)\b"
    rf"|\b(?P<noun4>{_NOUNS})\b[^;]{{0,120}}?\b(?:was|were|has\s+been|had\s+been)\s+cancel+ed\b"
    r"|\b(?:did\s+not|didn['\u2019]t|never|have\s+not|haven['\u2019]t|has\s+not|hasn['\u2019]t|"
    r"had\s+not|hadn['\u2019]t)\s+(?:ever\s+)?(?:attend(?:ed)?|receiv(?:e|ed)|ha(?:ve|d)|"
    r"g[eo]t(?:ten)?|book(?:ed)?|order(?:ed)?|us(?:e|ed)|t(?:ake|aken|ook))\s+"
    r"(?:any|a|an|the|that|this|those|these)?\s*(?:[\w-]+\s+)?"
    rf"(?P<noun5>{_NOUNS})\b",
    re.IGNORECASE,
)
_FIRST_PERSON = re.compile(r"\bI\b|\b(?:me|my|myself)\b")
_HYPOTHETICAL = re.compile(r"^\s*(?:if|unless|should|please|in case|where)\b|\?", re.IGNORECASE)
# A claim that denies something itself agrees with a record that it did not take place.
_DENIES = re.compile(r"\b(?:no|none|never|not|nothing|nobody)\b|n['\u2019]t\b", re.IGNORECASE)
_NUMBER = re.compile(
    r"\b(?:numbered|number|no\.?|n[°o]|#|ref(?:erence)?\.?)\s*(?P<num>[A-Z]{0,3}-?\d{2,})"
    rf"|\b(?:{_NOUNS})\s+(?P<num2>[A-Z]{{0,3}}-?\d{{2,}})\b",
    re.IGNORECASE,
)
_DIGITS = re.compile(r"\d{2,}")
_WORDS = re.compile(r"[a-z]{4,}")
# Words of an address or a letterhead that name no one in particular.
_GENERIC = wordset(
    "mail email info online group company corp services service reservations bookings hotel "
    "hotels office team support sales accounts admin noreply reply contact global international "
    "limited holdings gmail googlemail outlook hotmail yahoo icloud proton protonmail live msn aol "
    "example"
)
_FROM = re.compile(r" \(from (?P<who>[^)]+)\)")
_PER_FILE = 6
_LONGEST = 400
_HEADING_UNITS = 3
_MAX = 20


def _plain(text: str) -> str:
    """Lower case without accents ("Hôtel" → "hotel")."""
    return fold(text).lower()


def _noun(match: re.Match[str]) -> str:
    return str(
        match["noun"]
        or match["noun2"]
        or match["noun3"]
        or match["noun4"]
        or match["noun5"]
        or match["noun6"]
    ).lower()


def _singular(noun: str) -> str:
    if noun in _KIND_OF:
        return noun
    for cut, end in (("ies", "y"), ("es", ""), ("s", "")):
        stem = noun.removesuffix(cut) + end
        if noun.endswith(cut) and stem in _KIND_OF:
            return stem
    return noun


def _nonevent(text: str) -> re.Match[str] | None:
    """A record's sentence denying an occasion; one whose writer denies their own doing ("I
    have never received any payment from Kestrel") is their claim, not a record."""
    if _HYPOTHETICAL.search(text) or _FIRST_PERSON.search(text):
        return None
    return _NONEVENT.search(text)


def nonevents(docs: list[EvidenceDoc]) -> list[Finding]:
    found: list[Finding] = []
    for said in sentences(docs, _nonevent, _PER_FILE, longest=_LONGEST):
        match = said.found
        noun = _noun(match)
        author = record_author(said.doc)
        title = f"Recorded as not having taken place ({noun}) in {said.doc.filename}"
        title += f" (from {author})" if author else ""
        title += f" on {said.written}" if said.written else ""
        found.append(said.finding(NONEVENT, title, "MEDIUM", 0.65, concerns_people=False))
    return found


@dataclass
class _Nonevent:
    finding: Finding
    kinds: set[str]
    author: set[str]  # the distinctive words of its author's name
    number: str | None
    period: tuple[date, date] | None
    people: list[str]

    @property
    def source(self) -> SourceRef:
        return self.finding.sources[0]


def _read(finding: Finding) -> _Nonevent | None:
    match = _nonevent(finding.summary)
    if match is None or not finding.sources:
        return None
    kinds = {_KIND_OF[_singular(_noun(m))] for m in _NONEVENT.finditer(finding.summary)}
    kinds |= set().union(*(_IMPLIES.get(k, set()) for k in kinds))
    who = _FROM.search(finding.title)
    author = {w for w in _WORDS.findall(_plain(who["who"]))} - _GENERIC if who else set()
    number = _NUMBER.search(finding.summary)
    digits = _DIGITS.search((number["num"] or number["num2"]) if number else "")
    written = written_on(finding)
    people = [n.text for n in find_names(finding.summary) if n.kind == "person"]
    return _Nonevent(
        finding,
        kinds,
        author,
        digits.group() if digits else None,
        # The period the denial's own clause gives ("…, and no dinner was held with her in
        # March"), else the sentence's.
        find_period(finding.summary[match.start() :], written)
        or find_period(finding.summary, written),
        people,
    )


def _within(day: date | None, period: tuple[date, date] | None) -> bool:
    return period is None or (day is not None and period[0] <= day <= period[1])


def _numbered(record: _Nonevent, tx: Transaction) -> bool:
    return record.number is not None and record.number in _DIGITS.findall(tx.reference or "")
