"""Synthesis: cross-modal links, contradictions and evidence gaps over all domain findings."""

import re
from datetime import tzinfo

from holmes_backend.analysis import detectors  # noqa: F401 - registers the detectors
from holmes_backend.analysis.domains.case import CaseView
from holmes_backend.analysis.domains.contradictions import caps_exceeded
from holmes_backend.analysis.domains.gaps import unapproved
from holmes_backend.analysis.domains.hypotheses import Analysis, Signal
from holmes_backend.analysis.domains.links import Item, case_offset, timed_items
from holmes_backend.analysis.engine import CaseFacts, run
from holmes_backend.analysis.facts.names import identities
from holmes_backend.contracts.agents import Contradiction, SynthesisOutput


def analyse_synthesis(view: CaseView, window_minutes: float) -> Analysis[SynthesisOutput]:
    """The case's facts on one time axis, and every registered detector run over them."""
    # One person, one name: "Themba M" of a chat is the "Themba Mkhabela" the case names.
    forms = identities(
        [*view.evidence.people, *(p for e in view.evidence.events for p in e.people)]
        + [c.speaker for c in view.evidence.sworn_claims if c.speaker]
    )
    events = [
        e.model_copy(update={"people": list(dict.fromkeys(forms.get(p, p) for p in e.people))})
        for e in view.evidence.events
    ]
    # A statement's unnamed side is its holder's: their card payments place them.
    held = [view.held(t) for t in view.financial.transactions]
    zone = case_offset([e.timestamp for e in events] + [t.date or "" for t in held])
    facts = CaseFacts(
        view=view,
        timed=_took_place(timed_items(events, held, zone)),
        dated=_took_place(timed_items(events, held, zone, dated=True)),
        held=held,
        zone=zone,
        window_minutes=window_minutes,
        caps=caps_exceeded(view),
        missing=unapproved(view),
    )
    run(facts)
    output = SynthesisOutput(
        cross_modal_links=facts.links,
        contradictions=facts.contradictions,
        evidence_gaps=facts.gaps,
    )
    return Analysis(output, _thoughts(view, output, len(facts.timed), window_minutes, zone))


# A record of what did not happen: an invitation declined, a booking cancelled, a no-show.
_NOT_HELD = re.compile(
    r"\b(?:declined|cancel+ed|rejected|refused|no[- ]show|did\s+not\s+(?:attend|take\s+place)|"
    r"postponed|withdrawn|not\s+attended)\b",
    re.IGNORECASE,
)


def _took_place(items: list[Item]) -> list[Item]:
    """The items, less the records of what did not take place: a declined meeting places no one
    with anyone."""
    return [item for item in items if not _NOT_HELD.search(item.description)]


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
    basis = f"the {', '.join(view.given)} findings" if view.given else "no findings"
    return [
        f"Worked from {basis}"
        + (f"; derived {', '.join(view.derived)}" if view.derived else "")
        + f". Put {timed} timed item(s) on one axis (times without an offset read in {zone}) "
        f"and compared files within a {window:g}-minute window.",
        f"{len(output.cross_modal_links)} cross-file link(s), {len(output.contradictions)} "
        f"contradiction(s) from {len(view.evidence.sworn_claims)} sworn claim(s), "
        f"{len(output.evidence_gaps)} evidence gap(s).",
    ]
