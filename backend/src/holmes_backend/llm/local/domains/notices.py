"""Notice a contract requires against the notice a letter gave: "either party may terminate this
agreement by giving not less than three months' written notice" against a letter of 1 March
2026 saying "your employment … will end on 15 March 2026" with "no payment in lieu of notice".

- Legal: each clause of a contract requiring a period of notice is a finding (NOTICE_TERM:
  "Notice required: 3 month(s)"), naming the contract's parties.
- Legal and evidence: each letter (not testimony, not a contract) ending an employment, a
  contract or a tenancy on a day is a finding (NOTICE_GIVEN: "Notice given on 2026-03-01 to end
  on 2026-03-15"), naming its parties; one that pays in lieu of notice is none.
- Synthesis: a letter giving less than a term of a contract that shares a party with it is
  contradicted by that term (HIGH); so is a witness's "she was given her full contractual
  notice".
"""

import re
from calendar import monthrange
from datetime import date, timedelta

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony, witness
from holmes_backend.llm.local.domains.records import written_day
from holmes_backend.llm.local.domains.timeline import doc_people
from holmes_backend.llm.local.facts.dates import find_moments
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import units

NOTICE_TERM = "notice_term"
NOTICE_GIVEN = "notice_given"
_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fourteen": 14, "thirty": 30,
    "twenty-eight": 28, "ninety": 90, "sixty": 60,
}  # fmt: skip
_TERM = re.compile(
    r"\b(?:not\s+less\s+than|no\s+less\s+than|at\s+least|a\s+minimum\s+of|minimum\s+of|giving|"
    r"gives?|by)\s+(?P<n>\d{1,3}|[a-z]+(?:-[a-z]+)?)\s*(?:\(\d{1,3}\)\s*)?"
    r"(?P<unit>calendar\s+months?|months?|weeks?|days?|business\s+days?)['\u2019]?s?\s+"
    r"(?:prior\s+|advance\s+)?(?:written\s+)?notice\b",
    re.IGNORECASE,
)
_ENDS = re.compile(
    r"\b(?:employment|contract|agreement|tenancy|engagement|appointment|services?|lease)\b"
    r"[^.]{0,80}?\b(?:will|shall|is\s+to)\s+(?:end|terminate|cease|expire|come\s+to\s+an\s+end)"
    r"\s+(?:on|with\s+effect\s+from|from|as\s+of)\s+(?P<end>[^.;]{6,40})"
    r"|\blast\s+day\s+of\s+(?:employment|service|work)\s+(?:will\s+be|is)\s+(?P<last>[^.;]{6,40})",
    re.IGNORECASE,
)
_IN_LIEU = re.compile(r"\b(?:payment|pay)\s+in\s+lieu\s+of\s+notice\b", re.IGNORECASE)
_NO_LIEU = re.compile(
    r"\bno\s+(?:payment|pay)\s+in\s+lieu\b|\bwill\s+not\s+(?:receive|be\s+paid|be\s+made)[^.]{0,30}"
    r"\bin\s+lieu\b",
    re.IGNORECASE,
)
_FULL_NOTICE = re.compile(
    r"\b(?:full|proper|correct|contractual|required|appropriate)\s+(?:contractual\s+)?"
    r"notice\b|\bnotice\s+(?:in\s+accordance\s+with|required\s+by|under)\s+(?:the|her|his|their)"
    r"\s+contract\b",
    re.IGNORECASE,
)
_TITLE_TERM = re.compile(r"^Notice required: (?P<n>\d+) (?P<unit>day|week|month)\(s\)")
_TITLE_GIVEN = re.compile(r"^Notice given on (?P<given>\S+) to end on (?P<end>\S+)")


def _count(word: str) -> int | None:
    return int(word) if word.isdigit() else _NUMBERS.get(word.lower())


def _parties(doc: EvidenceDoc) -> list[str]:
    named = [n.text for u in units(doc)[:40] for n in find_names(u.text) if n.kind != "place"]
    return list(dict.fromkeys([*doc_people(doc), *named]))[:12]


