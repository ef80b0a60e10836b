"""The evidence analysis: a timeline of timed events, people, places, custody and sworn claims."""

from collections import Counter
from dataclasses import dataclass, field

from holmes_backend.agents.schemas import (
    EvidenceOutput,
    Finding,
    SourceRef,
    SwornClaim,
    TimedEvent,
)
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.absent_documents import absent_documents
from holmes_backend.llm.local.domains.ages import births
from holmes_backend.llm.local.domains.backdating import backdating_asked
from holmes_backend.llm.local.domains.bookings import stays_booked
from holmes_backend.llm.local.domains.called_off import called_off
from holmes_backend.llm.local.domains.claims import at_their_homes, sworn_claims
from holmes_backend.llm.local.domains.concealment import concealment
from holmes_backend.llm.local.domains.conditions import conditions_reported, conditions_sound
from holmes_backend.llm.local.domains.controls import self_checked
from holmes_backend.llm.local.domains.countersigned import unchecked_entries
from holmes_backend.llm.local.domains.counts import counts_stated
from holmes_backend.llm.local.domains.covenants import employments
from holmes_backend.llm.local.domains.custody import custody_findings, mentioned_files
from holmes_backend.llm.local.domains.deadlines import acts_recorded
from holmes_backend.llm.local.domains.deaths import deaths
from holmes_backend.llm.local.domains.dispositions import ownership_changes, ownership_held
from holmes_backend.llm.local.domains.faculties import states_observed
from holmes_backend.llm.local.domains.filedates import created_after_date
from holmes_backend.llm.local.domains.flights import flights_recorded
from holmes_backend.llm.local.domains.fuel import vehicle_records
from holmes_backend.llm.local.domains.hospitality import hospitality_offered
from holmes_backend.llm.local.domains.households import residents_on_record, sole_occupancy_claims
from holmes_backend.llm.local.domains.hypotheses import Signal
from holmes_backend.llm.local.domains.instructions import instructions
from holmes_backend.llm.local.domains.interests import personal_ties
from holmes_backend.llm.local.domains.legal import is_contract
from holmes_backend.llm.local.domains.levels import levels_recorded
from holmes_backend.llm.local.domains.lookalikes import lookalike_domains
from holmes_backend.llm.local.domains.meetings import meetings_attended
from holmes_backend.llm.local.domains.members import offices_held, roles_held
from holmes_backend.llm.local.domains.meters import stated_readings
from holmes_backend.llm.local.domains.negations import recorded_negations
from holmes_backend.llm.local.domains.nonevents import nonevents
from holmes_backend.llm.local.domains.notices import full_notice_claims, notices_given
from holmes_backend.llm.local.domains.observations import observed_absences, observed_presences
from holmes_backend.llm.local.domains.people import (
    PEOPLE_NAMED,
    organizations_named,
    people_named,
    person_mentions,
    record_subjects,
)
from holmes_backend.llm.local.domains.receipts import acknowledged_receipts
from holmes_backend.llm.local.domains.records import quoted_events
from holmes_backend.llm.local.domains.registry import company_lifetimes
from holmes_backend.llm.local.domains.reviews import performance_on_record
from holmes_backend.llm.local.domains.sequence import sequence_statements
from holmes_backend.llm.local.domains.speeds import speeds_recorded
from holmes_backend.llm.local.domains.stocktakes import stock_variances
from holmes_backend.llm.local.domains.stoppages import stated_stoppages
from holmes_backend.llm.local.domains.submissions import (
    figures_sent,
    submission_terms,
    submissions_logged,
)
from holmes_backend.llm.local.domains.substances import substances_detected
from holmes_backend.llm.local.domains.supplied import quantities_stated
from holmes_backend.llm.local.domains.tenures import tenures
from holmes_backend.llm.local.domains.timeline import (
    MEDIA_FAMILIES,
    attribution,
    events,
    file_places,
)
from holmes_backend.llm.local.domains.unavailable import assets_used
from holmes_backend.llm.local.domains.undisclosed import disclosures
from holmes_backend.llm.local.domains.undone import not_recorded_done
from holmes_backend.llm.local.domains.vessels import vessel_loadings
from holmes_backend.llm.local.domains.zones import place_zones
from holmes_backend.llm.local.facts.dates import parse_iso
from holmes_backend.llm.local.facts.identifiers import identity_holders, spelled_users
from holmes_backend.llm.local.facts.names import name_key, not_a_person
from holmes_backend.llm.local.facts.phones import phone_holders

_MAX_EVENTS = 1500


@dataclass
class EvidenceAnalysis:
    output: EvidenceOutput
    thoughts: list[str] = field(default_factory=list)


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


