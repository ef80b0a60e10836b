"""Conditions reported in prose: a defect ("the transmission needs a full replacement") or
arrears ("your account is 60 days past due"), each a finding citing its sentence and naming the
people the record concerns (an e-mail's sender and recipients, the people its text names).
Synthesis holds them against a witness's denial (contradictions.condition_contradictions).
Testimony is left out: a witness denies or asserts, the records report.

A condition record (a check-in inventory, a schedule of condition, a handover report) that
records a thing as sound ("Living room carpet: new, clean, no stains or marks") is a finding
too, naming the thing, the day and the people who signed it; synthesis holds it against a
witness's word that the thing's defect was already there then ("the carpet was already stained
when I moved in": preexisting_contradictions)."""

import re

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.records import sentence_day, sentences, written_day
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.domains.timeline import doc_people
from holmes_backend.llm.local.facts import condition
from holmes_backend.llm.local.facts.lexicon import wordset
from holmes_backend.llm.local.facts.names import kind_of, same_party
from holmes_backend.llm.local.facts.text import units

CONDITION_REPORTED = "condition_reported"
_PER_FILE = 5


def arrears_rows(doc: EvidenceDoc, paid: set[int | None]) -> list[Finding]:
    """A statement's rows that report arrears and record no payment ("DD RETURNED UNPAID -
    CORBY FINANCE LOAN", with no amount): findings of the agent that reads the statement, as
    its transactions are (`paid`: the rows that made one)."""
    found: list[Finding] = []
    for unit in units(doc):
        if unit.kind != "row" or unit.ref.row in paid:
            continue
        if condition.reported(unit.text) != "arrears":
            continue
        found.append(
            Finding(
                finding_type=CONDITION_REPORTED,
                title=f"Arrears reported in {doc.filename}",
                summary=unit.text[:300],
                confidence=0.6,
                severity="MEDIUM",
                sources=[unit.ref],
            )
        )
        if len(found) >= _PER_FILE:
            break
    return found


def conditions_reported(docs: list[EvidenceDoc]) -> list[Finding]:
    found: list[Finding] = []
    for said in sentences(docs, condition.reported, _PER_FILE):
        when = sentence_day(said)
        kind = "Defect" if said.found == "defect" else "Arrears"
        title = f"{kind} reported in {said.doc.filename}" + (f" on {when}" if when else "")
        found.append(said.finding(CONDITION_REPORTED, title, "MEDIUM", 0.6))
    return found


CONDITION_SOUND = "condition_sound"
_CONDITION_RECORD = re.compile(
    r"\b(?:check[- ]?in|check[- ]?out|inventory|schedule\s+of\s+condition|condition\s+report|"
    r"move[- ]in|handover|hand-over|dilapidations)\b",
    re.IGNORECASE,
)
# "Living room carpet: new, clean, no stains or marks": the thing, and its state.
_THING_STATE = re.compile(
    r"^\s*(?:[-*\u2022]\s*)?(?P<thing>[A-Za-z][\w '/-]{2,50}?)\s*:\s*(?P<state>.+)$"
)
_SOUND = re.compile(
    r"\b(?:new|clean|good|excellent|sound|undamaged|intact|pristine|as\s+new)\b", re.IGNORECASE
)
CONDITION_WORN = "condition_worn"
# A state of wear or age: "worn", "several marks", "scuffs", "faded", "approx. 8 years old".
_WORN = re.compile(
    r"\b(?:worn|marks?|marked|scuff\w*|faded|tired|aged|chipped|scratched|threadbare|"
    r"\d{1,2}\s+years?\s+old|old)\b",
    re.IGNORECASE,
)
_FIELDS = wordset("date tenant tenants agent landlord inspector signed property address ref")
_HEAD = 4
_MAX_SOUND = 60


def conditions_sound(docs: list[EvidenceDoc]) -> list[Finding]:
    """Each thing a condition record records as sound, or as worn or aged ("Carpet: beige,
    worn, several marks near the window, approx. 8 years old"), on the record's day."""
    found: list[Finding] = []
    for doc in docs:
        doc_units = units(doc)
        heading = " ".join([doc.filename.replace("_", " "), *(u.text for u in doc_units[:_HEAD])])
        if not _CONDITION_RECORD.search(heading):
            continue
        day = written_day(doc)
        people = [p for p in doc_people(doc) if kind_of(p) == "person"]
        for unit in doc_units:
            match = _THING_STATE.match(unit.text)
            if match is None or match["thing"].split()[0].lower() in _FIELDS:
                continue
            state = match["state"]
            denied = condition.denied(state)
            worn = bool(_WORN.search(state)) and not denied and not _SOUND.search(state)
            sound = not (condition.reported(state) and not denied) and bool(
                _SOUND.search(state) or denied
            )
            if not (sound or worn):
                continue
            thing = " ".join(match["thing"].split())
            found.append(
                Finding(
                    finding_type=CONDITION_SOUND if sound else CONDITION_WORN,
                    title=f"{thing} recorded as {'sound' if sound else 'worn'} in {doc.filename}"
                    + (f" on {day}" if day else ""),
                    summary=unit.text[:300],
                    confidence=0.75,
                    severity="LOW",
                    entities=people[:6],
                    sources=[unit.ref],
                )
            )
            if len(found) >= _MAX_SOUND:
                break
    return found


