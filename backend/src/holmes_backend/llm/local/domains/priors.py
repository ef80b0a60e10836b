"""No previous claims: a proposer's "No" to "Have you made any insurance claims in the last five
years?" against the claims history's rows naming them in those years; the same for convictions,
endorsements, accidents, county court judgments, bankruptcies, disqualifications, cautions.

- Synthesis: a denial of having any such thing (a bare "No" to the question asking it, or "I
  have never had any …" in their own words) over its period (the last N years before it was
  told, when it says so), against records of that kind naming the speaker dated in the period:
  a row or line naming them whose words, or whose file's name, are of that kind ("Claim type",
  "claims_history.csv"). HIGH from two records, MEDIUM from one.
"""

import re
from dataclasses import replace
from datetime import date, timedelta

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.people import about, subjects_by_file
from holmes_backend.llm.local.domains.refuted import refuted_by
from holmes_backend.llm.local.domains.timeline import people_in
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.dates import naive, parse_span
from holmes_backend.llm.local.facts.names import same_party

# Each kind of prior by its words, and the stem a record of it carries.
_KINDS = {
    "claim": r"(?:insurance\s+)?claims?",
    "convict": r"convictions?",
    "endorse": r"endorsements?",
    "accident": r"accidents?",
    "judg": r"(?:county\s+court\s+)?judg(?:e)?ments?|ccjs?",
    "bankrupt": r"bankruptc(?:y|ies)",
    "disqualif": r"disqualifications?",
    "caution": r"cautions?",
    # "Other borrowing (loans, credit cards, car finance): None"
    "borrow": r"borrowing|loans?|credit\s+cards?|car\s+finance|debts?|mortgages?|overdrafts?|"
    r"finance\s+agreements?",
}
# "any claims", a form's "Previous claims …", "Have you ever made a claim for …".
_ANY = re.compile(
    r"\b(?:any|previous|prior|past|other|existing|outstanding|ever\s+(?:\w+\s+){0,2}?an?)\s+"
    r"(?:\w+\s+){0,2}?(?P<thing>" + "|".join(_KINDS.values()) + r")\b",
    re.IGNORECASE,
)
_OWN = re.compile(
    r"\b(?:never|not|no)\b[^.;]{0,30}?\b(?P<thing>" + "|".join(_KINDS.values()) + r")\b", re.I
)

_EVER = re.compile(r"\b(?:ever|before|previously)\b", re.IGNORECASE)

_THINGS = re.compile(r"\b(?P<thing>" + "|".join(_KINDS.values()) + r")\b", re.IGNORECASE)
# A driving record's endorsement: its offence code and its penalty points ("SP30 … Points: 3").
_ENDORSED = re.compile(
    r"\b[A-Z]{2}\d{2}\b.*\bpoints?\b|\bpoints?\s*:?\s*\d{1,2}\b|\b\d{1,2}\s+(?:penalty\s+)?points\b",
    re.IGNORECASE,
)
# A credit file's account: its lender, or a kind of credit ("Account type: Car finance").
_CREDIT = re.compile(
    r"\b(?:lender|creditor|loan|credit\s+card|car\s+finance|mortgage|overdraft|hire\s+purchase|"
    r"finance)\b",
    re.IGNORECASE,
)
_MARKED = {"convict": _ENDORSED, "endorse": _ENDORSED, "borrow": _CREDIT}


def _of_kind(stem: str, item: Item, filename: str) -> bool:
    """A record of that kind: its words or its file's name say so, or it is marked as one."""
    if stem in item.description.lower() or stem in filename.lower():
        return True
    marked = _MARKED.get(stem)
    return bool(marked and marked.search(f"{item.description} {item.source.excerpt or ''}"))


def _kind(thing: str) -> str | None:
    lowered = thing.lower()
    return next((stem for stem, words in _KINDS.items() if re.fullmatch(words, lowered)), None)


def prior_contradictions(
    claims: list[SwornClaim],
    items: list[Item],
    filenames: dict[str, str],
    findings: list[Finding] | None = None,
) -> list[Contradiction]:
    named = subjects_by_file(findings or [])
    found: list[Contradiction] = []
    for claim in claims:
        answer = answer_of(claim)
        match = (_ANY.search(answer.question) if answer.no else None) or _OWN.search(answer.said)
        if match is None or not claim.speaker:
            continue
        # "any motoring convictions, endorsements or fixed penalties": each kind it lists.
        asked = answer.question if answer.no else answer.said
        stems = {
            stem for m in _THINGS.finditer(asked[match.start() :]) if (stem := _kind(m["thing"]))
        }
        # "ever", "before": at any time up to the telling, whatever day the claim was told.
        span = None if _EVER.search(asked) else parse_span(claim.claimed_time)
        speaker = claim.speaker
        own, matter = _own_account(speaker, claims)
        records = [
            i
            for i in items
            if i.kind != "claim"
            and i.file_id not in own
            and i.when.date() not in matter
            and about(
                speaker,
                [
                    *i.people,
                    *people_in(f"{i.description} {i.source.excerpt or ''}"),
                    *named.get(i.file_id, []),
                ],
                filenames.get(i.file_id, ""),
            )
            and any(_of_kind(stem, i, filenames.get(i.file_id, "")) for stem in stems)
            and (span is None or naive(span[0]) <= naive(i.when) <= naive(span[1]))
        ]
        # An entry told twice (a date of the record, an event of it) is one record.
        records = list({(i.file_id, i.source.line, i.source.row): i for i in records}.values())
        if records:
            found.append(
                refuted_by(
                    claim,
                    # A row read as a payment is told as the row says it ("Lender: …").
                    [
                        replace(i, description=i.source.excerpt)
                        if i.kind == "transaction" and i.source.excerpt
                        else i
                        for i in records
                    ],
                    f"{claim.speaker} says they had no {match['thing'].lower()} then, yet "
                    f"{len(records)} record(s) of that kind name them",
                    width=90,
                )
            )
    return found


def _own_account(speaker: str, claims: list[SwornClaim]) -> tuple[set[str], set[date]]:
    """The files the speaker tells their account in, and the days it is about: the claim form
    or interview of the matter at hand, and its own record ("Date of loss: 14/03/2026" in the
    claims history), are not a prior of theirs."""
    theirs = [c for c in claims if c.speaker and same_party(c.speaker, speaker)]
    days = set()
    for c in theirs:
        span = parse_span(c.claimed_time)
        if span is not None and span[1] - span[0] <= _MATTER_SPAN:
            days |= {span[0].date(), span[1].date()}
    return {c.source.file_id for c in theirs}, days


_MATTER_SPAN = timedelta(days=2)  # a night, a day: what the account is about, not a period


__all__ = ["prior_contradictions"]