def notice_terms(doc: EvidenceDoc, contract: bool) -> list[Finding]:
    """A contract's (legal.is_contract) terms of notice."""
    if not contract:
        return []
    found: list[Finding] = []
    for unit in units(doc):
        term = _TERM.search(unit.text) if unit.kind != "row" else None
        count = _count(term["n"]) if term else None
        if term is None or not count:
            continue
        unit_name = next(u for u in ("month", "week", "day") if u in term["unit"].lower())
        found.append(
            Finding(
                finding_type=NOTICE_TERM,
                title=f"Notice required: {count} {unit_name}(s) ({doc.filename})",
                summary=unit.text[:300],
                confidence=0.85,
                severity="LOW",
                entities=_parties(doc),
                sources=[unit.ref],
            )
        )
    return found[:3]


def notices_given(doc: EvidenceDoc, contract: bool) -> list[Finding]:
    """A letter's notice ending an employment, a contract or a tenancy (not a contract's own
    words: `contract` is legal.is_contract of it)."""
    if contract or is_testimony(doc):
        return []
    written = written_day(doc)
    text = " ".join(u.text for u in units(doc))
    if written is None or (_IN_LIEU.search(text) and not _NO_LIEU.search(text)):
        return []
    for unit in units(doc):
        ends = _ENDS.search(unit.text) if unit.kind != "row" else None
        moments = find_moments(ends["end"] or ends["last"]) if ends else []
        if not moments or moments[0].day.isoformat() <= written:
            continue
        end = moments[0].day
        return [
            Finding(
                finding_type=NOTICE_GIVEN,
                title=f"Notice given on {written} to end on {end.isoformat()} "
                f"({(end - date.fromisoformat(written)).days} days)",
                summary=unit.text[:300],
                confidence=0.8,
                severity="MEDIUM",
                entities=_parties(doc),
                sources=[unit.ref],
            )
        ]
    return []


def full_notice_claims(doc: EvidenceDoc) -> list[SwornClaim]:
    """A witness's word that the notice given was the contract's ("Marta was given her full
    contractual notice"), in whatever person their statement says it."""
    speaker = witness(doc) if is_testimony(doc) else None
    return [
        SwornClaim(speaker=speaker, claim=unit.text[:500], source=unit.ref)
        for unit in (units(doc) if speaker else [])
        if unit.kind != "row" and _FULL_NOTICE.search(unit.text)
    ]


def _after(day: date, count: int, unit: str) -> date:
    """The day `count` units after `day` (months by the calendar)."""
    if unit == "day":
        return day + timedelta(days=count)
    if unit == "week":
        return day + timedelta(weeks=count)
    month = day.month - 1 + count
    year, month = day.year + month // 12, month % 12 + 1
    return date(year, month, min(day.day, monthrange(year, month)[1]))


def notice_contradictions(claims: list[SwornClaim], findings: list[Finding]) -> list[Contradiction]:
    terms = [(f, m) for f in findings if (m := _TITLE_TERM.match(f.title)) and f.sources]
    found: list[Contradiction] = []
    seen: set[str] = set()
    for given in findings:
        short = _TITLE_GIVEN.match(given.title)
        if short is None or not given.sources or given.title in seen:
            continue
        seen.add(given.title)
        on, end = date.fromisoformat(short["given"]), date.fromisoformat(short["end"])
        for term, match in terms:
            shared = any(same_party(a, b) for a in given.entities for b in term.entities)
            due = _after(on, int(match["n"]), match["unit"])
            if not shared or end >= due:
                continue
            required = f"{match['n']} {match['unit']}(s)"
            why = (
                f"gave {(end - on).days} days' notice on {on.isoformat()} (to end on "
                f"{end.isoformat()}), where the contract requires {required}, to end no "
                f"earlier than {due.isoformat()}: {term.summary[:160].rstrip('.')}"
            )
            found.append(
                Contradiction(
                    claim=given.summary,
                    claim_source=given.sources[0],
                    evidence_against=[term.sources[0]],
                    explanation=f"The letter {why}.",
                    severity="HIGH",
                )
            )
            found += [
                Contradiction(
                    claim=claim.claim,
                    claim_source=claim.source,
                    evidence_against=[given.sources[0], term.sources[0]],
                    explanation=f"{claim.speaker} says full notice was given, yet the letter "
                    f"{why}.",
                    severity="HIGH",
                )
                for claim in claims
                if claim.speaker and _FULL_NOTICE.search(claim.claim)
            ]
            break
    return found
