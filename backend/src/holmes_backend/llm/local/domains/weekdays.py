"""Every Saturday of a month: a witness's "In March 2025 I worked every Saturday, from 08:00 to
16:00, at the depot" against the site's access log, and their "I was never paid for any of those
Saturdays" against the payroll.

- Synthesis: the days a claim of presence names by their weekday ("every Saturday", "each
  Monday and Thursday", "every weekend") within its period (its own words, or the claim just
  before it by the same speaker: "In March 2025 …"), against an access log that has the
  speaker's own rows (a badge, gate, door or sign-in record naming them): a named day the log
  was kept (it has rows of others that day) and has no row of theirs says they were not there
  (HIGH from two such days, MEDIUM from one). Their denial of being paid for those days
  ("never paid for any of those Saturdays") against payments to them dated on such days
  (payroll rows): HIGH.
"""

import re
from collections import defaultdict
from datetime import date, timedelta

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import WEEKDAYS, find_period
from holmes_backend.llm.local.facts.names import same_party

_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_EVERY = re.compile(
    rf"\b(?:every|each|all(?:\s+(?:of\s+)?the)?|those|these|the)\s+(?P<days>{_DAY}s?"
    rf"(?:\s*(?:,|and|&|or)\s*{_DAY}s?)*|weekends?)\b",
    re.IGNORECASE,
)
# Only a plural or "every"/"each" names every such day; "the Saturday" is one day.
_PLURAL = re.compile(rf"\b(?:every|each)\s+(?:{_DAY}|weekend)\b|\b{_DAY}s\b|\bweekends\b", re.I)
_PRESENT = re.compile(
    r"\b(?:worked|work|was\s+(?:at|on\s+site|in|on\s+shift|on\s+duty)|attended|came\s+in|"
    r"did\s+(?:a\s+)?shifts?|covered|opened\s+up|was\s+there)\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"\b(?:not|never|no)\b|n['\u2019]t\b", re.IGNORECASE)
_UNPAID = re.compile(
    r"\b(?:(?:never|not)\s+(?:been\s+|once\s+)?paid|(?:was|were)\s*n['\u2019]t\s+paid|"
    r"unpaid|no\s+pay(?:ment)?|received\s+(?:no|nothing))\b",
    re.IGNORECASE,
)
_ACCESS = re.compile(
    r"\b(?:badge|gate|door|turnstile|reader|swipe[ds]?|fob|access|clock(?:ed)?[ -]?(?:in|out)|"
    r"sign(?:ed)?[ -]?(?:in|out)|entry|exit|direction)\b",
    re.IGNORECASE,
)
# "I never used the card at weekends", "it was never used on a Sunday": days a card was not
# used; "only ever used it on weekdays": the days it was.
_NOT_USED_ON = re.compile(
    rf"\b(?:never|not|n['\u2019]t)\b[^.;]{{0,40}}?\bus(?:e|ed|ing)\b[^.;]{{0,40}}?"
    rf"\b(?:at|on|over|during)\s+(?:the\s+|a\s+)?(?P<days>weekends?|{_DAY}s?"
    rf"(?:\s*(?:,|and|or)\s*{_DAY}s?)*)\b",
    re.IGNORECASE,
)
_ONLY_WEEKDAYS = re.compile(
    r"\bonly\b[^.;]{0,40}?\bus(?:e|ed|ing)\b[^.;]{0,40}?\b(?:on|during)\s+(?:weekdays|week\s+days|"
    r"working\s+days|work\s+days|monday\s+to\s+friday)\b",
    re.IGNORECASE,
)
_CARD = re.compile(r"\bcards?\b", re.IGNORECASE)
# The last digits a card is told by: "fuel card ending 4471", "card no. ****4471".
_CARD_TAIL = re.compile(
    r"\b(?:ending(?:\s+in)?|ends\s+in|no\.?|number)\s*[*x]*\s*(\d{4})\b|[*x]{2,}\s*(\d{4})\b",
    re.IGNORECASE,
)
_LONGEST = timedelta(days=190)  # a claim of every such day over half a year at most
_LISTED = 6


def _weekdays(text: str) -> set[int]:
    """The weekdays a claim names every one of (0 = Monday)."""
    match = _EVERY.search(text)
    if match is None or not _PLURAL.search(match.group()):
        return set()
    named = match["days"].lower()
    if "weekend" in named:
        return {5, 6}
    return {i for i, day in enumerate(WEEKDAYS) if day[:3] in re.findall(r"[a-z]{3}", named)}


def _named_days(claim: SwornClaim, before: list[SwornClaim]) -> list[date]:
    """The days of the weekdays a claim names, within its period or, failing that, the period
    of the nearest claim before it by the same speaker in the same file."""
    said = answer_of(claim).said
    weekdays = _weekdays(said)
    if not weekdays:
        return []
    period = find_period(said, None)
    for earlier in reversed(before):
        if period is not None:
            break
        if earlier.source.file_id == claim.source.file_id and earlier.speaker == claim.speaker:
            period = find_period(answer_of(earlier).said, None)
    if period is None or not timedelta(days=6) <= period[1] - period[0] <= _LONGEST:
        return []
    first, last = period
    return [
        first + timedelta(days=n)
        for n in range((last - first).days + 1)
        if (first + timedelta(days=n)).weekday() in weekdays
    ]


def _theirs(item: Item, speaker: str) -> bool:
    return any(same_party(speaker, p) for p in item.people) or speaker.lower() in (
        item.description.lower()
    )


def weekday_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    logs: dict[str, list[Item]] = defaultdict(list)
    for item in items:
        if item.kind not in {"transaction", "claim"} and _ACCESS.search(item.description):
            logs[item.file_id].append(item)
    for index, claim in enumerate(claims):
        speaker = claim.speaker
        said = answer_of(claim).said
        if not speaker:
            continue
        if _CARD.search(said) and (unused := _days_unused(said)):
            found += _card_used(claim, claims, unused, items)
        days = _named_days(claim, claims[:index])
        if not days:
            continue
        if _UNPAID.search(said):
            found += _paid(claim, speaker, days, items)
        elif _PRESENT.search(said) and not _NEGATED.search(said):
            found += _absent(claim, speaker, days, logs)
    return found


def _days_unused(said: str) -> set[int]:
    """The weekdays a claim says a card was not used on (0 = Monday)."""
    if _ONLY_WEEKDAYS.search(said):
        return {5, 6}
    match = _NOT_USED_ON.search(said)
    if match is None:
        return set()
    named = match["days"].lower()
    if "weekend" in named:
        return {5, 6}
    return {i for i, day in enumerate(WEEKDAYS) if day[:3] in re.findall(r"[a-z]{3}", named)}


def _card_used(
    claim: SwornClaim, claims: list[SwornClaim], unused: set[int], items: list[Item]
) -> list[Contradiction]:
    """The card's payments on the days the claim says it was not used: the card its speaker
    tells by its last digits in the same statement, else the case's card records."""
    said = answer_of(claim).said
    tails = card_tails(claim, claims)
    period = find_period(said, None)
    used = [
        i
        for i in items
        if i.kind == "transaction"
        and i.file_id != claim.source.file_id
        and i.when.weekday() in unused
        and (period is None or period[0] <= i.when.date() <= period[1])
        and of_card(i, tails)
    ]
    if not used:
        return []
    used.sort(key=lambda i: i.when)
    days = sorted({i.when.date() for i in used})
    listed = ", ".join(f"{d:%a} {d.isoformat()}" for d in days[:_LISTED])
    more = f" and {len(days) - _LISTED} more" if len(days) > _LISTED else ""
    names = " or ".join(f"{WEEKDAYS[d].capitalize()}s" for d in sorted(unused))
    return [
        refuted(
            claim,
            unique_refs([i.source for i in used], 6),
            (
                f"{claim.speaker} says the card was not used on {names}; {len(used)} "
                f"payment(s) with it were made on such days ({listed}{more}), first: "
                f"{used[0].description[:140]}."
            ),
            "HIGH" if len(used) >= 2 else "MEDIUM",
        )
    ]


def card_tails(claim: SwornClaim, claims: list[SwornClaim]) -> set[str]:
    """The last digits of the cards a claim's speaker tells in the same statement ("I was
    issued fuel card ending 4471")."""
    return {
        m[1] or m[2]
        for c in claims
        if c.source.file_id == claim.source.file_id and c.speaker == claim.speaker
        for m in _CARD_TAIL.finditer(c.claim)
    }


def of_card(item: Item, tails: set[str]) -> bool:
    """Whether a payment was made with the card its last digits tell (with a card at all when
    none are told: a card's records, a row naming one)."""
    text = f"{item.file_id} {item.description} {item.source.excerpt or ''}"
    if tails:
        return any(re.search(rf"(?<!\d){tail}(?!\d)", text) for tail in tails)
    return bool(_CARD.search(text.replace("_", " ")))


def _absent(
    claim: SwornClaim, speaker: str, days: list[date], logs: dict[str, list[Item]]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for file_id, rows in logs.items():
        mine = {r.when.date() for r in rows if _theirs(r, speaker)}
        if not mine or file_id == claim.source.file_id:
            continue  # not a log of theirs
        kept = {r.when.date() for r in rows}
        missed = [d for d in days if d in kept and d not in mine]
        if not missed:
            continue
        others = [r for r in rows if r.when.date() in missed]
        listed = ", ".join(d.isoformat() for d in missed[:_LISTED])
        those = "that day" if len(missed) == 1 else "those days"
        found.append(
            refuted(
                claim,
                unique_refs([r.source for r in others], 6),
                (
                    f"{speaker} says they were there on every one of those days; the access log "
                    f"that records them on other days was kept on {listed} (it logs others "
                    f"then) and has no entry of theirs on {those}."
                ),
                "HIGH" if len(missed) >= 2 else "MEDIUM",
            )
        )
    return found


def _paid(
    claim: SwornClaim, speaker: str, days: list[date], items: list[Item]
) -> list[Contradiction]:
    named = set(days)
    paid = [
        i
        for i in items
        if i.kind == "transaction"
        and i.file_id != claim.source.file_id
        and i.when.date() in named
        and _theirs(i, speaker)
    ]
    if not paid:
        return []
    listed = ", ".join(sorted({i.when.date().isoformat() for i in paid})[:_LISTED])
    return [
        refuted(
            claim,
            unique_refs([i.source for i in paid], 6),
            (
                f"{speaker} says they were not paid for those days; {len(paid)} payment "
                f"record(s) pay them for {listed}, first: {paid[0].description[:140]}."
            ),
            "HIGH",
        )
    ]


__all__ = ["card_tails", "of_card", "weekday_contradictions"]
