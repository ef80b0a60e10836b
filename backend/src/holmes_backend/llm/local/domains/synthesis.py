"""Synthesis: cross-modal links, contradictions and evidence gaps over all domain findings."""

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import tzinfo

from holmes_backend.agents.schemas import Contradiction, SynthesisOutput
from holmes_backend.llm.local.domains.activities import breaks_borne_out
from holmes_backend.llm.local.domains.case import CaseView
from holmes_backend.llm.local.domains.contradictions import (
    all_contradictions,
    caps_exceeded,
    in_window,
    timeline_index,
)
from holmes_backend.llm.local.domains.faculties import faculties_borne_out
from holmes_backend.llm.local.domains.gaps import all_gaps, unapproved
from holmes_backend.llm.local.domains.hypotheses import Signal
from holmes_backend.llm.local.domains.links import (
    Item,
    amount_links,
    case_offset,
    instant,
    same_day_links,
    share_links,
    temporal_links,
    timed_items,
)
from holmes_backend.llm.local.domains.logged_states import states_borne_out
from holmes_backend.llm.local.domains.meetings import (
    corroborated_absences,
    corroborated_presences,
)
from holmes_backend.llm.local.domains.payees import changed_account_links
from holmes_backend.llm.local.domains.speeds import speeds_borne_out
from holmes_backend.llm.local.facts.dates import parse_span
from holmes_backend.llm.local.facts.names import same_party

ClaimKey = tuple[str, int | None, int | None]
# A record relaying what someone said is their account again, not a second one.
_REPORTED = re.compile(
    r"\b(?:advised|stated|said|told|reported|claimed|explained|alleged|informed|according to)\b",
    re.IGNORECASE,
)


@dataclass
class SynthesisAnalysis:
    output: SynthesisOutput
    thoughts: list[str] = field(default_factory=list)


def analyse_synthesis(view: CaseView, window_minutes: float) -> SynthesisAnalysis:
    events = view.evidence.events
    # A statement's unnamed side is its holder's: their card payments place them.
    transactions = [view.held(t) for t in view.financial.transactions]
    zone = case_offset([e.timestamp for e in events] + [t.date or "" for t in transactions])
    timed = timed_items(events, transactions, zone)
    dated = timed_items(events, transactions, zone, dated=True)
    links = temporal_links(timed, window_minutes) + amount_links(transactions)
    links += changed_account_links(events, transactions, zone)
    links += same_day_links(dated, view.holders)
    links += share_links(transactions)
    caps = caps_exceeded(view)
    missing = unapproved(view)
    contradictions = all_contradictions(view, dated, zone, window_minutes, caps, missing)
    tested = {
        (c.claim_source.file_id, c.claim_source.line, c.claim_source.page) for c in contradictions
    }
    tested |= _corroborated(view, dated, zone)
    claims = view.evidence.sworn_claims
    minutes = view.legal.findings + view.evidence.findings
    tested |= corroborated_absences(claims, minutes) | corroborated_presences(claims, minutes)
    tested |= states_borne_out(claims, dated, view.filenames) | speeds_borne_out(
        claims, view.evidence.findings
    )
    tested |= faculties_borne_out(claims, dated) | breaks_borne_out(claims, dated)
    gaps = all_gaps(view, tested, caps, missing)
    output = SynthesisOutput(
        cross_modal_links=links, contradictions=contradictions, evidence_gaps=gaps
    )
    return SynthesisAnalysis(output, _thoughts(view, output, len(timed), window_minutes, zone))


def _corroborated(view: CaseView, items: list[Item], zone: tzinfo) -> set[ClaimKey]:
    """Claims that an event of the speaker, in another file and in the claimed time, bears on."""
    found: set[ClaimKey] = set()
    index = timeline_index(items, view)
    for claim in view.evidence.sworn_claims:
        span = parse_span(claim.claimed_time)
        if span is None or not claim.speaker:
            continue
        start = instant(span[0].isoformat(), zone)
        end = instant(span[1].isoformat(), zone)
        if start is None or end is None:
            continue
        for item in in_window(index, (start, end)):
            if _REPORTED.search(item.description):
                continue  # "She advised the vehicle was last seen at 18:15": her own account
            if item.file_id != claim.source.file_id and any(
                same_party(claim.speaker, p) for p in item.people
            ):
                found.add((claim.source.file_id, claim.source.line, claim.source.page))
                break
    return found


def _claimant(contradiction: Contradiction) -> str:
    """The refuted claim with who made it and when (the explanation opens with the speaker)."""
    speaker = contradiction.explanation.split(" claims ")[0].split(" denies ")[0]
    when = " ".join(re.findall(r"\d{4}-\d{2}-\d{2}", contradiction.explanation)[:1])
    return f"{speaker if len(speaker) < 60 else ''} {contradiction.claim} {when}".strip()


def signals(output: SynthesisOutput) -> list[Signal]:
    found = [
        Signal(
            f"contradiction: {c.claim} \u2014 {c.explanation}",
            True,
            [c.claim_source, *c.evidence_against],
            refutes=_claimant(c),
        )
        for c in output.contradictions
    ]
    found += [
        Signal(f"gap: {g.element}. {g.recommendation}", g.current_strength == "MISSING", g.sources)
        for g in output.evidence_gaps
    ]
    found += [
        Signal(
            f"link {k.correlation_type}: {k.implication}",
            k.correlation_type == "location_conflict",
            [k.source_a, k.source_b],
        )
        for k in output.cross_modal_links
    ]
    return found


def _thoughts(
    view: CaseView, output: SynthesisOutput, timed: int, window: float, zone: tzinfo
) -> list[str]:
    basis = (
        f"Worked from the {', '.join(view.given)} findings"
        if view.given
        else "No findings blocks were given"
    )
    if view.derived:
        basis += f"; derived {', '.join(view.derived)} from {len(view.documents)} document(s)"
    thoughts = [
        f"{basis}. Put {timed} timed item(s) on one axis (times without an offset read in "
        f"{zone}) and compared files within a {window:g}-minute window."
    ]
    kinds = Counter(link.correlation_type for link in output.cross_modal_links)
    if kinds:
        thoughts.append(
            f"{len(output.cross_modal_links)} cross-file link(s): "
            + ", ".join(f"{k} \u00d7{v}" for k, v in kinds.most_common(5))
            + "."
        )
    if output.contradictions:
        top = output.contradictions[0]
        thoughts.append(
            f"{len(output.contradictions)} contradiction(s), "
            f"{sum(1 for c in output.contradictions if c.severity == 'HIGH')} HIGH. Strongest: "
            f"{top.explanation[:240]}"
        )
    else:
        thoughts.append(
            f"Tested {len(view.evidence.sworn_claims)} sworn claim(s) against the timeline and "
            "payments: no contradiction found."
        )
    if output.evidence_gaps:
        strengths = Counter(g.current_strength for g in output.evidence_gaps)
        thoughts.append(
            f"{len(output.evidence_gaps)} evidence gap(s) ("
            + ", ".join(f"{k} \u00d7{v}" for k, v in strengths.items())
            + f"), e.g. {output.evidence_gaps[0].element[:160]}."
        )
    return thoughts
