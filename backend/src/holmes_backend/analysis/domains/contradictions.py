"""Contradictions: sworn claims against the timeline and payments; payments above a cap."""

import re
from bisect import bisect_left, bisect_right
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo

from holmes_backend.analysis.domains.case import CaseView
from holmes_backend.analysis.domains.claims import denied_place, negated
from holmes_backend.analysis.domains.ledger import (
    distinct_payments,
    is_payment,
)
from holmes_backend.analysis.domains.legal import agreement_parties
from holmes_backend.analysis.domains.links import Item, instant
from holmes_backend.analysis.domains.timeline import places_in
from holmes_backend.analysis.facts.answers import answer_of
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.dates import parse_span, since_day, span_words
from holmes_backend.analysis.facts.geo import distance_km, find_coordinates
from holmes_backend.analysis.facts.lexicon import wordset
from holmes_backend.analysis.facts.money import find_money, format_money
from holmes_backend.analysis.facts.names import (
    UPPER,
    distinctive_words,
    find_names,
    name_key,
    same_party,
)
from holmes_backend.analysis.facts.text import units
from holmes_backend.analysis.nlp import parse
from holmes_backend.contracts.agents import (
    Clause,
    Contradiction,
    Severity,
    SourceRef,
    SwornClaim,
    Transaction,
)

# What a denial denies, by the lemma of the verb the parse reads as negated (or of the noun
# "no" governs: "I had no contact with him").
_CONTACT = wordset(
    "meet see speak talk know discuss contact communicate call email e-mail text message phone "
    "ring hear contact dealing communication meeting conversation"
)
_MEETING = wordset("meet see")
_PAYMENT = wordset("pay send transfer wire give loan lend")
_RECEIPT = wordset("receive get accept take")
_KNOWING_OF = re.compile(r"\s+(?:about|of|that|whether|how|why|what|when)\b", re.IGNORECASE)
_YES_NO = re.compile(r"^\s*(?:did|have|had|do|were|was)\s+you\s+(?:ever\s+)?", re.IGNORECASE)
_STREET = re.compile(
    r"\b(?:road|rd|street|st|avenue|ave|lane|ln|drive|dr|way|close|square|sq|terrace|place|"
    r"crescent|boulevard|blvd|court|ct|gardens|grove|row|walk|quay|wharf|strasse|straße|rue|"
    r"calle|via|straat|weg|gade|gatan|ulica)\b",
    re.IGNORECASE,
)
_GENERIC_PLACE = wordset("home house office work room apartment flat in at the my our")
_VERIFIED_KM = 1.0
_FAR_KM = 10.0  # farther than a town's extent from where the case locates the claimed place
_PERIODIC = re.compile(
    r"\b(?:in\s+any|in\s+each|per|each|a)\s+(?:calendar\s+|financial\s+|fiscal\s+|contract\s+)?"
    r"(?P<unit>year|month|quarter|annum|week)\b",
    re.IGNORECASE,
)
_TOTAL = re.compile(
    r"\b(total|aggregate|in all|altogether|together|combined|cumulative(?:ly)?|in sum)\b", re.I
)
_ROLE_CLAIM = re.compile(
    r"\bI\s+(?:was|am|have\s+been)\s+(?:the|a|an)\s+(?:[\w-]+\s+){0,3}?(?:in\s+charge\s+of|"
    r"responsible\s+for|(?:manager|head|supervisor|lead)\s+(?:of|for))\b",
    re.IGNORECASE,
)
_SINCE = re.compile(r"\bsince\b", re.IGNORECASE)
PLACE_WINDOW = timedelta(days=7)
ClaimKey = tuple[str, int | None, int | None]
_REPORTED = re.compile(
    r"\b(?:advised|stated|said|told|reported|claimed|explained|alleged|informed|according to)\b",
    re.IGNORECASE,
)


def names_directly(item: Item, person: str) -> bool:
    """Whether a record names the person in its own words (not by a number or plate of theirs)."""
    return any(same_party(n.text, person) for n in find_names(item.description))


@dataclass
class Timeline:
    by_day: dict[date, list[Item]]
    positions: dict[str, tuple[float, float]]