# "was already stained when I moved in", "was there from the start", "pre-existing".
_ALREADY = re.compile(
    r"\b(?:already|pre-?existing|from\s+the\s+(?:start|beginning|outset)|"
    r"(?:when|before)\s+(?:I|we)\s+(?:moved\s+in|took\s+(?:it\s+)?over|arrived|bought|"
    r"started|collected)|at\s+(?:the\s+)?(?:check[- ]?in|move[- ]in|start))\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z]{4,}")
_GENERIC = wordset(
    "already start beginning moved when there from living room good condition clean with that "
    "this were have been which mark marks state left right"
)


def preexisting_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    """A witness's "the carpet was already stained when I moved in" against the condition
    record that recorded the carpet as sound then: HIGH when the witness signed or is named in
    that record, MEDIUM otherwise."""
    sound = [f for f in findings if f.finding_type == CONDITION_SOUND and f.sources]
    found: list[Contradiction] = []
    for claim in claims if sound else []:
        if not claim.speaker or not _ALREADY.search(claim.claim):
            continue
        if condition.reported(claim.claim) != "defect" and not _MARKED.search(claim.claim):
            continue
        said = set(_WORD.findall(claim.claim.lower())) - _GENERIC
        against = [
            f
            for f in sound
            if f.sources[0].file_id != claim.source.file_id
            and said
            & (set(_WORD.findall(f.title.split(" recorded as sound")[0].lower())) - _GENERIC)
        ]
        if not against:
            continue
        # The first record of the things' condition (a check-in, not the check-out after).
        first = min(_day(f) for f in against)
        against = [f for f in against if _day(f) == first]
        record = against[0]
        signed = any(same_party(claim.speaker, p) for p in record.entities)
        when = first or "then"
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=[f.sources[0] for f in against[:6]],
                explanation=(
                    f"{claim.speaker} says the defect was there from the start; the condition "
                    f"record of {when}"
                    + (" they signed" if signed else "")
                    + " records it sound: "
                    + "; ".join(f.summary[:120].rstrip(".") for f in against[:3])
                    + "."
                ),
                severity="HIGH" if signed else "MEDIUM",
            )
        )
    return found


# "the carpets were new", "newly decorated", "in pristine condition".
_AS_NEW = re.compile(
    r"\b(?:brand\s+new|new|newly\s+\w+|pristine|immaculate|spotless|as\s+new|undamaged)\b", re.I
)
_AT_START = re.compile(
    r"\b(?:at|from)\s+the\s+(?:start|beginning|outset)\b|\b(?:when|before)\s+(?:she|he|they|"
    r"the\s+tenants?|[A-Z][a-z]+\s+[A-Z][a-z]+)\s+moved\s+in\b|\bat\s+(?:the\s+)?(?:check[- ]?in|"
    r"move[- ]in)\b",
    re.IGNORECASE,
)


def _stems(text: str) -> set[str]:
    return {w.rstrip("s") for w in _WORD.findall(text.lower())} - _GENERIC


def as_new_contradictions(claims: list[SwornClaim], findings: list[Finding]) -> list[Contradiction]:
    """A witness's "at the start of the tenancy … the carpets were new" against the first
    condition record's "Carpet: beige, worn, …, approx. 8 years old" (MEDIUM: a record the
    witness may not have made)."""
    worn = [f for f in findings if f.finding_type == CONDITION_WORN and f.sources]
    found: list[Contradiction] = []
    for claim in claims if worn else []:
        said = claim.claim
        if not claim.speaker or not _AT_START.search(said) or not _AS_NEW.search(said):
            continue
        if re.search(r"\b(?:not|never|n['\u2019]t)\b", said):
            continue
        words = _stems(said)
        against = [
            f
            for f in worn
            if f.sources[0].file_id != claim.source.file_id
            and words & _stems(f.title.split(" recorded as worn")[0])
        ]
        if not against:
            continue
        first = min(_day(f) for f in against)
        against = [f for f in against if _day(f) == first]
        found.append(
            refuted(
                claim,
                [f.sources[0] for f in against],
                f"{claim.speaker} says it was new at the start; the condition record of "
                f"{first or 'then'} records it worn: "
                + "; ".join(f.summary[:120].rstrip(".") for f in against[:3])
                + ".",
                "MEDIUM",
            )
        )
    return found


def _day(finding: Finding) -> str:
    """The ISO day a condition record's title ends with ("" when it has none)."""
    return finding.title.rsplit(" on ", 1)[1] if " on " in finding.title else ""


# Marks the defect reader leaves to a report's wording: "scorch mark", "burn", "scratches".
_MARKED = re.compile(
    r"\b(?:scorch\w*|burn(?:s|t|ed)?|scratch\w*|chip(?:s|ped)?|dent(?:s|ed)?)\b", re.I
)