def _holders(
    docs: list[EvidenceDoc], witnesses: dict[str, str], people: list[str]
) -> dict[str, str]:
    """Whose each telephone number, login, badge or plate is: as the case's records give it,
    else (a user name) the one person named in the case whose name it spells."""
    held = phone_holders(docs, witnesses) | identity_holders(docs, witnesses)
    return held | spelled_users(docs, [*people, *witnesses.values()], held)


def analyse_evidence(docs: list[EvidenceDoc]) -> EvidenceAnalysis:
    claims = at_their_homes(_claims(docs), docs)
    owners = attribution(docs, [c.speaker for c in claims if c.speaker])
    timeline: list[TimedEvent] = []
    mentions = person_mentions(docs)
    people = [m.name for m in mentions]
    where = file_places(docs)
    witnesses = {c.source.file_id: c.speaker for c in claims if c.speaker}
    numbers = _holders(docs, witnesses, people)
    for doc in docs:
        timeline += events(doc, owners.get(doc.file_id, []), where.get(doc.file_id), numbers)
        timeline += quoted_events(doc)
    timeline.sort(key=_sort_key)
    custody = custody_findings(docs)
    people += [p for e in timeline for p in e.people]
    people += [c.speaker for c in claims if c.speaker]
    places = sorted(
        {e.place for e in timeline if e.place}
        | {c.claimed_place for c in claims if c.claimed_place}
    )
    findings = _media_findings(docs, owners, mentioned_files(docs)) + people_named(docs, mentions)
    findings += organizations_named(docs)
    findings += conditions_reported(docs)
    findings += conditions_sound(docs)
    findings += concealment(docs) + absent_documents(docs)
    findings += recorded_negations(docs)
    findings += nonevents(docs)
    findings += instructions(docs)
    findings += backdating_asked(docs)
    findings += observed_absences(docs) + observed_presences(docs)
    findings += [held for doc in docs for held in offices_held(doc)] + [
        held for doc in docs if not ownership_changes(doc) for held in ownership_held(doc)
    ]
    findings += [held for doc in docs for held in roles_held(doc)]
    findings += [stay for doc in docs for stay in stays_booked(doc)]
    findings += lookalike_domains(docs)
    findings += acts_recorded(docs)
    findings += [tie for doc in docs for tie in personal_ties(doc)]
    findings += [review for doc in docs for review in performance_on_record(doc)]
    findings += [reading for doc in docs for reading in stated_readings(doc)]
    findings += [death for doc in docs for death in deaths(doc)]
    findings += [birth for doc in docs for birth in births(doc)]
    findings += [held for doc in docs for held in tenures(doc)]
    findings += [signed for doc in docs for signed in acknowledged_receipts(doc)]
    findings += [present for doc in docs for present in meetings_attended(doc)]
    findings += [term for doc in docs for term in submission_terms(doc)]
    findings += [log for doc in docs for log in submissions_logged(doc)]
    findings += [sent for doc in docs for sent in figures_sent(doc)]
    findings += [late for doc in docs for late in created_after_date(doc)]
    findings += [life for doc in docs for life in company_lifetimes(doc)]
    findings += [given for doc in docs for given in disclosures(doc)]
    findings += [counted for doc in docs for counted in stock_variances(doc)]
    findings += [said for doc in docs for said in quantities_stated(doc)]
    findings += record_subjects(docs) + [
        found
        for doc in docs
        for found in (
            *vehicle_records(doc),
            *employments(doc),
            *place_zones(doc),
            *counts_stated(doc),
            *levels_recorded(doc),
            *vessel_loadings(doc),
            *hospitality_offered(doc),
            *unchecked_entries(doc),
            *assets_used(doc),
            *flights_recorded(doc),
            *called_off(doc),
        )
    ]
    findings += sequence_statements(docs)
    findings += _kept_records(docs)
    output = EvidenceOutput(
        events=timeline[:_MAX_EVENTS],
        people=_unique(people),
        places=places,
        custody=custody,
        sworn_claims=claims,
        findings=findings,
    )
    return EvidenceAnalysis(output, _thoughts(docs, output, owners))


def _claims(docs: list[EvidenceDoc]) -> list[SwornClaim]:
    """Sworn claims, and the claims of kinds they do not read in every person (a form's "Yes"
    to being the only adult at home, "she was given her full notice"), once per sentence."""
    claims = [claim for doc in docs for claim in sworn_claims(doc)]
    have = {(c.source.file_id, c.source.line, c.source.page, c.source.row) for c in claims}
    for doc in docs:
        for claim in [*sole_occupancy_claims(doc), *full_notice_claims(doc)]:
            key = (claim.source.file_id, claim.source.line, claim.source.page, claim.source.row)
            if key not in have:
                have.add(key)
                claims.append(claim)
    return claims


