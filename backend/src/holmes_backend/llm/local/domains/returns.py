"""Did not go back: "I set the alarm, went straight home and did not return to the premises that
night" against the alarm's log, whose rows have the speaker's user code (mapped to them by the
case's user list) unsetting it at 23:48.

- Synthesis: a denial of returning to, going back to or entering a place (the premises, the
  shop, the site, the office …) over the claim's period (a night runs to six in the morning),
  against log rows of theirs in that period (the row's user is them, by name or by the code the
  case maps to them) that record a way in: unset or disarmed, unlocked, opened, entry, access
  granted, badge in. HIGH from two rows, MEDIUM from one.
"""

import re
from datetime import datetime, time, timedelta

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted_by
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.dates import naive, parse_span
from holmes_backend.llm.local.facts.names import same_party

_DENIED = re.compile(
    r"\b(?:never|not|did\s*n['\u2019]t|didn['\u2019]t)\b[^.;]{0,20}?\b(?:return(?:ed)?|go(?:ne)?\s+"
    r"back|went\s+back|come\s+back|came\s+back|enter(?:ed)?|set\s+foot\s+in|go\s+(?:in|into)|"
    r"went\s+(?:in|into))\b(?P<rest>[^.;]{0,60})",
    re.IGNORECASE,
)
_PLACE = re.compile(
    r"\b(?:premises|shop|store|office|offices|site|building|unit|warehouse|yard|depot|factory|"
    r"workshop|restaurant|pub|bar|property|there|ward|plant|compound)\b",
    re.IGNORECASE,
)
_TO_PLACE = re.compile(r"\s*(?:to|into|in|inside)\s+(?:the|my|our|his|her|their|that)\s+[a-z]{3,}")
# A row's way in: the alarm unset, a door unlocked or opened, an entry granted.
_WAY_IN = re.compile(
    r"\b(?:unset|disarm\w*|unlock\w*|open(?:ed)?|entry|entered|access\s+granted|granted(?:\s+in)?|"
    r"badge[ds]?\s+in|swiped\s+in|door\s+forced)\b",
    re.IGNORECASE,
)
_NIGHT = re.compile(r"\b(?:that|the|all)\s+night\b|\bovernight\b", re.IGNORECASE)
_MORNING = time(6, 0)


def return_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        denied = _DENIED.search(said)
        span = parse_span(claim.claimed_time)
        if not claim.speaker or denied is None or span is None:
            continue
        if not (_PLACE.search(said) or _TO_PLACE.match(denied["rest"])):
            continue  # "did not go back to the kiosk": a place, whatever its kind
        start, end = naive(span[0]), naive(span[1])
        if _NIGHT.search(said) and end.time() >= time(23, 59):
            end = datetime.combine(end.date() + timedelta(days=1), _MORNING)  # the night's end
        speaker = claim.speaker
        rows = [
            i
            for i in items
            if i.kind not in ("claim", "transaction")
            and i.file_id != claim.source.file_id
            and i.timed
            and start < naive(i.when) <= end
            and any(same_party(speaker, p) for p in i.people)
            and _WAY_IN.search(i.description)
        ]
        if rows:
            found.append(
                refuted_by(
                    claim,
                    rows,
                    f"{speaker} says they did not go back, yet {len(rows)} log row(s) of theirs "
                    "record a way in then",
                )
            )
    return found


__all__ = ["return_contradictions"]
