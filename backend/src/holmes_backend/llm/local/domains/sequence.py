"""What was said to come first, against the days the records give each act.

- Statements (evidence): a sentence ordering two acts ("The slab was not poured until the
  engineer had inspected the reinforcement", "Reinforcement inspected and approved before
  concrete placement", "the goods were shipped only after payment was received") in a document
  that is no testimony (a certificate, a report); a witness's are their sworn claims.
- Synthesis: each act is known by its action words ("inspected", "inspection" → inspect; "poured"
  → pour); the dated records of the case that name the act (not "no pour", not "inspection
  requested") date it. When the act said to come first is first dated after the other was
  done, the records contradict the order (HIGH when both dates come from records other than the
  statement's own file).
"""

import re
from collections import defaultdict
from datetime import date

from holmes_backend.agents.schemas import (
    Contradiction,
    DatedItem,
    Finding,
    SourceRef,
    SwornClaim,
    TimedEvent,
)
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.dates import parse_iso
from holmes_backend.llm.local.facts.lexicon import STOPWORDS, act_stem
from holmes_backend.llm.local.facts.text import units

SEQUENCE_STATEMENT = "sequence_statement"

_SIDE = r"[^.;:?!]{3,120}?"
_ORDER = re.compile(
    rf"(?P<first>{_SIDE})\s+(?:before|prior\s+to|ahead\s+of)\s+(?P<then>{_SIDE})(?=[.;:?!]|$)"
    rf"|\b(?:not|never)\s+(?P<then2>{_SIDE})\s+until\s+(?:after\s+)?(?P<first2>{_SIDE})"
    r"(?=[.;:?!]|$)"
    rf"|(?P<then3>{_SIDE})\s+only\s+(?:after|once)\s+(?P<first3>{_SIDE})(?=[.;:?!]|$)"
    # "the slab was poured on 6 June, after Building Control had inspected the reinforcement"
    rf"|(?P<then4>{_SIDE}),\s+(?:after|once)\s+(?P<first4>{_SIDE})(?=[.;:?!]|$)",
    re.IGNORECASE,
)
# A side that denies its act came first says the other did: "Nothing was concreted before
# approval", "The pump was not started before the valves were checked".
_DENIED_FIRST = re.compile(
    r"^\s*(?:nothing|none|no\b|nobody|no\s+one)|\b(?:not|never)\b|n['\u2019]t\b", re.IGNORECASE
)
# Words that name an act: "inspected", "inspection", "pouring", "approval", "placement".
_ACT = re.compile(r"^[a-z]{3,}(?:ed|ing|ion|ions|ment|al)$")
# A record of an act not done, or only asked for: "no pour", "inspection requested".
_NOT_DONE = re.compile(
    r"\b(?:no|not|never|cancel+ed|postponed|requested|booked|scheduled|planned|due|awaiting|"
    r"pending)\b",
    re.IGNORECASE,
)
# A side that is a time, not an act: "last Friday", "28 February", "the end of March", "noon".
_WHEN = re.compile(
    r"\s*(?:(?:the\s+)?(?:last|next|this|following|previous|end\s+of|start\s+of|beginning\s+of|"
    r"middle\s+of|early|late|mid)\b|\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|"
    r"(?:today|tomorrow|yesterday|tonight|noon|midday|midnight|now|then)\b)",
    re.IGNORECASE,
)
_GENERIC = frozenset({"carried", "carrying", "completed", "done", "made", "given", "received"})
_HEAD = 40


def _acts(text: str, said: bool = False) -> set[str]:
    """The words that name acts. Of what was `said` to happen, its verbs when it has any ("had
    inspected the reinforcement" is an inspection, not a reinforcement), else its words for
    acts ("approval"), else its nouns ("undergo surgery"); a record is matched on all its
    words."""
    words = [w.lower() for w in re.findall(r"[A-Za-z]+", text)]
    words = [w for w in words if len(w) >= 4 and w not in STOPWORDS and w not in _GENERIC]
    if not said:
        return {act_stem(w) for w in words}
    named = [w for w in words if _ACT.match(w)]
    verbs = [w for w in named if w.endswith(("ed", "ing"))]
    return {act_stem(w) for w in (verbs or named or [w for w in words if len(w) >= 5])}


