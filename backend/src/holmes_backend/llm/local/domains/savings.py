"""No savings: a legal aid applicant's "No" to "Do you have any savings or capital over £3,000?"
against her own savings account's statement, £16,366.30 at the end of the month before.

- Financial: an account statement's balances (a balance column) are findings at each month's
  last row, with the account and its holder (the row's holder column, or the statement's
  "Account holder:" / "Name:" field).
- Synthesis: a denial of savings or capital (over a sum, when the question or the words give
  one: "over £3,000"; "I have no savings"), against the speaker's balances in the two months up
  to the day it was made: the latest balance of each account, above the sum, is a
  contradiction (HIGH).
"""

import re
from datetime import date, timedelta

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cells import roles, row_fields
from holmes_backend.llm.local.facts.dates import find_moments, parse_span
from holmes_backend.llm.local.facts.money import (
    find_money,
    format_money,
    implicit_currency,
    parse_cell,
)
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import units

BALANCE_HELD = "balance_held"
_TITLE = re.compile(
    r"^Balance of (?P<money>.+?) on (?P<day>\d{4}-\d{2}-\d{2}) in (?P<account>.+?) held by "
    r"(?P<holder>.+)$"
)
_HOLDER_FIELD = re.compile(
    r"^\s*(?:account\s+(?:holder|name)s?|holder|name|customer|member)\s*:\s*(?P<who>.+)$", re.I
)
_HOLDER_COLUMN = re.compile(r"\b(?:account\s+)?(?:holder|name|customer|member)\b", re.I)
_ACCOUNT_COLUMN = re.compile(r"\baccount\b(?!\s+(?:holder|name))", re.IGNORECASE)
_SAVINGS = re.compile(r"\b(?:savings?|capital|money\s+in\s+(?:the|any)\s+bank)\b", re.IGNORECASE)
_NONE = re.compile(
    r"\b(?:no|not?\s+(?:\w+\s+){0,2}any|nothing\s+in)\s+(?:\w+\s+)?(?:savings?|capital)\b", re.I
)
_OVER = re.compile(r"\b(?:over|above|more\s+than|exceeding|in\s+excess\s+of)\s*$", re.IGNORECASE)
_WITHIN = timedelta(days=62)
# "Total savings (all accounts): £450": all there is, a tenth and a little either side.
_TOTAL = re.compile(
    r"^\s*total\s+(?:savings|capital)\b[^:]{0,40}\b(?:all|every)\b[^:]{0,20}:(?P<rest>.+)$", re.I
)
_TOLERANCE = 1.1
_SLACK = 100.0
_HEAD = 10


def balances(doc: EvidenceDoc) -> list[Finding]:
    """Each account's balance at the last row of each month."""
    doc_units = units(doc)
    head = next((m["who"] for u in doc_units[:_HEAD] if (m := _HOLDER_FIELD.match(u.text))), None)
    last: dict[tuple[str, str, str], tuple[date, Finding]] = {}
    for unit in doc_units:
        if unit.kind != "row" or not (fields := row_fields(unit.text)):
            continue
        assigned = roles(list(fields))
        balance = next((v for h, v in fields.items() if assigned.get(h) == "balance"), None)
        parsed = parse_cell(balance) if balance else None
        day = next(
            (
                m.day
                for h, v in fields.items()
                if assigned.get(h) == "date"
                for m in find_moments(v)
            ),
            None,
        )
        holder = _person(
            next((v for h, v in fields.items() if _HOLDER_COLUMN.search(h)), None) or head
        )
        if parsed is None or day is None or holder is None:
            continue
        account = next((v for h, v in fields.items() if _ACCOUNT_COLUMN.search(h)), doc.filename)
        money = format_money(parsed[0], parsed[1] or implicit_currency.get())
        finding = Finding(
            finding_type=BALANCE_HELD,
            title=f"Balance of {money} on {day.isoformat()} in {account} held by {holder}",
            summary=unit.text[:300],
            confidence=0.8,
            severity="LOW",
            entities=[holder],
            sources=[unit.ref],
        )
        key = (holder, account, day.strftime("%Y-%m"))
        if key not in last or day >= last[key][0]:
            last[key] = (day, finding)
    return [finding for _, finding in last.values()]


def _person(text: str | None) -> str | None:
    named = find_names(text.title() if text and text.isupper() else text or "")
    return next((n.text for n in named if n.kind == "person"), None)


def savings_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    held = [
        (m, f) for f in findings if f.finding_type == BALANCE_HELD and (m := _TITLE.match(f.title))
    ]
    found: list[Contradiction] = []
    # A form's figures are as of its day: the day its other answers are of.
    days: dict[str, date] = {}
    for claim in claims:
        if span := parse_span(claim.claimed_time):
            days[claim.source.file_id] = max(
                days.get(claim.source.file_id, date.min), span[1].date()
            )
    for claim in claims if held else []:
        denied = _denied(claim)
        span = parse_span(claim.claimed_time)
        told = span[1].date() if span else days.get(claim.source.file_id)
        if denied is None or not claim.speaker or told is None:
            continue
        limit, says = denied
        latest: dict[str, tuple[date, float, Finding]] = {}
        for match, finding in held:
            day = date.fromisoformat(match["day"])
            amount = parse_cell(match["money"])
            if (
                amount is None
                or not same_party(match["holder"], claim.speaker)
                or not told - _WITHIN <= day <= told
            ):
                continue
            account = match["account"]
            if account not in latest or day > latest[account][0]:
                latest[account] = (day, amount[0], finding)
        over = [(day, amount, f) for day, amount, f in latest.values() if amount > limit]
        if not over:
            continue
        listed = "; ".join(f"{f.title.removeprefix('Balance of ')}" for _, _, f in over[:3])
        found.append(
            refuted(
                claim,
                [f.sources[0] for _, _, f in over][:6],
                f"{claim.speaker} {says}, yet their account(s) held: {listed}.",
                "HIGH",
            )
        )
    return found


def _denied(claim: SwornClaim) -> tuple[float, str] | None:
    """The sum a denial of savings is of (0 for none at all; a tenth over the total a form gives
    as all its maker's savings), or None when it is no denial."""
    answer = answer_of(claim)
    if answer.no and _SAVINGS.search(answer.question):
        asked = answer.question
    elif _NONE.search(answer.said):
        asked = answer.said
    elif (total := _TOTAL.match(answer.said)) and (money := find_money(total["rest"])):
        value = abs(money[0].value)
        return (
            value * _TOLERANCE + _SLACK,
            f"gives their savings as {format_money(value, money[0].currency)} in all",
        )
    else:
        return None
    sums = [m for m in find_money(asked) if _OVER.search(asked[: m.start])]
    limit = abs(sums[0].value) if sums else 0.0
    return limit, "says they had no savings" + (f" over {limit:,.0f}" if limit else "")


__all__ = ["balances", "savings_contradictions"]
