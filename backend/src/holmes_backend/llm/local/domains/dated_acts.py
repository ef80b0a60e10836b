"""Done on a day its own record gives otherwise: a landlord's "I carried out the annual gas
safety check on 14 February 2025, before the tenancy began" against the gas safety record's
"Date of check: 02/05/2025"; a contractor's "the notice was served on 3 June" against the notice's
"Date served: 19 June".

- Synthesis: a witness's claim dating an act they name by its thing ("the gas safety check",
  "the notice") to a day it writes out, against a record of another file whose own date field
  names that act ("Date of check", "Date served", "Inspection date") and whose file or field
  shares a word of the thing ("gas_safety_record.txt"), on another day within half a year of
  the claimed one, with no such record on the claimed day: MEDIUM (the record may be of another
  occasion of the act), HIGH when the record's file is named for the thing itself.
- Synthesis: the same claim, to a day or a month ("I completed my forklift refresher training
  in December 2025"), against a register's rows of the witness (a training record's "Employee:
  Liam Shaw; Course: Counterbalance forklift refresher; Date completed: 2022-11-08") whose date
  field names the act and whose words share the thing's: none in the claimed time, the last of
  them before it, is the register giving otherwise (MEDIUM; HIGH when its file is named for the
  thing).
"""

import re
from datetime import date, timedelta

from holmes_backend.agents.schemas import Contradiction, DatedItem, SwornClaim, TimedEvent
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.dates import find_moments, parse_iso, parse_span
from holmes_backend.llm.local.facts.lexicon import STOPWORDS
from holmes_backend.llm.local.facts.names import find_names, same_party

# "I carried out the annual gas safety check on 14 February 2025"
_DONE_ON = re.compile(
    r"\b(?:I|we)\s+(?P<verb>carried\s+out|did|had|completed|conducted|performed|made|served|"
    r"issued|sent|signed|gave|arranged|booked|obtained|renewed|fitted|installed|tested)\s+"
    r"(?:the|a|an|our|my|his|her|their)\s+(?P<thing>[a-z][a-z -]{2,60}?)\s+on\s+(?=\d|the\s+\d)",
    re.IGNORECASE,
)
# A record's own date of an act: "Date of check:", "Date served:", "Inspection date:".
_DATE_FIELD = re.compile(
    r"^\s*(?:date\s+(?:of\s+)?(?P<a>[a-z][a-z ]{2,30}?)|(?P<b>[a-z][a-z ]{2,30}?)\s+date)\s*:",
    re.IGNORECASE,
)
_GENERIC = frozenset(("annual", "yearly", "first", "last", "full", "final", "copy", "original"))
_NEAR = timedelta(days=183)
_STEM = 5


def _stems(text: str) -> set[str]:
    words = re.findall(r"[a-z]{3,}", text.lower().replace("_", " "))
    return {w[:_STEM] for w in words if w not in STOPWORDS and w not in _GENERIC}


def dated_act_contradictions(
    claims: list[SwornClaim],
    dates: list[DatedItem],
    events: list[TimedEvent],
    filenames: dict[str, str],
) -> list[Contradiction]:
    """`dates` the legal agent's, `events` the evidence agent's: a record read by either."""
    dated = dates + [
        DatedItem(date=e.timestamp, description=e.description, source=e.source) for e in events
    ]
    fields = [(d, m) for d in dated if (m := _DATE_FIELD.match(d.description)) is not None]
    found: list[Contradiction] = []
    for claim in claims if fields else []:
        said = answer_of(claim).said
        done = _DONE_ON.search(said)
        moments = find_moments(said[done.end() :]) if done else []
        if not claim.speaker or done is None or not moments:
            continue
        day = moments[0].day
        # "the first written warning to Mr Okonjo": the thing, not whom it went to.
        what = re.split(r"\s+(?:to|for|with|from|at)\s+", done["thing"].strip())[0]
        thing = _stems(what) | _stems(done["verb"])
        records: list[tuple[date, DatedItem, bool]] = []
        for item, field in fields:
            when = parse_iso(item.date)
            if when is None or item.source.file_id == claim.source.file_id:
                continue
            label = _stems(field["a"] or field["b"] or "")
            named = _stems(filenames.get(item.source.file_id, ""))
            # The field names the act ("check"), and the file or field the thing ("gas safety").
            if label & thing and (named | label) & (thing - label):
                records.append((when.date(), item, bool(named & thing)))
        near = [r for r in records if abs(r[0] - day) <= _NEAR]
        if not near or any(d == day for d, _, _ in near):
            continue
        on, item, own_file = min(near, key=lambda r: abs(r[0] - day))
        found.append(
            refuted(
                claim,
                [item.source],
                f"{claim.speaker} dates the {what} to {day.isoformat()}; its "
                f"record gives {item.description.strip()} ({on.isoformat()}).",
                "HIGH" if own_file else "MEDIUM",
            )
        )
    return found


