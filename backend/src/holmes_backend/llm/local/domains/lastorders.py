"""Served after the time stated: a licensee's "we stopped serving alcohol at 23:00" against the
till's sales of drink at 23:17 and 23:26 that night, and "all customers had left by 23:30"
against a sale rung up at 23:48.

- Synthesis: a claim of when serving or selling stopped ("stopped serving alcohol at 23:00",
  "no alcohol was sold after 11pm", "last orders were at 22:45") against the sales rows of
  another file that night more than five minutes after it, of what the claim names (drink:
  rows whose item is a drink; anything else: any sale); a claim that everyone had left by a
  time against sales more than ten minutes after it. HIGH from two sales, MEDIUM from one.
"""

import re
from datetime import datetime, timedelta

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted_by
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.dates import find_times, naive, parse_span


def _at(group: str) -> str:
    """A time told after "at", "by", "from" or "after", captured as `group`."""
    return (
        r"(?:at|by|from|after)\s+(?:about\s+|around\s+|approximately\s+)?"
        rf"(?P<{group}>\d{{1,2}}(?:[:.]\d{{2}})?\s*(?:[ap]\.?m\.?)?)"
    )


_STOPPED = re.compile(
    r"\b(?:stopped|ceased|finished|ended|closed)\s+(?:serving|selling|the\s+bar)\s*"
    r"(?P<what>[a-z]+)?[^.;]{0,30}?\b"
    + _at("at")
    + r"|\bno\s+(?P<what2>[a-z]+)\s+(?:was|were)\s+(?:served|sold)\s+(?:to\s+anyone\s+)?"
    + _at("at2")
    + r"|\blast\s+orders\s+(?:were|was)\s+(?:called\s+)?"
    + _at("at3"),
    re.IGNORECASE,
)
_EMPTIED = re.compile(
    r"\b(?:all|every)\s+(?:the\s+|of\s+the\s+)?(?:customers?|guests?|patrons?|drinkers?)\s+"
    r"(?:had\s+|have\s+)?(?:left|gone)[^.;]{0,30}?\b" + _at("left"),
    re.IGNORECASE,
)
_DRINK_WORDS = re.compile(r"^(?:alcohol|drinks?|drink|alcoholic|booze|liquor|spirits)$", re.I)
_DRINKS = re.compile(
    r"\b(?:beer|lager|ale|stout|bitter|cider|pint|pints|half|wine|prosecco|champagne|cava|"
    r"vodka|gin|rum|whisk(?:e)?y|bourbon|tequila|brandy|cognac|liqueur|sambuca|shots?|cocktails?|"
    r"spritz|alcohol|spirits?|jagerbomb|baileys|port|sherry)\b",
    re.IGNORECASE,
)
_NOT_A_SALE = re.compile(r"\b(?:void|refund|no\s+sale|cash\s*up|z[- ]?read|x[- ]?read)\b", re.I)
_SERVE_SLACK = timedelta(minutes=5)
_LEAVE_SLACK = timedelta(minutes=10)
_NIGHT_ENDS = 6  # a night runs to six in the morning


def last_orders_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    sales = [
        i for i in items if i.kind == "transaction" and i.timed and not _NOT_A_SALE.search(_row(i))
    ]
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        span = parse_span(claim.claimed_time)
        if not claim.speaker or span is None or not sales:
            continue
        if stopped := _STOPPED.search(said):
            at = _moment(span[0], stopped["at"] or stopped["at2"] or stopped["at3"])
            what = (stopped["what"] or stopped["what2"] or "").lower()
            drink = bool(_DRINK_WORDS.match(what)) or bool(stopped["at3"])
            after = _after(claim, sales, at, _SERVE_SLACK, drink)
            if after:
                served = "drink" if drink else "anything"
                found.append(
                    refuted_by(
                        claim,
                        after,
                        f"{claim.speaker} says serving stopped at {at:%H:%M}, yet the till "
                        f"records {len(after)} sale(s) of {served} after it that night",
                        width=140,
                    )
                )
        if (emptied := _EMPTIED.search(said)) and (at := _moment(span[0], emptied["left"])):
            after = _after(claim, sales, at, _LEAVE_SLACK, False)
            if after:
                found.append(
                    refuted_by(
                        claim,
                        after,
                        f"{claim.speaker} says everyone had left by {at:%H:%M}, yet the till "
                        f"records {len(after)} sale(s) after it that night",
                        width=140,
                    )
                )
    return found


def _moment(day: datetime, clock: str | None) -> datetime | None:
    """The time told, on the night of the claim's day (after midnight: the next morning)."""
    times = find_times(clock or "")
    if not times:
        return None
    at = naive(day).replace(hour=times[0][0].hour, minute=times[0][0].minute, second=0)
    return at + timedelta(days=1) if at.hour < _NIGHT_ENDS else at


def _after(
    claim: SwornClaim, sales: list[Item], at: datetime | None, slack: timedelta, drink: bool
) -> list[Item]:
    if at is None:
        return []
    night_end = at.replace(hour=_NIGHT_ENDS, minute=0) + (
        timedelta(days=1) if at.hour >= _NIGHT_ENDS else timedelta(0)
    )
    return [
        s
        for s in sales
        if s.file_id != claim.source.file_id
        and at + slack < naive(s.when) <= night_end
        and (not drink or _DRINKS.search(_row(s)))
    ]


def _row(item: Item) -> str:
    return f"{item.description} {item.source.excerpt or ''}"


__all__ = ["last_orders_contradictions"]
