"""The lights were green: a driver's "The traffic lights were green for me as I entered the
junction" against the signal controller's log, which has his approach on red from 08:41:55 until
08:42:45 and the collision at 08:42:10.

- Synthesis: a claim of the aspect a signal showed the speaker ("the lights were green for me",
  "I had a green light") is held against the rows of a signal log (rows giving an aspect: green,
  amber, red) for the speaker's approach: the road their own statement says they were on ("I was
  driving north on Albion Street"), and its direction where the log gives directions. The moment
  is the incident's as another record times it (a collision, an impact, a crash within ten
  minutes of the claim's time), else the claim's own time. The aspect in force then (the
  approach's last change before it) contradicts the claim: HIGH at a recorded moment, MEDIUM
  when only the claim's own minute is known and no row of that minute shows the claimed aspect.
"""

import re
from datetime import timedelta

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.dates import naive, parse_span

_ASPECTS = {"green": "green", "amber": "amber", "yellow": "amber", "red": "red"}
_CLAIMED = re.compile(
    r"\b(?:lights?|signals?)\s+(?:\w+\s+){0,2}?(?:was|were|had\s+turned|turned|showed|showing|"
    r"changed\s+to|still\s+on|on)\s+(?:still\s+)?(?:on\s+)?(?P<aspect>green|amber|yellow|red)\b|"
    r"\b(?:had|got|saw)\s+(?:a|the)\s+(?P<aspect2>green|amber|yellow|red)\s+(?:light|signal)\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"\b(?:not|never|no)\b|n['\u2019]t\b", re.IGNORECASE)
_ROAD = (
    r"(?:street|st|road|rd|lane|ln|avenue|ave|way|drive|dr|boulevard|blvd|highway|hwy|parkway|"
    r"place|pl|hill|row|terrace|crescent|bridge|broadway|gate)"
)
_TRAVEL = re.compile(
    r"\b(?:driving|drove|travel+ing|travel+ed|heading|headed|going|went|cycling|cycled|riding|"
    r"rode|approaching|approached)\s+(?:(?P<dir>north|south|east|west)(?:bound|wards?)?\s+)?"
    r"(?:on|along|down|up|in)\s+(?:the\s+)?(?P<road>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}?)\s+"
    rf"{_ROAD}\b",
    re.IGNORECASE,
)
_ROW_ASPECT = re.compile(
    r"\b(?:aspect|signal|state|colou?r|indication|lamp)\s*:\s*(?P<v>[^;]+)", re.I
)
_INCIDENT = re.compile(r"\b(?:collision|collided|impact|crash(?:ed)?|accident|incident)\b", re.I)
_NEAR = timedelta(minutes=10)
_MINUTE = timedelta(seconds=59)


def _aspect(item: Item) -> str | None:
    field = _ROW_ASPECT.search(item.description)
    if field is None:
        return None
    return next((a for w, a in _ASPECTS.items() if re.search(rf"\b{w}\b", field["v"], re.I)), None)


def _approach(claim: SwornClaim, claims: list[SwornClaim]) -> tuple[str, str | None] | None:
    """(the road's first word, the direction's) of the speaker's own account of their way."""
    for text in [claim.claim] + [
        c.claim
        for c in claims
        if c.source.file_id == claim.source.file_id and c.speaker == claim.speaker
    ]:
        if (match := _TRAVEL.search(text)) is not None:
            return match["road"].split()[0].lower(), (match["dir"] or "").lower() or None
    return None


def signal_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    signal_rows = [(i, a) for i in items if i.kind != "claim" and (a := _aspect(i))]
    found: list[Contradiction] = []
    for claim in claims if signal_rows else []:
        said = answer_of(claim).said
        match = _CLAIMED.search(said)
        span = parse_span(claim.claimed_time)
        if match is None or _NEGATED.search(said) or span is None or not claim.speaker:
            continue
        claimed = _ASPECTS[(match["aspect"] or match["aspect2"]).lower()]
        approach = _approach(claim, claims)
        if approach is None:
            continue
        road, direction = approach
        rows = sorted(
            (
                (i, a)
                for i, a in signal_rows
                if road in i.description.lower()
                and (direction is None or direction in i.description.lower())
                and i.file_id != claim.source.file_id
            ),
            key=lambda r: r[0].when,
        )
        if not rows:
            continue
        start = naive(span[0])
        incident = min(
            (
                i
                for i in items
                if i.kind != "claim"
                and i.file_id not in (claim.source.file_id, rows[0][0].file_id)
                and i.timed
                and _INCIDENT.search(i.description)
                and abs(naive(i.when) - start) <= _NEAR
            ),
            key=lambda i: abs(naive(i.when) - start),
            default=None,
        )
        moment = naive(incident.when) if incident else start
        before = [(i, a) for i, a in rows if naive(i.when) <= moment]
        if not before:
            continue
        in_force, shown = before[-1]
        if incident is None:
            # Only the claim's own minute: every aspect shown in it must differ from the claim.
            minute = [a for i, a in rows if moment < naive(i.when) <= moment + _MINUTE]
            if claimed in {shown, *minute}:
                continue
        elif shown == claimed:
            continue
        when = incident.at() if incident else f"about {moment:%H:%M}"
        found.append(
            refuted(
                claim,
                [in_force.source] + ([incident.source] if incident else []),
                (
                    f"{claim.speaker} says the signal was {claimed} for them; the signal log has "
                    f"their approach ({in_force.description[:120]}) on {shown} from "
                    f"{in_force.at()}, in force at {when}"
                    + (
                        f", the moment another record gives: {incident.description[:100]}"
                        if incident
                        else ""
                    )
                    + "."
                ),
                "HIGH" if incident else "MEDIUM",
            )
        )
    return found


__all__ = ["signal_contradictions"]
