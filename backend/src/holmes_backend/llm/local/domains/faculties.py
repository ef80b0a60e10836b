"""A witness's word that a person was of sound mind, or sober, on a day, against the records
that observed that person otherwise: a solicitor's "Mrs Hollis was perfectly lucid throughout
our meeting" on the day he witnessed her will, against the care home's note of that morning
("Disorientated to time and place. Could not say what day it was") and her doctor's letter of
the week before ("she does not have capacity"); a driver's "I had not been drinking" against
the custody record's "strong smell of alcohol".

- Evidence: each sentence of a record (not testimony) observing an unsound state is a finding
  (STATE_OBSERVED) naming its topic, its day and the people the record names. Dated rows (a
  care log, a custody log) are read from the timeline.
- Synthesis: a claim vouching for a person's state (facts.faculties) on a day is contradicted
  by records of the same topic naming that person: HIGH for an observation that day, MEDIUM
  for one written in the week before it (a state that long-lasting is not proven gone)."""

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from holmes_backend.agents.schemas import Contradiction, Finding, SourceRef, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.records import sentence_day, sentences
from holmes_backend.llm.local.facts import faculties
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import parse_span
from holmes_backend.llm.local.facts.names import find_names, same_party, strip_honorific

STATE_OBSERVED = "state_observed"
_PER_FILE = 4
_BEFORE = timedelta(days=7)
_FIRST_PERSON = re.compile(r"\b(?:I|my|me)\b")
_TOPIC_WORDS = {"mind": "of sound mind", "sobriety": "sober"}
_LISTED = 3
_ON = re.compile(r" on (\d{4}-\d{2}-\d{2})$")


def states_observed(docs: list[EvidenceDoc]) -> list[Finding]:
    """One finding per record, topic and day, citing each sentence observing it."""
    found: dict[str, Finding] = {}
    for said in sentences(docs, faculties.observed, _PER_FILE):
        day = sentence_day(said)
        title = f"Unsound state ({said.found}) recorded in {said.doc.filename}"
        title += f" on {day}" if day else ""
        if title in found:
            found[title].sources.append(said.unit.ref)
        else:
            found[title] = said.finding(STATE_OBSERVED, title, "MEDIUM", 0.7)
    return list(found.values())


@dataclass(frozen=True)
class _Observation:
    day: date
    text: str
    people: list[str]
    source: SourceRef


def _subject(claim: SwornClaim) -> str | None:
    """Whose state the claim vouches for: the person it names (a pronoun's referent is written
    in brackets after it), else the witness themself when they speak of their own."""
    named = [n.text for n in find_names(claim.claim) if not same_party(n.text, claim.speaker or "")]
    if named:
        return named[0]
    return claim.speaker if _FIRST_PERSON.search(claim.claim) else None


def _observations(
    topic: faculties.Topic, items: list[Item], findings: list[Finding], known: list[str]
) -> list[_Observation]:
    seen: list[_Observation] = [
        _Observation(
            i.when.date(),
            i.description,
            [*i.people, *_named(i.description), *_by_given_name(i.description, known)],
            i.source,
        )
        for i in items
        if faculties.observed(i.description) == topic
    ]
    for finding in findings:
        day = _ON.search(finding.title)
        if finding.finding_type == STATE_OBSERVED and day and f"({topic})" in finding.title:
            seen += [
                _Observation(date.fromisoformat(day[1]), finding.summary, finding.entities, ref)
                for ref in finding.sources[:1]
            ]
    return seen


def _vouched(
    claims: list[SwornClaim],
) -> list[tuple[SwornClaim, faculties.Topic, str, tuple[datetime, datetime, bool]]]:
    """Each claim vouching for a person's state, with its topic, the person and its time."""
    found = []
    for claim in claims:
        topic = faculties.vouched(claim.claim)
        span = parse_span(claim.claimed_time)
        subject = _subject(claim) if topic and span else None
        if topic is not None and span is not None and subject is not None:
            found.append((claim, topic, subject, span))
    return found


def faculties_borne_out(
    claims: list[SwornClaim], items: list[Item]
) -> set[tuple[str, int | None, int | None]]:
    """Claims a dated record of that day bears out ("Alert and oriented", naming the person),
    when none of that day observed otherwise: corroborated."""
    found: set[tuple[str, int | None, int | None]] = set()
    for claim, topic, subject, span in _vouched(claims):
        days = (span[0].date(), span[1].date())
        of_day = [
            i
            for i in items
            if i.file_id != claim.source.file_id
            and days[0] <= i.when.date() <= days[1]
            and any(same_party(subject, p) for p in i.people or _named(i.description))
        ]
        sound = [i for i in of_day if faculties.vouched(i.description) == topic]
        if sound and not any(faculties.observed(i.description) == topic for i in of_day):
            found.add((claim.source.file_id, claim.source.line, claim.source.page))
    return found


def _named(text: str) -> list[str]:
    return [n.text for n in find_names(text)]


def _by_given_name(text: str, known: list[str]) -> list[str]:
    """The people of the case a record names by their given name alone, as a carer's notes do
    ("Edith very muddled"): one person of the case with that given name."""
    given: dict[str, list[str]] = {}
    for name in known:
        parts = strip_honorific(name).split()
        if len(parts) >= 2 and len(parts[0]) >= 3 and parts[0][0].isupper():
            given.setdefault(parts[0].strip(".,"), []).append(name)
    return [
        names[0]
        for first, names in given.items()
        if len(set(names)) == 1 and re.search(rf"\b{re.escape(first)}\b", text)
    ]


def faculty_contradictions(
    claims: list[SwornClaim], items: list[Item], findings: list[Finding], known: list[str]
) -> list[Contradiction]:
    """`known`: the people of the case, by their full names."""
    found: list[Contradiction] = []
    for claim, topic, subject, span in _vouched(claims):
        day = span[0].date()
        against = sorted(
            (
                seen
                for seen in _observations(topic, items, findings, known)
                if seen.source.file_id != claim.source.file_id
                and day - _BEFORE <= seen.day <= span[1].date()
                and any(same_party(subject, p) for p in seen.people)
            ),
            key=lambda seen: (seen.day != day, seen.day),
        )
        if not against:
            continue
        same_day = [seen for seen in against if seen.day == day]
        listed = "; ".join(
            f"{seen.day.isoformat()}: {seen.text[:140]}" for seen in (same_day or against)[:_LISTED]
        )
        who = claim.speaker or "The witness"
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=unique_refs([seen.source for seen in against], 20),
                explanation=(
                    f"{who} vouches that {subject} was {_TOPIC_WORDS[topic]} on "
                    f"{day.isoformat()}, yet records observed otherwise"
                    + (" that day" if same_day else " in the week before")
                    + f": {listed}."
                ),
                severity="HIGH" if same_day else "MEDIUM",
            )
        )
    return found