def timeline_index(items: list[Item], view: CaseView) -> Timeline:
    by_day: dict[date, list[Item]] = defaultdict(list)
    for item in items:
        by_day[item.when.date()].append(item)
    for day_items in by_day.values():
        day_items.sort(key=lambda item: item.when)
    return Timeline(by_day, _gazetteer(view, items))


def _gazetteer(view: CaseView, items: list[Item]) -> dict[str, tuple[float, float]]:
    """Where the case itself places named places (a place name beside coordinates)."""
    known: dict[str, tuple[float, float]] = {}
    for item in items:
        if item.position and item.place and not re.match(r"^[\d.]+°", item.place):
            known.setdefault(item.place.lower(), item.position)
    for event in view.evidence.events:
        if event.latitude is not None and event.longitude is not None:
            for place in places_in(event.description):
                known.setdefault(place.lower(), (event.latitude, event.longitude))
    for doc in view.documents:
        for unit in units(doc):
            coordinates = find_coordinates(unit.text)
            if coordinates:
                for place in places_in(unit.text):
                    known.setdefault(place.lower(), coordinates[0][:2])
    return known


def _named_parts(place: str) -> list[str]:
    words = [w for w in re.split(r"\s+", place) if w.lower() not in _GENERIC_PLACE]
    return [" ".join(words)] if words else []


_HOME = re.compile(r"\bhome\b", re.IGNORECASE)
_ACCESS_POINT = re.compile(
    r"^\s*(?:(?:front|back|rear|side|main|fire|staff|loading|north|south|east|west)\s+)?"
    r"(?:door|gate|entrance|exit|reader|turnstile|barrier|shutter)s?(?:\s+\w{1,4})?\s*$",
    re.IGNORECASE,
)


def _relation(claimed: str, item: Item, index: Timeline) -> tuple[str, bool, str]:  # noqa: PLR0911
    """("same" | "different" | "unknown", verified, how) for a claimed place and an event."""
    names = _named_parts(claimed)
    generic = not names
    located = [(n, p) for n in names if (p := _located(n, index.positions))]
    if item.position and located:
        name, position = located[0]
        km = distance_km(position, item.position)
        if km <= _VERIFIED_KM:
            return "same", True, f"{km:.1f} km from {name}"
        far = km >= _FAR_KM
        return "different", far, f"{km:.1f} km from {name} as located in the case"
    coded = item.place and not re.search(r"[^\W\d_]{3,}|°", item.place)
    if coded or _ACCESS_POINT.search(item.place or ""):
        return "unknown", False, f"{item.place} is a code or a door, not a place"
    if item.place and not re.match(r"^[\d.]+°", item.place):
        event_place = item.place.lower()
        same = any(n.lower() in event_place or event_place in n.lower() for n in names)
        if same or _one_names_the_other(claimed, item.place):
            return "same", True, "same place name"
        if generic and _HOME.search(claimed) and _HOME.search(item.description):
            return "same", False, f"the record places the home at {item.place}"
        if generic:
            return "different", True, f"the event is at {item.place}, not the claimant's {claimed}"
        if _STREET.search(claimed) and "," not in claimed and not _STREET.search(item.place):
            return "unknown", False, f"{item.place} and {claimed} are not places of one kind"
        return "different", False, f"{item.place} against the claimed {claimed}"
    if item.position:
        gps = f"the GPS position {item.place or item.position} cannot be placed offline relative"
        return "unknown", False, f"{gps} to \u201c{claimed}\u201d"
    return "unknown", False, "the event has no place"


def _proper_words(place: str) -> set[str]:
    return {
        w.lower()
        for w in re.findall(rf"[{UPPER}][\w'\u2019-]+", place)
        if w.lower() not in _GENERIC_PLACE
    }


def _one_names_the_other(claimed: str, place: str) -> bool:
    """Whether the names in one place are all in the other."""
    said, seen = _proper_words(claimed), _proper_words(place)
    return bool(said and seen) and (said <= seen or seen <= said)


def _located(name: str, positions: dict[str, tuple[float, float]]) -> tuple[float, float] | None:
    """Where the case places a named place."""
    key = name.lower()
    if key in positions:
        return positions[key]
    return next((p for k, p in positions.items() if k.endswith(f" {key}")), None)


