"""Never had it before: "I have never had any back problems before this injury", "I had not
seen a doctor about my back before June 2025", a "No" to "Have you ever had knee problems?",
against the dated entries of a record about the speaker that speak of it before then.

- Synthesis: a denial of an earlier complaint, condition or treatment of something (what it
  names: "back problems", "my back", "knee") before a day (the day it gives; the claim's own day
  for "before this injury", "before the accident"; the day it was told otherwise), against dated
  entries before that day, in a file about the speaker (naming them, or named for them), that
  name the thing beside a word of complaint or care ("pain", "strain", "prescribed",
  "referral", "physio"): HIGH from two entries, MEDIUM from one.
"""

import re
from datetime import datetime

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.people import about, subjects_by_file
from holmes_backend.llm.local.domains.refuted import refuted_by
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.dates import find_period, naive, parse_span
from holmes_backend.llm.local.facts.lexicon import wordset

_THING = r"(?P<thing>[\w' -]{3,40}?)"
_BEFORE = r"\s+(?P<bound>before|prior\s+to|until|previously|in\s+the\s+past)\b"
_NEVER_HAD = re.compile(
    r"\b(?:never|not|no)\b[^.;]{0,25}?\b(?:had|have|suffered(?:\s+from)?|experienced|been\s+"
    r"treated\s+for|complained\s+(?:of|about)|had\s+(?:any\s+)?problems?\s+with)\s+(?:any\s+|a\s+|"
    rf"an\s+)?(?:previous\s+|prior\s+|earlier\s+)?{_THING}{_BEFORE}",
    re.IGNORECASE,
)
_NO_CARE = re.compile(
    r"\b(?:never|not|no)\b[^.;]{0,25}?\b(?:seen|saw|consulted|visited|been\s+to|gone\s+to)\s+"
    r"(?:a|my|any|the)\s+(?:doctor|gp|physio\w*|specialist|consultant|hospital|clinic|"
    rf"chiropractor|osteopath)\s+(?:about|for|regarding|with)\s+{_THING}{_BEFORE}",
    re.IGNORECASE,
)
# "Have you ever had back pain?", "… ever been treated for depression?", answered "No".
_EVER = re.compile(
    r"\bever\s+(?:had|suffered\s+from|been\s+treated\s+for|seen\s+a\s+doctor\s+(?:about|for)|"
    rf"had\s+(?:any\s+)?problems?\s+with)\s+(?:any\s+|a\s+|an\s+)?{_THING}"
    r"(?:\s+(?:before|in\s+the\s+past))?\s*\??\s*$",
    re.IGNORECASE,
)
# Words of what was denied that name no part or condition of its own.
_GENERIC = wordset(
    "any my the his her their with previous prior earlier history problems problem issues issue "
    "trouble troubles pain pains condition conditions injury injuries complaint complaints "
    "illness illnesses symptoms symptom treatment kind sort type"
)
_CLINICAL: dict[str, tuple[str, ...]] = {
    "back": ("lumbar", "spine", "spinal", "sciatica", "lumbago"),
    "neck": ("cervical", "whiplash"),
    "knee": ("patella", "patellar", "meniscus", "cruciate"),
    "heart": ("cardiac", "angina", "arrhythmia", "coronary"),
    "shoulder": ("rotator", "frozen shoulder"),
    "chest": ("thoracic",),
}
# A word of complaint or of care: an entry about the thing as a health matter.
_CARE = re.compile(
    r"\b(?:pain\w*|ache\w*|injur\w*|strain\w*|sprain\w*|problem\w*|consult\w*|prescri\w*|"
    r"physio\w*|diagnos\w*|treat\w*|symptom\w*|referr\w*|fractur\w*|x-?ray|scan|mri|surgery|"
    r"operation|fit\s+note|sick\s+note|analges\w*|medicat\w*|therap\w*|chronic|recurrent|acute|"
    r"complain\w*|sessions?|inflamm\w*|disc|lumbar|sciatica)\b",
    re.IGNORECASE,
)
_OWNER = re.compile(r"^(?:my|his|her|their|the|our)\s+", re.IGNORECASE)
# "before this injury", "prior to the accident": the day of what the claim is about.
_THIS_EVENT = re.compile(r"^\s*(?:this|the|that|my)\s+\w+", re.IGNORECASE)


def _denied(claim: SwornClaim) -> tuple[set[str], re.Match[str]] | None:
    answer = answer_of(claim)
    match = _NEVER_HAD.search(answer.said) or _NO_CARE.search(answer.said)
    if match is None and answer.no:
        match = _EVER.search(answer.question)
    if match is None:
        return None
    words = {w.lower() for w in re.findall(r"[a-z]{3,}", match["thing"], re.IGNORECASE)}
    keys = words - _GENERIC
    # A record names a part as clinicians do: "lumbar" for the back, "cardiac" for the heart.
    keys |= {other for key in keys for other in _CLINICAL.get(key, ())}
    return (keys, match) if keys else None


def _bound(claim: SwornClaim, match: re.Match[str]) -> datetime | None:
    """The day before which the claim denies it."""
    span = parse_span(claim.claimed_time)
    told = span[1].date() if span else None
    rest = match.string[match.end() :]
    # "before 2 June 2025", "before June 2025"
    days = find_period(rest, told) or find_period(f"in {rest.strip()}", told)
    if match.groupdict().get("bound") and days:
        return datetime.combine(days[0], datetime.min.time())
    if span and (_THIS_EVENT.match(rest) or not match.groupdict().get("bound")):
        return naive(span[0])
    return None


def history_contradictions(
    claims: list[SwornClaim], items: list[Item], findings: list[Finding], filenames: dict[str, str]
) -> list[Contradiction]:
    named = subjects_by_file(findings)
    found: list[Contradiction] = []
    for claim in claims:
        denied = _denied(claim) if claim.speaker else None
        if denied is None or claim.speaker is None:
            continue
        keys, match = denied
        bound = _bound(claim, match)
        speaker = claim.speaker
        key = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(keys))) + r")\b", re.I)
        entries = [
            i
            for i in items
            if i.kind != "claim"
            and i.file_id != claim.source.file_id
            and (bound is None or naive(i.when) < bound)
            and key.search(i.description)
            and _CARE.search(i.description)
            and about(speaker, [*i.people, *named.get(i.file_id, [])], filenames.get(i.file_id, ""))
        ]
        if entries:
            thing = _OWNER.sub("", " ".join(match["thing"].split()))
            if match.re is _NO_CARE:
                thing = f"care for {thing}"
            before = f" before {bound.date().isoformat()}" if bound else ""
            found.append(
                refuted_by(
                    claim,
                    entries,
                    f"{speaker} denies any {thing}{before}, yet {len(entries)} dated "
                    + (
                        "entry of a record about them speaks"
                        if len(entries) == 1
                        else "entries of a record about them speak"
                    )
                    + " of it",
                )
            )
    return found


__all__ = ["history_contradictions"]
