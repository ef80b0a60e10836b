"""Documents the evidence says are missing or still to come ("Change Order CO-04 - paperwork to
follow", "RO3 NOT attached"), or refers to by label ("Exhibit NM-3"), that the case does not
hold: a sentence naming a document (a kind with its qualifiers, or a reference) and a general
lexicon of absence. One finding per document, citing the sentence."""

import re
from collections import Counter
from dataclasses import dataclass

from holmes_backend.analysis.domains.records import sentences
from holmes_backend.analysis.facts.text import units
from holmes_backend.contracts.agents import Finding
from holmes_backend.llm.evidence import EvidenceDoc

DOCUMENT_ABSENT = "document_absent"

_KIND = (
    r"(?:letters?|declarations?|orders?|annex(?:ure)?s?|exhibits?|appendi(?:x|ces)|minutes|"
    r"approvals?|quot(?:e|ation)s?|invoices?|receipts?|contracts?|agreements?|reports?|"
    r"confirmations?|certificates?|statements?|notices?|directives?|resolutions?|circulars?|"
    r"forms?|authori[sz]ations?|affidavits?|memos?|memoranda|records?)"
)
# A document's own reference: "CO-04", "CCDC 9A", "RO3", "PN/PUR/2024/019".
_REFERENCE = re.compile(r"\b[A-Z]{2,6}(?:[-/][A-Z0-9]{1,6}){0,3}[-/ ]?\d{1,6}[A-Z]?\b")
_ABSENT = re.compile(
    r"\b(?:(?:is|are|was|were|has|have|had)\s+(?:not|never)\s+(?:been\s+)?(?:attached|enclosed|"
    r"provided|received|produced|supplied|located|found|sent|filed)"
    r"|not\s+(?:attached|enclosed|on\s+file)"
    r"|never\s+(?:received|provided|produced|arrived|sent|supplied)"
    r"|(?:still|remains?|is|are)\s+(?:outstanding|awaited|missing)"
    r"|still\s+awaiting|to\s+follow|will\s+follow|under\s+separate\s+cover"
    r"|could\s+not\s+be\s+(?:found|located|produced)|no\s+(?:record|copy|trace)\s+of)\b",
    re.IGNORECASE,
)
_KIND_WORD = re.compile(rf"\b{_KIND}\b", re.IGNORECASE)
_KIND_BEFORE = re.compile(rf"\b({_KIND})\s*$", re.IGNORECASE)
_WORD = re.compile(r"[\w/-]+")
_DAY = re.compile(r"\d{1,4}[/-]\d{1,2}[/-]\d{1,4}$")  # "19/04/2024 annexures": the day is no name
# Words that end the run of words naming a document, read backwards from its kind.
_BOUNDARY = frozenset(
    ["a", "an", "the", "of", "for", "any", "our", "your", "their", "his", "her", "its", "no",
     "this", "that", "these", "those", "on", "in", "at", "to", "by", "from", "with", "as", "and",
     "or", "is", "are", "was", "were", "be", "been", "copy"]
)  # fmt: skip
# A part of the record by its label and identifier: "Schedule 3", "Exhibit NM-3", "Annex B".
_PART = re.compile(
    r"\b(?P<kind>(?i:schedule|exhibit|annex(?:ure)?|appendix|attachment|enclosure|"
    r"(?:board\s+)?minute))\s+(?:(?i:no)\.?\s*)?"
    r"(?P<id>[A-Z]{1,4}[-/]?\d{1,4}(?:[-/.]\d{1,4})*[A-Z]?|\d{1,4}(?:[-/.]\d{1,4})*[A-Z]?"
    r"|[A-Z](?![\w-]))"
)
# What follows a part's label when it heads its part: nothing, or a dash or colon and a title.
_TITLED = re.compile(r"\s*(?:$|[-\u2013\u2014:.]\s*[A-Z(])")
_NEAR = 120  # characters between the document and what is said of it
_PER_FILE = 4
_PER_CASE = 6


@dataclass(frozen=True)
class Absent:
    name: str
    reference: str | None