def _kept_records(docs: list[EvidenceDoc]) -> list[Finding]:
    """What records kept as they went show: controls checked by the one who acted, work
    stopped, people's states observed, who lives where, speeds logged, acts left undone."""
    findings = [checked for doc in docs for checked in self_checked(doc)]
    findings += stated_stoppages(docs)
    findings += states_observed(docs)
    findings += [resident for doc in docs for resident in residents_on_record(doc)]
    findings += speeds_recorded(docs)
    findings += substances_detected(docs)
    findings += [given for doc in docs for given in notices_given(doc, is_contract(doc))]
    findings += [undone for doc in docs for undone in not_recorded_done(doc)]
    return findings


def _media_findings(
    docs: list[EvidenceDoc], owners: dict[str, list[str]], in_custody: set[str]
) -> list[Finding]:
    findings: list[Finding] = []
    for doc in docs:
        if not doc.mime_type.startswith(MEDIA_FAMILIES):
            continue
        ref = SourceRef(file_id=doc.file_id, excerpt=doc.filename)
        captured = doc.metadata.get("capture_time") or doc.metadata.get("created")
        if isinstance(captured, str) and parse_iso(captured) and parse_iso(captured).tzinfo is None:  # type: ignore[union-attr]
            findings.append(
                Finding(
                    finding_type="timestamp_reliability",
                    title=f"{doc.filename}: capture time has no UTC offset",
                    summary="The camera's local time without its zone; comparing it with other "
                    "evidence assumes the case's usual offset.",
                    confidence=0.9,
                    severity="LOW",
                    sources=[ref],
                )
            )
        if owners.get(doc.file_id):
            findings.append(
                Finding(
                    finding_type="attribution",
                    title=f"{doc.filename} attributed to {', '.join(owners[doc.file_id])}",
                    summary="By the file name or a record naming the file and the person.",
                    confidence=0.6,
                    severity="LOW",
                    entities=owners[doc.file_id],
                    sources=[ref],
                )
            )
        # Only where the case keeps custody records: one that documents no file's handling says
        # nothing of this one's (a photo forwarded by e-mail), and each would be a gap.
        if in_custody and doc.filename and doc.filename.lower() not in in_custody:
            findings.append(
                Finding(
                    finding_type="custody_gap",
                    title=f"No custody record mentions {doc.filename}",
                    summary="Its collection and handling are undocumented in the evidence.",
                    confidence=0.6,
                    severity="MEDIUM",
                    sources=[ref],
                )
            )
    return findings


def signals(output: EvidenceOutput) -> list[Signal]:
    found = [
        Signal(f"{f.title}. {f.summary}", f.severity == "HIGH", f.sources, f.entities)
        for f in output.findings + output.custody
        if f.finding_type != PEOPLE_NAMED  # an index of names, not a fact about the case
    ]
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


def _thoughts(
    docs: list[EvidenceDoc], output: EvidenceOutput, owners: dict[str, list[str]]
) -> list[str]:
    by_kind = Counter(
        "photo"
        if e.description.startswith("Photo")
        else "e-mail"
        if e.description.startswith("E-mail")
        else "transcript"
        if e.description.startswith("Said in")
        else "recording"
        if e.description.startswith("Recording")
        else "text/log"
        for e in output.events
    )
    thoughts = [
        f"Built a timeline of {len(output.events)} event(s) from {len(docs)} file(s): "
        + (", ".join(f"{k} \u00d7{v}" for k, v in by_kind.most_common()) or "none")
        + f". {sum(1 for e in output.events if e.latitude is not None)} carry GPS positions."
    ]
    if output.sworn_claims:
        timed = sum(1 for c in output.sworn_claims if c.claimed_time)
        placed = sum(1 for c in output.sworn_claims if c.claimed_place)
        thoughts.append(
            f"{len(output.sworn_claims)} sworn claim(s); {timed} state a time and {placed} a "
            "place, so they can be tested against the timeline."
        )
    if output.custody:
        concerns = [f for f in output.custody if f.severity == "HIGH"]
        thoughts.append(
            f"{len(output.custody)} custody record(s); {len(concerns)} integrity concern(s)."
        )
    if owners:
        thoughts.append(
            "Attributed media to people: "
            + "; ".join(f"{k} → {', '.join(v)}" for k, v in list(owners.items())[:4])
        )
    thoughts.append(f"People: {', '.join(output.people[:8]) or 'none named'}.")
    return thoughts[:6]
