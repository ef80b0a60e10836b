"""What a record of the time says was not so: "No restructuring of the night shift is planned
for 2025" in the minutes, "The board did not approve the loan" in a memo. Each such sentence of
a record (not testimony) is a finding; synthesis holds a later witness's "the restructure had
been planned since December 2024" against it (contradictions.record_contradictions).

A sentence counts when a negation governs a verb of deciding (planned, approved, agreed,
decided, authorised, intended, scheduled, budgeted, required) within a few words."""

import re

from holmes_backend.agents.schemas import Finding
from holmes_backend.analysis.domains.records import sentences
from holmes_backend.analysis.facts.lexicon import NOT_NAMES, STOPWORDS
from holmes_backend.llm.evidence import EvidenceDoc

RECORDED_NEGATION = "recorded_negation"
DECIDING = (
    r"(?P<verb>plann(?:ed|ing)|plans?|approv(?:ed|al|es?|ing)|agree[ds]?|decid(?:ed|es?|ing)|"
    r"decision|authori[sz](?:ed|ation|es?)|intend(?:ed|s)?|intention|schedul(?:ed|es?)|"
    r"budget(?:ed)?|requir(?:ed|es?)|envisag(?:ed|es?)|contemplat(?:ed|es?)|propos(?:ed|al|es?))"
)
_DECIDING = re.compile(DECIDING, re.IGNORECASE)
_NEGATED = re.compile(
    rf"\b(?:no|not|never|nor|neither)\b(?:\W+\w+){{0,6}}?\W+{DECIDING}\b", re.IGNORECASE
)
_WORD = re.compile(r"[a-z]{4,}")
_PER_FILE = 8
_LONGEST = 400  # a sentence, not a paragraph
_STEM = 6


def stems(text: str) -> set[str]:
    """Content words cut to their first letters ("restructure", "restructuring": "restru")."""
    return {
        (w[:-1] if w.endswith("s") else w)[:_STEM]
        for w in _WORD.findall(text.lower())
        if w not in STOPWORDS and w not in NOT_NAMES and not _DECIDING.fullmatch(w)
    }


def negated(text: str) -> re.Match[str] | None:
    """The verb of deciding a negation governs in the text, if any."""
    return _NEGATED.search(text)


def recorded_negations(docs: list[EvidenceDoc]) -> list[Finding]:
    found: list[Finding] = []
    for said in sentences(docs, negated, _PER_FILE, longest=_LONGEST):
        title = f"Recorded as not {said.found['verb'].lower()} in {said.doc.filename}"
        title += f" on {said.written}" if said.written else ""
        # What a meeting did not decide is no tie between the people present.
        found.append(said.finding(RECORDED_NEGATION, title, "LOW", 0.6, concerns_people=False))
    return found