def _absent(text: str) -> Absent | None:
    said = _ABSENT.search(text)
    if said is None:
        return None
    start = max(0, said.start() - _NEAR)
    near, at = text[start : said.end() + _NEAR], said.start() - start
    # The reference nearest what is said ("RO1 and RO2 attached; RO3 NOT attached").
    references = sorted(_REFERENCE.finditer(near), key=lambda m: abs(m.start() - at))
    reference = references[0][0] if references else None
    if reference is not None and (labelled := _KIND_BEFORE.search(near[: references[0].start()])):
        return Absent(name=f"{labelled[1]} {reference}", reference=reference)  # "Exhibit TK-4"
    named = [
        (kind, words)
        for kind in _KIND_WORD.finditer(near)
        if (words := _qualifiers(near[: kind.start()]))
    ]
    if named:
        kind, words = min(named, key=lambda found: abs(found[0].end() - at))
        name = " ".join([*words, kind[0]])
        if reference and reference not in name:
            name = f"{name} ({reference})"
        return Absent(name=name, reference=reference)
    return Absent(name=reference, reference=reference) if reference else None


def _qualifiers(before: str) -> list[str]:
    """Up to three words before a kind that say which document it is ("bank confirmation"
    letter), back to an article or preposition."""
    words: list[str] = []
    for word in reversed(_WORD.findall(before[-60:])):
        if word.casefold() in _BOUNDARY or len(word) < 2 or len(words) == 3 or _DAY.match(word):
            break
        words.insert(0, word)
    return words


def _referred(text: str) -> Absent | None:
    """A part of the record the text refers to by its label ("board minute 14/2023")."""
    if (match := _PART.search(text)) is None:
        return None
    return Absent(name=f"{match['kind'].strip().title()} {match['id']}", reference=match["id"])


def absent_documents(docs: list[EvidenceDoc]) -> list[Finding]:
    said = [
        (s.doc, s.unit.text, s.unit.ref, s.found)
        for s in sentences(docs, _absent, _PER_FILE, testimony=True)
    ]
    # Parts referred to by label, then a register's rows ("CC-118; Status: outstanding").
    for row in (False, True):
        said += [
            (doc, unit.text, unit.ref, absent)
            for doc in docs
            for unit in units(doc)
            if (unit.kind == "row") == row
            and (row or not unit.heading)
            and (absent := (_absent if row else _referred)(unit.text))
        ]
    found: list[Finding] = []
    seen: set[str] = set()
    for doc, text, ref, absent in said:
        key = (absent.reference or absent.name).casefold()
        if key in seen or _held(absent, docs, doc):
            continue
        seen.add(key)
        name = absent.name if absent.reference else _fullest(absent.name, docs)
        found.append(
            Finding(
                finding_type=DOCUMENT_ABSENT,
                title=f"Referred to but not in the evidence: {name}",
                summary=text[:300],
                confidence=0.6,
                severity="MEDIUM",
                sources=[ref],
            )
        )
        if len(found) >= _PER_CASE:
            break
    return found


def _fullest(name: str, docs: list[EvidenceDoc]) -> str:
    """The fullest name the case gives the document elsewhere ("bank confirmation letter")."""
    before = re.compile(rf"\b([\w-]+)\s+{re.escape(name)}\b", re.IGNORECASE)
    fuller = Counter(
        f"{match[1]} {name}".casefold()
        for doc in docs
        for chunk in doc.chunks
        for match in before.finditer(chunk.text)
        if match[1].casefold() not in _BOUNDARY and not match[1][:1].isdigit()
    )
    return fuller.most_common(1)[0][0] if fuller else name


def _held(absent: Absent, docs: list[EvidenceDoc], citing: EvidenceDoc) -> bool:
    """Whether the case holds the document: another (non-message) file with its reference in
    its name or opening lines, or a line headed by it ("Schedule 3 - Pricing")."""
    if absent.reference is None:
        return False
    wanted = _key(absent.reference)
    for doc in docs:
        if doc is not citing and doc.mime_type != "message/rfc822":
            head = " ".join([doc.filename, *(c.text for c in doc.chunks[:3])])
            if wanted in _key(head):
                return True
        for unit in units(doc):
            text = unit.text.strip()
            part = _PART.match(text)
            if part and _key(part["id"]) == wanted and _TITLED.match(text[part.end() :]):
                return True
    return False


def _key(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.casefold())