def claim_window(
    claim: SwornClaim, zone: tzinfo, slack: timedelta
) -> tuple[datetime, datetime] | None:
    """The claimed time as a window; an exact time is widened by the linking window."""
    span = parse_span(claim.claimed_time)
    if span is None:
        return None
    start, end = instant(span[0].isoformat(), zone), instant(span[1].isoformat(), zone)
    if start is None or end is None:
        return None
    if start == end:
        start, end = start - slack, end + slack
    return start, end


def involves(item: Item, person: str | None) -> bool:
    return bool(person) and any(same_party(person or "", p) for p in item.people)


def in_window(index: Timeline, window: tuple[datetime, datetime]) -> list[Item]:
    start, end = window
    found: list[Item] = []
    day = start.date() - timedelta(days=1)
    while day <= end.date() + timedelta(days=1):
        day_items = index.by_day.get(day, [])
        first = bisect_left(day_items, start, key=lambda item: item.when)
        last = bisect_right(day_items, end, key=lambda item: item.when)
        found += day_items[first:last]
        day += timedelta(days=1)
    return found


def place_contradictions(
    claims: list[SwornClaim], index: Timeline, zone: tzinfo, slack: timedelta
) -> list[Contradiction]:
    """A claim of being at a place against the speaker's own events elsewhere then."""
    found: list[Contradiction] = []
    for claim in claims:
        if claim.speaker and (place := denied_place(answer_of(claim).said)):
            found += _denied_presence(claim, claim.speaker, place, index, zone, slack)
            continue
        if not claim.claimed_place or not claim.speaker:
            continue
        if _ROLE_CLAIM.search(claim.claim):
            continue  # "I was the nurse in charge": a role held, not a place kept
        window = claim_window(claim, zone, slack)
        if window is None or window[1] - window[0] > PLACE_WINDOW:
            continue  # "in Lyon in March" does not exclude a day elsewhere that month
        against: list[tuple[Item, bool, str]] = []
        for item in in_window(index, window):
            if item.file_id == claim.source.file_id or not involves(item, claim.speaker):
                continue
            relation, verified, how = _relation(claim.claimed_place, item, index)
            if relation == "same" or (relation == "unknown" and not item.position):
                continue
            against.append((item, verified, how))
        if not against:
            continue
        speaker = claim.speaker
        item, _, how = next(
            (a for a in against if a[1]),
            next((a for a in against if names_directly(a[0], speaker)), against[0]),
        )
        more = f" (and {len(against) - 1} more record(s) of theirs)" if len(against) > 1 else ""
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=unique_refs([a[0].source for a in against], 50)[:6],
                explanation=(
                    f"{claim.speaker} claims to have been at {claim.claimed_place} "
                    f"({span_words(claim.claimed_time)}); {item.description[:160]} places them "
                    f"elsewhere at {item.at()}{more}: {how}."
                ),
                severity="HIGH" if any(verified for _, verified, _ in against) else "MEDIUM",
            )
        )
    return found


def _denied_presence(
    claim: SwornClaim, speaker: str, place: str, index: Timeline, zone: tzinfo, slack: timedelta
) -> list[Contradiction]:
    """ "I was not in Tallaght" against the speaker's records at that place in the time."""
    window = claim_window(claim, zone, slack)
    items = in_window(index, window) if window else [i for d in index.by_day.values() for i in d]
    seen = [
        i.source
        for i in items
        if i.file_id != claim.source.file_id
        and place[0].isupper()
        and involves(i, speaker)
        and place.lower() in (i.place or "").lower()
    ]
    why = f"{speaker} denies being at {place}, yet {len(seen)} event(s) place them there"
    return [_denial(claim, seen, why, "HIGH")] if seen else []


_WORD = re.compile(rf"\b[{UPPER}][\w'\u2019-]{{3,}}\b")


def _clause_end(text: str, after: int) -> int:
    """Where the denial's own clause ends."""
    for token in parse(text):
        if token.idx >= after and token.dep_ == "mark":
            return token.idx
    return len(text)


def _targets(text: str, after: int, speaker: str | None, known: set[str]) -> list[str]:
    """Who a denial names after its verb."""
    rest = text[after : _clause_end(text, after)]
    names = [n.text for n in find_names(rest) if n.kind in ("person", "organization")]
    for word in _WORD.findall(rest):
        if any(word.lower() in distinctive_words([n]) for n in names):
            continue
        called = [k for k in known if word.lower() in distinctive_words([k])]
        if called and all(same_party(called[0], k) for k in called[1:]):
            names.append(max(called, key=len))
    distinct: list[str] = []
    for name in names:
        if not (speaker and same_party(name, speaker)) and not any(
            same_party(name, kept) for kept in distinct
        ):
            distinct.append(name)
    return distinct


