"""The evidence analysis: a timeline of timed events, people, places and sworn claims."""

from holmes_backend.analysis.domains.absent_documents import absent_documents
from holmes_backend.analysis.domains.claims import reported_claims, sworn_claims
from holmes_backend.analysis.domains.hypotheses import Analysis, Signal, finding_signals
from holmes_backend.analysis.domains.interests import personal_ties
from holmes_backend.analysis.domains.people import (
    PEOPLE_NAMED,
    organizations_named,
    people_named,
    person_mentions,
)
from holmes_backend.analysis.domains.records import quoted_events
from holmes_backend.analysis.domains.timeline import (
    MEDIA_FAMILIES,
    attribution,
    events,
    file_places,
)
from holmes_backend.analysis.facts.dates import parse_iso
from holmes_backend.analysis.facts.identifiers import identity_holders, spelled_users
from holmes_backend.analysis.facts.names import name_key, not_a_person
from holmes_backend.analysis.facts.phones import phone_holders
from holmes_backend.contracts.agents import (
    EvidenceOutput,
    Finding,
    SourceRef,
    TimedEvent,
)
from holmes_backend.llm.evidence import EvidenceDoc

_MAX_EVENTS = 1500


def _sort_key(event: TimedEvent) -> str:
    moment = parse_iso(event.timestamp)
    return moment.replace(tzinfo=None).isoformat() if moment else event.timestamp


def _unique(names: list[str]) -> list[str]:
    kept: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key and not not_a_person(name) and len(name) > len(kept.get(key, "")):
            kept[key] = name
    return sorted(kept.values())


def analyse_evidence(docs: list[EvidenceDoc]) -> Analysis[EvidenceOutput]:
    # What witnesses say in their own words, and what reports and letters say they said.
    claims = [claim for doc in docs for claim in (*sworn_claims(doc), *reported_claims(doc))]
    owners = attribution(docs, [c.speaker for c in claims if c.speaker])
    timeline: list[TimedEvent] = []
    mentions = person_mentions(docs)
    people = [m.name for m in mentions]
    where = file_places(docs)
    witnesses = {c.source.file_id: c.speaker for c in claims if c.speaker}
    # Whose each number, login, badge or plate is: as records give it, else whose name it spells.
    numbers = phone_holders(docs, witnesses) | identity_holders(docs, witnesses)
    numbers |= spelled_users(docs, [*people, *witnesses.values()], numbers)
    for doc in docs:
        timeline += events(doc, owners.get(doc.file_id, []), where.get(doc.file_id), numbers)
        timeline += quoted_events(doc)
    timeline.sort(key=_sort_key)
    people += [p for e in timeline for p in e.people]
    people += [c.speaker for c in claims if c.speaker]
    places = sorted(
        {e.place for e in timeline if e.place}
        | {c.claimed_place for c in claims if c.claimed_place}
    )
    findings = _media_findings(docs, owners) + people_named(docs, mentions)
    findings += organizations_named(docs)
    findings += absent_documents(docs)
    # A person's relatives and home: the ties a denial of any connection meets (interests).
    findings += [tie for doc in docs for tie in personal_ties(doc)]
    output = EvidenceOutput(
        events=timeline[:_MAX_EVENTS],
        people=_unique(people),
        places=places,
        sworn_claims=claims,
        findings=findings,
    )
    return Analysis(output, _thoughts(docs, output))


def _media_findings(docs: list[EvidenceDoc], owners: dict[str, list[str]]) -> list[Finding]:
    return [
        Finding(
            finding_type="attribution",
            title=f"{doc.filename} attributed to {', '.join(owners[doc.file_id])}",
            summary="By the file name or a record naming the file and the person.",
            confidence=0.6,
            severity="LOW",
            entities=owners[doc.file_id],
            sources=[SourceRef(file_id=doc.file_id, excerpt=doc.filename)],
        )
        for doc in docs
        if doc.mime_type.startswith(MEDIA_FAMILIES) and owners.get(doc.file_id)
    ]


def signals(output: EvidenceOutput) -> list[Signal]:
    # The index of names is no fact about the case.
    found = finding_signals([f for f in output.findings if f.finding_type != PEOPLE_NAMED])
    found += [
        Signal(
            f"sworn claim by {c.speaker or 'a witness'}: {c.claim} {c.claimed_place or ''}",
            False,
            [c.source],
            [c.speaker] if c.speaker else [],
        )
        for c in output.sworn_claims
    ]
    found += [
        Signal(f"event {e.timestamp} {e.description} {e.place or ''}", False, [e.source], e.people)
        for e in output.events[:400]
    ]
    return found


def _thoughts(docs: list[EvidenceDoc], output: EvidenceOutput) -> list[str]:
    claims = output.sworn_claims
    return [
        f"Built a timeline of {len(output.events)} event(s) from {len(docs)} file(s); "
        f"{sum(1 for e in output.events if e.latitude is not None)} carry GPS positions.",
        f"{len(claims)} sworn claim(s); {sum(1 for c in claims if c.claimed_time)} state a time "
        f"and {sum(1 for c in claims if c.claimed_place)} a place, to test against the timeline.",
    ]
