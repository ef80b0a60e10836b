"""A witness's denial that they ever took a drug ("I have never taken cocaine in my life", "I
don't use drugs") against a test of theirs that found it: a laboratory report naming them as
its donor with "Benzoylecgonine (cocaine metabolite): POSITIVE".

- Evidence: each sentence or row of a record (not testimony) reporting a substance positive or
  detected, not negative, is a finding (SUBSTANCE_DETECTED) naming the substance, the day and
  the people the record names (its donor among them).
- Synthesis: a denial of the substance, or of drugs at all, by a person such a record names is
  contradicted (HIGH); "I have not taken anything since my arrest" is no denial of before.
"""

import re

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony
from holmes_backend.llm.local.domains.records import written_day
from holmes_backend.llm.local.domains.timeline import doc_people
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, parse_span, since_day
from holmes_backend.llm.local.facts.names import kind_of, same_party
from holmes_backend.llm.local.facts.text import units

SUBSTANCE_DETECTED = "substance_detected"
# A substance by the words a test or a witness uses for it (a metabolite is its drug's).
_SUBSTANCES = {
    "cocaine": r"cocaine|benzoylecgonine",
    "cannabis": r"cannabis|cannabinoids?|thc(?:-cooh)?|marijuana",
    "opiates": r"heroin|opiates?|opioids?|morphine|6-mam|diamorphine|codeine|fentanyl|oxycodone",
    "amphetamines": r"amphetamines?|methamphetamine",
    "ecstasy": r"mdma|ecstasy",
    "ketamine": r"ketamine",
    "benzodiazepines": r"benzodiazepines?|diazepam|valium|alprazolam|xanax",
    "anabolic steroids": r"anabolic\s+steroids?|steroids?|nandrolone|stanozolol|trenbolone",
    # A witness's "a drink"; a breath test's BrAC, a hair or blood test's EtG or PEth.
    "alcohol": r"alcohol|ethanol|ethyl\s+glucuronide|etg|peth|brac|bac|drink|drinks|drinking",
}
_SUBSTANCE = {
    name: re.compile(rf"\b(?:{words})\b", re.IGNORECASE) for name, words in _SUBSTANCES.items()
}
_DRUGS = re.compile(r"\b(?:drugs|illegal\s+substances|controlled\s+substances|narcotics)\b", re.I)
_POSITIVE = re.compile(
    r"\b(?:positive|detected|present|confirmed|non-negative|adverse\s+analytical\s+finding)\b",
    re.IGNORECASE,
)
_NEGATIVE = re.compile(
    r"\b(?:negative|not\s+detected|none\s+detected|absent|below\s+(?:the\s+)?cut-?off)\b", re.I
)
_DENIAL = re.compile(
    r"(?:\b(?:never|not|no)|n['\u2019]t)\b[^.;?]{0,40}\b(?:taken|take|took|used|use|smoked|smoke|"
    r"consumed|injected|touched|tried|done|do|had)\b",
    re.IGNORECASE,
)
# A denial of a period only: "since my arrest", "in the last month", "that night".
_PERIOD_ONLY = re.compile(
    r"\b(?:since|in\s+the\s+(?:last|past)|for\s+(?:the\s+)?(?:last|past)|that\s+(?:night|day|"
    r"evening|week)|recently|today|yesterday)\b",
    re.IGNORECASE,
)
_PER_FILE = 6
_DAY = re.compile(r" on (\d{4}-\d{2}-\d{2})$")


def _since(claim: SwornClaim) -> str | None:
    """The day a denial of a period runs from, when it gives one ("I have not had a drink
    since 1 January 2026": from that day on)."""
    span = parse_span(claim.claimed_time)
    day = since_day(claim.claim, span[1].date() if span else None)
    return day.isoformat() if day else None


def _found(text: str) -> list[str]:
    return [name for name, pattern in _SUBSTANCE.items() if pattern.search(text)]


def substances_detected(docs: list[EvidenceDoc]) -> list[Finding]:
    found: list[Finding] = []
    for doc in docs:
        if is_testimony(doc):
            continue
        hits = [
            (unit, names)
            for unit in units(doc)
            if _POSITIVE.search(unit.text)
            and not _NEGATIVE.search(unit.text)
            and (names := _found(unit.text))
        ][:_PER_FILE]
        if not hits:
            continue
        people = [p for p in dict.fromkeys(doc_people(doc)) if kind_of(p) == "person"]
        written = written_day(doc)
        for unit, names in hits:
            # A results table's row gives its own day.
            day = moments[0].day.isoformat() if (moments := find_moments(unit.text)) else written
            found.append(
                Finding(
                    finding_type=SUBSTANCE_DETECTED,
                    title=f"{', '.join(names).capitalize()} detected in {doc.filename}"
                    + (f" on {day}" if day else ""),
                    summary=unit.text[:300],
                    confidence=0.85,
                    severity="MEDIUM",
                    entities=people[:8],
                    sources=[unit.ref],
                )
            )
    return found


def substance_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    detected = [f for f in findings if f.finding_type == SUBSTANCE_DETECTED]
    found: list[Contradiction] = []
    for claim in claims if detected else []:
        text = claim.claim
        since = _since(claim)
        if not claim.speaker or not _DENIAL.search(text):
            continue
        if _PERIOD_ONLY.search(text) and since is None:
            continue
        denied = _found(text)
        if not denied and not _DRUGS.search(text):
            continue
        speaker = claim.speaker
        against = [
            f
            for f in detected
            if any(same_party(speaker, p) for p in f.entities)
            and (not denied or any(name in f.title.lower() for name in denied))
            and f.sources
            and f.sources[0].file_id != claim.source.file_id
            and (since is None or ((day := _DAY.search(f.title)) is not None and day[1] >= since))
        ]
        if not against:
            continue
        found.append(
            Contradiction(
                claim=text,
                claim_source=claim.source,
                evidence_against=unique_refs([f.sources[0] for f in against], 10),
                explanation=(
                    f"{speaker} denies taking {', '.join(denied) or 'drugs'}"
                    + (f" since {since}" if since else "")
                    + ", yet a test of theirs found it: "
                    + "; ".join(f"{f.title}: {f.summary[:120]}" for f in against[:3])
                    + "."
                ),
                severity="HIGH",
            )
        )
    return found