def _since(claim: SwornClaim, said: str) -> date | None:
    """The day from which a denial speaks ("have not spoken to her since April")."""
    if not _SINCE.search(said):
        return None
    span = parse_span(claim.claimed_time)
    return since_day(said, span[1].date() if span else None)


def denial_contradictions(
    claims: list[SwornClaim], items: list[Item], transactions: list[Transaction]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    known = {n for t in transactions for n in (t.from_party, t.to_party) if n}
    known |= {p for item in items for p in item.people}
    chats = _conversations(items)
    for claim in claims:
        speaker, text = claim.speaker, _denied_words(claim)
        if not speaker:
            continue
        contact = _denied_verb(text, _CONTACT)
        if contact and contact[0] != "hear" and _KNOWING_OF.match(text, contact[1]):
            contact = None  # "I did not know about any report by Mr Wrona": of a thing, not him
        if contact is not None:
            since = _since(claim, text)
            for target in _targets(text, contact[1], speaker, known):
                both = [
                    i
                    for i in items
                    if i.file_id != claim.source.file_id
                    and involves(i, speaker)
                    and involves(i, target)
                    and (since is None or i.when.date() >= since)
                ]
                evidence = [i.source for i in both]
                evidence += [
                    lines[0].source
                    for lines in chats.values()
                    if lines[0].file_id != claim.source.file_id
                    and all(
                        any(same_party(p, i.people[0]) for i in lines) for p in (speaker, target)
                    )
                ]
                evidence += [t.source for t in transactions if _between(t, speaker, target)]
                evidence = _placed_first(unique_refs(evidence, 50))
                met = contact[0] not in _MEETING or any(i.place for i in both)
                if evidence:
                    found.append(
                        _denial(
                            claim,
                            evidence,
                            f"{speaker} denies contact with {target}, "
                            f"yet {len(evidence)} record(s) show both together or "
                            "dealing with each other",
                            "HIGH" if met else "MEDIUM",
                        )
                    )
        for lemmas, outgoing in ((_PAYMENT, True), (_RECEIPT, False)):
            verb = _denied_verb(text, lemmas)
            if verb is None:
                continue
            for target in _targets(text, verb[1], speaker, known):
                payer, payee = (speaker, target) if outgoing else (target, speaker)
                paid = [
                    t
                    for t in transactions
                    if _paid(t, payer, payee) and t.source.file_id != claim.source.file_id
                ]
                if paid:
                    total = sum(t.amount for t in paid)
                    found.append(
                        _denial(
                            claim,
                            [t.source for t in paid],
                            f"{speaker} denies {'paying' if outgoing else 'receiving from'} "
                            f"{target}, yet {len(paid)} payment(s) from {payer} to {payee} "
                            f"totalling {format_money(total, paid[0].currency)} are recorded",
                            "HIGH",
                        )
                    )
    return found


def _denied_verb(text: str, lemmas: frozenset[str]) -> tuple[str, int] | None:
    """The first negated verb (or noun) of `lemmas`: its lemma and where it ends."""
    for head in negated(text):
        lemma = head.lemma_.lower()
        if lemma in lemmas:
            return lemma, head.idx + len(head)
    return None


def _denied_words(claim: SwornClaim) -> str:
    """What a claim denies in words."""
    answer = answer_of(claim)
    opening = _YES_NO.match(answer.question) if answer.no else None
    if opening is None:
        return claim.claim
    return f"{answer.said} I have never {answer.question[opening.end() :].rstrip('?. ')}."


def _between(tx: Transaction, a: str, b: str) -> bool:
    return _paid(tx, a, b) or _paid(tx, b, a)


def _paid(tx: Transaction, payer: str, payee: str) -> bool:
    return same_party(tx.from_party or "", payer) and same_party(tx.to_party or "", payee)


def _conversations(items: list[Item]) -> dict[str, list[Item]]:
    """Files that are a conversation of two (a chat export)."""
    writers: dict[str, dict[str, Item]] = defaultdict(dict)
    for item in items:
        if item.kind == "document" and len(item.people) == 1:
            writers[item.file_id].setdefault(name_key(item.people[0]), item)
    return {f: list(w.values()) for f, w in writers.items() if len(w) == 2}


def _placed_first(refs: list[SourceRef]) -> list[SourceRef]:
    """The refs, a file's whole-file ref left out beside a ref to a place in it."""
    placed = {r.file_id for r in refs if r.line or r.row or r.page or r.cue_start is not None}
    return [
        r
        for r in refs
        if r.file_id not in placed or r.line or r.row or r.page or r.cue_start is not None
    ]


def _denial(
    claim: SwornClaim, evidence: list[SourceRef], why: str, severity: Severity
) -> Contradiction:
    """The claim (its words and where it was made) against at most six records, and why."""
    return Contradiction(
        claim=claim.claim,
        claim_source=claim.source,
        evidence_against=evidence[:6],
        explanation=why + ".",
        severity=severity,
    )


def caps_exceeded(view: CaseView) -> list[tuple[Clause, Contradiction]]:
    """Caps the payments under their agreement break."""
    found: list[tuple[Clause, Contradiction]] = []
    caps = [c for c in view.legal.clauses if c.kind == "cap" and c.amount]
    payments = [t for t in view.financial.transactions if is_payment(t)] if caps else []
    parties = view.legal.parties
    of_case = [
        t
        for t in payments
        if not parties or any(same_party(p, q) for p in parties for q in _named(t))
    ]
    for clause in caps:
        assert clause.amount is not None
        money = find_money(clause.text)
        currency = money[0].currency if money else None
        bound = agreement_parties(view.legal, clause.source.file_id)
        under = [t for t in payments if _between_parties(t, bound)] if bound else of_case
        paid = distinct_payments([t for t in under if currency is None or t.currency == currency])
        over = [t for t in paid if t.amount > clause.amount]
        total = sum(t.amount for t in paid)
        cumulative = bool(_TOTAL.search(clause.text)) and total > clause.amount
        if _PERIODIC.search(clause.text) and not over:
            continue  # a cap per year or month: a total over several of them does not break it
        if not over and not cumulative:
            continue
        cap = format_money(clause.amount, currency or paid[0].currency)
        worst = max(paid, key=lambda t: t.amount)
        largest = (
            f"{format_money(worst.amount, worst.currency)} on {worst.date or 'an unknown date'}"
        )
        if cumulative:
            alone = (
                f"; {len(over)} payment(s) exceed it alone, the largest {largest}" if over else ""
            )
            total_money = format_money(total, worst.currency)
            why = f"Payments under the agreement total {total_money}, over its cap of {cap}"
            why += alone
        else:
            why = f"{len(over)} payment(s) exceed the contractual cap of {cap}"
            why += f"; the largest is {largest}"
        high = max(total if cumulative else 0.0, worst.amount) >= 2 * clause.amount
        contradiction = Contradiction(
            claim=clause.text[:300],
            claim_source=clause.source,
            evidence_against=unique_refs([t.source for t in over or paid], 6),
            explanation=why + ".",
            severity="HIGH" if high else "MEDIUM",
        )
        found.append((clause, contradiction))
    return found


def _named(tx: Transaction) -> list[str]:
    return [q for q in (tx.from_party, tx.to_party) if q]


def _between_parties(tx: Transaction, bound: list[str]) -> bool:
    """Whether a payment is one under an agreement."""
    named = _named(tx)
    return bool(named) and all(any(same_party(p, q) for p in bound) for q in named)


def corroborated(view: CaseView, items: list[Item], zone: tzinfo) -> set[ClaimKey]:
    """Claims that an event of the speaker, in another file and in the claimed time, bears on."""
    found: set[ClaimKey] = set()
    index = timeline_index(items, view)
    for claim in view.evidence.sworn_claims:
        window = claim_window(claim, zone, timedelta())
        if window is None or not claim.speaker:
            continue
        for item in in_window(index, window):
            if _REPORTED.search(item.description):
                continue  # "She advised the vehicle was last seen at 18:15": her own account
            if item.file_id != claim.source.file_id and any(
                same_party(claim.speaker, p) for p in item.people
            ):
                found.add((claim.source.file_id, claim.source.line, claim.source.page))
                break
    return found