_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
# "I completed my forklift refresher training in December 2025", "… on 3 June".
_DONE_IN = re.compile(
    r"\b(?:I|we)\s+(?P<verb>carried\s+out|did|had|completed|conducted|performed|passed|attended|"
    r"renewed|took|sat|obtained|finished)\s+(?:the|a|an|our|my|his|her|their)\s+"
    rf"(?P<thing>[a-z][a-z -]{{2,60}}?)\s+(?:on|in)\s+(?=\d|the\s+\d|(?:{_MONTHS})\b)",
    re.IGNORECASE,
)
# A row's own date of an act, anywhere in it: "…; Date completed: 2022-11-08; …".
_ROW_DATE_FIELD = re.compile(
    r"(?:^|;\s*)(?:date\s+(?:of\s+)?(?P<a>[a-z][a-z ]{2,30}?)|(?P<b>[a-z][a-z ]{2,30}?)\s+date)"
    r"\s*:\s*(?P<v>[^;]+)",
    re.IGNORECASE,
)


def _told(said: str, done: re.Match[str]) -> str:
    """The time a claim gives, as it writes it ("December 2025")."""
    return re.split(r"[,;.]|\s+(?:and|but|when|as|before|after)\s+", said[done.end() :])[0].strip()


def register_dated_contradictions(
    claims: list[SwornClaim], events: list[TimedEvent], filenames: dict[str, str]
) -> list[Contradiction]:
    rows = [e for e in events if e.source.row is not None]
    found: list[Contradiction] = []
    for claim in claims if rows else []:
        done = _DONE_IN.search(answer_of(claim).said)
        span = parse_span(claim.claimed_time)
        if not claim.speaker or done is None or span is None:
            continue
        what = re.split(r"\s+(?:to|for|with|from|at)\s+", done["thing"].strip())[0]
        thing, act = _stems(what), _stems(done["verb"])
        dated: list[tuple[date, TimedEvent]] = []
        for row in rows:
            if row.source.file_id == claim.source.file_id:
                continue
            text = row.source.excerpt or row.description
            people = [n.text for n in find_names(text) if n.kind == "person"]
            if not any(same_party(claim.speaker, p) for p in people):
                continue
            label = next(
                (
                    (f, _stems(f["a"] or f["b"] or ""))
                    for f in _ROW_DATE_FIELD.finditer(text)
                    if _stems(f["a"] or f["b"] or "") & (act | thing)
                ),
                None,
            )
            # The row's own words share the thing's ("forklift refresher"), not only the act's.
            if label is None or not (_stems(text) - label[1]) & (thing - act):
                continue
            moments = find_moments(label[0]["v"])
            if moments:
                dated.append((moments[0].day, row))
        if not dated or any(span[0].date() <= d <= span[1].date() for d, _ in dated):
            continue
        before = [(d, r) for d, r in dated if d < span[0].date()]
        if not before:
            continue
        on, row = max(before, key=lambda pair: pair[0])
        own_file = bool(_stems(filenames.get(row.source.file_id, "")) & (thing - act))
        found.append(
            refuted(
                claim,
                [row.source],
                f"{claim.speaker} dates the {what} to {_told(answer_of(claim).said, done)}; the "
                f"register of it has none then, its last on {on.isoformat()}: "
                f"{(row.source.excerpt or row.description)[:160]}.",
                "HIGH" if own_file else "MEDIUM",
            )
        )
    return found


__all__ = ["dated_act_contradictions", "register_dated_contradictions"]