def _order(text: str) -> tuple[str, str] | None:
    match = _ORDER.search(text)
    if match is None:
        return None
    first = match["first"] or match["first2"] or match["first3"] or match["first4"]
    then = match["then"] or match["then2"] or match["then3"] or match["then4"]
    if _WHEN.match(first) or _WHEN.match(then):
        return None  # "not approved until last Friday", "paid before 31 March": a time, no act
    if match["first"] and _DENIED_FIRST.search(first):
        return then, first
    return first, then


def sequence_statements(docs: list[EvidenceDoc]) -> list[Finding]:
    """Sentences of records (not testimony: a witness's are their claims) ordering two acts."""
    found: list[Finding] = []
    for doc in docs:
        if is_testimony(doc):
            continue
        for unit in units(doc)[:_HEAD]:
            order = _order(unit.text)
            if unit.kind == "row" or order is None:
                continue
            if not (_acts(order[0], said=True) and _acts(order[1], said=True)):
                continue
            found.append(
                Finding(
                    finding_type=SEQUENCE_STATEMENT,
                    title=f"Stated order: {unit.text[:120]}",
                    summary=unit.text[:300],
                    confidence=0.7,
                    severity="LOW",
                    sources=[unit.ref],
                )
            )
    return found


def _dated(
    acts: set[str], by_act: dict[str, list[tuple[date, SourceRef]]], own: str
) -> list[tuple[date, SourceRef]]:
    found = {
        (day, source.file_id, source.row, source.line, source.page): (day, source)
        for act in acts
        for day, source in by_act.get(act, [])
        if source.file_id != own
    }
    return [found[key] for key in sorted(found, key=lambda k: (k[0], k[1], k[2] or 0))]


def sequence_contradictions(
    claims: list[SwornClaim],
    statements: list[Finding],
    events: list[TimedEvent],
    dates: list[DatedItem],
) -> list[Contradiction]:
    said = [(c.claim, c.source, c.speaker) for c in claims if _ORDER.search(c.claim)]
    said += [(f.summary, f.sources[0], None) for f in statements if f.sources]
    if not said:
        return []
    # Each record's acts, read once: a done act and its day (not "no pour", not "requested").
    wanted = {
        act
        for text, _, _ in said
        if (order := _order(text))
        for act in _acts(order[0], said=True) | _acts(order[1], said=True)
    }
    by_act: dict[str, list[tuple[date, SourceRef]]] = defaultdict(list)
    dated = [(e.timestamp, e.description, e.source) for e in events]
    dated += [(d.date, d.description, d.source) for d in dates]
    for stamp, text, source in dated:
        acts = _acts(text) & wanted
        if acts and (when := parse_iso(stamp)) is not None and not _NOT_DONE.search(text):
            for act in acts:
                by_act[act].append((when.date(), source))
    found: list[Contradiction] = []
    for text, source, speaker in said:
        order = _order(answer_of(text).said)
        if order is None:
            continue
        first_acts, then_acts = _acts(order[0], said=True), _acts(order[1], said=True)
        if not first_acts or not then_acts or first_acts & then_acts:
            continue
        firsts = _dated(first_acts, by_act, source.file_id)
        thens = _dated(then_acts, by_act, source.file_id)
        if not firsts or not thens or firsts[0][0] <= thens[0][0]:
            continue
        who = f"{speaker} says" if speaker else "It says"
        found.append(
            Contradiction(
                claim=text[:300],
                claim_source=source,
                evidence_against=[thens[0][1], firsts[0][1]],
                explanation=(
                    f"{who} \u201c{order[0].strip()}\u201d came before \u201c{order[1].strip()}"
                    f"\u201d; the records date the latter to {thens[0][0].isoformat()} and the "
                    f"former no earlier than {firsts[0][0].isoformat()}."
                ),
                severity="HIGH",
            )
        )
    return found
