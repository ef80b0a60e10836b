"""Presence: a stated place or denied activity over a period against the speaker's records."""

import re
from collections.abc import Iterable, Iterator
from datetime import timedelta, tzinfo

from holmes_backend.analysis.domains.claims import negated
from holmes_backend.analysis.domains.contradictions import (
    PLACE_WINDOW,
    Timeline,
    claim_window,
    in_window,
    involves,
    place_contradictions,
    timeline_index,
)
from holmes_backend.analysis.domains.links import Item
from holmes_backend.analysis.engine import CaseFacts, detector
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.dates import span_words
from holmes_backend.analysis.facts.lexicon import wordset
from holmes_backend.analysis.facts.names import same_party
from holmes_backend.contracts.agents import Contradiction, SwornClaim

_ACTIVITIES: dict[str, tuple[frozenset[str], re.Pattern[str] | None]] = {
    # an e-mail the speaker sent (its event's kind and sender); a payment of theirs
    "sending messages": (wordset("email e-mail mail message text sms whatsapp"), None),
    "logging in": (
        wordset("log login logon sign vpn access connect"),
        re.compile(
            r"\b(?:log(?:ged)?[ -]?(?:in|on)|login|logon|sign(?:ed)?[ -]?in|vpn|session|"
            r"authenticat\w*|remote\s+access)\b",
            re.IGNORECASE,
        ),
    ),
    "paying": (wordset("pay buy spend purchase"), None),
    "driving": (
        wordset("drive car van vehicle truck lorry"),
        re.compile(
            r"\b(?:anpr|vrm|number\s*plate|telematics|ignition|odometer|vehicle|van|tracker)\b",
            re.IGNORECASE,
        ),
    ),
}
_SOMEONE = wordset("he him she her they them you")
_SENT_BY = re.compile(r"^E-mail from (?P<who>[^<]+?)\s*(?:<[^>]*>)?\s+to\b")


@detector(
    "presence",
    phase="contradictions",
    requires={"view", "dated", "zone", "window_minutes"},
    produces=Contradiction,
)
def presence(facts: CaseFacts) -> Iterable[Contradiction]:
    claims = facts.view.evidence.sworn_claims
    index = timeline_index(facts.dated, facts.view)
    window = timedelta(minutes=facts.window_minutes)
    yield from place_contradictions(claims, index, facts.zone, window)
    yield from _activities(claims, index, facts.zone, window)


def _activities(
    claims: list[SwornClaim], index: Timeline, zone: tzinfo, slack: timedelta
) -> Iterator[Contradiction]:
    for claim in claims:
        if not claim.speaker:
            continue
        denied = _denied_words(claim.claim)
        kinds = [name for name, (words, _) in _ACTIVITIES.items() if denied & words]
        if not kinds:
            continue
        period = claim_window(claim, zone, slack)
        if period is None or period[1] - period[0] > PLACE_WINDOW:
            continue  # "never in March" does not say which night; a record any day is no answer
        done = [
            item
            for item in in_window(index, period)
            if item.file_id != claim.source.file_id
            and any(_of_activity(item, kind, claim.speaker) for kind in kinds)
        ]
        if not done:
            continue
        first = done[0]
        more = f" (and {len(done) - 1} more)" if len(done) > 1 else ""
        yield Contradiction(
            claim=claim.claim,
            claim_source=claim.source,
            evidence_against=unique_refs([i.source for i in done], 6),
            explanation=(
                f"{claim.speaker} denies {' or '.join(kinds)} ({span_words(claim.claimed_time)}); "
                f"{first.description[:160]} at {first.at()}{more}."
            ),
            severity="HIGH" if any(_directly_theirs(i, claim.speaker) for i in done) else "MEDIUM",
        )


def _denied_words(text: str) -> set[str]:
    """The lemmas of what the text denies doing."""
    words: set[str] = set()
    for head in negated(text):
        if head.pos_ not in ("VERB", "AUX"):
            continue
        verbs = [head, *(c for c in head.conjuncts if c.pos_ == "VERB")]
        for verb in verbs:
            objects = [c for c in verb.children if c.dep_ in ("dobj", "dative", "nsubjpass")]
            objects += [
                g for c in verb.children if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj"
            ]
            if any(o.pos_ == "PROPN" or o.lemma_.lower() in _SOMEONE for o in objects):
                return set()
            words.add(verb.lemma_.lower())
            words.update(o.lemma_.lower() for o in objects)
            words.update(c.lemma_.lower() for c in verb.children if c.dep_ in ("prt", "compound"))
            words.update(
                c.lemma_.lower() for o in objects for c in o.children if c.dep_ == "compound"
            )
    return words


def _of_activity(item: Item, kind: str, speaker: str) -> bool:
    if kind == "sending messages":
        return item.kind == "e-mail" and _directly_theirs(item, speaker)
    if kind == "paying":
        return item.kind == "transaction" and involves(item, speaker)
    record = _ACTIVITIES[kind][1]
    return bool(record and record.search(item.description)) and involves(item, speaker)


def _directly_theirs(item: Item, speaker: str) -> bool:
    """An e-mail they sent, or a record naming them: not one only addressed to them."""
    sent = _SENT_BY.match(item.description)
    if sent is not None:
        return same_party(sent["who"], speaker)
    return involves(item, speaker)
